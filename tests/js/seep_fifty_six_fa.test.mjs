// Seep and 56 on a Persian page (issue 18): the words come from the page's catalogue, the numbers are written in
// Western digits, each inserted value is isolated. The page is faked before the modules load: <html lang="fa"
// dir="rtl"> and a #page-i18n catalogue with a few of the modules' messages (node --test runs each file alone).
import { test } from 'node:test';
import assert from 'node:assert/strict';

const CATALOGUE = {
  '{name} deals next': 'دست‌دهنده‌ی بعدی: {name}',
  'lead {team} {points}': 'برتریِ {team}: {points}',
  'baazi to {team} (under {minimum})': 'baazi به تیم {team} (زیرِ {minimum})',
  '{dealer} dealt, {bidder} bid {value}': '{dealer} پخش کرد، {bidder} پیشنهادِ {value} داد',
  '{team} made {points} {trump}': 'تیم {team} {points} {trump} را ساخت',
  spades: 'پیک',
  '{from}→{to} {count} table': ['{from}←{to} {count} میز', '{from}←{to} {count} میز'],
};
globalThis.document = {
  documentElement: { lang: 'fa', dir: 'rtl' },
  querySelector: (selector) => (selector === '#page-i18n' ? { textContent: JSON.stringify(CATALOGUE) } : null),
};
const { GAMES } = await import('./game_modules.mjs');

const seats = (names) => names.map((name, i) => ({ seat: `S${i + 1}`, player: { name } }));
const FOUR = seats(['Asha', 'Bala', 'Ravi', 'Meena']);
const PAIRS = { A: ['S1', 'S3'], B: ['S2', 'S4'] };
const isolated = (text) => `\u2068${text}\u2069`;

test("Seep in Persian: the preview and the line of a deal in the catalogue's words and Western digits", () => {
  const answer = {
    input: {},
    result: { team_scores: { A: 62, B: 38 }, running_lead: { team: 'A', points: 24 }, baazi: null },
    match: { seats: FOUR, teams: PAIRS, state: { next_dealer: 'S2' } },
  };
  // "A {a} · B {b}" has no translation here: its English template is used, its numbers still in Western digits (the Persian players' convention, shared/rules/glossary.md).
  assert.equal(
    GAMES.seep.preview(answer),
    `A ${isolated('62')} · B ${isolated('38')} · برتریِ ${isolated('A')}: ${isolated('24')} · دست‌دهنده‌ی بعدی: ${isolated('Bala')}`,
  );
  answer.result.baazi = { winner: 'B', reason: 'opponent_below_minimum' };
  assert.match(GAMES.seep.preview(answer), new RegExp(`baazi به تیم ${isolated('B')} \\(زیرِ ${isolated('9')}\\)`));
  const deal = {
    input: { dealer: 'S1', bid: { bidder: 'S2', value: 10 } },
    result: { team_scores: { A: 62, B: 38 }, running_lead: { team: 'A', points: 24 }, baazi: null, throw_ins: 0 },
  };
  const line = GAMES.seep.summary(deal, { seats: FOUR, teams: PAIRS });
  assert.ok(
    line.startsWith(`${isolated('Asha')} پخش کرد، ${isolated('Bala')} پیشنهادِ ${isolated('10')} داد · 62–38 · `),
    line,
  );
  assert.doesNotMatch(line, /[۰-۹]/);
});

test('56 in Persian: the contract, its trump word and the tables moved', () => {
  const answer = {
    input: {},
    result: {
      contract: { team: 'T2', points: 30, trump: 'spades' },
      made: true,
      transfers: [{ from: 'T3', to: 'T2', tables: 1 }],
      eliminated: [],
    },
    match: { seats: seats(['Asha', 'Bala', 'Ravi', 'Meena', 'Kiran', 'Dev']), state: { next_dealer: null } },
  };
  assert.equal(
    GAMES.fifty_six.preview(answer),
    `تیم ${isolated('T2')} ${isolated('30')} ${isolated('پیک')} را ساخت · ${isolated('T3')}←${isolated('T2')} ${isolated('1')} میز`,
  );
  assert.equal(GAMES.fifty_six.resultLine({ tables_after: { T1: 11, T2: 14 } }), 'T1 11 · T2 14');
});

test("A team's names are joined with the language's own 'and' (issue 27 point 8), not '&'", async () => {
  const { teamNames } = await import('../../table/static/table/js/seating.js');
  assert.equal(teamNames({ seats: FOUR, teams: PAIRS }, 'A'), 'Asha و Ravi');
});
