// Twenty-Eight's page module, its pure parts (node --test tests/js/): the preview of a dry run, a deal in the list,
// and the chart of game points.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { GAMES } from './game_modules.mjs';
import { readFileSync } from 'node:fs';

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

test('28: a deal in the list names the offences the tricks proved', () => {
  const r = {
    ...made,
    reneges_found: [{ seat: 'S4', trick: 3 }],
    trump_not_played_found: [{ seat: 'S1', trick: 5 }],
    concealed_trump_leads_found: [{ seat: 'S2', trick: 1 }],
  };
  const line = GAMES.twenty_eight.summary({ input: { dealer: 'S1' }, result: r }, { seats: FOUR, teams: PAIRS });
  assert.equal(
    line,
    'Bala 16 · hearts · made with 22 · revoke found: S4 (trick 3) · trump not played after the call: S1 (trick 5) · hidden trump led: S2 (trick 1) · 0 – 1',
  );
});

// ---------- the auctions the engine describes (entry.auction): doubles after the bidding, the second round ----------
// The descriptions are the engine's under these settings (tests/js/fixtures/auction_cases.json, which
// tests/rules/test_auction_rules.py keeps equal to the engine's answers); the page reads them knowing no rule.
const CASES = JSON.parse(readFileSync(new URL('./fixtures/auction_cases.json', import.meta.url)));
const DOUBLING = CASES.find((c) => c.game === 'twenty_eight' && c.spec.double).spec;
const PLAIN = CASES.find((c) => c.game === 'twenty_eight' && !c.spec.double).spec;
// The engine's description under second_round_minimum 20: the default first round and its second_round.
const SECOND = { ...PLAIN, second_round: CASES.find((c) => c.game === 'twenty_eight_second_round').spec };
const SEATS = ['S1', 'S2', 'S3', 'S4'];
const TEAM = { S1: 'A', S3: 'A', S2: 'B', S4: 'B' };
const rounds = (spec, calls, second = []) =>
  GAMES.twenty_eight.auctionRounds(spec, SEATS, 'S4', calls, second, (seat) => TEAM[seat]);
const call = (text) =>
  text.split(' ').map((c) => {
    const [seat, what] = c.split(':');
    return /^\d+$/.test(what) ? { seat, call: 'bid', points: Number(what) } : { seat, call: what };
  });

test('28: after the bidding either defender may double, then either bidder redouble, as the engine says', () => {
  const bidding = call('S1:16 S2:pass S3:pass S4:pass');
  assert.deepEqual(rounds(DOUBLING, bidding.slice(0, 3)).doublers, []); // the bidding is not over yet
  const over = rounds(DOUBLING, bidding);
  assert.equal(over.over, true);
  assert.deepEqual(over.doublers, ['S2', 'S4']);
  const doubled = rounds(DOUBLING, [...bidding, ...call('S4:double')]);
  assert.deepEqual([doubled.doublers, doubled.redoublers, doubled.doubling], [[], ['S1', 'S3'], 1]);
  const redoubled = rounds(DOUBLING, [...bidding, ...call('S4:double S3:redouble')]);
  assert.deepEqual([redoubled.doublers, redoubled.redoublers, redoubled.doubling], [[], [], 2]);
  // Without doubling in the match (the default description) nobody is offered one.
  assert.deepEqual(rounds(PLAIN, bidding).doublers, []);
});

test("28: the second auction opens with the first round's winner from its contract; four passes keep it", () => {
  const first = call('S1:16 S2:pass S3:pass S4:pass');
  const opened = rounds(SECOND, first);
  assert.deepEqual([opened.playsSecond, opened.over, opened.second.turn], [true, false, 'S1']);
  assert.equal(opened.second.legal.ranges[0].low, 20); // the second round's minimum, not 17
  const kept = rounds(SECOND, first, call('S1:pass S2:pass S3:pass S4:pass'));
  assert.deepEqual([kept.over, kept.standing.seat, kept.standing.points], [true, 'S1', 16]);
  const raised = rounds(SECOND, first, call('S1:pass S2:22 S3:pass S4:pass'));
  assert.equal(raised.over, false); // S1 has still to pass S2's 22
  const won = rounds(SECOND, first, call('S1:pass S2:22 S3:pass S4:pass S1:pass'));
  assert.deepEqual([won.over, won.standing.seat, won.standing.points], [true, 'S2', 22]);
  // A first round that ended at 28 has no second auction.
  const top = rounds(SECOND, call('S1:28'));
  assert.deepEqual([top.playsSecond, top.over, top.standing.points], [false, true, 28]);
});
