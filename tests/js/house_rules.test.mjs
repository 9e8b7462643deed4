// Issue 20's house rules on the game forms, their pure parts (node --test tests/js/): the moon calls offered (the
// engine's auction description), the preview of a hand a renege ended. Who wins a trick is the service's answer
// (tests/rules/test_tricks_so_far.py), not the page's.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { GAMES } from './game_modules.mjs';
import { readFileSync } from 'node:fs';
import { auctionState } from '../../table/static/table/js/auction_rules.js';

// The engines' facts, as the page config carries them (tests/table/test_js_facts_fixture.py keeps them the same).
const FACTS = JSON.parse(readFileSync(new URL('./fixtures/game_facts.json', import.meta.url)));

const seats = (names) => names.map((name, i) => ({ seat: `S${i + 1}`, player: { name } }));
const FOUR = seats(['Asha', 'Bala', 'Ravi', 'Meena']);
const PAIRS = { A: ['S1', 'S3'], B: ['S2', 'S4'] };

// The moon calls offered only over the call one step below: the engine's description of the auction, read by
// auction_rules.js (every case of auction_rules.test.mjs; here the game facts' own description, default settings).
test('Bid Euchre: without extra moons the lone calls stop at shoot the moon', () => {
  const spec = FACTS.bid_euchre.entry['4'].auction;
  const named = (calls) => auctionState(spec, ['S1', 'S2', 'S3', 'S4'], 'S4', calls).legal.named;
  assert.deepEqual(named([]), ['partners_best', 'shoot_the_moon']);
  assert.deepEqual(named([{ seat: 'S1', call: 'shoot_the_moon' }]), []);
});

test('Bid Euchre: the preview of a hand a renege ended names the renege and the points it moves', () => {
  const answer = {
    input: { dealer: 'S1', reneges: [{ seat: 'S3' }] },
    result: {
      outcome: 'ended_by_renege',
      contract: { bidder: 'S2', team: 'B', kind: 'number', trump: 'hearts', tricks_bid: 3 },
      made: null,
      deal_points: { A: 0, B: 0 },
      renege_penalties: { A: -2, B: 0 },
      renege_awards: { A: 0, B: 2 },
      scores_after: { A: -2, B: 2 },
    },
    match: { seats: FOUR, teams: PAIRS, state: { next_dealer: 'S2' } },
  };
  assert.equal(GAMES.bid_euchre.preview(answer), 'Ended by a renege (Ravi) · A −2, B +2 → A −2, B 2 · Bala deals next');
  const listed = { input: answer.input, result: answer.result };
  assert.equal(
    GAMES.bid_euchre.summary(listed, { seats: FOUR, teams: PAIRS }),
    'Bala 3 hearts · ended by a renege · renege A −2 · award B +2 → −2–2',
  );
});

test("56: the calls a team may still afford, read from the server's calls_left (no words parsed)", async () => {
  const { callLimits, notOfferedWords } = await import('../../table/static/table/js/games/fifty_six.js');
  const left = (highest_bid, double = false, redouble = false) => ({ highest_bid, pass: true, double, redouble });
  assert.deepEqual(callLimits(left(39)), { highestBid: 39, double: false, redouble: false });
  assert.deepEqual(callLimits(left(31, true)), { highestBid: 31, double: true, redouble: false });
  assert.deepEqual(callLimits(left(0)), { highestBid: 0, double: false, redouble: false });
  assert.equal(
    notOfferedWords(callLimits(left(39)), { lowestBid: 28, double: false, redouble: false }, 56),
    'bids above 39',
  );
  assert.equal(
    notOfferedWords(callLimits(left(0)), { lowestBid: 31, double: true, redouble: false }, 56),
    'any bid, double',
  );
  assert.equal(notOfferedWords(callLimits(left(56, true)), { lowestBid: 31, double: true, redouble: false }, 56), '');
});

test("56: a redeal record's preview and list line say why, and that the same dealer deals again", () => {
  const match = { seats: FOUR, teams: PAIRS, state: { next_dealer: 'S1' } };
  const weak = {
    input: { dealer: 'S1', redeal: { reason: 'hand_at_or_below_threshold', seat: 'S3', hand: [] } },
    result: {
      contract: null,
      made: null,
      transfers: [],
      eliminated: [],
      redeal: { reason: 'hand_at_or_below_threshold', seat: 'S3' },
    },
    match,
  };
  assert.equal(GAMES.fifty_six.preview(weak), "Redeal: Ravi's weak hand · Asha deals again");
  assert.equal(GAMES.fifty_six.summary(weak, match), "Asha dealt · Redeal: Ravi's weak hand");
  const noJack = {
    input: { dealer: 'S1' },
    result: { contract: null, transfers: [], redeal: { reason: 'team_without_jack', team: 'B' } },
    match,
  };
  assert.equal(GAMES.fifty_six.preview(noJack), 'Redeal: team B holds no jack · Asha deals again');
});

test('56: a deal in the list names the early trump leads trick entry found', () => {
  const match = { seats: FOUR, teams: PAIRS, state: {} };
  const deal = {
    input: { dealer: 'S1', bidding_team_card_points: 30 },
    result: {
      contract: { bidder: 'S2', team: 'B', points: 28, trump: 'spades', doubling: 'none', forced: false },
      made: true,
      transfers: [{ from: 'A', to: 'B', tables: 1 }],
      trump_leads_found: [{ seat: 'S4', trick: 1, card_led: 'JS', held_card: 'AH' }],
    },
  };
  assert.equal(
    GAMES.fifty_six.summary(deal, match),
    'Bala 28 spades · made with 30 · early trump lead: S4 (trick 1) · A→B 1',
  );
  delete deal.result.trump_leads_found;
  assert.equal(GAMES.fifty_six.summary(deal, match), 'Bala 28 spades · made with 30 · A→B 1');
});
