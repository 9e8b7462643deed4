// The headline's figures are the engine's (the board's `headline`: ahead, order, to_target, in_danger): the game
// modules draw them and work none out, so a figure the engine leaves out is not shown, whatever the scores.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { installDom } from './fake_dom.mjs';

installDom();
const { GAMES } = await import('./game_modules.mjs');

const SIX = ['Asha', 'Bala', 'Ravi', 'Meena', 'Kiran', 'Dev'].map((name, i) => ({
  seat: `S${i + 1}`,
  player: { name },
}));
const fiftySix = {
  game: 'fifty_six',
  seats: SIX,
  teams: { T1: ['S1', 'S4'], T2: ['S2', 'S5'], T3: ['S3', 'S6'] },
  settings: { bands: [{ from: 28, to: 56, win: 1, lose: 2 }] },
  state: {
    tables: { T1: 2, T2: 14, T3: 1 },
    eliminated: [],
    match_over: false,
    active_seats: ['S1', 'S2', 'S3', 'S4', 'S5', 'S6'],
    next_deal_cards: { cards_per_player: 8 },
  },
};
const flags = (head) => head.scores.map((box) => (box.className.includes('danger') ? 'danger' : ''));

test("56: a team is marked in danger where the engine's in_danger names it, and only there", () => {
  assert.deepEqual(flags(GAMES.fifty_six.headline(fiftySix, { in_danger: ['T1', 'T3'] })), ['danger', '', 'danger']);
  // T3 holds 1 table, under the band's loss of 2: the page does not mark it on its own reading of the bands
  assert.deepEqual(flags(GAMES.fifty_six.headline(fiftySix, { in_danger: ['T1'] })), ['danger', '', '']);
  assert.deepEqual(flags(GAMES.fifty_six.headline(fiftySix, {})), ['', '', '']);
});

test("Twenty-Eight and Seep: the team ahead is the engine's `ahead`", () => {
  const pairs = { A: ['S1', 'S3'], B: ['S2', 'S4'] };
  const four = SIX.slice(0, 4);
  const twentyEight = { seats: four, teams: pairs, settings: {}, state: { game_points: { A: 5, B: 2 } } };
  const lead = (head) => head.scores.map((box) => box.className.includes('lead'));
  assert.deepEqual(lead(GAMES.twenty_eight.headline(twentyEight, { ahead: ['A'] })), [true, false]);
  const seep = {
    seats: four,
    teams: pairs,
    settings: { baazi_lead: 100 },
    state: { running_lead: { team: 'B', points: 20 }, baazis_won: { A: 0, B: 1 }, match_over: false },
  };
  assert.deepEqual(lead(GAMES.seep.headline(seep, { ahead: ['B'] })), [false, true]);
  assert.deepEqual(lead(GAMES.seep.headline(seep, { ahead: [] })), [false, false]);
});
