/* The scorer's loop as state, with no DOM: what the entry page is doing (a new deal, a refused queued deal being
 * fixed, a listed deal being corrected, a save under way), what the next deal is as far as the server's forecast
 * knows it, which request a preview, a save, a correction or an Undo makes, and what the page says after each
 * answer. pages/match.js wires it to the page; node --test (tests/js/loop.test.mjs) runs it alone.
 * Nothing here knows a game's rules: the dealer and the contract of a deal entered offline are the board's
 * `offline` forecast (the engines'), never worked out here. */

/** The scorer's loop. `mode` is 'entry' (a new deal), 'fixing' (a refused queued deal back in the form) or
 *  'correcting' (a listed deal); `pending` is the client_deal_id of the save under way; `dirty` says the form holds
 *  typing a live update must not throw away; `bringFormBack` asks for the next deal's form to be brought into view
 *  after the scorer's own save (never after a live update). */
export function createLoop() {
  const state = { mode: 'entry', fixing: null, correcting: null, pending: null, dirty: false, bringFormBack: false };
  return {
    state,
    /** A live board may rebuild the form only when nothing typed or under way would be lost. */
    mayRebuild: () => !state.dirty && state.mode === 'entry' && !state.pending,
    typed() {
      state.dirty = true;
    },
    formBuilt() {
      state.dirty = false;
    },
    /** Save pressed on a new deal (or a fixed one): the deal's id is now the save under way. */
    saving(clientDealId) {
      if (state.mode === 'fixing') {
        state.fixing = null;
        state.mode = 'entry';
      }
      state.pending = clientDealId;
    },
    /** The save's request ended without an answer about this deal (kept offline): the form is free for the next. */
    saveEnded(clientDealId) {
      if (state.pending !== clientDealId) return false;
      state.pending = null;
      state.bringFormBack = true;
      return true;
    },
    /** The server recorded a queued deal. True where it was the scorer's own save, whose form then starts over. */
    delivered(clientDealId) {
      if (state.pending !== clientDealId) return false;
      state.pending = null;
      state.dirty = false;
      state.bringFormBack = true;
      return true;
    },
    /** The server refused the first queued deal: it comes back into the form to be fixed, unless a correction is
     *  open or it is already there. True where the page should put it in the form. */
    refused(clientDealId) {
      state.pending = null;
      if (state.mode === 'correcting' || state.fixing === clientDealId) return false;
      state.mode = 'fixing';
      state.fixing = clientDealId;
      state.dirty = true;
      return true;
    },
    /** The server refused the scorer's save as it was made: the form keeps what was typed. */
    rejected(clientDealId) {
      if (state.pending === clientDealId) state.pending = null;
    },
    /** The refused deal in the form was discarded from the outbox. True where the form must start over. */
    discarded(clientDealId) {
      if (state.fixing !== clientDealId) return false;
      state.fixing = null;
      state.mode = 'entry';
      return true;
    },
    startCorrection(number) {
      state.mode = 'correcting';
      state.correcting = number;
      state.fixing = null;
    },
    /** The correction saved (`saved`) or cancelled: back to a new deal. */
    endCorrection(saved = false) {
      state.mode = 'entry';
      state.correcting = null;
      state.dirty = false;
      if (saved) state.bringFormBack = true;
    },
    /** Whether the form should be brought into view now (asked once after the scorer's own save). */
    takeBringBack() {
      const bring = state.bringFormBack;
      state.bringFormBack = false;
      return bring;
    },
  };
}

/** The match as the next new deal sees it. With deals still waiting (all but the one being fixed) the server has
 *  not folded them: from the board's `offline` forecast, the dealer where it says who deals after the last queued
 *  deal, and the state's next deal where it schedules deals (null there: the match ends with the queued deals).
 *  Anything else is left unknown, for the scorer to pick: never a guess shown as a fact. */
export function projectedMatch(match, forecast, queuedDeals, fixing = null) {
  const queued = queuedDeals.filter((deal) => deal.client_deal_id !== fixing);
  if (!queued.length || fixing) return match;
  const { dealer_after: dealerAfter, next_deals: nextDeals } = forecast || {};
  const last = queued[queued.length - 1];
  const state = Object.assign({}, match.state);
  state.next_dealer = (dealerAfter && dealerAfter[last.dealer]) || null;
  state.next_dealer_unknown = !state.next_dealer;
  if (Array.isArray(nextDeals)) {
    state.next_deal = nextDeals[queued.length - 1] || null;
    state.match_over = !state.next_deal;
  }
  return Object.assign({}, match, { state, waiting: queued.length });
}

/** No further deal to enter: offline, with the match's last deal already waiting, or where the state schedules its
 *  deals (a `next_deal` key) and has none left. */
export const noDealLeft = (match) =>
  (Boolean(match.waiting) && Boolean(match.state.match_over)) || ('next_deal' in match.state && !match.state.next_deal);

/** The number the next deal gets: one after the last listed (a voided deal keeps its number). */
export const nextNumber = (board) =>
  board.deals.length ? board.deals[board.deals.length - 1].number + 1 : board.match.deals_count + 1;

/** The deals waiting on this phone as lines to show: each one's tag (refused, held back behind a refusal, or
 *  pending), its dealer and time, the refusal's words, and whether Fix and Discard are offered (the first only). */
export function outboxLines(items) {
  const blocked = Boolean(items.length && items[0].refused);
  return {
    blocked,
    count: items.length,
    lines: items.map((item, index) => ({
      id: item.deal.client_deal_id,
      tag: item.refused ? 'refused' : blocked ? 'heldBack' : 'pending',
      dealer: item.deal.dealer,
      at: item.at,
      refusal: item.refused ? item.refused.detail || item.refused.code : null,
      fixable: index === 0 && Boolean(item.refused),
    })),
  };
}

/** The dry run of the deal as it stands: a correction's PUT (with its reason, or a placeholder: the dry run does
 *  not need one yet) against the board's version, or a new deal's POST. */
export function previewRequest({ dealsUrl, deal, correcting, reason, version }) {
  if (correcting)
    return {
      method: 'PUT',
      url: `${dealsUrl}${correcting}/?dry_run=true`,
      body: Object.assign({}, deal, { reason: reason || '-' }),
      headers: { 'If-Match': `"${version}"` },
    };
  return { method: 'POST', url: `${dealsUrl}?dry_run=true`, body: deal, headers: undefined };
}

/** A correction's save, or the refusal that stops it on the phone: a blank reason (said in the page's words,
 *  the server's would be "This field may not be blank."). */
export function correctionRequest({ dealsUrl, deal, correcting, reason, version }) {
  const why = (reason || '').trim();
  if (!why) return { refusal: { code: 'reason_required', field: 'reason' } };
  return {
    method: 'PUT',
    url: `${dealsUrl}${correcting}/`,
    body: Object.assign({}, deal, { reason: why }),
    headers: { 'If-Match': `"${version}"` },
  };
}

/** Undo of the deal just saved: a void with the scorer's reason. */
export const undoRequest = (dealsUrl, number, reason) => ({
  method: 'DELETE',
  url: `${dealsUrl}${number}/`,
  body: { reason },
});

/** A deal is never kept without a dealer: the server would refuse it later, after the scorer has left the table. */
export const dealerMissing = (marks) => !marks.dealer;

/** What the page says once a deal is recorded: saved, or kept as dealt by a seat the rules did not expect (a pick
 *  made offline, a slip), said rather than stored without a word. */
export function savedNote(body) {
  if (!body || !body.number) return null;
  const expected = (body.state_before || {}).next_dealer;
  const dealer = (body.input || {}).dealer;
  if (expected && dealer && dealer !== expected) return { kind: 'otherDealer', number: body.number, dealer, expected };
  return { kind: 'saved', number: body.number };
}

/** The words of a refusal: the first error's, else the body's. */
export const refusalText = (body) =>
  (body && body.errors && body.errors[0] && body.errors[0].detail) || (body && body.detail) || '';
