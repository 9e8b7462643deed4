import { test, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { answerFetches, resetBrowser } from './browser.mjs';
import { createOutbox } from '../../table/static/table/js/outbox.js';
import { network } from '../../table/static/table/js/net.js';

const URL = '/api/v1/matches/7/deals/';
const deal = (id, dealer) => ({ client_deal_id: id, dealer });

function recordingHooks() {
  const seen = { delivered: [], refused: [], rejected: [], changed: 0, settled: 0 };
  return {
    seen,
    hooks: {
      changed: () => {
        seen.changed += 1;
      },
      delivered: (item, body) => seen.delivered.push([item.deal.client_deal_id, body]),
      refused: (item, body) => seen.refused.push([item.deal.client_deal_id, body]),
      rejected: (item, body) => seen.rejected.push([item.deal.client_deal_id, body]),
      settled: () => {
        seen.settled += 1;
      },
    },
  };
}

beforeEach(() => {
  resetBrowser();
  network.online = null;
});

test('deals are posted in the order they were entered and leave the queue once answered', async () => {
  const calls = answerFetches([
    { status: 201, body: { number: 1 } },
    { status: 201, body: { number: 2 } },
  ]);
  const { seen, hooks } = recordingHooks();
  const outbox = createOutbox('tk-outbox-7', URL, hooks);
  outbox.add(deal('a', 'S1'));
  outbox.add(deal('b', 'S2'));
  assert.deepEqual(
    outbox.items().map((item) => item.deal.dealer),
    ['S1', 'S2'],
  );
  await outbox.flush();
  assert.deepEqual(
    calls.map((call) => [call.method, call.url, call.body.client_deal_id]),
    [
      ['POST', URL, 'a'],
      ['POST', URL, 'b'],
    ],
  );
  assert.deepEqual(seen.delivered, [
    ['a', { number: 1 }],
    ['b', { number: 2 }],
  ]);
  assert.deepEqual(outbox.items(), []);
  assert.equal(seen.settled, 1);
  assert.equal(network.online, true);
});

test('the queue survives a reload: a new outbox on the same key finds the deals', () => {
  answerFetches([]);
  createOutbox('tk-outbox-7', URL, recordingHooks().hooks).add(deal('a', 'S3'));
  const again = createOutbox('tk-outbox-7', URL, recordingHooks().hooks);
  assert.deepEqual(
    again.items().map((item) => item.deal),
    [deal('a', 'S3')],
  );
  assert.deepEqual(createOutbox('tk-outbox-8', URL, recordingHooks().hooks).items(), []);
});

test('with the network down every deal stays queued, offline is recorded, and a retry is scheduled', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const calls = answerFetches([
    new Error('down'),
    { status: 201, body: { number: 1 } },
    { status: 201, body: { number: 2 } },
  ]);
  const { seen, hooks } = recordingHooks();
  const outbox = createOutbox('tk-outbox-7', URL, hooks);
  outbox.add(deal('a', 'S1'));
  outbox.add(deal('b', 'S2'));
  await outbox.flush();
  assert.equal(network.online, false);
  assert.deepEqual(
    outbox.items().map((item) => item.deal.client_deal_id),
    ['a', 'b'],
  );
  assert.equal(calls.length, 1);
  t.mock.timers.tick(2000); // the retry
  await new Promise((resolve) => setImmediate(resolve));
  await outbox.flush(); // (or the retry's own flush, already running: then this one returns at once)
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(
    calls.map((call) => call.body.client_deal_id),
    ['a', 'a', 'b'],
  );
  assert.deepEqual(outbox.items(), []);
  assert.deepEqual(
    seen.delivered.map(([id]) => id),
    ['a', 'b'],
  );
});

test('a server error or a throttle keeps the deal for a retry, nothing after it is sent', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  for (const status of [500, 503, 429]) {
    resetBrowser();
    const calls = answerFetches([{ status, body: null }]);
    const outbox = createOutbox('tk-outbox-7', URL, recordingHooks().hooks);
    outbox.add(deal('a', 'S1'));
    outbox.add(deal('b', 'S2'));
    await outbox.flush();
    assert.equal(calls.length, 1, `status ${status}`);
    assert.deepEqual(
      outbox.items().map((item) => item.deal.client_deal_id),
      ['a', 'b'],
    );
  }
});

test('the same client_deal_id goes with every retry, so a lost answer cannot record a deal twice', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const calls = answerFetches([
    { status: 502, body: null },
    { status: 200, body: { number: 1 } },
  ]);
  const outbox = createOutbox('tk-outbox-7', URL, recordingHooks().hooks);
  outbox.add(deal('same', 'S1'));
  await outbox.flush();
  await outbox.flush();
  assert.deepEqual(
    calls.map((call) => call.body.client_deal_id),
    ['same', 'same'],
  );
  assert.deepEqual(outbox.items(), []);
});

test('a refused deal stays first, marked, and the deals after it wait until it is fixed', async () => {
  const refusal = { code: 'dealer_out_of_turn', detail: 'S2 deals this hand.', field: 'dealer' };
  const calls = answerFetches([
    { status: 400, body: refusal },
    { status: 201, body: { number: 1 } },
    { status: 201, body: { number: 2 } },
  ]);
  const { seen, hooks } = recordingHooks();
  const outbox = createOutbox('tk-outbox-7', URL, hooks);
  outbox.add(deal('a', 'S1'));
  outbox.add(deal('b', 'S3'));
  await outbox.flush();
  assert.deepEqual(
    calls.map((call) => call.body.client_deal_id),
    ['a'],
  );
  assert.deepEqual(
    outbox.items().map((item) => [item.deal.client_deal_id, item.refused || null]),
    [
      ['a', refusal],
      ['b', null],
    ],
  );
  assert.deepEqual(seen.refused, [['a', refusal]]);

  await outbox.flush(); // another flush (back online, a reload) sends nothing past the refusal
  assert.equal(calls.length, 1);
  assert.deepEqual(
    seen.refused.map(([id]) => id),
    ['a', 'a'],
  );

  await outbox.fix('a', deal('a2', 'S2'));
  assert.deepEqual(
    calls.map((call) => [call.body.client_deal_id, call.body.dealer]),
    [
      ['a', 'S1'],
      ['a2', 'S2'],
      ['b', 'S3'],
    ],
  );
  assert.deepEqual(outbox.items(), []);
  assert.deepEqual(
    seen.delivered.map(([id]) => id),
    ['a2', 'b'],
  );
});

test('a refused deal is dropped only when the scorer discards it; the next then goes', async () => {
  const calls = answerFetches([
    { status: 400, body: { code: 'invalid', detail: 'No.', field: null } },
    { status: 201, body: { number: 1 } },
  ]);
  const outbox = createOutbox('tk-outbox-7', URL, recordingHooks().hooks);
  outbox.add(deal('a', 'S1'));
  outbox.add(deal('b', 'S2'));
  await outbox.flush();
  assert.equal(outbox.items().length, 2);
  await outbox.discard('a');
  assert.deepEqual(
    calls.map((call) => call.body.client_deal_id),
    ['a', 'b'],
  );
  assert.deepEqual(outbox.items(), []);
});

test('a deal refused as it is saved online goes back to the form: nothing is queued, nothing held back', async () => {
  const refusal = { code: 'bid_needs_queen', detail: 'A bid of 12 needs a queen.', field: 'bid.value' };
  const calls = answerFetches([
    { status: 400, body: refusal },
    { status: 201, body: { number: 1 } },
  ]);
  const { seen, hooks } = recordingHooks();
  const outbox = createOutbox('tk-outbox-7', URL, hooks);
  await outbox.send(deal('typed', 'S2'));
  assert.deepEqual(
    calls.map((call) => call.body.client_deal_id),
    ['typed'],
  );
  assert.deepEqual(seen.rejected, [['typed', refusal]]);
  assert.deepEqual(seen.refused, []);
  assert.deepEqual(outbox.items(), []);

  await outbox.send(deal('fixed', 'S2')); // the scorer's fix, from the same form
  assert.deepEqual(seen.delivered, [['fixed', { number: 1 }]]);
  assert.deepEqual(outbox.items(), []);
});

test('a deal saved while the network is down is queued; refused when sent later, it stays first to be fixed', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const refusal = { code: 'dealer_out_of_turn', detail: 'S3 deals this hand.', field: 'dealer' };
  answerFetches([new Error('down'), { status: 400, body: refusal }]);
  const { seen, hooks } = recordingHooks();
  const outbox = createOutbox('tk-outbox-7', URL, hooks);
  await outbox.send(deal('offline', 'S2'));
  assert.deepEqual(
    outbox.items().map((item) => item.deal.client_deal_id),
    ['offline'],
  );
  await outbox.flush(); // the network is back
  assert.deepEqual(seen.rejected, []);
  assert.deepEqual(seen.refused, [['offline', refusal]]);
  assert.deepEqual(
    outbox.items().map((item) => [item.deal.client_deal_id, item.refused]),
    [['offline', refusal]],
  );
});

test('a deal saved behind deals queued offline is sent after them; a refusal of it still returns it to the form', async () => {
  const refusal = { code: 'invalid', detail: 'No.', field: null };
  const calls = answerFetches([
    { status: 201, body: { number: 1 } },
    { status: 400, body: refusal },
  ]);
  const { seen, hooks } = recordingHooks();
  const outbox = createOutbox('tk-outbox-7', URL, hooks);
  outbox.add(deal('queued', 'S1'));
  await outbox.send(deal('typed', 'S2'));
  assert.deepEqual(
    calls.map((call) => call.body.client_deal_id),
    ['queued', 'typed'],
  );
  assert.deepEqual(
    seen.delivered.map(([id]) => id),
    ['queued'],
  );
  assert.deepEqual(seen.rejected, [['typed', refusal]]);
  assert.deepEqual(outbox.items(), []);
});
