/* The score entry page: the board, the deal form of the game, the outbox, and the deal list with correct,
 * void, confirm and dispute. */
import { $, h, pageConfig, uuid4 } from '../dom.js';
import { api } from '../api.js';
import { clearErrors, showErrors } from '../errors.js';
import { liveBoard } from '../live.js';
import { network, setNet } from '../net.js';
import { createOutbox } from '../outbox.js';
import { renderBoard, renderChart, renderDeals } from '../board.js';
import { GAMES } from '../games/index.js';
import { seatLabel } from '../seating.js';

function matchPage() {
  const cfg = pageConfig();
  const form = $('#deal-form');
  const fieldsBox = $('#deal-fields');
    let board = null; let gameForm = null; let correcting = null; let dirty = false; let pending = null;
  let asking = null; // the reason box being typed in ({number, action, value}): a live re-render opens it again

  let fixing = null; // the client_deal_id of the refused queued deal in the form, being fixed
  const outbox = createOutbox(`tk-outbox-${cfg.match_id}`, cfg.deals_url, {
    changed: renderOutbox, delivered, refused, settled: () => live.refresh(),
  });

  /** The deals waiting on this phone, in order: pending (not yet sent, or sent and not answered), or refused by the
   *  server and waiting for the scorer's fix, with the deals after it held back. */
  function renderOutbox() {
    const items = outbox.items();
    const box = $('#outbox');
    box.hidden = !items.length;
    const blocked = items.length && items[0].refused;
    const name = (seat) => (board ? seatLabel(board.match, seat) : seat);
    box.replaceChildren(
      h('h3', {}, blocked ? 'Refused: fix it to send the rest' : `Waiting to send (${items.length})`),
      ...items.map((item, index) => h('div', { class: item.refused ? 'queued refused' : 'queued', 'data-queued': item.deal.client_deal_id },
        h('span', { class: item.refused ? 'tag refused' : 'tag queued' }, item.refused ? 'refused' : blocked ? 'held back' : 'pending'),
        ` deal dealt by ${name(item.deal.dealer)} (entered ${new Date(item.at).toLocaleTimeString()})`,
        item.refused ? h('span', { class: 'err' }, ` ${item.refused.detail || item.refused.code}`) : null,
        index === 0 && item.refused ? h('span', { class: 'row' },
          h('button', { type: 'button', class: 'small', 'data-action': 'fix-queued', onclick: () => refused(item, item.refused) }, 'Fix'),
          h('button', { type: 'button', class: 'small', 'data-action': 'discard-queued', onclick: () => discardQueued(item) }, 'Discard')) : null)));
    showNetwork();
  }
  let discardArmed = null;
  function discardQueued(item) {
    // Two taps: a deal typed at the table is not thrown away by a slip of the finger.
    if (discardArmed !== item.deal.client_deal_id) {
      discardArmed = item.deal.client_deal_id;
      const button = $(`[data-queued="${item.deal.client_deal_id}"] [data-action=discard-queued]`);
      if (button) button.textContent = 'Tap again to discard';
      return;
    }
    discardArmed = null;
    if (fixing === item.deal.client_deal_id) { fixing = null; buildForm(); }
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
    const waiting = `${match.waiting} deal${match.waiting > 1 ? 's' : ''} waiting to be sent`;
    line.textContent = match.state.next_dealer
      ? `Next dealer: ${seatLabel(match, match.state.next_dealer)} (after the ${waiting})`
      : `Next dealer: known once the ${waiting} ${match.waiting > 1 ? 'are' : 'is'} scored`;
  }
  function showNetwork() {
    const waiting = outbox.items().length;
    if (network.online === false) setNet(`Offline${waiting ? ` · ${waiting} waiting` : ''}`, true);
    else setNet(waiting ? `Sending ${waiting}…` : '', false);
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
      fieldsBox.replaceChildren(h('p', { class: 'hint' }, 'The match ends with the deals waiting to be sent.'));
      $('#save-deal').disabled = true;
      return;
    }
    gameForm = GAMES[cfg.game].form(match);
    showWaitingDealer(match);
    fieldsBox.replaceChildren(gameForm.el);
    clearErrors(form);
    dirty = false;
  }
  form.addEventListener('input', () => { dirty = true; });
  form.addEventListener('click', (event) => { if (event.target.closest('button[type=button]')) dirty = true; });

  function onBoard(next, showEarlier) {
    board = next;
    renderBoard($('#board'), board, cfg.game_name);
    renderChart($('#chart'), board);
    renderDeals($('#deals'), board, dealActions, showEarlier);
    $('#save-deal').disabled = board.match.status === 'finished' && !correcting;
    if (!gameForm || (!dirty && !correcting && !pending && !fixing)) buildForm();
    else if (!correcting) showWaitingDealer(projectedMatch());
    renderOutbox();
    const head = outbox.items()[0];
    if (head && head.refused && !fixing && !correcting) refused(head, head.refused); // e.g. after a reload
  }
  const live = liveBoard(cfg, onBoard);

  function delivered(item) {
    if (pending === item.deal.client_deal_id) { pending = null; dirty = false; gameForm = null; }
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
    $('#form-title').textContent = 'Fix the refused deal';
    showErrors(form, body);
  }

  async function submit(event) {
    event.preventDefault();
    clearErrors(form);
    const deal = gameForm.build();
    if (correcting) return submitCorrection(deal);
    deal.client_deal_id = uuid4();
    if (fixing) {
      const refusedId = fixing;
      fixing = null; pending = deal.client_deal_id;
      $('#form-title').textContent = 'Record deal';
      $('#save-deal').disabled = true;
      await outbox.fix(refusedId, deal);
      $('#save-deal').disabled = false;
      if (pending === deal.client_deal_id) { pending = null; buildForm(); }
      return;
    }
    pending = deal.client_deal_id;
    outbox.add(deal);
    $('#save-deal').disabled = true;
    await outbox.flush();
    $('#save-deal').disabled = false;
    if (pending === deal.client_deal_id) {
      pending = null; // still queued (offline): free the form for the next deal
      buildForm();
    }
  }
  form.addEventListener('submit', submit);

  async function submitCorrection(deal) {
    const body = Object.assign({}, deal, { reason: $('#reason').value });
    let res;
    try {
      res = await api('PUT', `${cfg.deals_url}${correcting}/`, body, { 'If-Match': `"${board.match.version}"` });
    } catch (error) {
      showErrors(form, { code: 'offline', detail: 'You are offline: a correction needs the network. Try again when it is back.', field: null });
      return;
    }
    if (!res.ok) { showErrors(form, res.data); return; }
    endCorrection();
    await live.refresh();
  }
  function startCorrection(deal) {
    correcting = deal.number;
    $('#form-title').textContent = `Correct deal ${deal.number}`;
    $('#reason-row').hidden = false;
    $('#reason').value = '';
    $('#cancel-correction').hidden = false;
    $('#save-deal').textContent = 'Save correction';
    $('#save-deal').disabled = false;
    buildForm(deal);
    gameForm.fill(deal.input);
    $('#entry').scrollIntoView();
  }
  function endCorrection() {
    correcting = null;
    $('#form-title').textContent = 'Record deal';
    $('#reason-row').hidden = true;
    $('#cancel-correction').hidden = true;
    $('#save-deal').textContent = 'Save deal';
    gameForm = null;
    if (board) buildForm();
  }
  $('#cancel-correction').addEventListener('click', endCorrection);

  /** Buttons under each deal: correct and void for the scorer; confirm and dispute for a seated opponent. */
  function dealActions(deal, answers) {
    const box = h('div', { class: 'actions stack' });
    const row = h('div', { class: 'row' });
    const errors = h('div', { 'data-field': '' });
    const reasonBox = h('div', { class: 'stack', hidden: true, 'data-field': 'reason' });
    const url = `${cfg.deals_url}${deal.number}/`;
    const reasons = {
      void: ['Void deal', (reason) => send('DELETE', url, { reason }, { 'If-Match': `"${board.match.version}"` })],
      dispute: ['Send dispute', (reason) => send('POST', `${url}dispute/`, { reason })],
    };
    const ask = (action, typed = '') => {
      const [label, go] = reasons[action];
      const input = h('input', { name: 'reason', placeholder: 'Reason', maxlength: 500 });
      input.value = typed;
      const keep = () => { asking = { number: deal.number, action, value: input.value }; };
      input.addEventListener('input', keep);
      reasonBox.replaceChildren(input, h('button', { type: 'button', class: 'primary small', 'data-action': 'send', onclick: () => go(input.value) }, label));
      reasonBox.hidden = false;
      keep();
      input.focus();
    };
    const send = async (method, url, body, headers) => {
      try {
        const res = await api(method, url, body, headers);
        if (!res.ok) { showErrors(box, res.data); return; }
        asking = null;
        await live.refresh();
      } catch (error) {
        showErrors(box, { code: 'offline', detail: 'You are offline; try again when the network is back.', field: null });
      }
    };
    row.appendChild(h('button', { type: 'button', class: 'small', 'data-action': 'correct', onclick: () => startCorrection(deal) }, 'Correct'));
    row.appendChild(h('button', { type: 'button', class: 'small', 'data-action': 'void', onclick: () => ask('void') }, 'Void'));
    const answered = answers.some((a) => cfg.my_seats.includes(a.seat) && a.deal_revision === deal.revision);
    const mayAnswer = cfg.my_seats.length && !answered;
    if (mayAnswer) {
      row.appendChild(h('button', { type: 'button', class: 'small', 'data-action': 'confirm', onclick: () => send('POST', `${url}confirm/`, {}) }, 'Confirm'));
      row.appendChild(h('button', { type: 'button', class: 'small', 'data-action': 'dispute', onclick: () => ask('dispute') }, 'Dispute'));
    }
    box.append(row, reasonBox, errors);
    if (asking && asking.number === deal.number && (asking.action === 'void' || mayAnswer)) ask(asking.action, asking.value);
    return box;
  }

  renderOutbox();
  outbox.flush();
}

matchPage();
