// The facts a deal form takes from the server (facts.js): the board's entry, answered for the match's own settings,
// before the config's facts of the game under its defaults; and the only values another field is filled from.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const FACTS = JSON.parse(readFileSync(new URL('./fixtures/game_facts.json', import.meta.url)));
globalThis.document = {
  documentElement: { lang: 'en', dir: 'ltr' },
  querySelector: (css) =>
    css === '#page-config' ? { textContent: JSON.stringify({ game_facts: { bid_euchre: FACTS.bid_euchre } }) } : null,
};
const { entryFacts, wholeWithin } = await import('../../table/static/table/js/facts.js');

test("the board's entry (the match's own settings) wins over the game's default facts", () => {
  const match = { game: 'bid_euchre', seats: [1, 2, 3, 4] };
  assert.equal(entryFacts(match).tricks_per_deal, 6); // the config's, default deck
  assert.equal(entryFacts({ ...match, entry: { tricks_per_deal: 12 } }).tricks_per_deal, 12); // double deck
});

test('another field is filled only from a whole number within the engine total: 120 of 100 fills nothing', () => {
  assert.deepEqual(
    ['0', '100', '62', '120', '-20', '6.5', '', ' 7'].map((typed) => wholeWithin(typed, 0, 100)),
    [true, true, true, false, false, false, false, false],
  );
  assert.deepEqual(
    ['7', '6'].map((typed) => wholeWithin(typed, 0, 6)),
    [false, true],
  );
});
