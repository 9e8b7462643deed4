/* Live updates: server-sent events (stream.js), ETag polling as the fallback, and the board's window of deals. */
import { $ } from './dom.js';
import { api, earlierUrl } from './api.js';
import { reachable } from './net.js';
import { followStream } from './stream.js';

/** The board as shown: the window of latest deals it was sent, with the earlier windows the reader asked for
 *  in front. When the board changes those are asked for again (a correction may have changed them). */
function boardWindow(onBoard) {
  let latest = null;
  let older = { deals: [], answers: [] };
  let earlier = null;
  const show = () =>
    onBoard(
      Object.assign({}, latest, {
        deals: older.deals.concat(latest.deals),
        answers: older.answers.concat(latest.answers),
      }),
      earlier ? showEarlier : null,
    );
  async function loadEarlier() {
    const res = await api('GET', earlier);
    if (res.status !== 200) return false;
    older = { deals: res.data.deals.concat(older.deals), answers: res.data.answers.concat(older.answers) };
    earlier = earlierUrl(res.link);
    return true;
  }
  async function showEarlier() {
    if (earlier && (await loadEarlier())) show();
  }
  return async (board, link) => {
    const wanted = older.deals.length;
    latest = board;
    older = { deals: [], answers: [] };
    earlier = earlierUrl(link);
    try {
      while (earlier && older.deals.length < wanted && (await loadEarlier()));
    } finally {
      show();
    }
  };
}

/** The board ETag a change event carries, or undefined (an older server's event: then always re-read). */
function changedEtag(data) {
  try {
    return JSON.parse(data).etag || undefined;
  } catch (_error) {
    return undefined;
  }
}

/** The board the server put in the page with its ETag (#board-data), so the first paint shows the score without
 *  waiting for a request; null on a page without one. */
function inlineBoard() {
  const el = document.getElementById('board-data');
  try {
    return el ? JSON.parse(el.textContent) : null;
  } catch (_error) {
    return null;
  }
}

function liveBoard(cfg, onBoard) {
  let etag = null;
  let stream = null;
  let streaming = false;
  let timer = null;
  let inflight = null;
  let again = false;
  const box = $('#board');
  const windowed = boardWindow(onBoard);
  async function fetchBoard() {
    let online;
    try {
      const res = await api('GET', cfg.board_url, undefined, etag ? { 'If-None-Match': etag } : {});
      if (res.status === 200 && res.etag !== etag) {
        etag = res.etag;
        await windowed(res.data, res.link);
      }
      online = !res.offline; // the service worker's kept copy: shown, but the page is offline
    } catch (_error) {
      online = false;
    }
    reachable(online);
  }
  /** One board request at a time: a refresh asked for meanwhile runs once after it (with the new ETag), so the
   *  page load and the stream's first event do not both render the board under the user's fingers. */
  function refresh() {
    again = Boolean(inflight);
    if (!inflight) {
      inflight = (async () => {
        do {
          again = false;
          await fetchBoard();
        } while (again);
        inflight = null;
      })();
    }
    return inflight;
  }
  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(
      async () => {
        await refresh();
        schedule();
      },
      streaming ? 20000 : 3000,
    );
  }
  const first = inlineBoard();
  if (first) {
    // The first read then answers 304 unless a deal came in meanwhile.
    etag = first.etag;
    windowed(first.board, first.earlier ? `<${first.earlier}>; rel="earlier"` : null);
  }
  box.dataset.live = 'polling';
  if (cfg.events_url && typeof fetch === 'function' && typeof ReadableStream === 'function') {
    stream = followStream(cfg.events_url, {
      onEvent(name, data) {
        // A change whose board ETag is the one shown needs no re-read (the other events of that change, or our own
        // post); a resync says events were dropped while this page lagged behind: read the board again.
        if (name === 'ready' || name === 'resync' || (name === 'change' && changedEtag(data) !== etag)) refresh();
      },
      onState(state) {
        streaming = state === 'open';
        box.dataset.live = streaming ? 'events' : 'polling';
        // Streaming: a slow poll as a safety net. Refused, waiting or stopped: poll at once and often, so a broken
        // stream that was a lost network shows it within a second.
        if (!streaming) refresh();
        schedule();
      },
    });
    // Hand the connection back when leaving the page: a browser holds only a few per server.
    window.addEventListener('pagehide', () => stream.stop());
  }
  refresh().then(schedule);
  return { refresh };
}

export { liveBoard };
