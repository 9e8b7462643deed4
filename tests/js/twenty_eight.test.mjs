// Twenty-Eight's page module, its pure parts (node --test tests/js/): the preview of a dry run, a deal in the list,
// and the chart of game points.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { GAMES } from './game_modules.mjs';

const FOUR = ['Asha', 'Bala', 'Ravi', 'Meena'].map((name, i) => ({ seat: `S${i + 1}`, player: { name } }));
const PAIRS = { A: ['S1', 'S3'], B: ['S2', 'S4'] };
const made = {
  contract: { bidder: 'S2', team: 'B', points: 16, trump: 'hearts', doubling: 'none', round: 1 },
  bidding_team_card_points: 22,
  made: true,
  game_points_delta: { A: 0, B: 1 },
  game_points_after: { A: 0, B: 1 },
};

test('28: the preview names the contract, the game points and the next dealer', () => {
  const answer = { input: {}, result: made, match: { seats: FOUR, teams: PAIRS, state: { next_dealer: 'S2' } } };
  assert.equal(GAMES.twenty_eight.preview(answer), 'B made 16 · A 0, B +1 → A 0, B 1 · Bala deals next');
});

test('28: a redeal record says its reason and that the same dealer deals again', () => {
  const answer = {
    input: {},
    result: { redeal: { reason: 'four_jacks', seat: 'S3' } },
    match: { seats: FOUR, teams: PAIRS, state: { next_dealer: 'S1' } },
  };
  assert.equal(GAMES.twenty_eight.preview(answer), 'Redeal: four jacks · Asha deals again');
});

test('28: a deal in the list names the bidder, the trump, the outcome and the game points after', () => {
  const line = GAMES.twenty_eight.summary({ input: { dealer: 'S1' }, result: made }, { seats: FOUR, teams: PAIRS });
  assert.equal(line, 'Bala 16 · hearts · made with 22 · 0 – 1');
});

test('28: the chart draws each team’s game points towards the target', () => {
  const series = (names, start, pick) => names.map((name) => ({ name, points: [start(name), pick(made, name)] }));
  const from = () => () => 0;
  const chart = GAMES.twenty_eight.chart({ match: { settings: { target_game_points: 6 } } }, { series, from });
  assert.equal(chart.target, 6);
  assert.deepEqual(
    chart.lines.map((l) => l.points),
    [
      [0, 0],
      [0, 1],
    ],
  );
});
