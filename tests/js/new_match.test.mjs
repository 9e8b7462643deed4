// The new-match page's pure parts (node --test tests/js/): the player counts on offer come from the engine's facts,
// a count a house rule opens (Contract Rummy's two players) only while that rule is chosen, and sent with it.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { offeredCounts, settingsForCount } from '../../table/static/table/js/pages/new_match.js';

const RUMMY = { player_counts: [3, 4, 5, 6, 7, 8], player_counts_under_settings: [{ count: 2, settings: { allow_two_players: true } }] };

test('Contract Rummy offers two players only while "Two players" is chosen', () => {
  assert.deepEqual(offeredCounts(RUMMY, { allow_two_players: false }), [3, 4, 5, 6, 7, 8]);
  assert.deepEqual(offeredCounts(RUMMY, { allow_two_players: true }), [2, 3, 4, 5, 6, 7, 8]);
  assert.deepEqual(offeredCounts(RUMMY, {}), [3, 4, 5, 6, 7, 8]);
});

test('a game without such rules offers its own counts', () => {
  assert.deepEqual(offeredCounts({ player_counts: [8, 4, 6] }, { allow_two_players: true }), [4, 6, 8]);
});

test('the count a house rule opens is sent with that rule; the game\'s own counts need nothing', () => {
  assert.deepEqual(settingsForCount(RUMMY, 2), { allow_two_players: true });
  assert.deepEqual(settingsForCount(RUMMY, 4), {});
});

test('a number left empty is null where the rule is off by default (56\'s redeal threshold), else read as typed', async () => {
  const { integerRead } = await import('../../table/static/table/js/pages/new_match.js');
  assert.equal(integerRead('', null), null);
  assert.equal(integerRead('  ', null), null);
  assert.equal(integerRead('2', null), 2);
  assert.equal(integerRead('12', 12), 12);
});
