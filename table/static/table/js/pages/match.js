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

function matchPage() {
  const cfg = pageConfig();
  const form = $('#deal-form');
  const fieldsBox = $('#deal-fields');
    let board = null; let gameForm = null; let correcting = null; let dirty = false; let pending = null;
  let asking = null; // the reason box being typed in ({number, action, value}): a live re-render opens it again

  const outbox = createOutbox(`tk-outbox-${cfg.match_id}`, cfg.deals_url, {
    changed: renderOutbox, delivered, refused, settled: () => live.refresh(),
  });

  function renderOutbox() {
    const items = outbox.items();
    const box = $('#outbox');
    box.hidden = !items.length;
    box.replaceChildren(...items.map((item) => h('div', { class: 'queued' }, h('span', { class: 'tag queued' }, 'waiting to send'),
      ` deal dealt by ${item.deal.dealer} (${new Date(item.at).toLocaleTimeString()})`)));
    showNetwork();
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
    gameForm = GAMES[cfg.game].form(state ? Object.assign({}, board.match, { state }) : board.match);
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
    if (!gameForm || (!dirty && !correcting && !pending)) buildForm();
    $('#save-deal').disabled = board.match.status === 'finished' && !correcting;
  }
  const live = liveBoard(cfg, onBoard);

  function delivered(item) {
    if (pending === item.deal.client_deal_id) { pending = null; dirty = false; gameForm = null; }
  }
  function refused(item, body) {
    // Bring the refused deal back into the form, with the rule's message next to its field.
    pending = null;
    if (!correcting) {
      buildForm();
      const copy = Object.assign({}, item.deal);
      delete copy.client_deal_id;
      gameForm.fill(copy);
      dirty = true;
    }
    showErrors(form, body);
  }

  async function submit(event) {
    event.preventDefault();
    clearErrors(form);
    const deal = gameForm.build();
    if (correcting) return submitCorrection(deal);
    deal.client_deal_id = uuid4();
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
