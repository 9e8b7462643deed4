// The page's questions about a deal part way through its plays or tricks (progress.js, node --test tests/js/): each
// deal asked once and its answer kept, so a tap uses an answer already in; nothing asked offline; a failed request
// forgotten (asked again once the network is back) and the page marked offline. The answers themselves are the
// engines' (tests/rules/test_seep_moves.py, tests/rules/test_tricks_so_far.py): the page computes none of them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { progressAsker, offline } from '../../table/static/table/js/progress.js';
import { network } from '../../table/static/table/js/net.js';
import { beforeRefusal } from '../../table/static/table/js/tricks.js';

const URL_ = '/api/v1/matches/7/deals/progress/';
const DEAL = { dealer: 'S1', bid: { bidder: 'S2', value: 11, bidder_hand: ['JH', '5H', '6D', '3D'] }, plays: [] };
const ANSWER = {
  seat: 'S2',
  moves: { '3D': [{ play: { card: '3D', action: 'build', with: ['AH', '7S'], house: 11 } }] },
};

/** A fake api(): records each request and answers with `reply` (a function of the request, or a value). */
function fakeSend(reply) {
  const sent = [];
  const send = async (method, url, body) => {
    sent.push({ method, url, body: JSON.parse(JSON.stringify(body)) });
    return typeof reply === 'function' ? reply(body) : reply;
  };
  return { send, sent };
}

test('a deal is asked once: the second ask is the same promise, and its answer is kept', async () => {
  network.online = true;
  const { send, sent } = fakeSend({ ok: true, status: 200, data: ANSWER });
  const asker = progressAsker(URL_, send);
  const first = asker.ask(DEAL);
  assert.equal(asker.known(DEAL), undefined); // under way
  assert.equal(asker.ask({ ...DEAL }), first);
  assert.deepEqual(await first, { ok: true, status: 200, data: ANSWER });
  assert.deepEqual(asker.known(DEAL), { ok: true, status: 200, data: ANSWER });
  assert.deepEqual(sent, [{ method: 'POST', url: URL_, body: DEAL }]);
  asker.ask({ ...DEAL, plays: [{ card: '3D', action: 'build', with: ['AH', '7S'], house: 11 }] });
  assert.equal(sent.length, 2); // another deal, another question
});

test("a refusal is kept as the service's answer, with its detail", async () => {
  network.online = true;
  const refusal = { code: 'nothing_to_capture', detail: 'Nothing on the floor is worth 12.', field: 'plays[1].action' };
  const asker = progressAsker(URL_, fakeSend({ ok: false, status: 400, data: refusal }).send);
  assert.deepEqual(await asker.ask(DEAL), { ok: false, status: 400, data: refusal });
});

test('offline nothing is asked, and an answer already in is still known', async () => {
  network.online = true;
  const { send, sent } = fakeSend({ ok: true, status: 200, data: ANSWER });
  const asker = progressAsker(URL_, send);
  await asker.ask(DEAL);
  network.online = false;
  assert.equal(offline(), true);
  assert.equal(asker.ask({ ...DEAL, plays: [{ card: '3D', action: 'throw' }] }), null);
  assert.equal(sent.length, 1);
  assert.deepEqual((await asker.ask(DEAL)).data, ANSWER); // kept from before
  network.online = true;
});

test('a request the network failed resolves to null, marks the page offline and is asked again later', async () => {
  network.online = true;
  let calls = 0;
  const send = async () => {
    calls += 1;
    if (calls === 1) throw new TypeError('Failed to fetch');
    return { ok: true, status: 200, data: ANSWER };
  };
  const asker = progressAsker(URL_, send);
  assert.equal(await asker.ask(DEAL), null);
  assert.equal(network.online, false);
  assert.equal(asker.known(DEAL), undefined);
  network.online = true;
  assert.deepEqual((await asker.ask(DEAL)).data, ANSWER);
  assert.equal(calls, 2);
});

test("an answer the service worker served from its copy is not the server's: it is not kept", async () => {
  network.online = true;
  const asker = progressAsker(URL_, fakeSend({ ok: true, status: 200, data: {}, offline: true }).send);
  assert.equal(await asker.ask(DEAL), null);
  assert.equal(asker.known(DEAL), undefined);
});

test('without an address (a form built outside the match page) nothing is asked', () => {
  assert.equal(progressAsker(undefined, fakeSend({}).send).ask(DEAL), null);
});

test('the pages keep no card order, point count, set arithmetic or floor of their own', () => {
  const source = (path) => readFileSync(new URL(`../../table/static/table/js/${path}`, import.meta.url), 'utf8');
  for (const path of [
    'games/seep.js',
    'games/fifty_six.js',
    'games/twenty_eight.js',
    'games/bid_euchre.js',
    'tricks.js',
  ])
    for (const fact of [
      'card_points[',
      'trick_orders',
      'power(',
      'setsWorth',
      'captureChoices',
      'seepFloor',
      'movesFor',
    ])
      assert.ok(!source(path).includes(fact), `${path} uses ${fact}`);
});

test("a refusal of trick 3 keeps the service's winners of tricks 1 and 2 and trick 3's leader, and no more", () => {
  const trick = (number, leader, winner) => ({ number, leader, winner, cards: [], card_points: 0 });
  const answer = { tricks: [trick(1, 'S2', 'S2'), trick(2, 'S2', 'S1'), trick(3, 'S1', 'S1')], leader: 'S1' };
  assert.deepEqual(beforeRefusal(answer, 'tricks[2][1]'), {
    tricks: [trick(1, 'S2', 'S2'), trick(2, 'S2', 'S1')],
    leader: 'S1',
    to_play: null,
  });
  assert.equal(beforeRefusal(answer, 'tricks[5][0]'), answer); // past what is known: nothing changes
  assert.equal(beforeRefusal(answer, 'trump_card'), null); // not on a trick: nothing is known
  assert.equal(beforeRefusal(null, 'tricks[0]'), null);
});

test('offline nothing is asked, unless the browser has just said the network is back (the ask is how it is known)', async () => {
  network.online = false;
  const { send, sent } = fakeSend({ ok: true, status: 200, data: ANSWER });
  const asker = progressAsker(URL_, send);
  assert.equal(asker.ask(DEAL), null);
  assert.equal(asker.ask(DEAL, 'yes'), null); // only `true` is the browser's word
  assert.deepEqual(sent, []);
  assert.deepEqual(await asker.ask(DEAL, true), { ok: true, status: 200, data: ANSWER });
  assert.equal(sent.length, 1);
  network.online = true;
});
