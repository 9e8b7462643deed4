/* The score entry page. The scorer's loop is the page: see who deals (the strip under the bar), enter the deal,
 * see what it will do (the server's own dry run, under the form), save, see the new score (and Undo for a while).
 * Also the outbox, and the deal list with correct, void, confirm and dispute. */
import { $, h, fill, pageConfig, uuid4 } from '../dom.js';
import { api } from '../api.js';
import { clearErrors, showErrors } from '../errors.js';
import { liveBoard } from '../live.js';
import { network, setNet } from '../net.js';
import { createOutbox } from '../outbox.js';
import { renderBoard, renderChart, renderDeals } from '../board.js';
import { playerName, seatingPicture, UNKNOWN_DEALER_HINT } from '../seating.js';
import { GAMES } from '../games/index.js';
import { bringIntoView, keepClearOfStickyBars } from '../sticky.js';
import { nt, numberText, t, timeText } from '../i18n.js';

const PREVIEW_DELAY_MS = 350;

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
  let correcting = null;
  let dirty = false;
  let pending = null;
  let asking = null; // the reason box being typed in ({number, action, value}): a live re-render opens it again
  let previewTimer = null;
  let previewAsked = 0;
  let toastTimer = null;

  let fixing = null; // the client_deal_id of the refused queued deal in the form, being fixed
  // After the scorer's own save (kept, sent, corrected) the next deal's form comes back on screen; a live update
  // never moves the page under a scorer reading the deal list.
  let bringFormBack = false;
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
    const box = $('#outbox');
    box.hidden = !items.length;
    const blocked = items.length && items[0].refused;
    const name = (seat) => (board ? playerName(board.match, seat) : seat);
    box.replaceChildren(
      h('h3', {}, blocked ? TEXT.outboxBlocked : TEXT.outboxTitle(items.length)),
      ...items.map((item, index) =>
        h(
          'div',
          { class: item.refused ? 'queued refused' : 'queued', 'data-queued': item.deal.client_deal_id },
          h(
            'span',
            { class: item.refused ? 'tag refused' : 'tag queued' },
            item.refused ? TEXT.refusedTag : blocked ? TEXT.heldBackTag : TEXT.pendingTag,
          ),
          ` ${TEXT.queuedDeal(name(item.deal.dealer), timeText(item.at))}`,
          item.refused ? h('span', { class: 'err' }, ` ${item.refused.detail || item.refused.code}`) : null,
          index === 0 && item.refused
            ? h(
                'span',
                { class: 'row' },
                h(
                  'button',
                  {
                    type: 'button',
                    class: 'small',
                    'data-action': 'fix-queued',
                    onclick: () => refused(item, item.refused),
                  },
                  TEXT.fix,
                ),
                h(
                  'button',
                  {
                    type: 'button',
                    class: 'small',
                    'data-action': 'discard-queued',
                    onclick: () => discardQueued(item),
                  },
                  TEXT.discard,
                ),
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
    if (fixing === item.deal.client_deal_id) {
      fixing = null;
      buildForm();
    }
    outbox.discard(item.deal.client_deal_id);
  }

  /** The match as the next new deal sees it. With deals still waiting the server has not folded them: the page
   *  proposes only what the board's offline forecast says the rules decide whatever their results (the dealer
   *  where the deal passes on regardless, Contract Rummy's contract by deal number), and leaves the rest for the
   *  scorer to pick, never a guess shown as a fact. */
  function projectedMatch() {
    const queued = outbox.items().filter((item) => item.deal.client_deal_id !== fixing);
    if (!queued.length || fixing) return board.match;
    const forecast = board.offline || {};
    const last = queued[queued.length - 1].deal;
    const state = Object.assign({}, board.match.state);
    state.next_dealer = (forecast.dealer_after && forecast.dealer_after[last.dealer]) || null;
    state.next_dealer_unknown = !state.next_dealer;
    if (board.match.game === 'contract_rummy') state.next_deal = (forecast.next_deals || [])[queued.length - 1] || null;
    return Object.assign({}, board.match, { state, waiting: queued.length });
  }
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
    const match = state ? Object.assign({}, board.match, { state }) : projectedMatch();
    if (match.game === 'contract_rummy' && !match.state.next_deal) {
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
    if (bringFormBack && !state) {
      bringFormBack = false;
      bringIntoView($('#form-title'));
    }
    clearErrors(form);
    dirty = false;
    if (!correcting) $('#form-title').textContent = TEXT.record(nextNumber() + (match.waiting || 0));
    showPreview(null);
  }
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
    dirty = true;
    clearErrors(form);
    askPreview();
    paintSeating();
  });
  form.addEventListener('click', (event) => {
    const button = event.target.closest('button[type=button]');
    if (button && !button.closest('.savebar')) {
      if (button.closest('[data-field="dealer"]')) setTimeout(askDealer); // after the choice has taken it
      dirty = true;
      askPreview();
      paintSeating();
    }
  });

  /** The number the next deal gets: one after the last listed (a voided deal keeps its number). */
  const nextNumber = () =>
    board.deals.length ? board.deals[board.deals.length - 1].number + 1 : board.match.deals_count + 1;

  function onBoard(next, showEarlier) {
    board = next;
    renderBoard($('#board'), board, cfg.game_name);
    renderChart($('#chart'), board);
    renderDeals($('#deals'), board, dealActions, showEarlier);
    $('#save-deal').disabled = board.match.status === 'finished' && !correcting;
    if (!gameForm || (!dirty && !correcting && !pending && !fixing)) buildForm();
    else if (!correcting) showWaitingDealer(projectedMatch());
    paintSeating();
    renderOutbox();
    const head = outbox.items()[0];
    if (head && head.refused && !fixing && !correcting) refused(head, head.refused); // e.g. after a reload
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
    previewBox.classList.toggle('placeholder', !text && !correcting);
    previewBox.replaceChildren(text || (correcting ? '' : TEXT.previewNone), ...(extra ? [extra] : []));
  }
  function clearPreview() {
    previewBox.classList.remove('refused');
    previewBox.replaceChildren();
  }
  function askPreview() {
    hideToastLine();
    clearTimeout(previewTimer);
    previewTimer = setTimeout(runPreview, PREVIEW_DELAY_MS);
  }
  async function runPreview() {
    if (!gameForm || !board) return;
    const asked = ++previewAsked;
    // A form still being filled in a long way (Seep's 48 plays) says what is left, not the count's refusal.
    const waiting = gameForm.waiting && gameForm.waiting();
    if (waiting) {
      showPreview(waiting);
      return;
    }
    const deal = gameForm.build();
    let res;
    try {
      res = correcting
        ? await api(
            'PUT',
            `${cfg.deals_url}${correcting}/?dry_run=true`,
            Object.assign({}, deal, { reason: $('#reason').value || '-' }),
            { 'If-Match': `"${board.match.version}"` },
          )
        : await api('POST', `${cfg.deals_url}?dry_run=true`, deal);
    } catch (_error) {
      // Offline: a new deal is kept on the phone; a correction is not (it needs the network), so it says that.
      if (asked === previewAsked) showPreview(correcting ? TEXT.correctionOffline : TEXT.previewOffline);
      return;
    }
    if (asked !== previewAsked) return; // a newer preview was asked for meanwhile
    if (!res.ok) {
      showPreview(refusalText(res.data), true);
      return;
    }
    if (correcting) showPreview(...correctionPreview(res.data));
    else showPreview(game.preview(res.data));
  }
  const refusalText = (body) =>
    (body && body.errors && body.errors[0] && body.errors[0].detail) || (body && body.detail) || '';
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
    return ['', false, h('details', { class: 'dry-run' }, h('summary', {}, state), list)];
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
    if (pending === item.deal.client_deal_id) {
      pending = null;
      dirty = false;
      gameForm = null;
      bringFormBack = true;
    }
    if (!body || !body.number) return;
    // A dealer the rules did not expect, where the match lets any seat deal (a pick made offline, a slip): kept,
    // and said, with Undo at hand, rather than stored without a word.
    const expected = (body.state_before || {}).next_dealer;
    const dealer = (body.input || {}).dealer;
    if (expected && dealer && dealer !== expected) {
      const name = (seat) => playerName(body.match || board.match, seat);
      showToast(TEXT.otherDealer(body.number, name(dealer), name(expected)), body.number, true);
    } else showToast(TEXT.saved(body.number), body.number);
  }
  function refused(item, body) {
    // Bring the refused deal back into the form, as the board stands before it, with the rule's message next to
    // its field. It stays first in the outbox (the deals after it wait) until saved fixed or discarded.
    pending = null;
    if (correcting || fixing === item.deal.client_deal_id || !board) return;
    fixing = item.deal.client_deal_id;
    buildForm();
    const copy = Object.assign({}, item.deal);
    delete copy.client_deal_id;
    gameForm.fill(copy);
    dirty = true;
    $('#form-title').textContent = TEXT.fixTitle;
    showErrors(form, body);
    clearPreview(); // the refusal is shown once, beside its field
  }
  function rejected(item, body) {
    // Refused as it was saved, online: nothing is queued; the form keeps what was typed, the refusal sits beside
    // its field (issue 17 point 2). The outbox's refused deal is for deals sent later, after being offline.
    if (pending === item.deal.client_deal_id) pending = null;
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
      const res = await api('DELETE', `${cfg.deals_url}${number}/`, { reason: TEXT.undoReason });
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
    if (!gameForm.marks().dealer) {
      // Never kept without a dealer: the server would refuse it later, after the scorer has left the table.
      showErrors(form, { errors: [{ code: 'dealer_unknown', detail: UNKNOWN_DEALER_HINT, field: 'dealer' }] });
      return;
    }
    const deal = gameForm.build();
    if (correcting) return submitCorrection(deal);
    deal.client_deal_id = uuid4();
    if (fixing) {
      const refusedId = fixing;
      fixing = null;
      pending = deal.client_deal_id;
      $('#form-title').textContent = TEXT.recordFixed;
      $('#save-deal').disabled = true;
      await outbox.fix(refusedId, deal);
      $('#save-deal').disabled = false;
      if (pending === deal.client_deal_id) {
        pending = null;
        bringFormBack = true;
        buildForm();
      }
      return;
    }
    pending = deal.client_deal_id;
    $('#save-deal').disabled = true;
    await outbox.send(deal);
    $('#save-deal').disabled = false;
    if (pending === deal.client_deal_id) {
      pending = null; // still queued (offline): free the form for the next deal
      bringFormBack = true;
      buildForm();
      showToast(TEXT.queued, null, true);
    }
  }
  form.addEventListener('submit', submit);

  // ---------- corrections: their own colour and title, a reason, the dry-run diff of the later deals ----------
  async function submitCorrection(deal) {
    const reason = $('#reason').value.trim();
    if (!reason) {
      // Asked on the phone, in the page's words (the server's would be "This field may not be blank.").
      showErrors(form, { errors: [{ code: 'reason_required', detail: TEXT.reasonMissing, field: 'reason' }] });
      $('#reason').focus();
      return;
    }
    const body = Object.assign({}, deal, { reason });
    let res;
    try {
      res = await api('PUT', `${cfg.deals_url}${correcting}/`, body, { 'If-Match': `"${board.match.version}"` });
    } catch (_error) {
      showErrors(form, { code: 'offline', detail: TEXT.correctionOffline, field: null });
      return;
    }
    if (!res.ok) {
      showErrors(form, res.data);
      return;
    }
    const number = correcting;
    bringFormBack = true; // the next deal's form, not the page left mid-form
    endCorrection();
    showToast(TEXT.corrected(number), null);
    await live.refresh();
  }
  function startCorrection(deal) {
    correcting = deal.number;
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
    askPreview();
  }
  function endCorrection() {
    correcting = null;
    $('#entry').classList.remove('correcting');
    $('#correction-note').hidden = true;
    $('#reason-row').hidden = true;
    $('#cancel-correction').hidden = true;
    $('#save-deal').textContent = TEXT.save;
    document.querySelectorAll('.deal.fixing').forEach((el) => el.classList.remove('fixing'));
    gameForm = null;
    if (board) buildForm();
  }
  $('#cancel-correction').addEventListener('click', endCorrection);

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
  renderOutbox();
  outbox.flush();
}

matchPage();
