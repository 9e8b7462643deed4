import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  seatPositions,
  seatsOf,
  playerName,
  seatLabel,
  teamOf,
  teamLabel,
  teamNames,
  teamClass,
  nextDealer,
  signed,
} from '../../table/static/table/js/seating.js';
import { earlierUrl } from '../../table/static/table/js/api.js';

const match = {
  seats: [
    { seat: 'S1', player: { name: 'Asha' } },
    { seat: 'S2', player: { name: 'Bala' } },
    { seat: 'S3', player: { name: 'Ravi' } },
    { seat: 'S4', player: null },
  ],
  teams: { A: ['S1', 'S3'], B: ['S2', 'S4'] },
  state: { next_dealer: 'S2' },
};

test('seats, names and teams come from the match the server sent', () => {
  assert.deepEqual(seatsOf(match), ['S1', 'S2', 'S3', 'S4']);
  assert.equal(playerName(match, 'S3'), 'Ravi');
  assert.equal(playerName(match, 'S4'), 'S4'); // no player: the seat code
  assert.equal(seatLabel(match, 'S2'), 'Bala'); // names first
  assert.equal(teamNames(match, 'B'), 'Bala & S4');
  assert.deepEqual(
    [teamClass(match, 'A'), teamClass(match, 'B'), teamClass(match, null)],
    ['team-0', 'team-1', 'team-none'],
  );
  assert.equal(teamOf(match, 'S4'), 'B');
  assert.equal(teamOf({ ...match, teams: null }, 'S1'), null);
  assert.equal(teamLabel(match, 'A'), 'A: Asha & Ravi');
});

test("the next dealer is the server's, else the first seat", () => {
  assert.equal(nextDealer(match), 'S2');
  assert.equal(nextDealer({ ...match, state: {} }), 'S1');
  // Offline with deals waiting whose results decide it: nothing is proposed.
  assert.equal(nextDealer({ ...match, state: { next_dealer: null, next_dealer_unknown: true } }), null);
});

test('signed numbers and the earlier window of the Link header', () => {
  assert.deepEqual([signed(24), signed(0), signed(-3)], ['+24', '0', '−3']);
  assert.equal(
    earlierUrl('<http://h/api/v1/matches/1/board/?before=5>; rel="earlier"'),
    'http://h/api/v1/matches/1/board/?before=5',
  );
  assert.equal(earlierUrl(null), null);
  assert.equal(earlierUrl('<http://h/x>; rel="next"'), null);
});

const rounded = (places) => places.map(({ x, y }) => [Math.round(x * 100) / 100 + 0, Math.round(y * 100) / 100 + 0]);

test('seats go round the table the way the game turns: to the right (Seep, 56) or to the left', () => {
  // Screen coordinates (y down): the first seat at the bottom; counter-clockwise seen from above puts the next
  // seat on the bottom player's right (screen right), clockwise on the left.
  assert.deepEqual(rounded(seatPositions(4, 'counter_clockwise')), [
    [0, 1],
    [1, 0],
    [0, -1],
    [-1, 0],
  ]);
  assert.deepEqual(rounded(seatPositions(4, 'clockwise')), [
    [0, 1],
    [-1, 0],
    [0, -1],
    [1, 0],
  ]);
  // 56 with six: S2 low on the right, S3 high on the right, S4 opposite S1 at the top.
  assert.deepEqual(rounded(seatPositions(6, 'counter_clockwise', { cx: 160, cy: 120, rx: 120, ry: 95 })), [
    [160, 215],
    [263.92, 167.5],
    [263.92, 72.5],
    [160, 25],
    [56.08, 72.5],
    [56.08, 167.5],
  ]);
});
