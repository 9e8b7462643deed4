// Bid Euchre's and Contract Rummy's lines of the deal list in English, word for word as before their messages went
// through t()/nt() (issue 18): a page without a catalogue shows the English templates.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { readFileSync } from 'node:fs';

import { installDom } from './fake_dom.mjs';

installDom();
const { GAMES } = await import('./game_modules.mjs');

const FOUR = ['Asha', 'Bala', 'Ravi', 'Meena'].map((name, i) => ({ seat: `S${i + 1}`, player: { name } }));
const PAIRS = { A: ['S1', 'S3'], B: ['S2', 'S4'] };
const match = { seats: FOUR, teams: PAIRS };

test('Bid Euchre: a played deal in the list says the contract, the tricks, a renege found, set or made, the points', () => {
  const deal = {
    input: { dealer: 'S1', tricks_won: { A: 2, B: 4 } },
    result: {
      outcome: 'played',
      contract: { bidder: 'S2', team: 'B', kind: 'shoot_the_moon', trump: 'low_no_trumps' },
      made: false,
      deal_points: { A: 3, B: -12 },
      renege_penalties: { A: 0, B: 0 },
      reneges_found: [
        { seat: 'S4', trick: 3 },
        { seat: 'S2', trick: 5 },
      ],
      scores_after: { A: 13, B: 20 },
    },
  };
  assert.equal(
    GAMES.bid_euchre.summary(deal, match),
    'Bala shoot the moon low no trumps · tricks 2–4 · renege found: S4 (trick 3), S2 (trick 5) · set · A +3, B −12 → 13–20',
  );
  deal.result = {
    ...deal.result,
    contract: { bidder: 'S1', team: 'A', kind: 'number', tricks_bid: 4, trump: 'spades' },
    made: true,
    reneges_found: [],
    deal_points: { A: 4, B: 0 },
  };
  assert.equal(GAMES.bid_euchre.summary(deal, match), 'Asha 4 spades · tricks 2–4 · made · A +4, B 0 → 13–20');
});

test('Bid Euchre: a deal that was not played names the dealer and what happened', () => {
  const passed = {
    input: { dealer: 'S1' },
    result: { outcome: 'passed_out', renege_penalties: {}, scores_after: { A: 0, B: 0 } },
  };
  assert.equal(GAMES.bid_euchre.summary(passed, match), 'Asha dealt · passed out');
  const shown = {
    input: { dealer: 'S2', ace_no_face: { seat: 'S3', hand: [] } },
    result: { outcome: 'ace_no_face_redeal', renege_penalties: {}, scores_after: { A: 0, B: 0 } },
  };
  assert.equal(GAMES.bid_euchre.summary(shown, match), 'Bala dealt · ace no face redeal (Ravi)');
});

test('Bid Euchre: the headline and the chart keep their English', () => {
  const m = { ...match, settings: { target_score: 32 }, state: { scores: { A: 12, B: 30 }, match_over: false } };
  // the engine's headline figures (games/rules/engine.py headline_figures): the page computes none of them
  const figures = { target: 32, to_target: { A: 20, B: 2 }, ahead: ['B'] };
  const top = GAMES.bid_euchre.headline(m, figures);
  assert.equal(top.title, '12 – 30');
  assert.deepEqual(
    top.scores.map((box) => box.className),
    ['score team-0', 'score team-1 lead'],
  );
  assert.deepEqual(
    top.scores.map((box) => box.textContent),
    ['A: Asha & RaviA12', 'B: Bala & MeenaB30'],
  );
  assert.equal(top.sub, 'Race to 32: A needs 20, B needs 2');
  assert.equal(
    GAMES.bid_euchre.headline({ ...m, state: { ...m.state, match_over: true, match_winner: 'B' } }).title,
    'Bala & Meena win the match',
  );
  assert.equal(
    GAMES.bid_euchre.chart({ match: m }, { series: () => [], from: () => 0 }).title,
    'Score per team (target 32)',
  );
});

test("Contract Rummy: a deal in the list says the contract, who went out and the others' penalties", () => {
  const deal = {
    input: { went_out: 'S1' },
    result: { contract: { sets: 1, runs: 1 }, penalties: { S1: 0, S2: 25, S3: 30, S4: 12 } },
  };
  assert.equal(GAMES.contract_rummy.summary(deal, match), '1 set + 1 run · Asha out · Bala 25, Ravi 30, Meena 12');
  deal.result.contract = { sets: 0, runs: 3 };
  assert.equal(GAMES.contract_rummy.summary(deal, match), '3 runs · Asha out · Bala 25, Ravi 30, Meena 12');
});

test('Contract Rummy: the headline names the leader, or the winners, and the contract to come', () => {
  const m = {
    ...match,
    settings: { deals: 7 },
    state: {
      totals: { S1: 40, S2: 15, S3: 15, S4: 60 },
      match_over: false,
      next_deal: { number: 3, contract: { sets: 2, runs: 0 }, cards_dealt: 10 },
    },
  };
  const figures = { order: ['S2', 'S3', 'S1', 'S4'], ahead: ['S2', 'S3'] };
  const top = GAMES.contract_rummy.headline(m, figures);
  assert.equal(top.title, 'Bala leads on 15');
  assert.deepEqual(
    top.scores.map((box) => box.textContent),
    ['BalaBala15', 'RaviRavi15', 'AshaAsha40', 'MeenaMeena60'],
  );
  assert.equal(top.sub, 'Contract 3 of 7: 2 sets, 10 cards each');
  const over = GAMES.contract_rummy.headline({ ...m, state: { ...m.state, match_over: true, winners: ['S2', 'S3'] } });
  assert.deepEqual([over.title, over.sub], ['Bala & Ravi win', 'Lowest total wins.']);
  assert.equal(
    GAMES.contract_rummy.headline({ ...m, state: { ...m.state, match_over: true, winners: ['S2'] } }).title,
    'Bala wins',
  );
});

test("Bid Euchre: the lone caller's partner sits out after exactly the calls the engine names (entry.partner_sits_out)", () => {
  const facts = JSON.parse(readFileSync(new URL('./fixtures/game_facts.json', import.meta.url))).bid_euchre.entry['4'];
  const out = (call, seat) => GAMES.bid_euchre.sittingOut(facts, PAIRS, { seat, call });
  assert.deepEqual(
    facts.partner_sits_out.map((call) => out(call, 'S2')),
    facts.partner_sits_out.map(() => 'S4'),
  );
  assert.equal(out('partners_best', 'S3'), 'S1');
  assert.equal(out('bid', 'S3'), null); // a number bid: both partners play
  assert.equal(GAMES.bid_euchre.sittingOut({}, PAIRS, { seat: 'S3', call: 'shoot_the_moon' }), null); // no fact, nobody
  assert.equal(out('pass', 'S1'), null);
});
