// The game modules' pure parts (node --test tests/js/): the preview line a dry run gives, the words for a deal
// in the list, the later deals a correction moves, and the chart series. No DOM is needed for these.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { FACT_KEYS, GAMES } from './game_modules.mjs';

const seats = (names) => names.map((name, i) => ({ seat: `S${i + 1}`, player: { name } }));
const FOUR = seats(['Asha', 'Bala', 'Ravi', 'Meena']);
const PAIRS = { A: ['S1', 'S3'], B: ['S2', 'S4'] };

test('Seep: the preview says the scores, the lead and who deals next, by name', () => {
  const answer = {
    input: {},
    result: { team_scores: { A: 62, B: 38 }, running_lead: { team: 'A', points: 24 }, baazi: null },
    match: { seats: FOUR, teams: PAIRS, state: { next_dealer: 'S2' } },
  };
  assert.equal(GAMES.seep.preview(answer), 'A 62 · B 38 · lead A 24 · Bala deals next');
  answer.result.baazi = { winner: 'A', reason: 'opponent_below_minimum' };
  assert.equal(GAMES.seep.preview(answer), 'A 62 · B 38 · baazi to A (under 9) · Bala deals next');
});

test('Seep: a deal in the list names the dealer and the bidder', () => {
  const deal = {
    input: { dealer: 'S1', bid: { bidder: 'S2', value: 10 } },
    result: { team_scores: { A: 62, B: 38 }, running_lead: { team: 'A', points: 24 }, baazi: null, throw_ins: 0 },
  };
  assert.equal(GAMES.seep.summary(deal, { seats: FOUR, teams: PAIRS }), 'Asha dealt, Bala bid 10 · 62–38 · lead A +24');
});

test('Seep: the chart has the baazi lines at plus and minus the lead, and each baazi marked', () => {
  const counted = [
    { result: { running_lead: { team: 'A', points: 24 }, baazi: null } },
    { result: { running_lead: { team: null, points: 0 }, baazi: { winner: 'A', reason: 'lead_reached' } } },
  ];
  const series = (names, start, pick) =>
    names.map((name) => ({ name, points: [start(name), ...counted.map((d) => pick(d.result, name))] }));
  const chart = GAMES.seep.chart({ match: { settings: { baazi_lead: 100 } } }, { series, before: null, counted });
  assert.deepEqual(chart.lines[0].points, [0, 24, 100]);
  assert.deepEqual(
    chart.guides.map((g) => g.value),
    [100, -100],
  );
  assert.deepEqual(chart.marks, [{ index: 2, label: 'baazi A' }]);
});

test('56: the preview names the contract, each transfer and the next dealer', () => {
  const answer = {
    input: {},
    result: {
      contract: { team: 'T2', points: 30, trump: 'spades' },
      made: true,
      transfers: [
        { from: 'T3', to: 'T2', tables: 1 },
        { from: 'T1', to: 'T2', tables: 1 },
      ],
      eliminated: [],
    },
    match: { seats: seats(['Asha', 'Bala', 'Ravi', 'Meena', 'Kiran', 'Dev']), state: { next_dealer: 'S2' } },
  };
  assert.equal(GAMES.fifty_six.preview(answer), 'T2 made 30 spades · T3→T2 1 table · T1→T2 1 table · Bala deals next');
  assert.equal(GAMES.fifty_six.resultLine({ tables_after: { T1: 11, T2: 14, T3: 11 } }), 'T1 11 · T2 14 · T3 11');
});

test('Bid Euchre: the preview says made or set, the points and the scores after', () => {
  const answer = {
    input: {},
    result: {
      outcome: 'played',
      contract: { team: 'B' },
      made: true,
      deal_points: { A: 2, B: 4 },
      scores_after: { A: 2, B: 4 },
    },
    match: { seats: FOUR, state: { next_dealer: 'S2' } },
  };
  assert.equal(GAMES.bid_euchre.preview(answer), 'B made it · A +2, B +4 → A 2, B 4 · Bala deals next');
  answer.result.outcome = 'passed_out';
  assert.equal(GAMES.bid_euchre.preview(answer), 'No score: the deal passes on · Bala deals next');
});

test('Contract Rummy: the preview names who went out, each penalty and the next dealer, or the end', () => {
  const answer = {
    input: { went_out: 'S1' },
    result: { penalties: { S1: 0, S2: 25, S3: 30, S4: 12 } },
    match: { seats: FOUR, state: { next_deal: { contract: { sets: 1, runs: 1 } }, next_dealer: 'S2' } },
  };
  assert.equal(GAMES.contract_rummy.preview(answer), 'Asha out · Bala +25 · Ravi +30 · Meena +12 · Bala deals next');
  answer.match.state = { next_deal: null, next_dealer: null };
  assert.equal(GAMES.contract_rummy.preview(answer), 'Asha out · Bala +25 · Ravi +30 · Meena +12 · the match ends');
  assert.equal(GAMES.contract_rummy.stateLine({ totals: { S1: 32, S2: 5 } }), 'S2 5 · S1 32');
  // A correction's dry run names the players (issue 27 point 4), as the rest of the page does.
  assert.equal(GAMES.contract_rummy.stateLine({ totals: { S1: 32, S2: 5 } }, { seats: FOUR }), 'Bala 5 · Asha 32');
  assert.equal(GAMES.contract_rummy.resultLine({ totals_after: { S3: 7 } }, { seats: FOUR }), 'Ravi 7');
});

test('every game the engines answer has its page module, with each part a page asks of it', () => {
  const parts = ['form', 'headline', 'preview', 'stateLine', 'resultLine', 'summary', 'chart'];
  assert.deepEqual(Object.keys(GAMES).sort(), [...FACT_KEYS].sort());
  for (const key of FACT_KEYS)
    assert.deepEqual(
      parts.filter((part) => typeof GAMES[key][part] !== 'function'),
      [],
      `${key}.js lacks parts`,
    );
});
