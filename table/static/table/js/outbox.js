/* The outbox: deals waiting to be sent, kept in localStorage so a lost network, a closed tab or a reload loses
 * nothing. Each deal carries a client_deal_id made on the page: a retry after a lost answer returns the deal
 * already recorded, so nothing is doubled. Sent in order; a deal the network did not deliver is retried. A deal
 * the server refuses stays first in the queue, marked with the refusal, until the scorer fixes it (fix) or
 * discards it themselves (discard): never dropped, and the deals after it wait, since each was entered after it
 * (its dealer follows from it).
 * A deal saved while the scorer looks at the form (send) is a different case: if the server refuses that very
 * save, the deal leaves the queue and goes back to the form (rejected): it was never "waiting to be sent". Only
 * when its request cannot be delivered does it stay queued like a deal entered offline. */
import { api } from './api.js';
import { reachable } from './net.js';
import { t } from './i18n.js';

const RETRY_MS = 2000;

/**
 * key: the localStorage key of this match's queue; url: where deals are posted.
 * hooks: changed() after the queue changed, delivered(item, body), refused(item, body) (the queue now waits on
 * it), settled() after a flush that emptied the queue or stopped at a refusal; rejected(item, body) when the server
 * refused a deal of send() in answer to that save (the deal is no longer queued).
 */
export function createOutbox(key, url, hooks) {
  let running = null;
  let retry = null;
  let sending = null; // the client_deal_id of the deal send() is saving in front of the scorer, while it waits
  const items = () => {
    try {
      return JSON.parse(localStorage.getItem(key)) || [];
    } catch (_e) {
      return [];
    }
  };
  const save = (list) => {
    localStorage.setItem(key, JSON.stringify(list));
    hooks.changed();
  };
  const scheduleFlush = () => {
    clearTimeout(retry);
    retry = setTimeout(flush, RETRY_MS);
  };
  const byId = (id) => (item) => item.deal.client_deal_id === id;

  /** Send the queue in order. A flush already under way is the one awaited: it reads the queue again after
   *  each deal, so a deal added meanwhile goes with it. */
  function flush() {
    if (!running)
      running = sendQueue().finally(() => {
        running = null;
      });
    return running;
  }
  async function sendQueue() {
    for (let queue = items(); queue.length; queue = items()) {
      const item = queue[0];
      if (item.refused) {
        hooks.refused(item, item.refused);
        break;
      } // waits for the scorer's fix
      let res;
      try {
        res = await api('POST', url, item.deal);
      } catch (_error) {
        sending = null; // not delivered: it waits in the queue as a deal entered offline does
        reachable(false);
        scheduleFlush();
        return;
      }
      reachable(true);
      if (res.status >= 500 || res.status === 429) {
        sending = null;
        scheduleFlush();
        return;
      }
      const wasSent = sending === item.deal.client_deal_id;
      if (wasSent) sending = null;
      if (res.ok) {
        save(items().filter((x) => !byId(item.deal.client_deal_id)(x)));
        hooks.delivered(item, res.data);
      } else {
        const refusal = res.data || {
          code: 'refused',
          detail: t('Refused ({status}).', { status: res.status }),
          field: null,
        };
        if (wasSent) {
          // refused as the scorer saved it: back to the form, the deals after it go on
          save(items().filter((x) => !byId(item.deal.client_deal_id)(x)));
          hooks.rejected(item, refusal);
          continue;
        }
        save(items().map((x) => (byId(item.deal.client_deal_id)(x) ? Object.assign({}, x, { refused: refusal }) : x)));
        hooks.refused(item, refusal);
        break;
      }
    }
    hooks.settled();
  }
  const add = (deal) => save([...items(), { deal, at: Date.now() }]);
  /** Save a deal the scorer has just entered: queued first (a lost network keeps it), then sent with the queue.
   *  A refusal of this save comes back as rejected(), not as a refused deal holding the queue. */
  async function send(deal) {
    add(deal);
    sending = deal.client_deal_id;
    try {
      await flush();
    } finally {
      if (sending === deal.client_deal_id) sending = null; // e.g. held back behind a refused deal
    }
  }
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
  return { items, add, send, fix, discard, flush };
}
