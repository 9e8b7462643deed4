/* The outbox: deals waiting to be sent, kept in localStorage so a lost network, a closed tab or a reload loses
 * nothing. Each deal carries a client_deal_id made on the page: a retry after a lost answer returns the deal
 * already recorded, so nothing is doubled. Sent in order; a deal the network did not deliver is retried. */
import { api } from './api.js';
import { reachable } from './net.js';

const RETRY_MS = 2000;

/**
 * key: the localStorage key of this match's queue; url: where deals are posted.
 * hooks: changed() after the queue changed, delivered(item, body), refused(item, body), settled() after a flush.
 */
export function createOutbox(key, url, hooks) {
  let flushing = false; let retry = null;
  const items = () => { try { return JSON.parse(localStorage.getItem(key)) || []; } catch (e) { return []; } };
  const save = (list) => { localStorage.setItem(key, JSON.stringify(list)); hooks.changed(); };
  const scheduleFlush = () => { clearTimeout(retry); retry = setTimeout(flush, RETRY_MS); };

  async function flush() {
    if (flushing) return;
    flushing = true;
    try {
      for (let queue = items(); queue.length; queue = items()) {
        const item = queue[0];
        let res;
        try {
          res = await api('POST', url, item.deal);
        } catch (error) {
          reachable(false); scheduleFlush(); return;
        }
        reachable(true);
        if (res.status >= 500 || res.status === 429) { scheduleFlush(); return; }
        save(items().filter((x) => x.deal.client_deal_id !== item.deal.client_deal_id));
        if (res.ok) hooks.delivered(item, res.data);
        else hooks.refused(item, res.data);
      }
    } finally {
      flushing = false;
    }
    hooks.settled();
  }
  const add = (deal) => save([...items(), { deal, at: Date.now() }]);
  window.addEventListener('online', flush);
  return { items, add, flush };
}
