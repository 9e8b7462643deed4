// The new-match page's pure parts (node --test tests/js/): the player counts on offer come from the engine's facts,
// a count a house rule opens (Contract Rummy's two players) only while that rule is chosen, and sent with it.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { offeredCounts, settingsForCount } from '../../table/static/table/js/pages/new_match.js';

const RUMMY = {
  player_counts: [3, 4, 5, 6, 7, 8],
  player_counts_under_settings: [{ count: 2, settings: { allow_two_players: true } }],
};

test('Contract Rummy offers two players only while "Two players" is chosen', () => {
  assert.deepEqual(offeredCounts(RUMMY, { allow_two_players: false }), [3, 4, 5, 6, 7, 8]);
  assert.deepEqual(offeredCounts(RUMMY, { allow_two_players: true }), [2, 3, 4, 5, 6, 7, 8]);
  assert.deepEqual(offeredCounts(RUMMY, {}), [3, 4, 5, 6, 7, 8]);
});

test('a game without such rules offers its own counts', () => {
  assert.deepEqual(offeredCounts({ player_counts: [8, 4, 6] }, { allow_two_players: true }), [4, 6, 8]);
});

test("the count a house rule opens is sent with that rule; the game's own counts need nothing", () => {
  assert.deepEqual(settingsForCount(RUMMY, 2), { allow_two_players: true });
  assert.deepEqual(settingsForCount(RUMMY, 4), {});
});

test("a number left empty is null where the rule is off by default (56's redeal threshold), else read as typed", async () => {
  const { integerRead } = await import('../../table/static/table/js/pages/new_match.js');
  assert.equal(integerRead('', null), null);
  assert.equal(integerRead('  ', null), null);
  assert.equal(integerRead('2', null), 2);
  assert.equal(integerRead('12', 12), 12);
});

test("a house rule in words keeps the English of the form: 56's bands, Rummy's contracts and penalty points", async () => {
  const { inWords } = await import('../../table/static/table/js/pages/new_match.js');
  assert.equal(
    inWords({}, [
      { from: 28, to: 39, win: 1, lose: 2 },
      { from: 40, to: 47, win: 2, lose: 3 },
    ]),
    'from 28, to 39, win 1, lose 2; from 40, to 47, win 2, lose 3',
  );
  assert.equal(
    inWords({}, [
      { sets: 2, runs: 0 },
      { sets: 1, runs: 1 },
    ]),
    'sets 2, runs 0; sets 1, runs 1',
  );
  assert.equal(
    inWords({}, { number_cards: 'face_value', J: 10, JOKER: 15 }),
    'number cards at face value, J 10, JOKER 15',
  );
  assert.equal(inWords({}, [10, 10, 12]), '10; 10; 12');
  assert.equal(inWords({}, []), '');
  assert.deepEqual(
    [inWords({}, 50), inWords({}, null), inWords({}, true), inWords({}, false)],
    ['50', 'Off', 'Yes', 'No'],
  );
  assert.equal(inWords({ name: 'match_end' }, { type: 'first_to_baazis', count: 3 }), 'first_to_baazis (3)');
  assert.equal(inWords({ name: 'match_end' }, { type: 'open' }), 'open');
});

test("a choice is said in its own setting's words (the row's words, from the game's settings declaration)", async () => {
  const { inWords } = await import('../../table/static/table/js/pages/new_match.js');
  const fourPack = { name: 'four_player_pack', type: 'choice', words: { 48: '48 cards, 12 each' } };
  const eightPack = { name: 'eight_player_pack', type: 'choice', words: { 48: '48 cards, 6 each (no 8s or 7s)' } };
  assert.deepEqual(
    [inWords(fourPack, 48), inWords(eightPack, 48)],
    ['48 cards, 12 each', '48 cards, 6 each (no 8s or 7s)'],
  );
  assert.equal(inWords({ name: 'team_layout', type: 'choice', words: {} }, 'pairs'), 'pairs');
  const matchEnd = { name: 'match_end', words: { first_to_baazis: 'First to a number of baazis' } };
  assert.equal(inWords(matchEnd, { type: 'first_to_baazis', count: 3 }), 'First to a number of baazis (3)');
});
