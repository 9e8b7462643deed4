// The director's room orders its tables (disputed first, then the slowest still playing, the finished last) and
// writes the round's clock, without a DOM.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import './fake_dom.mjs';
import { clockText, minutesSince, orderTables, tableState } from '../../table/static/table/js/room.js';

const DRAWN = '2026-12-01T20:00:00Z';
const NOW = Date.parse('2026-12-01T20:30:30Z');
const table = (number, changes) => ({
  number,
  deals: 1,
  done: false,
  waiting: 0,
  disputed: 0,
  last_deal_at: '2026-12-01T20:25:00Z',
  ...changes,
});

test('a table is disputed before anything else, then finished, waiting, not started or playing', () => {
  assert.equal(tableState(table(1, { disputed: 1, done: true, waiting: 2 })), 'disputed');
  assert.equal(tableState(table(1, { done: true, waiting: 2 })), 'done');
  assert.equal(tableState(table(1, { waiting: 2 })), 'waiting');
  assert.equal(tableState(table(1, { deals: 0, last_deal_at: null })), 'not_started');
  assert.equal(tableState(table(1)), 'playing');
});

test('disputed tables come first, then the slowest still playing, the finished ones last', () => {
  const tables = [
    table(1, { done: true, last_deal_at: '2026-12-01T20:01:00Z' }),
    table(2),
    table(3, { last_deal_at: '2026-12-01T20:10:00Z' }),
    table(4, { deals: 0, last_deal_at: null }),
    table(5, { disputed: 1 }),
    table(6),
  ];
  const ordered = orderTables(tables, DRAWN, NOW);
  assert.deepEqual(
    ordered.map((t) => t.number),
    [5, 4, 3, 2, 6, 1],
  );
  assert.deepEqual(
    ordered.map((t) => t.idle_minutes),
    [5, 30, 20, 5, 5, 29],
  );
});

test('minutes and the clock count from their start and never below zero', () => {
  assert.equal(minutesSince('2026-12-01T20:29:31Z', NOW), 0);
  assert.equal(minutesSince('2026-12-01T20:40:00Z', NOW), 0);
  assert.equal(clockText(Date.parse(DRAWN), NOW), '30:30');
  assert.equal(clockText(Date.parse(DRAWN), Date.parse('2026-12-01T21:02:05Z')), '1:02:05');
  assert.equal(clockText(NOW + 5000, NOW), '0:00');
});
