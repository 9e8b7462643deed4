// The auction interpreter (auction_rules.js) answers from the engine's description alone what the engine itself
// answers: for every prefix of the walks in fixtures/auction_cases.json (tests/rules/test_auction_rules.py keeps
// them the engines' answers), whether the auction is closed, whose turn it is and the calls legal next.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { auctionState } from '../../table/static/table/js/auction_rules.js';

const VARIANTS = JSON.parse(readFileSync(new URL('./fixtures/auction_cases.json', import.meta.url)));

/** The interpreter's answer in the fixture's shape. */
function answer(variant, dealer, calls, carried = null) {
  const state = auctionState(variant.spec, variant.seats, dealer, calls, (seat) => variant.teams[seat], carried);
  const none = { pass: false, ranges: [], named: [], double: false, doublers: [], redouble: [], conventions: [] };
  return { closed: state.closed, turn: state.over ? null : state.turn, legal: state.closed ? none : state.legal };
}

for (const variant of VARIANTS) {
  const name = `${variant.game}, ${variant.seats.length} seats, ${JSON.stringify(variant.spec).length} bytes of rules`;
  test(`the engine's answers for every call of ${variant.walks.length} auctions: ${name}`, () => {
    let checked = 0;
    for (const walk of variant.walks) {
      walk.expected.forEach((expected, i) => {
        const calls = walk.calls.slice(0, i);
        const carried = walk.carried || null;
        assert.deepEqual(
          answer(variant, walk.dealer, calls, carried),
          expected,
          JSON.stringify({ dealer: walk.dealer, carried, calls }),
        );
        checked += 1;
      });
    }
    assert.ok(checked > variant.walks.length);
  });
}

test('the interpreter knows no game: the same description gives the same answers whatever the game is called', () => {
  const variant = VARIANTS[0];
  const walk = variant.walks[0];
  const renamed = { ...variant, game: 'anything' };
  assert.deepEqual(answer(renamed, walk.dealer, walk.calls), walk.expected.at(-1));
});

test("Twenty-Eight: over a partner's standing bid the lowest is the engine's partner_low", () => {
  const variant = VARIANTS.find((v) => v.game === 'twenty_eight' && v.spec.raises[0].partner_low);
  const lowest = (calls) => answer(variant, 'S4', calls).legal.ranges[0].low;
  const opened = [{ seat: 'S1', call: 'bid', points: 14 }];
  assert.equal(lowest(opened), 15); // S2, an opponent
  assert.equal(lowest([...opened, { seat: 'S2', call: 'pass' }]), 20); // S3, S1's partner
});

test("56: a noes bid is offered only over a standing bid, as the engine's description says (F-A13)", () => {
  const facts = JSON.parse(readFileSync(new URL('./fixtures/game_facts.json', import.meta.url))).fifty_six.entry['4'];
  const seats = ['S1', 'S2', 'S3', 'S4'];
  const conventions = (calls) =>
    auctionState(facts.auction, seats, 'S4', calls, (s) => 'AB'[seats.indexOf(s) % 2]).legal.conventions;
  assert.deepEqual(conventions([]), []);
  assert.deepEqual(conventions([{ seat: 'S1', call: 'bid', points: 30, trump: 'hearts' }]), ['noes']);
  assert.deepEqual(conventions([{ seat: 'S1', call: 'pass' }]), []);
});
