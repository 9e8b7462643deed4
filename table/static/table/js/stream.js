/* The live scoreboard's event stream, read with fetch rather than EventSource: EventSource gives up for good on a
 * refusal and cannot read its status or Retry-After. Each web process holds a bounded number of streams and a
 * balancer spreads viewers unevenly, so a refused stream (503 live_streams_full, 429) tries again after the
 * Retry-After the server sent plus a random share of an exponential backoff (full jitter, capped): the refused
 * viewers come back spread out, and the balancer sends most of them to a process with room. Meanwhile the page
 * polls. A stream that ends (the server ends each after a few minutes) is opened again after its `retry:`. */

const BASE_MS = 1000;
const CAP_MS = 60000;
const LONGEST_RETRY_AFTER_MS = 300000;
const RECONNECT_MS = 3000; // until the stream's own `retry:` says otherwise

/** How long to wait before attempt ``attempt`` (0 for the first retry): at least the server's Retry-After (seconds,
 *  bounded), plus a random part of min(CAP_MS, BASE_MS * 2^attempt). */
export function retryDelay(attempt, retryAfterSeconds, random = Math.random) {
  const seconds = Number(retryAfterSeconds);
  const floor = Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds * 1000, LONGEST_RETRY_AFTER_MS) : 0;
  return floor + Math.floor(random() * Math.min(CAP_MS, BASE_MS * 2 ** attempt));
}

/** Split a buffer of the text/event-stream format into complete events ({event, data, retry}; data null when the
 *  block had none) and the rest, not yet complete. */
export function parseEvents(buffer) {
  const events = [];
  const blocks = buffer.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop();
  for (const block of blocks) {
    const event = { event: 'message', data: [], retry: null };
    for (const line of block.split('\n')) {
      if (!line || line.startsWith(':')) continue; // a comment: the heartbeat
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event.event = value;
      else if (field === 'data') event.data.push(value);
      else if (field === 'retry' && /^\d+$/.test(value)) event.retry = Number(value);
    }
    // As EventSource: an event without data is not dispatched (a heartbeat); its retry still counts.
    if (event.data.length || event.retry !== null) {
      events.push({ event: event.event, data: event.data.length ? event.data.join('\n') : null, retry: event.retry });
    }
  }
  return { events, rest };
}

/** Follow ``url``'s events until ``stop()``: ``onEvent(name, data)`` for each, ``onState('open' | 'waiting' |
 *  'closed')`` as the stream opens, waits to try again, or stops for good (no stream here: 204 without Redis; 404
 *  when the viewer may no longer see the match). */
export function followStream(url, { onEvent, onState }, random = Math.random) {
  let attempt = 0;
  let reconnectMs = RECONNECT_MS;
  let timer = null;
  let controller = null;
  let stopped = false;

  function later(ms) {
    if (stopped) return;
    onState('waiting');
    timer = setTimeout(open, ms);
  }

  async function read(body) {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      const parsed = parseEvents(buffer + decoder.decode(value, { stream: true }));
      buffer = parsed.rest;
      for (const event of parsed.events) {
        if (event.retry !== null) reconnectMs = event.retry;
        if (event.event === 'ready') {
          attempt = 0; // admitted: a later refusal starts the backoff again from its shortest
          onState('open');
        }
        if (event.data !== null) onEvent(event.event, event.data);
      }
    }
  }

  async function open() {
    if (stopped) return;
    controller = new AbortController();
    let res;
    try {
      res = await fetch(url, {
        headers: { Accept: 'text/event-stream' },
        credentials: 'same-origin',
        cache: 'no-store',
        signal: controller.signal,
      });
    } catch (_error) {
      later(retryDelay(attempt++, null, random)); // the network: back off as for a refusal
      return;
    }
    if (res.status === 429 || res.status >= 500) {
      later(retryDelay(attempt++, res.headers.get('Retry-After'), random));
      return;
    }
    if (res.status !== 200 || !res.body) {
      stopped = true;
      onState('closed');
      return;
    }
    try {
      await read(res.body);
    } catch (_error) {
      // the connection broke mid-stream: open again as after its end
    }
    later(reconnectMs);
  }

  open();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      if (controller) controller.abort();
    },
  };
}
