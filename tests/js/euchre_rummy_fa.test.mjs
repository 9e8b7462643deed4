// A Persian page (issue 18): Bid Euchre's and Contract Rummy's lines come from the page's catalogue, their numbers
// in Western digits (the Persian players' convention, shared/rules/glossary.md), each inserted name or code isolated (U+2068 ... U+2069) so it keeps its place in the sentence.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { installDom } from './fake_dom.mjs';

installDom({
  lang: 'fa',
  dir: 'rtl',
  catalogue: {
    '{team} made it': 'تیم {team} قرارداد را برد',
    'A {a}, B {b} → A {afterA}, B {afterB}': 'A {a}، B {b} ← A {afterA}، B {afterB}',
    '{name} deals next': 'دورِ بعد را {name} پخش می‌کند',
    '{count} set': ['{count} ست', '{count} ست'],
    '{count} run': ['{count} ردیف', '{count} ردیف'],
    '{sets} + {runs}': '{sets} و {runs}',
    '{name} {points}': '{name}: {points}',
    '{contract} · {name} out · {others}': '{contract} · {name} تمام کرد · {others}',
  },
});
const { GAMES } = await import('./game_modules.mjs');

const FOUR = ['Asha', 'Bala', 'Ravi', 'Meena'].map((name, i) => ({ seat: `S${i + 1}`, player: { name } }));
const PAIRS = { A: ['S1', 'S3'], B: ['S2', 'S4'] };
const iso = (text) => `\u2068${text}\u2069`;

test("Bid Euchre in Persian: the preview is the translated sentence, its points in Western digits, the Persian players' convention", () => {
  const answer = {
    input: {},
    result: {
      outcome: 'played',
      contract: { team: 'B' },
      made: true,
      deal_points: { A: 2, B: 14 },
      scores_after: { A: 2, B: 14 },
    },
    match: { seats: FOUR, state: { next_dealer: 'S2' } },
  };
  const plus = (digits) =>
    iso(new Intl.NumberFormat('fa', { numberingSystem: 'latn', signDisplay: 'exceptZero' }).format(digits));
  assert.equal(
    GAMES.bid_euchre.preview(answer),
    `تیم ${iso('B')} قرارداد را برد · A ${plus(2)}، B ${plus(14)} ← A ${iso('2')}، B ${iso('14')} · دورِ بعد را ${iso('Bala')} پخش می‌کند`,
  );
});

test("Bid Euchre in Persian: the headline's scores are written in Western digits, the Persian players' convention (shared/rules/glossary.md)", () => {
  const m = {
    seats: FOUR,
    teams: PAIRS,
    settings: { target_score: 32 },
    state: { scores: { A: 12, B: 30 }, match_over: false },
  };
  const top = GAMES.bid_euchre.headline(m, { target: 32, to_target: { A: 20, B: 2 }, ahead: ['B'] });
  assert.equal(top.title, '12 – 30');
  assert.deepEqual(
    top.scores.map((box) => box.children.at(-2).textContent),
    ['12', '30'],
  );
});

test('Contract Rummy in Persian: the deal line joins the contract with "و" and the penalties with the Persian comma', () => {
  const deal = {
    input: { went_out: 'S1' },
    result: { contract: { sets: 1, runs: 1 }, penalties: { S1: 0, S2: 25, S3: 30 } },
  };
  const line = GAMES.contract_rummy.summary(deal, { seats: FOUR });
  assert.ok(line.startsWith(iso(`${iso(`${iso('1')} ست`)} و ${iso(`${iso('1')} ردیف`)}`)), line);
  assert.ok(line.includes(`${iso('Bala')}: ${iso('25')}،`), line);
  assert.ok(!/[۰-۹]/.test(line), line);
  assert.equal(GAMES.contract_rummy.stateLine({ totals: { S1: 32, S2: 5 } }), 'S2 5 · S1 32');
});
