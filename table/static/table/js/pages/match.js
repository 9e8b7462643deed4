/* The score entry page. The scorer's loop is the page: see who deals (the strip under the bar), enter the deal,
 * see what it will do (the server's own dry run, under the form), save, see the new score (and Undo for a while).
 * Also the outbox, and the deal list with correct, void, confirm and dispute. The loop's state, its requests and
 * what it says after each answer are loop.js (no DOM, tested alone); this module wires them to the page. */
import { $, h, fill, pageConfig, uuid4 } from '../dom.js';
import { api } from '../api.js';
import { clearErrors, showErrors } from '../errors.js';
import { liveBoard } from '../live.js';
import { network, setNet } from '../net.js';
import { createOutbox } from '../outbox.js';
import { renderBoard, renderChart, renderDeals } from '../board.js';
import { playerName, seatingPicture, UNKNOWN_DEALER_HINT } from '../seating.js';
import { GAMES, loadGame } from '../games/index.js';
import { bringIntoView, keepClearOfStickyBars } from '../sticky.js';
import { nt, numberText, t, timeText } from '../i18n.js';
import {
  correctionRequest,
  createLoop,
  dealerMissing,
  nextNumber,
  noDealLeft,
  outboxLines,
  previewRequest,
  projectedMatch,
  refusalText,
  savedNote,
  undoRequest,
} from '../loop.js';

const PREVIEW_DELAY_MS = 350;
// How long a save waits for the service's answers about the deal entered before it sends it as it stands.
const SETTLE_MS = 5000;

const TEXT = {
  record: (number) => t('Record deal {number}', { number }),
  recordFixed: t('Record deal'), // while a fixed deal is being sent, before the next one's number is known
  fixTitle: t('Fix the refused deal'),
  correct: (number) => t('Correct deal {number}', { number }),
  correctNote: (number, dealer) =>
    t(
      'You are changing deal {number} (dealt by {dealer}). Later deals are played again with it; a reason is required.',
      { number, dealer },
    ),
  save: t('Save deal'),
  saveCorrection: t('Save correction'),
  corrected: (number) => t('Deal {number} corrected.', { number }),
  reasonMissing: t('Write the reason for the change: it is required.'),
  saved: (number) => t('Deal {number} saved.', { number }),
  otherDealer: (number, dealer, expected) =>
    t(
      'Deal {number} is kept as dealt by {dealer}, but the rules had {expected} deal it: correct it if that was a slip.',
      {
        number,
        dealer,
        expected,
      },
    ),
  queued: t('Saved on this phone: it is sent when the network is back.'),
  undone: (number) => t('Deal {number} undone (voided).', { number }),
  undo: (number) => t('Undo deal {number}', { number }),
  undoReason: t('Undone by the scorer right after saving.'),
  outboxTitle: (count) => nt('{count} deal waiting to send', '{count} deals waiting to send', count),
  outboxBlocked: t('Refused: fix it to send the rest'),
  // The state of a queued deal, a tag in front of its line.
  refusedTag: t('refused'),
  heldBackTag: t('held back'),
  pendingTag: t('pending'),
  queuedDeal: (name, time) => t('deal dealt by {name} (entered {time})', { name, time }),
  fix: t('Fix'),
  discard: t('Discard'),
  discardAgain: t('Tap again to discard'),
  nextDealerAfter: (name, count) =>
    nt(
      'Next dealer: {name} (after the {count} deal waiting to be sent)',
      'Next dealer: {name} (after the {count} deals waiting to be sent)',
      count,
      { name },
    ),
  nextDealerUnknown: (count) =>
    nt(
      'Next dealer: known once the {count} deal waiting to be sent is scored',
      'Next dealer: known once the {count} deals waiting to be sent are scored',
      count,
    ),
  matchEnds: t('The match ends with the deals waiting to be sent.'),
  offline: (count) => (count ? t('Offline · {count} waiting', { count }) : t('Offline')),
  sending: (count) => t('Sending {count}…', { count }),
  previewOffline: t('No preview offline: Save keeps the deal on this phone until the network is back.'),
  previewNone: t('What the deal will do shows here.'),
  changes: (count) => nt('{count} later deal changes:', '{count} later deals change:', count),
  noChanges: t('No later deal changes.'),
  stateChange: (before, after) => t('Match now: {before}; after the change: {after}', { before, after }),
  dealChange: (number, before, after) => t('deal {number}: {before} → {after}', { number, before, after }),
  correctionOffline: t('You are offline: a correction needs the network. Try again when it is back.'),
  actionOffline: t('You are offline; try again when the network is back.'),
  correctButton: t('Correct'),
  voidButton: t('Void'),
  confirmButton: t('Confirm'),
  disputeButton: t('Dispute'),
  voidTitle: (number) => t('Void deal {number}', { number }),
  voidHint: t('The deal stays listed as voided and no longer counts; later deals are played again without it.'),
  reasonLabel: t('Reason (required)'),
  voidSend: (number) => t('Void deal {number}', { number }),
  disputeSend: t('Send dispute'),
  disputeTitle: (number) => t('Dispute deal {number}', { number }),
};

function matchPage() {
  const cfg = pageConfig();
  const game = GAMES[cfg.game];
  const form = $('#deal-form');
  const fieldsBox = $('#deal-fields');
  const previewBox = $('#preview');
  let board = null;
  let gameForm = null;
  const loop = createLoop();
  const st = loop.state; // mode, fixing, correcting, pending, dirty: read here, changed only through loop
  let asking = null; // the reason box being typed in ({number, action, value}): a live re-render opens it again
  let previewTimer = null;
  let previewAsked = 0;
  let toastTimer = null;

  keepClearOfStickyBars([$('.bar'), $('#board')], [$('.savebar')]);
  const outbox = createOutbox(`tk-outbox-${cfg.match_id}`, cfg.deals_url, {
    changed: renderOutbox,
    delivered,
    refused,
    rejected,
    settled: () => live.refresh(),
  });

  /** The deals waiting on this phone, in order: pending (not yet sent, or sent and not answered), or refused by the
   *  server and waiting for the scorer's fix, with the deals after it held back. */
  function renderOutbox() {
    const items = outbox.items();
    const view = outboxLines(items);
    const box = $('#outbox');
    box.hidden = !view.count;
    const name = (seat) => (board ? playerName(board.match, seat) : seat);
    const tags = { refused: TEXT.refusedTag, heldBack: TEXT.heldBackTag, pending: TEXT.pendingTag };
    const button = (action, onclick, text) =>
      h('button', { type: 'button', class: 'small', 'data-action': action, onclick }, text);
    box.replaceChildren(
      h('h3', {}, view.blocked ? TEXT.outboxBlocked : TEXT.outboxTitle(view.count)),
      ...view.lines.map((line, index) =>
        h(
          'div',
          { class: line.refusal !== null ? 'queued refused' : 'queued', 'data-queued': line.id },
          h('span', { class: line.tag === 'refused' ? 'tag refused' : 'tag queued' }, tags[line.tag]),
          ` ${TEXT.queuedDeal(name(line.dealer), timeText(line.at))}`,
          line.refusal !== null ? h('span', { class: 'err' }, ` ${line.refusal}`) : null,
          line.fixable
            ? h(
                'span',
                { class: 'row' },
                button('fix-queued', () => refused(items[index], items[index].refused), TEXT.fix),
                button('discard-queued', () => discardQueued(items[index]), TEXT.discard),
              )
            : null,
        ),
      ),
    );
    showNetwork();
  }
  let discardArmed = null;
  function discardQueued(item) {
    // Two taps: a deal typed at the table is not thrown away by a slip of the finger.
    if (discardArmed !== item.deal.client_deal_id) {
      discardArmed = item.deal.client_deal_id;
      const button = $(`[data-queued="${item.deal.client_deal_id}"] [data-action=discard-queued]`);
      if (button) button.textContent = TEXT.discardAgain;
      return;
    }
    discardArmed = null;
    if (loop.discarded(item.deal.client_deal_id)) buildForm();
    outbox.discard(item.deal.client_deal_id);
  }

  /** The match as the next new deal sees it: the board's, or with deals waiting, what the server's offline
   *  forecast knows of the next one (loop.js projectedMatch). */
  const nextDealMatch = () =>
    projectedMatch(
      board.match,
      board.offline,
      outbox.items().map((item) => item.deal),
      st.fixing,
    );
  /** The board's "next dealer" is the server's, before the waiting deals: say so, with what the rules decide. */
  function showWaitingDealer(match) {
    const line = $('#next-dealer');
    if (!line || !match.waiting) return;
    line.textContent = match.state.next_dealer
      ? TEXT.nextDealerAfter(playerName(match, match.state.next_dealer), match.waiting)
      : TEXT.nextDealerUnknown(match.waiting);
  }
  function showNetwork() {
    const waiting = outbox.items().length;
    if (network.online === false) setNet(TEXT.offline(waiting), true);
    else setNet(waiting ? TEXT.sending(waiting) : '', false);
  }
  network.onChange = showNetwork;

  /** The form of a new deal reads the match's state; a correction reads the state the corrected deal was played
   *  in (its state_before): the seats still in, the pack and hand size, the contract of that deal. */
  function buildForm(deal) {
    const state = deal && deal.state_before;
    // The engine's entry facts under this match's settings (the board's entry) go with the match to the form.
    // The form asks the service what a deal part way through its plays or tricks comes to (a correction in the
    // state the deal was played in).
    const progressUrl = `${cfg.deals_url}progress/${deal && state ? `?before_deal=${deal.number}` : ''}`;
    const match = Object.assign({}, state ? Object.assign({}, board.match, { state }) : nextDealMatch(), {
      entry: board.entry,
      progress_url: progressUrl,
    });
    if (!state && noDealLeft(match)) {
      // Offline, with the match's last deal already waiting: there is no further deal to enter.
      gameForm = null;
      fieldsBox.replaceChildren(h('p', { class: 'hint' }, TEXT.matchEnds));
      $('#save-deal').disabled = true;
      return;
    }
    gameForm = game.form(match);
    showWaitingDealer(match);
    fieldsBox.replaceChildren(gameForm.el);
    askDealer();
    paintSeating(); // the new deal's dealer and bidder, not the last deal's
    if (!state && loop.takeBringBack()) bringFormIntoView();
    clearErrors(form);
    loop.formBuilt();
    if (!st.correcting) $('#form-title').textContent = TEXT.record(nextNumber(board) + (match.waiting || 0));
    showPreview(null);
  }
  /** The form's title and its first field between the bars (at 200% text the headline can push the field under
   *  the save bar): the scorer starts a deal without scrolling. */
  const bringFormIntoView = () => {
    const first = [...fieldsBox.querySelectorAll('button, input:not([type=hidden]), select')].find(
      (el) => el.getBoundingClientRect().height > 0 && !el.closest('details:not([open])'),
    );
    bringIntoView($('#form-title'), first);
  };
  /** Offline, when the server's forecast does not know who deals next, the form asks for the dealer first and shows
   *  nothing that follows from one (who bids or calls first, which team, the sweeps' teams): no guess as a fact. */
  function askDealer() {
    const asking = Boolean(gameForm) && !gameForm.marks().dealer;
    fieldsBox.classList.toggle('asking-dealer', asking);
    const hint = $('#dealer-ask');
    if (hint) hint.remove();
    if (!asking) return;
    const dealerField = $('[data-field="dealer"]', fieldsBox);
    dealerField.appendChild(h('p', { class: 'hint', id: 'dealer-ask' }, UNKNOWN_DEALER_HINT));
    if (dealerField.tagName === 'DETAILS') dealerField.open = true;
  }
  // A refusal stays beside its field, with what was typed, until the scorer changes the deal.
  form.addEventListener('input', () => {
    loop.typed();
    clearErrors(form);
    askPreview();
    paintSeating();
  });
  form.addEventListener('click', (event) => {
    const button = event.target.closest('button[type=button]');
    if (button && !button.closest('.savebar')) {
      if (button.closest('[data-field="dealer"]')) setTimeout(askDealer); // after the choice has taken it
      loop.typed();
      askPreview();
      paintSeating();
    }
  });

  function onBoard(next, showEarlier) {
    board = next;
    renderBoard($('#board'), board, cfg.game_name);
    renderChart($('#chart'), board);
    renderDeals($('#deals'), board, dealActions, showEarlier);
    $('#save-deal').disabled = board.match.status === 'finished' && !st.correcting;
    if (!gameForm || loop.mayRebuild()) buildForm();
    else if (!st.correcting) showWaitingDealer(nextDealMatch());
    paintSeating();
    renderOutbox();
    const head = outbox.items()[0];
    if (head && head.refused && !st.fixing && !st.correcting) refused(head, head.refused); // e.g. after a reload
  }

  /** The table as this deal has it: the dealer and the bidder the form names, the seats out of the match faded. */
  function paintSeating() {
    if (!board || !gameForm) return;
    const m = board.match;
    const out = new Set(
      m.state.active_seats ? m.seats.map((s) => s.seat).filter((s) => !m.state.active_seats.includes(s)) : [],
    );
    const marks = gameForm.marks();
    if (!marks.dealer) marks.bidder = null; // the bidder follows from the dealer, still to be picked
    fill(
      $('#seating-box'),
      seatingPicture(m, Object.assign({ out, direction: cfg.game_facts[cfg.game].turn_direction }, marks)),
    );
  }

  // ---------- the preview: the server's own dry run of the deal as it stands ----------
  function showPreview(text, refused = false, extra = null) {
    previewBox.classList.toggle('refused', refused);
    previewBox.classList.toggle('placeholder', !text && !st.correcting);
    previewBox.replaceChildren(text || (st.correcting ? '' : TEXT.previewNone), ...(extra ? [extra] : []));
  }
  function clearPreview() {
    previewBox.classList.remove('refused');
    previewBox.replaceChildren();
  }
  /** Resolves once the service's answers still coming about the deal entered are in (at most SETTLE_MS): a trick
   *  is sent from its leader, whom they name, and a Seep card tapped is recorded with the move they offer, so a save
   *  or a dry run waits for them. */
  const answersIn = () =>
    gameForm && gameForm.settled
      ? Promise.race([gameForm.settled(), new Promise((done) => setTimeout(done, SETTLE_MS))])
      : Promise.resolve();
  function askPreview() {
    hideToastLine();
    clearTimeout(previewTimer);
    previewTimer = setTimeout(runPreview, PREVIEW_DELAY_MS);
  }
  async function runPreview() {
    if (!gameForm || !board) return;
    const asked = ++previewAsked;
    await answersIn(); // else it would refuse tricks in an order not yet known, or a card tapped not yet recorded
    if (asked !== previewAsked || !gameForm) return;
    // A form still being filled in a long way (Seep's 48 plays) says what is left, not the count's refusal.
    const waiting = gameForm.waiting && gameForm.waiting();
    if (waiting) {
      showPreview(waiting);
      return;
    }
    const ask = previewRequest({
      dealsUrl: cfg.deals_url,
      deal: gameForm.build(),
      correcting: st.correcting,
      reason: $('#reason').value,
      version: board.match.version,
    });
    let res;
    try {
      res = await api(ask.method, ask.url, ask.body, ask.headers);
    } catch (_error) {
      // Offline: a new deal is kept on the phone; a correction is not (it needs the network), so it says that.
      if (asked === previewAsked) showPreview(st.correcting ? TEXT.correctionOffline : TEXT.previewOffline);
      return;
    }
    if (asked !== previewAsked) return; // a newer preview was asked for meanwhile
    if (!res.ok) {
      showPreview(refusalText(res.data), true);
      return;
    }
    if (st.correcting) showPreview(...correctionPreview(res.data));
    else showPreview(game.preview(res.data));
  }
  /** A correction's or void's dry run: the match's state before and after, and each later deal that changes. */
  function correctionPreview(answer) {
    const line = (state) => game.stateLine(state, board.match); // by name where the game lists players
    const state = TEXT.stateChange(line(answer.state.before), line(answer.state.after));
    const changed = answer.changed_deals || [];
    // One line or two over the save bar: the match before and after, the later deals folded under it, so the dry
    // run never covers the field being corrected and its reason.
    const list = h(
      'div',
      { class: 'changes', id: 'later-changes' },
      changed.length ? TEXT.changes(changed.length) : TEXT.noChanges,
      changed.length
        ? h(
            'ul',
            {},
            changed.map((c) =>
              h('li', {}, TEXT.dealChange(c.deal_number, shortResult(c.before), shortResult(c.after))),
            ),
          )
        : null,
    );
    // Opened by the scorer, it stays open when a later keystroke's dry run replaces it.
    const opened = Boolean(previewBox.querySelector('details.dry-run[open]'));
    return ['', false, h('details', { class: 'dry-run', open: opened }, h('summary', {}, state), list)];
  }
  /** A later deal's result in the game's own words; a part-result (only what changed) in plain key words (the
   *  API's field names, which the glossaries keep as they are), its numbers in the page's digits. */
  function shortResult(result) {
    try {
      return game.resultLine(result, board.match);
    } catch (_error) {
      const flat = (v) =>
        v && typeof v === 'object'
          ? Object.entries(v)
              .map(([k, x]) => `${k.replace(/_/g, ' ')} ${flat(x)}`)
              .join(' ')
          : numberText(v);
      return flat(Object.fromEntries(Object.entries(result || {}).filter(([k]) => k !== 'deal_number')));
    }
  }

  // ---------- saving, the saved toast and Undo ----------
  function delivered(item, body) {
    if (loop.delivered(item.deal.client_deal_id)) gameForm = null;
    const note = savedNote(body);
    if (!note) return;
    // A dealer the rules did not expect, where the match lets any seat deal (a pick made offline, a slip): kept,
    // and said, with Undo at hand, rather than stored without a word.
    const name = (seat) => playerName(body.match || board.match, seat);
    if (note.kind === 'otherDealer')
      showToast(TEXT.otherDealer(note.number, name(note.dealer), name(note.expected)), note.number, true);
    else showToast(TEXT.saved(note.number), note.number);
  }
  function refused(item, body) {
    // Bring the refused deal back into the form, as the board stands before it, with the rule's message next to
    // its field. It stays first in the outbox (the deals after it wait) until saved fixed or discarded.
    if (!board) return loop.rejected(item.deal.client_deal_id); // brought back by onBoard once the board is in
    if (!loop.refused(item.deal.client_deal_id)) return;
    buildForm();
    const copy = Object.assign({}, item.deal);
    delete copy.client_deal_id;
    gameForm.fill(copy);
    loop.typed();
    $('#form-title').textContent = TEXT.fixTitle;
    showErrors(form, body);
    clearPreview(); // the refusal is shown once, beside its field
  }
  function rejected(item, body) {
    // Refused as it was saved, online: nothing is queued; the form keeps what was typed, the refusal sits beside
    // its field (issue 17 point 2). The outbox's refused deal is for deals sent later, after being offline.
    loop.rejected(item.deal.client_deal_id);
    showErrors(form, body);
    clearPreview(); // the refusal is shown once, beside its field (the dry run had it too)
  }
  /** The saved toast over the form: its line until the next deal is begun, its Undo for undo_seconds. */
  function showToast(text, number, warn = false) {
    const toast = $('#toast');
    toast.textContent = text;
    toast.classList.toggle('warn', warn);
    toast.hidden = false;
    previewBox.hidden = true;
    const undo = $('#undo-deal');
    if (number) {
      undo.textContent = TEXT.undo(number);
      undo.onclick = () => undoDeal(number);
      undo.hidden = false;
      clearTimeout(toastTimer);
      toastTimer = setTimeout(() => {
        undo.hidden = true;
        toast.hidden = true;
        previewBox.hidden = false;
      }, cfg.undo_seconds * 1000);
    } else {
      undo.hidden = true;
    }
  }
  /** The next deal begun (a tap or a key in its form): the saved line and its Undo go, so Undo never stands beside
   *  a deal it would not undo. */
  function hideToastLine() {
    $('#toast').hidden = true;
    $('#undo-deal').hidden = true;
    clearTimeout(toastTimer);
    previewBox.hidden = false;
  }
  async function undoDeal(number) {
    try {
      const ask = undoRequest(cfg.deals_url, number, TEXT.undoReason);
      const res = await api(ask.method, ask.url, ask.body);
      if (!res.ok) {
        showToast(refusalText(res.data), null, true);
        return;
      }
      showToast(TEXT.undone(number), null);
      await live.refresh();
    } catch (_error) {
      showToast(TEXT.actionOffline, null, true);
    }
  }

  async function submit(event) {
    event.preventDefault();
    clearErrors(form);
    clearTimeout(previewTimer);
    if (dealerMissing(gameForm.marks())) {
      // Never kept without a dealer: the server would refuse it later, after the scorer has left the table.
      showErrors(form, { errors: [{ code: 'dealer_unknown', detail: UNKNOWN_DEALER_HINT, field: 'dealer' }] });
      return;
    }
    const deal = await answeredDeal();
    if (st.correcting) return submitCorrection(deal);
    deal.client_deal_id = uuid4();
    const refusedId = st.fixing;
    loop.saving(deal.client_deal_id);
    $('#save-deal').disabled = true;
    if (refusedId) {
      $('#form-title').textContent = TEXT.recordFixed;
      await outbox.fix(refusedId, deal);
    } else await outbox.send(deal);
    $('#save-deal').disabled = false;
    // Still queued (offline), or fixed and sent on: free the form for the next deal.
    if (loop.saveEnded(deal.client_deal_id)) {
      buildForm();
      if (!refusedId) showToast(TEXT.queued, null, true);
    }
  }
  form.addEventListener('submit', submit);
  /** The deal as entered, once the answers still coming about it are in. Save is held meanwhile, so a
   *  second tap does not save it twice. */
  async function answeredDeal() {
    $('#save-deal').disabled = true;
    await answersIn();
    $('#save-deal').disabled = false;
    return gameForm.build();
  }

  // ---------- corrections: their own colour and title, a reason, the dry-run diff of the later deals ----------
  async function submitCorrection(deal) {
    const ask = correctionRequest({
      dealsUrl: cfg.deals_url,
      deal,
      correcting: st.correcting,
      reason: $('#reason').value,
      version: board.match.version,
    });
    if (ask.refusal) {
      // Asked on the phone, in the page's words (the server's would be "This field may not be blank.").
      showErrors(form, { errors: [Object.assign({ detail: TEXT.reasonMissing }, ask.refusal)] });
      $('#reason').focus();
      return;
    }
    let res;
    try {
      res = await api(ask.method, ask.url, ask.body, ask.headers);
    } catch (_error) {
      showErrors(form, { code: 'offline', detail: TEXT.correctionOffline, field: null });
      return;
    }
    if (!res.ok) {
      showErrors(form, res.data);
      return;
    }
    const number = st.correcting;
    endCorrection(true); // the next deal's form brought back, not the page left mid-form
    showToast(TEXT.corrected(number), null);
    await live.refresh();
  }
  function startCorrection(deal) {
    loop.startCorrection(deal.number);
    $('#entry').classList.add('correcting');
    $('#form-title').textContent = TEXT.correct(deal.number);
    $('#correction-note').textContent = TEXT.correctNote(deal.number, playerName(board.match, deal.input.dealer));
    $('#correction-note').hidden = false;
    $('#reason-row').hidden = false;
    $('#reason').value = '';
    $('#cancel-correction').hidden = false;
    $('#save-deal').textContent = TEXT.saveCorrection;
    $('#save-deal').disabled = false;
    buildForm(deal);
    gameForm.fill(deal.input);
    document.querySelectorAll('.deal.fixing').forEach((el) => el.classList.remove('fixing'));
    const listed = $(`#deal-${deal.number}`);
    if (listed) listed.classList.add('fixing');
    window.scrollTo(0, 0);
    bringFormIntoView(); // at 200% text the top of the page is the headline: the field is brought on screen
    askPreview();
  }
  function endCorrection(saved = false) {
    loop.endCorrection(saved);
    $('#entry').classList.remove('correcting');
    $('#correction-note').hidden = true;
    $('#reason-row').hidden = true;
    $('#cancel-correction').hidden = true;
    $('#save-deal').textContent = TEXT.save;
    document.querySelectorAll('.deal.fixing').forEach((el) => el.classList.remove('fixing'));
    gameForm = null;
    if (board) buildForm();
  }
  $('#cancel-correction').addEventListener('click', () => endCorrection());

  /** Buttons under each deal: correct and void for the scorer; confirm and dispute for a seated opponent. A void
   *  asks for its reason in a box of the correction's colour, with the dry run of what it changes. */
  function dealActions(deal, answers) {
    const box = h('div', { class: 'actions stack' });
    const row = h('div', { class: 'row' });
    const errors = h('div', { 'data-field': '' });
    const reasonBox = h('div', { class: 'stack', hidden: true, 'data-field': 'reason' });
    const url = `${cfg.deals_url}${deal.number}/`;
    const reasons = {
      void: [
        TEXT.voidTitle(deal.number),
        TEXT.voidSend(deal.number),
        (reason) => send('DELETE', url, { reason }, { 'If-Match': `"${board.match.version}"` }),
      ],
      dispute: [
        TEXT.disputeTitle(deal.number),
        TEXT.disputeSend,
        (reason) => send('POST', `${url}dispute/`, { reason }),
      ],
    };
    const ask = (action, typed = '') => {
      const [title, label, go] = reasons[action];
      const input = h('input', { name: 'reason', maxlength: 500, autocomplete: 'off', id: `reason-${deal.number}` });
      input.value = typed;
      const keep = () => {
        asking = { number: deal.number, action, value: input.value };
      };
      input.addEventListener('input', keep);
      const diff = h('p', { class: 'preview', role: 'status', id: `void-preview-${deal.number}` });
      reasonBox.className = action === 'void' ? 'stack void-box' : 'stack';
      reasonBox.replaceChildren(
        h('strong', {}, title),
        action === 'void' ? h('p', { class: 'hint' }, TEXT.voidHint) : null,
        h('label', { for: input.id }, TEXT.reasonLabel),
        input,
        action === 'void' ? diff : null,
        h(
          'button',
          { type: 'button', class: 'primary', 'data-action': 'send', onclick: () => sendReason(input, go) },
          label,
        ),
      );
      reasonBox.hidden = false;
      keep();
      input.focus();
      if (action === 'void') previewVoid(url, diff);
    };
    const sendReason = (input, go) => {
      if (input.value.trim()) return go(input.value.trim());
      showErrors(box, { errors: [{ code: 'reason_required', detail: TEXT.reasonMissing, field: 'reason' }] });
      input.focus();
    };
    const send = async (method, target, body, headers) => {
      try {
        const res = await api(method, target, body, headers);
        if (!res.ok) {
          showErrors(box, res.data);
          return;
        }
        asking = null;
        await live.refresh();
      } catch (_error) {
        showErrors(box, { code: 'offline', detail: TEXT.actionOffline, field: null });
      }
    };
    row.appendChild(
      h(
        'button',
        { type: 'button', class: 'small', 'data-action': 'correct', onclick: () => startCorrection(deal) },
        TEXT.correctButton,
      ),
    );
    row.appendChild(
      h(
        'button',
        { type: 'button', class: 'small', 'data-action': 'void', onclick: () => ask('void') },
        TEXT.voidButton,
      ),
    );
    const answered = answers.some((a) => cfg.my_seats.includes(a.seat) && a.deal_revision === deal.revision);
    const mayAnswer = cfg.my_seats.length && !answered;
    if (mayAnswer) {
      row.appendChild(
        h(
          'button',
          {
            type: 'button',
            class: 'small',
            'data-action': 'confirm',
            onclick: () => send('POST', `${url}confirm/`, {}),
          },
          TEXT.confirmButton,
        ),
      );
      row.appendChild(
        h(
          'button',
          { type: 'button', class: 'small', 'data-action': 'dispute', onclick: () => ask('dispute') },
          TEXT.disputeButton,
        ),
      );
    }
    box.append(row, reasonBox, errors);
    if (asking && asking.number === deal.number && (asking.action === 'void' || mayAnswer))
      ask(asking.action, asking.value);
    return box;
  }
  async function previewVoid(url, into) {
    try {
      const res = await api('DELETE', `${url}?dry_run=true`, { reason: '-' });
      if (res.ok)
        into.replaceChildren(
          ...correctionPreview(res.data)
            .filter((part) => part && part !== true)
            .map((part) => (typeof part === 'string' ? h('span', {}, part) : part)),
        );
    } catch (_error) {
      into.textContent = TEXT.actionOffline;
    }
  }

  // Started last: the board inlined in the page is painted at once (onBoard runs now), with everything it calls
  // already defined (a refused deal kept from before a reload is brought back into the form from here).
  const live = liveBoard(cfg, onBoard);
  bringFormIntoView(); // opened at a large text size, the page starts at the form (at the usual sizes it is in view)
  renderOutbox();
  outbox.flush();
}

const pageGame = pageConfig();
await loadGame(pageGame.game, pageGame.game_module); // the server names the game's module
matchPage();
