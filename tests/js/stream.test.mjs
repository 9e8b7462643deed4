import { test, mock, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { followStream, parseEvents, retryDelay } from '../../table/static/table/js/stream.js';

const half = () => 0.5;

afterEach(() => {
  mock.timers.reset();
});

test('the backoff doubles from one second, is capped at a minute, and takes a random share of it (full jitter)', () => {
  assert.deepEqual(
    [0, 1, 2, 3, 4, 5, 6, 7, 20].map((attempt) => retryDelay(attempt, null, half)),
    [500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000],
  );
  assert.deepEqual(
    [0, 0.999].map((share) => retryDelay(3, null, () => share)),
    [0, 7992],
  );
});

test("the server's Retry-After is waited in full, with the jitter on top, and is bounded", () => {
  assert.equal(retryDelay(0, '5', half), 5500);
  assert.equal(
    retryDelay(2, '5', () => 0),
    5000,
  );
  assert.equal(
    retryDelay(0, '86400', () => 0),
    300000,
  );
  assert.equal(
    retryDelay(0, 'Wed, 21 Oct 2015 07:28:00 GMT', () => 0),
    0,
  ); // a date: not ours; the backoff alone
});

test('the event stream format is read event by event, a heartbeat skipped and a half-sent event kept', () => {
  const { events, rest } = parseEvents(
    'retry: 3000\nevent: ready\ndata: {}\n\n: heartbeat\n\ndata: a\ndata: b\n\nretry: 9\n\nevent: change\ndata: {"v"',
  );
  assert.deepEqual(events, [
    { event: 'ready', data: '{}', retry: 3000 },
    { event: 'message', data: 'a\nb', retry: null },
    { event: 'message', data: null, retry: 9 },
  ]);
  assert.equal(rest, 'event: change\ndata: {"v"');
});

function streamBody(chunks) {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

/** fetch answered in turn by ``answers`` ({status, retryAfter, chunks}); each call's time on the mock clock. */
function answerStreams(answers, clock) {
  const calls = [];
  globalThis.fetch = async (url, options) => {
    calls.push({ url, at: clock.now, accept: options.headers.Accept });
    const next = answers.shift();
    if (!next) throw new Error(`unexpected request ${url}`);
    return {
      status: next.status,
      headers: { get: (name) => (name === 'Retry-After' ? (next.retryAfter ?? null) : null) },
      body: next.chunks ? streamBody(next.chunks) : null,
    };
  };
  return calls;
}

async function settle() {
  for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setImmediate(resolve));
}

async function advance(clock, ms) {
  clock.now += ms;
  mock.timers.tick(ms);
  await settle();
}

test('a refused stream tries again after Retry-After plus jitter, lands, and is reopened after it ends', async () => {
  mock.timers.enable({ apis: ['setTimeout'] });
  const clock = { now: 0 };
  const calls = answerStreams(
    [
      { status: 503, retryAfter: '5' },
      { status: 503, retryAfter: '5' },
      {
        status: 200,
        chunks: ['retry: 2000\nevent: ready\ndata: {}\n\n', 'event: change\ndata: {"etag":"\\"v2\\""}\n\n'],
      },
      { status: 204 },
    ],
    clock,
  );
  const events = [];
  const states = [];
  followStream(
    '/table/s/abc/events/',
    { onEvent: (name, data) => events.push([name, data]), onState: (s) => states.push(s) },
    half,
  );
  await settle();
  assert.deepEqual(
    calls.map((call) => call.at),
    [0],
  );
  await advance(clock, 5499); // Retry-After 5 s + half of the first second
  assert.equal(calls.length, 1);
  await advance(clock, 1);
  await advance(clock, 5999); // Retry-After 5 s + half of two seconds
  assert.equal(calls.length, 2);
  await advance(clock, 1);
  assert.deepEqual(
    calls.map((call) => call.at),
    [0, 5500, 11500],
  );
  assert.deepEqual(events, [
    ['ready', '{}'],
    ['change', '{"etag":"\\"v2\\""}'],
  ]);
  await advance(clock, 2000); // the stream ended: opened again after its own retry
  assert.deepEqual(
    calls.map((call) => call.at),
    [0, 5500, 11500, 13500],
  );
  assert.deepEqual(states, ['waiting', 'waiting', 'open', 'waiting', 'closed']); // 204: no stream here, the page polls
  await advance(clock, 600000);
  assert.equal(calls.length, 4);
  assert.ok(calls.every((call) => call.url === '/table/s/abc/events/' && call.accept === 'text/event-stream'));
});

test('after an admitted stream a new refusal backs off from the shortest wait again', async () => {
  mock.timers.enable({ apis: ['setTimeout'] });
  const clock = { now: 0 };
  const calls = answerStreams(
    [
      { status: 429, retryAfter: '30' },
      { status: 200, chunks: ['retry: 3000\nevent: ready\ndata: {}\n\n'] },
      { status: 503 },
      { status: 404 },
    ],
    clock,
  );
  const states = [];
  followStream('/table/matches/7/events/', { onEvent: () => {}, onState: (s) => states.push(s) }, half);
  await settle();
  await advance(clock, 30500);
  await advance(clock, 3000);
  await advance(clock, 500); // attempt 0 again: half of one second, no Retry-After sent
  assert.deepEqual(
    calls.map((call) => call.at),
    [0, 30500, 33500, 34000],
  );
  assert.deepEqual(states, ['waiting', 'open', 'waiting', 'waiting', 'closed']);
});

test('stop() ends the stream and cancels a pending retry', async () => {
  mock.timers.enable({ apis: ['setTimeout'] });
  const clock = { now: 0 };
  const calls = answerStreams([{ status: 503, retryAfter: '1' }], clock);
  const stream = followStream('/table/matches/7/events/', { onEvent: () => {}, onState: () => {} }, half);
  await settle();
  stream.stop();
  await advance(clock, 600000);
  assert.equal(calls.length, 1);
});
