// The scorer's loop without a DOM (table/static/table/js/loop.js): entry, preview, save, undo, outbox, correction.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import {
  correctionRequest,
  createLoop,
  dealerMissing,
  nextNumber,
  noDealLeft,
  outboxLines,
  previewRequest,
  projectedMatch,
  refusalText,
  savedNote,
  undoRequest,
} from '../../table/static/table/js/loop.js';

const DEALS = '/api/v1/matches/7/deals/';
const match = (state, extra = {}) => Object.assign({ game: 'any', state, deals_count: 0 }, extra);
const queued = (id, dealer) => ({ client_deal_id: id, dealer });

test('a new deal: typing keeps the form from a live rebuild; the save under way too, until it ends', () => {
  const loop = createLoop();
  assert.equal(loop.mayRebuild(), true);
  loop.typed();
  assert.equal(loop.mayRebuild(), false);
  loop.formBuilt();
  loop.saving('d1');
  assert.equal(loop.state.pending, 'd1');
  assert.equal(loop.mayRebuild(), false);
  assert.equal(loop.delivered('other'), false); // another deal of the queue: the form is not the scorer's
  assert.equal(loop.delivered('d1'), true);
  assert.deepEqual(
    [loop.state.pending, loop.state.dirty, loop.takeBringBack(), loop.takeBringBack()],
    [null, false, true, false],
  );
});

test('kept offline: the save ends without an answer and the form is free for the next deal, once', () => {
  const loop = createLoop();
  loop.saving('d1');
  assert.equal(loop.saveEnded('d1'), true);
  assert.equal(loop.saveEnded('d1'), false);
  assert.equal(loop.takeBringBack(), true);
});

test('a refused queued deal comes back into the form once; its fix is saved as a new deal; discarding ends it', () => {
  const loop = createLoop();
  assert.equal(loop.refused('d1'), true);
  assert.deepEqual([loop.state.mode, loop.state.fixing, loop.mayRebuild()], ['fixing', 'd1', false]);
  assert.equal(loop.refused('d1'), false); // already in the form
  loop.saving('d2');
  assert.deepEqual([loop.state.mode, loop.state.fixing, loop.state.pending], ['entry', null, 'd2']);
  assert.equal(loop.refused('d3'), true);
  assert.equal(loop.discarded('other'), false);
  assert.equal(loop.discarded('d3'), true);
  assert.equal(loop.state.mode, 'entry');
});

test('a refusal of the save itself leaves the form as typed; a correction is never replaced by a refused deal', () => {
  const loop = createLoop();
  loop.typed();
  loop.saving('d1');
  loop.rejected('d1');
  assert.deepEqual([loop.state.pending, loop.state.dirty], [null, true]);
  loop.startCorrection(4);
  assert.equal(loop.refused('d9'), false);
  assert.deepEqual([loop.state.mode, loop.state.correcting], ['correcting', 4]);
  loop.endCorrection(true);
  assert.deepEqual([loop.state.mode, loop.state.correcting, loop.takeBringBack()], ['entry', null, true]);
  loop.startCorrection(5);
  loop.endCorrection(); // cancelled: the page stays where it is
  assert.equal(loop.takeBringBack(), false);
});

test("offline, the next deal's dealer and contract are the forecast's, and only where it knows them", () => {
  const online = match({ next_dealer: 'S2', next_deal: { number: 1 } });
  assert.equal(projectedMatch(online, null, []), online); // nothing waiting: the board's own
  const forecast = {
    dealer_after: { S1: 'S2', S2: 'S3', S3: 'S1' },
    next_deals: [{ number: 2 }, null],
  };
  const one = projectedMatch(online, forecast, [queued('a', 'S2')]);
  assert.deepEqual(
    [one.waiting, one.state.next_dealer, one.state.next_dealer_unknown, one.state.next_deal, one.state.match_over],
    [1, 'S3', false, { number: 2 }, false],
  );
  const two = projectedMatch(online, forecast, [queued('a', 'S2'), queued('b', 'S3')]);
  assert.deepEqual([two.state.next_dealer, two.state.next_deal, noDealLeft(two)], ['S1', null, true]);
  // A game whose forecast knows nothing: the dealer is asked, the state keeps no next_deal of a guess.
  const blind = projectedMatch(match({ next_dealer: 'S4' }), { dealer_after: null, next_deals: null }, [
    queued('a', 'S4'),
  ]);
  assert.deepEqual(
    [blind.state.next_dealer, blind.state.next_dealer_unknown, 'next_deal' in blind.state],
    [null, true, false],
  );
  assert.equal(noDealLeft(blind), false);
  // The refused deal being fixed is entered as the board stands before it.
  assert.equal(projectedMatch(online, forecast, [queued('a', 'S2')], 'a'), online);
});

test('the next deal number follows the last listed deal (a voided one keeps its number)', () => {
  assert.equal(nextNumber({ deals: [], match: { deals_count: 12 } }), 13);
  assert.equal(nextNumber({ deals: [{ number: 3 }, { number: 5 }], match: { deals_count: 4 } }), 6);
});

test('the outbox lines: the refused first with Fix and Discard, the rest held back behind it', () => {
  assert.deepEqual(outboxLines([]), { blocked: false, count: 0, lines: [] });
  const items = [
    { deal: queued('a', 'S1'), at: 1, refused: { code: 'dealer_invalid', detail: 'None is not a seat' } },
    { deal: queued('b', 'S2'), at: 2 },
  ];
  assert.deepEqual(outboxLines(items), {
    blocked: true,
    count: 2,
    lines: [
      { id: 'a', tag: 'refused', dealer: 'S1', at: 1, refusal: 'None is not a seat', fixable: true },
      { id: 'b', tag: 'heldBack', dealer: 'S2', at: 2, refusal: null, fixable: false },
    ],
  });
  assert.equal(outboxLines([{ deal: queued('c', 'S3'), at: 3 }]).lines[0].tag, 'pending');
});

test("the preview is the server's dry run: a new deal's POST, a correction's PUT with the board's version", () => {
  const deal = { dealer: 'S1' };
  assert.deepEqual(previewRequest({ dealsUrl: DEALS, deal, correcting: null, reason: '', version: 9 }), {
    method: 'POST',
    url: `${DEALS}?dry_run=true`,
    body: deal,
    headers: undefined,
  });
  assert.deepEqual(previewRequest({ dealsUrl: DEALS, deal, correcting: 3, reason: '', version: 9 }), {
    method: 'PUT',
    url: `${DEALS}3/?dry_run=true`,
    body: { dealer: 'S1', reason: '-' },
    headers: { 'If-Match': '"9"' },
  });
});

test('a correction needs a reason before anything is sent; Undo voids the deal with its reason', () => {
  const deal = { dealer: 'S2' };
  assert.deepEqual(correctionRequest({ dealsUrl: DEALS, deal, correcting: 3, reason: '   ', version: 9 }), {
    refusal: { code: 'reason_required', field: 'reason' },
  });
  assert.deepEqual(correctionRequest({ dealsUrl: DEALS, deal, correcting: 3, reason: ' typo ', version: 9 }), {
    method: 'PUT',
    url: `${DEALS}3/`,
    body: { dealer: 'S2', reason: 'typo' },
    headers: { 'If-Match': '"9"' },
  });
  assert.deepEqual(undoRequest(DEALS, 4, 'Undone'), {
    method: 'DELETE',
    url: `${DEALS}4/`,
    body: { reason: 'Undone' },
  });
});

test('after a save: the deal number, or the dealer the rules did not expect said; no dealer, no save', () => {
  assert.equal(savedNote(null), null);
  assert.deepEqual(savedNote({ number: 4, input: { dealer: 'S2' }, state_before: { next_dealer: 'S2' } }), {
    kind: 'saved',
    number: 4,
  });
  assert.deepEqual(savedNote({ number: 4, input: { dealer: 'S3' }, state_before: { next_dealer: 'S2' } }), {
    kind: 'otherDealer',
    number: 4,
    dealer: 'S3',
    expected: 'S2',
  });
  assert.equal(dealerMissing({ dealer: null }), true);
  assert.equal(dealerMissing({ dealer: 'S1' }), false);
  assert.equal(refusalText({ errors: [{ detail: 'first' }], detail: 'body' }), 'first');
  assert.equal(refusalText({ detail: 'body' }), 'body');
  assert.equal(refusalText(undefined), '');
});

// Every registered game's key: the fixture is the engines' facts (tests/table/test_js_facts_fixture.py).
const GAME_KEYS = Object.keys(JSON.parse(readFileSync(new URL('./fixtures/game_facts.json', import.meta.url))));
const codeOf = (path) =>
  readFileSync(new URL(`../../table/static/table/js/${path}`, import.meta.url), 'utf8').replace(
    /\/\*[\s\S]*?\*\/|\/\/.*$/gm,
    '',
  );

test('the loop module knows no game: no game key, no card, no point value', () => {
  const code = codeOf('loop.js');
  for (const word of [...GAME_KEYS, 'document', 'window']) assert.equal(code.includes(word), false, word);
});

test('the page modules name no game key outside the games folder (the registry is the server config)', () => {
  assert.ok(GAME_KEYS.length >= 5);
  const paths = ['pages/match.js', 'pages/board.js', 'pages/new_match.js', 'loop.js', 'board.js', 'games/index.js'];
  for (const path of paths) {
    const code = codeOf(path);
    for (const key of GAME_KEYS) assert.equal(new RegExp(`\\b${key}\\b`).test(code), false, `${path}: ${key}`);
  }
});
