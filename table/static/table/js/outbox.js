/* The outbox: deals waiting to be sent, kept in localStorage so a lost network, a closed tab or a reload loses
 * nothing. Each deal carries a client_deal_id made on the page: a retry after a lost answer returns the deal
 * already recorded, so nothing is doubled. Sent in order; a deal the network did not deliver is retried. A deal
 * the server refuses stays first in the queue, marked with the refusal, until the scorer fixes it (fix) or
 * discards it themselves (discard): never dropped, and the deals after it wait, since each was entered after it
 * (its dealer follows from it). */
import { api } from './api.js';
import { reachable } from './net.js';

const RETRY_MS = 2000;

/**
 * key: the localStorage key of this match's queue; url: where deals are posted.
 * hooks: changed() after the queue changed, delivered(item, body), refused(item, body) (the queue now waits on
 * it), settled() after a flush that emptied the queue or stopped at a refusal.
 */
export function createOutbox(key, url, hooks) {
  let flushing = false; let retry = null;
  const items = () => { try { return JSON.parse(localStorage.getItem(key)) || []; } catch (e) { return []; } };
  const save = (list) => { localStorage.setItem(key, JSON.stringify(list)); hooks.changed(); };
  const scheduleFlush = () => { clearTimeout(retry); retry = setTimeout(flush, RETRY_MS); };
  const byId = (id) => (item) => item.deal.client_deal_id === id;

  async function flush() {
    if (flushing) return;
    flushing = true;
    try {
      for (let queue = items(); queue.length; queue = items()) {
        const item = queue[0];
        if (item.refused) { hooks.refused(item, item.refused); break; } // waits for the scorer's fix
        let res;
        try {
          res = await api('POST', url, item.deal);
        } catch (error) {
          reachable(false); scheduleFlush(); return;
        }
        reachable(true);
        if (res.status >= 500 || res.status === 429) { scheduleFlush(); return; }
        if (res.ok) {
          save(items().filter((x) => !byId(item.deal.client_deal_id)(x)));
          hooks.delivered(item, res.data);
        } else {
          const refusal = res.data || { code: 'refused', detail: `Refused (${res.status}).`, field: null };
          save(items().map((x) => (byId(item.deal.client_deal_id)(x) ? Object.assign({}, x, { refused: refusal }) : x)));
          hooks.refused(item, refusal);
          break;
        }
      }
    } finally {
      flushing = false;
    }
    hooks.settled();
  }
  const add = (deal) => save([...items(), { deal, at: Date.now() }]);
  /** Put the scorer's corrected ``deal`` in the place of the refused one (same position), and send again. */
  function fix(id, deal) {
    save(items().map((x) => (byId(id)(x) ? { deal, at: x.at } : x)));
    return flush();
  }
  /** The scorer chose to throw the refused deal away: the deals after it go on. */
  function discard(id) {
    save(items().filter((x) => !byId(id)(x)));
    return flush();
  }
  window.addEventListener('online', flush);
  return { items, add, fix, discard, flush };
}
