/* A club night's room, live: the document the server put in the page (#room-data), read again after each change the
 * night's stream announces (stream.js; several changes close together are read once), or polled with its ETag when
 * there is no stream. The ordering of the tables and the clock are DOM-free, for tests/js/. */
import { api } from './api.js';
import { followStream } from './stream.js';

const MINUTE_MS = 60000;
const READ_AGAIN_MS = 400; // a burst of deals at a hundred tables is read once
const POLL_MS = 5000;
const POLL_WHILE_STREAMING_MS = 30000;

/** Whole minutes from ``since`` (an ISO time) to ``now`` (ms), never below zero. */
export function minutesSince(since, now) {
  return Math.max(0, Math.floor((now - Date.parse(since)) / MINUTE_MS));
}

/** A table's state as the room shows it: disputed, done, waiting (for a confirmation), not started, or playing. */
export function tableState(table) {
  if (table.disputed > 0) return 'disputed';
  if (table.done) return 'done';
  if (table.waiting > 0) return 'waiting';
  if (table.deals === 0) return 'not_started';
  return 'playing';
}

/** The tables as the director reads them: disputed first, then the tables still playing, the slowest (longest since
 *  its last deal, or since the draw for a table without one) first, then the finished ones; by number within. */
export function orderTables(tables, drawnAt, now) {
  const idle = (table) => minutesSince(table.last_deal_at || drawnAt, now);
  const group = (table) => {
    const state = tableState(table);
    return state === 'disputed' ? 0 : state === 'done' ? 2 : 1;
  };
  return tables
    .map((table) => ({ table, group: group(table), idle: idle(table) }))
    .sort((a, b) => a.group - b.group || b.idle - a.idle || a.table.number - b.table.number)
    .map((entry) => Object.assign({ idle_minutes: entry.idle }, entry.table));
}

/** The round's clock: the time since ``from`` (ms) as "m:ss", or "h:mm:ss" from the first hour. */
export function clockText(from, now) {
  const seconds = Math.max(0, Math.floor((now - from) / 1000));
  const two = (n) => String(n).padStart(2, '0');
  const [h, m, s] = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60];
  return h ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

function inlineDocument() {
  const el = document.getElementById('room-data');
  try {
    return el ? JSON.parse(el.textContent) : null;
  } catch (_error) {
    return null;
  }
}

/** Show the night's document with ``onDocument(doc)`` now and after every change; answers ``refresh()`` (a read
 *  now, as after the director's own action). ``box.dataset.live`` says 'events' or 'polling'. */
export function liveDocument(cfg, box, onDocument) {
  let etag = null;
  let streaming = false;
  let timer = null;
  let soon = null;
  async function read() {
    try {
      const res = await api('GET', cfg.document_url, undefined, etag ? { 'If-None-Match': etag } : {});
      if (res.status === 200 && res.data) {
        etag = res.etag;
        onDocument(res.data);
      }
    } catch (_error) {
      // offline: the next poll or event tries again
    }
  }
  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(
      async () => {
        await read();
        schedule();
      },
      streaming ? POLL_WHILE_STREAMING_MS : POLL_MS,
    );
  }
  function readSoon() {
    if (soon) return;
    soon = setTimeout(async () => {
      soon = null;
      await read();
    }, READ_AGAIN_MS);
  }
  const first = inlineDocument();
  if (first) {
    etag = first.etag;
    onDocument(first.document);
  }
  box.dataset.live = 'polling';
  if (cfg.events_url && typeof fetch === 'function' && typeof ReadableStream === 'function') {
    followStream(cfg.events_url, {
      onEvent(name) {
        if (name === 'ready' || name === 'resync' || name === 'change') readSoon();
      },
      onState(state) {
        streaming = state === 'open';
        box.dataset.live = streaming ? 'events' : 'polling';
        schedule();
      },
    });
  }
  schedule();
  return { refresh: read };
}
