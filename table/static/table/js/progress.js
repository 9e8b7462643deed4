/* What the service makes of a deal part way through its plays or tricks (POST .../deals/progress/, the engine's
 * referee): Seep's floor and the moves that fit each card, the trick games' leaders, winners and tally. The page asks
 * after each play and keeps every answer, so a tap uses an answer already fetched (or waits for the one under way).
 * Offline it asks nothing: the page then says what it cannot show rather than work it out itself. */
import { api } from './api.js';
import { network, reachable } from './net.js';

/** An asker for one form: `ask(deal, hinted)` -> a promise of {ok, status, data} (null once the network failed), or
 *  null offline (unless `hinted`: the browser has just said it is back, and this request is how the page finds out)
 *  or without an address; `known(deal)` -> the answer already in, or undefined. `send` is api() (tests give their
 *  own). */
export function progressAsker(url, send = api) {
  const answers = new Map(); // the deal as JSON -> {asked: promise, reply}
  return {
    ask(deal, hinted = false) {
      if (!url) return null;
      const key = JSON.stringify(deal);
      const kept = answers.get(key);
      if (kept) return kept.asked;
      if (network.online === false && hinted !== true) return null;
      const entry = { reply: undefined, asked: null };
      entry.asked = send('POST', url, deal).then(
        (response) => {
          if (response.offline) {
            answers.delete(key);
            return null;
          }
          entry.reply = { ok: response.ok, status: response.status, data: response.data };
          return entry.reply;
        },
        () => {
          answers.delete(key); // asked again once the network is back
          reachable(false);
          return null;
        },
      );
      answers.set(key, entry);
      return entry.asked;
    },
    known(deal) {
      const kept = answers.get(JSON.stringify(deal));
      return kept ? kept.reply : undefined;
    },
  };
}

/** Whether the page is offline as far as it knows (the network badge's state). */
export const offline = () => network.online === false;
