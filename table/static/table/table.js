/* The live table's script. No build step, no libraries, nothing from the network but our own API.
 *
 * Every write goes through the JSON API with fetch() (session cookie + CSRF token), so the page and any other
 * client share one code path. Deals are posted from an outbox kept in localStorage, each with a client_deal_id
 * made here: a retry after a lost answer returns the deal already recorded, so nothing is lost or doubled.
 */
(function () {
  'use strict';
  const TK = (window.TK = {});

  // ---------- small helpers ----------
  const $ = (selector, root) => (root || document).querySelector(selector);
  function h(tag, attrs, ...children) {
    const el = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key.startsWith('on')) el.addEventListener(key.slice(2), value);
      else if (key === 'class') el.className = value;
      else if (key === 'style') el.style.cssText = value; // CSSOM: allowed by the CSP, a style attribute is not
      else el.setAttribute(key, value === true ? '' : value);
    }
    for (const child of children.flat()) {
      if (child !== null && child !== undefined && child !== false) {
        el.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
      }
    }
    return el;
  }
  /** Replace a box's children; arrays are flattened and null/false skipped (as in h()). */
  const fill = (box, ...children) => box.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
  const pageConfig = () => JSON.parse($('#page-config').textContent);
  const csrfToken = () => ($('meta[name=csrf-token]') || {}).content || '';
  const num = (value) => { const text = String(value).trim(); return /^-?\d+$/.test(text) ? parseInt(text, 10) : text; };
  const cardList = (text) => (text.trim() ? text.trim().split(/[\s,]+/) : []);
  const words = (key) => key.replace(/_/g, ' ');
  const TRUMPS = [['clubs', '♣ clubs'], ['diamonds', '♦ diamonds'], ['hearts', '♥ hearts'], ['spades', '♠ spades']];
  const GAME_NAMES = { seep: 'Seep', fifty_six: '56', bid_euchre: 'Bid Euchre', contract_rummy: 'Contract Rummy' };
  const COLORS = ['#1d4ed8', '#c2410c', '#15803d', '#7c3aed', '#be123c', '#0e7490', '#a16207', '#4b5563'];

  function uuid4() {
    const b = crypto.getRandomValues(new Uint8Array(16));
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    const x = Array.from(b, (v) => v.toString(16).padStart(2, '0')).join('');
    return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
  }

  /** One request to the API. Throws (TypeError) only when the network is down. */
  async function api(method, url, body, headers) {
    const options = { method, credentials: 'same-origin',
      headers: Object.assign({ Accept: 'application/json', 'X-CSRFToken': csrfToken() }, headers || {}) };
    if (body !== undefined) {
      options.headers['Content-Type'] = 'application/json';
      options.body = JSON.stringify(body);
    }
    const response = await fetch(url, options);
    let data = null;
    if (response.status !== 204 && response.status !== 304) {
      try { data = await response.json(); } catch (error) { data = null; }
    }
    return { status: response.status, ok: response.ok, data, etag: response.headers.get('ETag'), link: response.headers.get('Link') };
  }

  /** The URL of a Link header's rel="earlier" (the board's window before this one), or null. */
  function earlierUrl(link) {
    const found = /<([^>]+)>;\s*rel="earlier"/.exec(link || '');
    return found ? found[1] : null;
  }

  // ---------- refusals shown next to the field they name ----------
  function clearErrors(root) {
    root.querySelectorAll('.err').forEach((el) => el.remove());
    root.querySelectorAll('.has-err').forEach((el) => el.classList.remove('has-err'));
  }
  /** The element for an error path: `bid.value`, else `bid`, else the form's general error area. */
  function fieldBox(root, path) {
    let p = path || '';
    for (;;) {
      const el = root.querySelector(`[data-field="${CSS.escape(p)}"]`);
      if (el) return el;
      if (!p) return root;
      const cut = Math.max(p.lastIndexOf('.'), p.lastIndexOf('['));
      p = cut > 0 ? p.slice(0, cut) : '';
    }
  }
  function showErrors(root, body) {
    clearErrors(root);
    const errors = body && body.errors && body.errors.length ? body.errors
      : [{ code: body && body.code, detail: (body && body.detail) || 'The server refused this.', field: null }];
    for (const error of errors) {
      const box = fieldBox(root, error.field);
      const folded = box.closest('details');
      if (folded) folded.open = true; // a refusal inside the collapsed trick entry opens it
      box.classList.add('has-err');
      box.appendChild(h('p', { class: 'err', role: 'alert', 'data-code': error.code || '' }, error.detail));
    }
    const first = root.querySelector('.err');
    if (first && first.scrollIntoView) first.scrollIntoView({ block: 'center' });
  }

  // ---------- widgets ----------
  /** A row of big buttons acting as one choice. */
  function seg(options, value, onChange, name) {
    const seats = options.length && /^S\d$/.test(String(options[0][0]));
    const box = h('div', { class: seats ? 'seg seats' : 'seg', role: 'group', 'data-name': name || null });
    let current = value;
    const paint = () => box.querySelectorAll('button').forEach((b) => b.setAttribute('aria-pressed', String(b.dataset.value === String(current))));
    for (const [v, label] of options) {
      box.appendChild(h('button', { type: 'button', 'data-value': String(v),
        onclick: () => { current = v; paint(); if (onChange) onChange(v); } }, label));
    }
    paint();
    box.get = () => current;
    box.set = (v) => { current = v; paint(); };
    return box;
  }
  function numberInput(value, name) {
    return h('input', { type: 'text', inputmode: 'numeric', pattern: '-?[0-9]*', value: value === undefined ? '' : value, name });
  }
  function stepper(value, name, onChange) {
    const input = numberInput(value, name);
    const step = (delta) => { const n = parseInt(input.value || '0', 10) || 0; input.value = Math.max(0, n + delta); if (onChange) onChange(); };
    if (onChange) input.addEventListener('input', onChange);
    const box = h('div', { class: 'stepper' },
      h('button', { type: 'button', 'aria-label': 'less', onclick: () => step(-1) }, '−'), input,
      h('button', { type: 'button', 'aria-label': 'more', onclick: () => step(1) }, '+'));
    box.input = input;
    return box;
  }
  const field = (path, label, ...controls) => h('div', { 'data-field': path }, h('span', { class: 'label' }, label), ...controls);
  /** A labelled control that no refusal names (a field('') would catch the refusals that name no field). */
  const group = (label, ...controls) => h('div', {}, h('span', { class: 'label' }, label), ...controls);

  // ---------- the match: seats, teams, names ----------
  const seatsOf = (match) => match.seats.map((s) => s.seat);
  const playerName = (match, seat) => ((match.seats.find((s) => s.seat === seat) || {}).player || {}).name || seat;
  const seatLabel = (match, seat) => `${seat} ${playerName(match, seat)}`;
  function teamOf(match, seat) {
    for (const [team, members] of Object.entries(match.teams || {})) if (members.includes(seat)) return team;
    return null;
  }
  const teamLabel = (match, team) => `${team}: ${(match.teams[team] || []).map((s) => playerName(match, s)).join(' & ')}`;
  const nextDealer = (match) => match.state.next_dealer || seatsOf(match)[0];
  const contractText = (c) => [c.sets ? `${c.sets} set${c.sets > 1 ? 's' : ''}` : '', c.runs ? `${c.runs} run${c.runs > 1 ? 's' : ''}` : ''].filter(Boolean).join(' + ');
  const signed = (n) => (n > 0 ? `+${n}` : String(n));

  // ---------- deal forms, one per game; each builds exactly the deal JSON of shared/rules/ ----------
  const forms = {};

  // ---------- Seep play by play (seep.md §S.7a): the floor as it stands, and the moves the rules allow ----------
  // The page keeps its own floor only to show it and to offer moves; the service referees every play.
  const SEEP_VALUE = { A: 1, J: 11, Q: 12, K: 13 };
  const seepValue = (card) => SEEP_VALUE[card.slice(0, -1)] || parseInt(card, 10);
  const SUIT_SIGNS = { S: '♠', H: '♥', D: '♦', C: '♣' };
  const PACK = ['S', 'H', 'D', 'C'].flatMap((suit) => ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'].map((rank) => rank + suit));
  const HOUSE_VALUES = [9, 10, 11, 12, 13];
  const sumOf = (cards) => cards.reduce((total, card) => total + seepValue(card), 0);

  /** Every group of `cards` adding up to `target`. */
  function setsWorth(cards, target) {
    const found = [];
    const extend = (start, total, chosen) => {
      for (let i = start; i < cards.length; i++) {
        const next = total + seepValue(cards[i]);
        if (next === target) found.push([...chosen, cards[i]]);
        else if (next < target) extend(i + 1, next, [...chosen, cards[i]]);
      }
    };
    extend(0, 0, []);
    return found;
  }
  /** Whether `cards` split into whole sets worth `target`. */
  function splits(cards, target) {
    if (!cards.length) return true;
    const [first, ...rest] = cards;
    if (seepValue(first) > target) return false;
    if (seepValue(first) === target) return splits(rest, target);
    return setsWorth(rest, target - seepValue(first)).some((set) => splits(rest.filter((c) => !set.includes(c)), target));
  }
  /** The choices of loose cards a card worth `target` may take that leave no set worth it (P5). */
  function captureChoices(loose, target) {
    const sets = setsWorth(loose.filter((c) => seepValue(c) < target), target);
    const forced = loose.filter((c) => seepValue(c) === target);
    const unions = new Map();
    const extend = (union, start) => {
      for (let i = start; i < sets.length; i++) if (!sets[i].some((c) => union.includes(c))) extend([...union, ...sets[i]], i + 1);
      if (sets.every((set) => set.some((c) => union.includes(c)))) {
        const choice = loose.filter((c) => forced.includes(c) || union.includes(c));
        unions.set(choice.join(' '), choice);
      }
    };
    extend([], 0);
    return [...unions.values()];
  }
  /** The floor after `plays` (as entered), the seat whose turn it is, and the sweeps so far. */
  function seepFloor(floorCards, plays, seats, bidder) {
    const seatAt = (k) => seats[(seats.indexOf(bidder) + k) % seats.length];
    const partner = (seat) => seatAt(seats.indexOf(seat) - seats.indexOf(bidder) + 2);
    let loose = [...floorCards];
    const houses = {};
    const sweeps = [];
    const place = (value, cards, owners) => {
      const joining = loose.filter((c) => seepValue(c) === value);
      loose = loose.filter((c) => seepValue(c) !== value);
      houses[value] = { value, cards: [...cards, ...joining], owners };
    };
    plays.forEach((play, k) => {
      const seat = seatAt(k); const value = seepValue(play.card);
      if (play.action === 'throw') loose.push(play.card);
      else if (play.action === 'capture') {
        const takes = play.takes || (captureChoices(loose, value)[0] || []);
        loose = loose.filter((c) => !takes.includes(c));
        delete houses[value];
        if (!loose.length && !Object.keys(houses).length) sweeps.push(k);
      } else if (play.action === 'raise') {
        const old = houses[play.house]; delete houses[play.house];
        const target = play.house + value; const standing = houses[target];
        if (standing) place(target, [...standing.cards, ...old.cards, play.card], standing.owners.includes(seat) ? standing.owners : [...standing.owners, seat]);
        else place(target, [...old.cards, play.card], [seat]);
      } else {
        const standing = houses[play.house]; const added = play.with || [];
        loose = loose.filter((c) => !added.includes(c));
        if (!standing) place(play.house, [play.card, ...added], [seat]);
        else place(play.house, [...standing.cards, play.card, ...added], standing.owners.includes(seat) || standing.owners.includes(partner(seat)) ? standing.owners : [...standing.owners, seat]);
      }
    });
    return { loose, houses, sweeps, seat: seatAt(plays.length) };
  }
  /** Whether a card worth `value` can go into a house of `v`: with loose cards making whole sets (P6), or onto the
   * standing house of `v` alone when it is worth `v` (P7). */
  function canHouse(state, value, v) {
    if (value > v) return false;
    const completes = value === v || setsWorth(state.loose, v - value).length > 0;
    return state.houses[v] ? completes : (value === v ? setsWorth(state.loose, v).length > 0 : completes);
  }
  const houseText = (house) => `[${house.value}${sumOf(house.cards) > house.value ? '=' : ''}: ${house.cards.join(' ')} / ${house.owners.join(',')}]`;

  /** The starting floor, the bidder's four cards, then one tap for the card played and one for what it did. */
  function seepPlayEntry(match, getBidder, getBid) {
    const seats = seatsOf(match);
    let floorCards = []; let hand = []; let plays = []; let pending = null;
    const step = h('p', { class: 'hint', id: 'play-step', 'aria-live': 'polite' });
    const floorView = h('div', { class: 'seep-floor', id: 'seep-floor' });
    const actions = h('div', { class: 'seg', id: 'play-actions' });
    const grid = h('div', { class: 'card-grid', id: 'card-grid' });
    const list = h('ol', { class: 'play-list', id: 'play-list' });
    const undo = h('button', { type: 'button', class: 'small', id: 'undo-play', onclick: () => { if (pending) pending = null; else if (plays.length) plays.pop(); else if (hand.length) hand.pop(); else floorCards.pop(); render(); } }, 'Undo');
    const used = () => new Set([...floorCards, ...hand, ...plays.map((p) => p.card)]);
    function tapCard(card) {
      if (floorCards.length < 4) floorCards.push(card);
      else if (hand.length < 4) hand.push(card);
      else pending = { card, action: null, chosen: [] };
      render();
    }
    function record(play) { plays.push(play); pending = null; render(); }
    function moves(state, card) {
      const value = seepValue(card); const first = !plays.length; const bid = getBid();
      const canCapture = Boolean(state.houses[value]) || setsWorth(state.loose, value).length > 0;
      const options = [];
      if (!first || value === bid) options.push(canCapture ? ['capture', 'Capture'] : ['throw', 'Throw loose']);
      if (HOUSE_VALUES.some((v) => (!first || v === bid) && canHouse(state, value, v))) options.push(['build', 'Build / add to a house']);
      for (const house of Object.values(state.houses)) {
        if (sumOf(house.cards) === house.value && !house.owners.includes(state.seat) && house.value + value <= 13 && !first) options.push([`raise-${house.value}`, `Raise ${house.value} to ${house.value + value}`]);
      }
      return options;
    }
    function choose(state, action) {
      const card = pending.card; const value = seepValue(card);
      if (action === 'throw') return record({ card, action });
      if (action.startsWith('raise-')) return record({ card, action: 'raise', house: parseInt(action.slice(6), 10) });
      if (action === 'capture') {
        const choices = captureChoices(state.loose, value);
        if (choices.length <= 1) return record({ card, action, takes: choices[0] || [] });
      }
      pending.action = action; render();
    }
    function renderPending(state) {
      const card = pending.card; const value = seepValue(card);
      if (!pending.action) return fill(actions, moves(state, card).map(([action, label]) => h('button', { type: 'button', 'data-move': action, onclick: () => choose(state, action) }, label)));
      if (pending.action === 'capture') {
        const ok = splits(pending.chosen, value);
        return fill(actions, h('button', { type: 'button', 'data-move': 'take', disabled: !ok, onclick: () => record({ card, action: 'capture', takes: pending.chosen }) }, `Take ${pending.chosen.join(' ') || 'the house'}`));
      }
      const cards = [card, ...pending.chosen];
      const values = HOUSE_VALUES.filter((v) => sumOf(cards) % v === 0 && splits(cards, v) && (pending.chosen.length || state.houses[v]) && (plays.length || v === getBid()));
      fill(actions, values.length ? values.map((v) => h('button', { type: 'button', 'data-house': String(v), onclick: () => record({ card, action: 'build', with: pending.chosen, house: v }) },
        `${state.houses[v] ? 'Add to' : 'Build'} the house of ${v}`)) : h('span', { class: 'hint' }, 'Tap the loose cards that go into the house.'));
    }
    function render() {
      const bidder = getBidder();
      const state = seepFloor(floorCards, plays, seats, bidder);
      const taken = used(); // while the floor and the bidder's cards are picked
      const out = new Set([...floorCards, ...plays.map((p) => p.card)]); // once play has started
      const turnIsBidder = state.seat === bidder;
      const picking = pending && pending.action;
      fill(floorView, state.loose.map((card) => h('button', { type: 'button', class: 'card', 'data-loose': card, 'aria-pressed': String(Boolean(pending && pending.chosen.includes(card))), disabled: !picking,
        onclick: () => { pending.chosen = pending.chosen.includes(card) ? pending.chosen.filter((c) => c !== card) : [...pending.chosen, card]; render(); } }, card)),
      Object.values(state.houses).sort((a, b) => a.value - b.value).map((house) => h('span', { class: 'house', 'data-house-value': String(house.value) }, houseText(house))),
      !floorCards.length ? null : !state.loose.length && !Object.keys(state.houses).length ? h('span', { class: 'hint' }, plays.length ? 'Floor empty' : '') : null);
      if (floorCards.length < 4) step.textContent = `Tap the ${4 - floorCards.length} starting floor card${floorCards.length === 3 ? '' : 's'} left.`;
      else if (hand.length < 4) step.textContent = `Tap the bidder ${seatLabel(match, bidder)}'s first four cards: ${4 - hand.length} left.`;
      else if (plays.length === 48) step.textContent = 'All 48 plays entered: save the deal.';
      else step.textContent = `Play ${plays.length + 1} of 48: ${seatLabel(match, state.seat)}${pending ? ` plays ${pending.card}` : ' — tap the card played'}.`;
      const entering = floorCards.length === 4 && hand.length === 4;
      fill(grid, PACK.map((card) => h('button', { type: 'button', class: `card s${card.slice(-1)}`, 'data-card': card,
        disabled: !entering ? taken.has(card) : out.has(card) || Boolean(pending) || plays.length === 48
          || (!plays.length ? !hand.includes(card) : hand.includes(card) && !turnIsBidder),
        onclick: () => tapCard(card) }, card.slice(0, -1) + SUIT_SIGNS[card.slice(-1)])));
      if (pending) renderPending(state); else fill(actions);
      fill(list, plays.map((p, k) => h('li', {}, `${seats[(seats.indexOf(bidder) + k) % seats.length]}: ${p.card} ${p.action}${p.takes && p.takes.length ? ` ${p.takes.join(' ')}` : ''}${p.with && p.with.length ? ` with ${p.with.join(' ')}` : ''}${p.house ? ` (${p.house})` : ''}${state.sweeps.includes(k) ? ' — sweep!' : ''}`)).slice(-6));
    }
    const el = h('div', { class: 'stack' }, step, h('div', { 'data-field': 'floor' }, h('span', { class: 'label' }, 'Floor'), floorView),
      h('div', { 'data-field': 'plays' }, actions, grid, h('div', { class: 'row' }, undo), list));
    render();
    return {
      el, render,
      get: () => ({ floor: [...floorCards], bidder_hand: [...hand], plays: plays.map((p) => ({ ...p })) }),
      set: (floor, bidderHand, entered) => { floorCards = [...floor]; hand = [...bidderHand]; plays = entered.map(({ seat, ...rest }) => rest); pending = null; render(); },
    };
  }

  forms.seep = function (match) {
    const seats = seatsOf(match);
    const after = (seat) => seats[(seats.indexOf(seat) + 1) % seats.length];
    const dealer = seg(seats.map((s) => [s, seatLabel(match, s)]), nextDealer(match), () => update(), 'dealer');
    const bidderInfo = h('div', { class: 'hint', id: 'bidder-info' });
    const bid = seg([9, 10, 11, 12, 13].map((v) => [v, { 11: '11 J', 12: '12 Q', 13: '13 K' }[v] || String(v)]), null, () => update(), 'bid');
    const hand = h('input', { name: 'bidder_hand', placeholder: 'optional: JH 4C KS 2C', autocapitalize: 'characters', autocomplete: 'off' });
    // Throw-ins: the bidder held no card above 8, showed the four cards, and the same dealer dealt again.
    const throwInfo = h('div', { class: 'hint' });
    const throwList = h('div', { class: 'stack', id: 'throw-ins' });
    const throwHands = [];
    const dropThrowIn = h('button', { type: 'button', class: 'small', id: 'remove-throw-in', hidden: true,
      onclick: () => { throwHands.pop(); throwList.lastChild.remove(); update(); } }, 'Remove the last');
    function addThrowIn(cards) {
      const i = throwHands.length;
      const input = h('input', { name: `throw_in_${i}`, placeholder: 'e.g. 2H 5C 8D 3S', autocapitalize: 'characters', autocomplete: 'off', value: cards || '' });
      throwHands.push(input);
      throwList.appendChild(h('div', { 'data-field': `throw_ins[${i}]` }, h('div', { 'data-field': `throw_ins[${i}].bidder_hand` },
        h('span', { class: 'hint' }, `Throw-in ${i + 1}: the four cards shown`), input)));
      update();
    }
    const throwBox = field('throw_ins', 'Throw-ins (hand shown, dealt again)', throwInfo, throwList,
      h('div', { class: 'row' }, h('button', { type: 'button', class: 'small', id: 'add-throw-in', onclick: () => { addThrowIn(''); throwHands[throwHands.length - 1].focus(); } }, 'Add a throw-in (no card above 8)'), dropThrowIn));
    const majorityRule = match.settings.card_points === 'ten_of_diamonds_2_majority_4';
    const majority = seg([['A', 'Team A'], ['B', 'Team B'], ['tied', 'Tied 26–26']], null, null, 'card_majority');
    const majorityBox = field('card_majority', 'Who took more cards (4 points; 2 each when tied)', majority);
    const mode = seg([['points', 'Point totals'], ['cards', 'Point cards'], ['plays', 'Play by play']], 'points', () => update(), 'mode');
    const entry = seepPlayEntry(match, () => after(dealer.get()), () => bid.get());
    const playsBox = group('Play by play: the service works out the points and sweeps', entry.el);
    const pointsA = numberInput('', 'card_points_A');
    const pointsB = numberInput('', 'card_points_B');
    pointsA.addEventListener('input', () => { if (/^\d+$/.test(pointsA.value)) pointsB.value = 100 - parseInt(pointsA.value, 10); });
    pointsB.addEventListener('input', () => { if (/^\d+$/.test(pointsB.value)) pointsA.value = 100 - parseInt(pointsB.value, 10); });
    const cardsA = h('input', { name: 'cards_A', placeholder: 'KS QS 10D AH …', autocapitalize: 'characters', autocomplete: 'off' });
    const cardsB = h('input', { name: 'cards_B', placeholder: '8S 7S AD …', autocapitalize: 'characters', autocomplete: 'off' });
    const regularA = stepper(0, 'sweeps_A');
    const regularB = stepper(0, 'sweeps_B');
    const firstPlay = seg([[0, 'No'], [1, 'Yes']], 0, null, 'first_play');
    const lastPlay = seg([[0, 'No'], [1, 'Yes']], 0, null, 'last_play');
    const firstLabel = h('span', { class: 'label' });
    const lastLabel = h('span', { class: 'label' });
    const pointsBox = field('card_points', 'Card points (the two teams make 100)',
      h('div', { class: 'pair' }, field('card_points.A', `Team ${teamLabel(match, 'A')}`, pointsA),
        field('card_points.B', `Team ${teamLabel(match, 'B')}`, pointsB)));
    const cardsBox = field('scoring_cards_captured', 'Point cards each team captured',
      field('scoring_cards_captured.A', 'Team A', cardsA), field('scoring_cards_captured.B', 'Team B', cardsB));
    const handBox = h('div', { 'data-field': 'bid.bidder_hand' }, h('span', { class: 'hint' }, "Bidder's four cards"), hand);
    const sweepsBox = h('div', { class: 'stack' },
      field('sweeps', 'Sweeps (50 each)', h('div', { class: 'pair' },
        h('div', { 'data-field': 'sweeps.A' }, h('span', { class: 'hint' }, 'Team A'), regularA),
        h('div', { 'data-field': 'sweeps.B' }, h('span', { class: 'hint' }, 'Team B'), regularB))),
      h('div', { class: 'pair' }, h('div', {}, firstLabel, firstPlay), h('div', {}, lastLabel, lastPlay)));
    const el = h('div', { class: 'stack' },
      field('dealer', 'Dealer', dealer),
      throwBox,
      field('bid', 'House bid', bidderInfo, h('div', { 'data-field': 'bid.value' }, bid), handBox),
      group('Points', mode), pointsBox, cardsBox, majorityBox, sweepsBox, playsBox);
    function update() {
      const bidder = after(dealer.get());
      bidderInfo.textContent = `Bid by ${seatLabel(match, bidder)} (team ${teamOf(match, bidder)}), the dealer's right`;
      firstLabel.textContent = `First-play sweep (team ${teamOf(match, bidder)})`;
      lastLabel.textContent = `Last-play sweep (team ${teamOf(match, dealer.get())})`;
      pointsBox.hidden = mode.get() !== 'points';
      cardsBox.hidden = mode.get() !== 'cards';
      majorityBox.hidden = !majorityRule || mode.get() !== 'cards';
      // Play by play: the floor and the bidder's cards come from the card grid; points and sweeps from the plays.
      playsBox.hidden = mode.get() !== 'plays';
      sweepsBox.hidden = handBox.hidden = mode.get() === 'plays';
      if (mode.get() === 'plays') entry.render();
      throwInfo.textContent = `Only when ${seatLabel(match, bidder)} held no card above 8; the same dealer deals again.`;
      // Throw-ins are rare: until one is added the form shows only the button.
      dropThrowIn.hidden = !throwHands.length;
      throwBox.firstChild.hidden = !throwHands.length;
      throwInfo.hidden = !throwHands.length;
    }
    update();
    function build() {
      const bidder = after(dealer.get());
      const deal = { dealer: dealer.get() };
      if (throwHands.length) deal.throw_ins = throwHands.map((input) => ({ bidder, bidder_hand: cardList(input.value) }));
      deal.bid = { bidder, value: bid.get() };
      if (mode.get() === 'plays') {
        const entered = entry.get();
        return Object.assign(deal, { bid: { ...deal.bid, bidder_hand: entered.bidder_hand }, floor: entered.floor, plays: entered.plays });
      }
      if (cardList(hand.value).length) deal.bid.bidder_hand = cardList(hand.value);
      if (mode.get() === 'points') deal.card_points = { A: num(pointsA.value), B: num(pointsB.value) };
      else deal.scoring_cards_captured = { A: cardList(cardsA.value), B: cardList(cardsB.value) };
      if (!majorityBox.hidden) deal.card_majority = majority.get();
      const sweeps = (team, regular) => ({ regular: num(regular.input.value || '0'),
        first_play: teamOf(match, bidder) === team ? firstPlay.get() : 0,
        last_play: teamOf(match, dealer.get()) === team ? lastPlay.get() : 0 });
      deal.sweeps = { A: sweeps('A', regularA), B: sweeps('B', regularB) };
      return deal;
    }
    function fill(input) {
      dealer.set(input.dealer);
      bid.set(input.bid.value);
      hand.value = (input.bid.bidder_hand || []).join(' ');
      for (const throwIn of input.throw_ins || []) addThrowIn(throwIn.bidder_hand.join(' '));
      if (input.card_majority) majority.set(input.card_majority);
      if (input.plays) {
        mode.set('plays'); entry.set(input.floor, input.bid.bidder_hand, input.plays);
      } else if (input.card_points) {
        mode.set('points'); pointsA.value = input.card_points.A; pointsB.value = input.card_points.B;
      } else if (input.scoring_cards_captured) {
        mode.set('cards'); cardsA.value = input.scoring_cards_captured.A.join(' '); cardsB.value = input.scoring_cards_captured.B.join(' ');
      }
      if (input.sweeps) { // a deal entered play by play may have none: its plays give them
        regularA.input.value = input.sweeps.A.regular; regularB.input.value = input.sweeps.B.regular;
        firstPlay.set(input.sweeps.A.first_play + input.sweeps.B.first_play ? 1 : 0);
        lastPlay.set(input.sweeps.A.last_play + input.sweeps.B.last_play ? 1 : 0);
      }
      update();
    }
    return { el, build, fill };
  };

  /** An auction entered call by call: the chips so far, then only the calls the rules allow now. */
  function auctionWidget(match, dealerSeg, rules) {
    let calls = [];
    const chips = h('div', { class: 'auction', id: 'auction-calls' });
    const turnInfo = h('div', { class: 'hint', id: 'turn-info' });
    const controls = h('div', { class: 'stack', id: 'auction-controls' });
    const el = h('div', { 'data-field': 'auction' }, h('span', { class: 'label' }, 'Auction'), chips, turnInfo, controls);
    function render() {
      chips.replaceChildren(...calls.map((call, index) => h('span', { class: 'call', 'data-field': `auction[${index}]` }, rules.callText(call))));
      const state = rules.state(calls, dealerSeg.get());
      controls.replaceChildren();
      if (state.closed) {
        turnInfo.textContent = state.summary;
      } else {
        turnInfo.textContent = `${seatLabel(match, state.turn)} to call`;
        controls.appendChild(rules.offer(state, (call) => { calls.push(Object.assign({ seat: state.turn }, call)); render(); }));
      }
      if (calls.length) controls.appendChild(h('button', { type: 'button', class: 'small', id: 'undo-call', onclick: () => { calls.pop(); render(); } }, 'Undo last call'));
      if (rules.onChange) rules.onChange(state);
    }
    return { el, render, get: () => calls.slice(), set: (list) => { calls = list.map((c) => Object.assign({}, c)); render(); },
      reset: () => { calls = []; render(); }, state: () => rules.state(calls, dealerSeg.get()) };
  }

  // ---------- trick-by-trick entry (docs/referee.md): the service finds each winner and proves every renege ----------
  const SUIT_LETTER = { clubs: 'C', diamonds: 'D', hearts: 'H', spades: 'S' };
  const SUIT_SIGN = { S: '♠', H: '♥', D: '♦', C: '♣' };
  const cardRank = (code) => code.slice(0, -1);
  const cardSuit = (code) => code.slice(-1);
  const cardText = (code) => (code === 'JKR' ? 'Joker' : `${cardRank(code)}${SUIT_SIGN[cardSuit(code)] || cardSuit(code)}`);
  const rotate = (seats, first) => { const k = Math.max(0, seats.indexOf(first)); return [...seats.slice(k), ...seats.slice(0, k)]; };

  /** Bid Euchre's card order once trump is named: the left bower is a trump; no-trumps has no bowers and the
   * joker is a suit of its own that wins (games/rules/bid_euchre/referee.py). */
  function euchreOrder(trumpWord) {
    const T = SUIT_LETTER[trumpWord] || null;
    const left = T && { S: 'C', C: 'S', H: 'D', D: 'H' }[T];
    const isLeft = (c) => Boolean(T) && cardRank(c) === 'J' && cardSuit(c) === left;
    return {
      trump: T || 'JKR',
      suitOf: (c) => (c === 'JKR' ? T || 'JKR' : isLeft(c) ? T : cardSuit(c)),
      strength: (c) => (c === 'JKR' ? 12 : T && c === `J${T}` ? 11 : isLeft(c) ? 10 : ['9', '10', 'J', 'Q', 'K', 'A'].indexOf(cardRank(c))),
    };
  }
  /** 56: J 9 A 10 K Q (8 7) in every suit, the trump suit above the others. */
  const FIFTY_SIX_RANKS = ['J', '9', 'A', '10', 'K', 'Q', '8', '7'];
  const FIFTY_SIX_POINTS = { J: 3, 9: 2, A: 1, 10: 1 };
  const fiftySixOrder = (trumpWord) => ({ trump: SUIT_LETTER[trumpWord] || null, suitOf: cardSuit, strength: (c) => 8 - FIFTY_SIX_RANKS.indexOf(cardRank(c)) });

  /** The highest trump, else the highest card of the suit led; of two equal cards the first played wins. */
  function trickWinner(plays, order) {
    const led = order.suitOf(plays[0].card);
    const power = (card) => { const suit = order.suitOf(card); return (suit === order.trump ? 200 : suit === led ? 100 : 0) + order.strength(card); };
    let best = plays[0];
    for (const play of plays.slice(1)) if (power(play.card) > power(best.card)) best = play;
    return best.seat;
  }

  /** Every trick, a card picker per seat, folded away until wanted. The leaders and winners shown are this page's
   * reading of the rules, to guide the entry; the service referees the tricks (its refusals land on the cell).
   * opts: count (tricks in a deal), ranks, joker, play() -> {seats, leader, order} or null while the contract is
   * open, tally(results) -> a line such as "team A 3, team B 3". */
  function trickEntry(allSeats, opts) {
    const pack = [];
    for (const suit of ['S', 'H', 'D', 'C']) for (const rank of opts.ranks) pack.push(`${rank}${suit}`);
    if (opts.joker) pack.push('JKR');
    const rows = [];
    const list = h('div', { class: 'tricks-list' });
    const tally = h('p', { class: 'hint', id: 'tricks-tally' });
    const el = h('details', { class: 'fold tricks', 'data-field': 'tricks' },
      h('summary', {}, 'Every trick, card by card (optional)'),
      h('p', { class: 'hint' }, 'Pick the cards of each trick. The service then works out who won each trick and finds any renege; the totals above may be left empty.'),
      list, tally);
    function addRow() {
      const i = rows.length;
      const cells = {};
      const info = h('span', { class: 'hint' });
      const cardsBox = h('div', { class: 'trick-cards' }, allSeats.map((seat) => {
        const select = h('select', { name: `trick-${i + 1}-${seat}`, 'aria-label': `Trick ${i + 1}, ${seat}`, onchange: refresh },
          h('option', { value: '' }, '–'), pack.map((code) => h('option', { value: code }, cardText(code))));
        cells[seat] = h('div', { class: 'trick-card', 'data-seat': seat }, h('span', { class: 'seat' }, seat), select);
        cells[seat].select = select;
        return cells[seat];
      }));
      const row = h('div', { class: 'trick', id: `trick-${i + 1}` }, h('div', { class: 'trick-head' }, h('span', {}, `Trick ${i + 1}`), info), cardsBox);
      Object.assign(row, { cells, info, order: allSeats });
      row.dataset.field = `tricks[${i}]`;
      rows.push(row);
      list.appendChild(row);
    }
    while (rows.length < opts.count) addRow();
    const picked = (row) => row.order.filter((seat) => row.cells[seat].select.value).map((seat) => ({ seat, card: row.cells[seat].select.value }));
    function refresh() {
      const play = opts.play();
      let leader = play ? play.leader : null;
      const results = [];
      rows.forEach((row, i) => {
        row.order = play ? rotate(play.seats, leader || play.seats[0]) : allSeats;
        const plays = picked(row);
        const winner = play && leader && plays.length === row.order.length ? trickWinner(plays, play.order) : null;
        for (const seat of allSeats) {
          const cell = row.cells[seat]; const j = row.order.indexOf(seat);
          cell.hidden = j < 0;
          if (j < 0) cell.removeAttribute('data-field'); else cell.dataset.field = `tricks[${i}][${j}]`;
          cell.classList.toggle('lead', seat === leader);
          cell.classList.toggle('won', seat === winner);
        }
        row.info.textContent = !leader ? '' : winner ? `${leader} led · ${winner} won` : `${leader} leads`;
        if (winner) results.push({ winner, plays });
        leader = winner;
      });
      tally.textContent = results.length ? `From the tricks${results.length < rows.length ? ' so far' : ''}: ${opts.tally(results)}` : '';
    }
    function get() {
      refresh();
      const tricks = rows.map(picked);
      while (tricks.length && !tricks[tricks.length - 1].length) tricks.pop();
      return tricks.length ? tricks : null;
    }
    function set(tricks) {
      while (rows.length < (tricks || []).length) addRow();
      rows.forEach((row, i) => {
        for (const seat of allSeats) row.cells[seat].select.value = '';
        for (const p of (tricks || [])[i] || []) {
          const select = row.cells[p.seat] && row.cells[p.seat].select;
          if (!select) continue;
          if (!pack.includes(p.card)) select.appendChild(h('option', { value: p.card }, cardText(p.card)));
          select.value = p.card;
        }
      });
      if (tricks && tricks.length) el.open = true;
      refresh();
    }
    refresh();
    return { el, get, set, refresh };
  }

  forms.fifty_six = function (match) {
    const settings = match.settings;
    const active = match.state.active_seats || seatsOf(match);
    const pointsInput = numberInput('', 'bidding_team_card_points');
    const pointsLabel = h('span', { class: 'label' }, "Bidding team's card points");
    const pointsBox = h('div', { 'data-field': 'bidding_team_card_points' }, pointsLabel, pointsInput);
    const dealer = seg(active.map((s) => [s, seatLabel(match, s)]), match.state.next_dealer || active[0], () => auction.reset(), 'dealer');
    // A "noes" bid (void in the suit last bid) names no trump; if it wins, the bidder names one before play.
    const noesTrump = seg([...TRUMPS, ['no_trumps', 'no trumps']], null, () => trickBox.refresh(), 'noes_trump');
    const noesLabel = h('span', { class: 'label' });
    const noesBox = h('div', { id: 'noes-trump' }, noesLabel, noesTrump);
    const bidWords = (c) => (c.convention === 'noes' ? `${c.points} noes${c.trump ? ` → ${words(c.trump)}` : ''}` : `${c.points} ${words(c.trump)}`);
    const rules = {
      callText: (c) => `${c.seat} ${c.call === 'bid' ? bidWords(c) : c.call}`,
      state(calls, dealerSeat) {
        const n = active.length;
        let standing = null; let doubling = 0; let passes = 0; let redoubled = false;
        const passed = new Set();
        for (const c of calls) {
          if (c.call === 'bid') { standing = c; doubling = 0; passes = 0; }
          else if (c.call === 'double') { doubling = 1; passes = 0; }
          else if (c.call === 'redouble') { doubling = 2; redoubled = true; }
          else { passes += 1; passed.add(c.seat); }
        }
        const closed = redoubled || (standing ? passes >= n - 1 : passes >= n);
        const turn = active[(active.indexOf(dealerSeat) + 1 + calls.length) % n];
        let summary = '';
        if (closed && standing) summary = `Contract: ${bidWords(standing)} by ${standing.seat} (team ${teamOf(match, standing.seat)})${['', ' doubled', ' redoubled'][doubling]}`;
        else if (closed) summary = settings.all_pass_rule === 'redeal' ? 'All passed: the deal is redealt.' : 'All passed: the first speaker\'s team plays 28 no-trumps.';
        return { standing, doubling, closed, turn, passed, first: calls.length === 0, summary, allPass: closed && !standing };
      },
      offer(state, add) {
        const turnTeam = teamOf(match, state.turn);
        const barred = settings.passed_player_may_bid_again === false && state.passed.has(state.turn);
        const min = state.standing ? state.standing.points + 1 : 28;
        const box = h('div', { class: 'stack' });
        const row = h('div', { class: 'row' });
        if (!(settings.all_pass_rule === 'first_speaker_must_bid' && state.first)) row.appendChild(h('button', { type: 'button', 'data-call': 'pass', onclick: () => add({ call: 'pass' }) }, 'Pass'));
        if (state.standing && !barred && state.doubling === 0 && teamOf(match, state.standing.seat) !== turnTeam) row.appendChild(h('button', { type: 'button', 'data-call': 'double', onclick: () => add({ call: 'double' }) }, 'Double'));
        if (state.standing && state.doubling === 1 && teamOf(match, state.standing.seat) === turnTeam) row.appendChild(h('button', { type: 'button', 'data-call': 'redouble', onclick: () => add({ call: 'redouble' }) }, 'Redouble'));
        box.appendChild(row);
        if (min <= 56 && !barred) {
          const points = stepper(min, 'bid_points');
          points.querySelector('[aria-label=less]').addEventListener('click', () => { if (num(points.input.value) < min) points.input.value = min; });
          const trump = seg([...TRUMPS, ['no_trumps', 'no trumps'], ...(state.standing ? [['noes', 'noes']] : [])], null, null, 'bid_trump');
          const bid = () => (trump.get() === 'noes' ? { call: 'bid', points: num(points.input.value), convention: 'noes' }
            : { call: 'bid', points: num(points.input.value), trump: trump.get() });
          box.appendChild(h('div', { class: 'stack' }, points, trump,
            h('button', { type: 'button', class: 'primary big', 'data-call': 'bid', onclick: () => add(bid()) }, 'Bid')));
        }
        return box;
      },
      onChange(state) {
        pointsBox.hidden = state.allPass && settings.all_pass_rule === 'redeal';
        trickBox.el.hidden = pointsBox.hidden;
        const bidder = state.standing ? state.standing.seat : active[(active.indexOf(dealer.get()) + 1) % active.length];
        pointsLabel.textContent = `Card points of the bidding team (team ${teamOf(match, bidder)}, out of 56)`;
        noesBox.hidden = !(state.closed && state.standing && state.standing.convention === 'noes' && !state.standing.trump);
        noesLabel.textContent = state.standing ? `Trump named by ${seatLabel(match, state.standing.seat)} before play (noes bid)` : '';
        trickBox.refresh();
      },
    };
    const auction = auctionWidget(match, dealer, rules);
    const cards = match.state.next_deal_cards || { deck_size: active.length === 4 ? 48 : 64, cards_per_player: active.length === 4 ? 12 : 8 };
    const contractTrump = (state) => (!state.standing ? 'no_trumps' : state.standing.trump || noesTrump.get());
    const trickBox = trickEntry(active, {
      count: cards.cards_per_player, ranks: FIFTY_SIX_RANKS.slice(0, { 32: 4, 48: 6, 64: 8 }[cards.deck_size] || 6), joker: false,
      play() {
        const state = auction.state();
        if (!state.closed || (state.allPass && settings.all_pass_rule === 'redeal')) return null;
        return { seats: active, leader: active[(active.indexOf(dealer.get()) + 1) % active.length], order: fiftySixOrder(contractTrump(state)) };
      },
      tally(results) {
        const points = {};
        for (const seat of active) points[teamOf(match, seat)] = 0;
        for (const r of results) points[teamOf(match, r.winner)] += r.plays.reduce((sum, p) => sum + (FIFTY_SIX_POINTS[cardRank(p.card)] || 0), 0);
        return `${Object.entries(points).map(([team, n]) => `team ${team} ${n}`).join(', ')} card points`;
      },
    });
    auction.render();
    const el = h('div', { class: 'stack' }, field('dealer', 'Dealer', dealer), auction.el, noesBox, pointsBox, trickBox.el);
    function build() {
      const deal = { dealer: dealer.get(), auction: auction.get() };
      const state = auction.state();
      if (!noesBox.hidden && noesTrump.get()) {
        const last = deal.auction.lastIndexOf(state.standing);
        deal.auction[last] = Object.assign({}, state.standing, { trump: noesTrump.get() });
      }
      const tricks = trickBox.el.hidden ? null : trickBox.get();
      // With every trick entered the service adds up the card points; points typed as well must agree with them.
      if (!pointsBox.hidden && (!tricks || pointsInput.value.trim())) deal.bidding_team_card_points = num(pointsInput.value);
      if (tricks) deal.tricks = tricks;
      return deal;
    }
    function fill(input) {
      dealer.set(input.dealer);
      auction.set(input.auction || []);
      pointsInput.value = input.bidding_team_card_points === undefined || input.bidding_team_card_points === null ? '' : input.bidding_team_card_points;
      trickBox.set(input.tricks || []);
    }
    return { el, build, fill };
  };

  forms.bid_euchre = function (match) {
    const settings = match.settings;
    const seats = seatsOf(match);
    const tricks = settings.tricks_per_deal || 6;
    const rank = (c) => (c.call === 'bid' ? c.tricks : c.call === 'partners_best' ? 100 : c.call === 'shoot_the_moon' ? 101 : 0);
    const playBox = h('div', { class: 'stack' });
    const dealer = seg(seats.map((s) => [s, seatLabel(match, s)]), nextDealer(match), () => auction.reset(), 'dealer');
    // Ace no face (a variant): the hand is shown and thrown in before the auction, and the deal passes left.
    const kind = seg([['played', 'Bid and played'], ['ace_no_face', 'Ace no face']], 'played', () => showParts(), 'deal_kind');
    const claimSeat = seg(seats.map((s) => [s, seatLabel(match, s)]), null, null, 'ace_no_face_seat');
    const claimHand = h('input', { name: 'ace_no_face_hand', placeholder: 'e.g. AS 9H 10H 9C 10C 9D', autocapitalize: 'characters', autocomplete: 'off' });
    const claimBox = field('ace_no_face', 'Ace no face: the hand shown (an ace, no jack, queen or king)',
      h('div', { 'data-field': 'ace_no_face.seat' }, h('span', { class: 'hint' }, 'Who showed it'), claimSeat),
      h('div', { 'data-field': 'ace_no_face.hand' }, h('span', { class: 'hint' }, `The whole hand (${tricks} cards)`), claimHand));
    const claiming = () => settings.ace_no_face && kind.get() === 'ace_no_face';
    const rules = {
      callText: (c) => `${c.seat} ${c.call === 'bid' ? c.tricks : words(c.call)}`,
      state(calls, dealerSeat) {
        const order = [1, 2, 3, 4].map((k) => seats[(seats.indexOf(dealerSeat) + k) % 4]);
        const passed = new Set(calls.filter((c) => c.call === 'pass').map((c) => c.seat));
        let standing = null;
        for (const c of calls) if (c.call !== 'pass') standing = c;
        let turn; let closed;
        if (settings.bidding === 'continuous') {
          const last = calls.length ? calls[calls.length - 1].seat : dealerSeat;
          const candidates = [1, 2, 3, 4].map((k) => seats[(seats.indexOf(last) + k) % 4]).filter((s) => !passed.has(s));
          closed = passed.size === 4 || (standing !== null && candidates.length === 1 && candidates[0] === standing.seat);
          turn = candidates[0];
        } else {
          closed = calls.length >= 4;
          turn = order[calls.length];
        }
        const kind = standing ? (standing.call === 'bid' ? `${standing.tricks}` : words(standing.call)) : '';
        const summary = standing ? `Contract: ${kind} by ${standing.seat} (team ${teamOf(match, standing.seat)})` : 'All passed: no score, the deal passes left.';
        return { closed, turn, standing, dealerSeat, passes: passed.size, summary };
      },
      offer(state, add) {
        const top = state.standing ? rank(state.standing) : 0;
        const row = h('div', { class: 'seg' });
        const mustBid = settings.stick_the_dealer && state.turn === state.dealerSeat && !state.standing;
        if (!mustBid) row.appendChild(h('button', { type: 'button', 'data-call': 'pass', onclick: () => add({ call: 'pass' }) }, 'Pass'));
        const highest = settings.allow_plain_six ? tricks : tricks - 1;
        for (let n = Math.max(settings.minimum_bid, top + 1); n <= highest; n += 1) {
          row.appendChild(h('button', { type: 'button', 'data-call': `bid-${n}`, onclick: () => add({ call: 'bid', tricks: n }) }, String(n)));
        }
        if (top < 100) row.appendChild(h('button', { type: 'button', 'data-call': 'partners_best', onclick: () => add({ call: 'partners_best' }) }, "Partner's best"));
        if (top < 101) row.appendChild(h('button', { type: 'button', 'data-call': 'shoot_the_moon', onclick: () => add({ call: 'shoot_the_moon' }) }, 'Shoot the moon'));
        return row;
      },
      onChange() { showParts(); },
    };
    const auction = auctionWidget(match, dealer, rules);
    const trump = seg(settings.allow_no_trump ? [...TRUMPS, ['no_trumps', 'no trumps']] : TRUMPS, null, () => trickBox.refresh(), 'trump');
    const tricksB = numberInput('', 'tricks_B');
    const tricksA = stepper('', 'tricks_A', () => { if (/^\d+$/.test(tricksA.input.value)) tricksB.value = tricks - parseInt(tricksA.input.value, 10); });
    const reneges = new Set();
    const renegeRow = h('div', { class: 'seg' }, seats.map((s) => h('button', { type: 'button', 'aria-pressed': 'false', 'data-value': s,
      onclick: (event) => { if (reneges.has(s)) reneges.delete(s); else reneges.add(s); event.currentTarget.setAttribute('aria-pressed', String(reneges.has(s))); } }, s)));
    const trickBox = trickEntry(seats, {
      count: tricks, ranks: ['9', '10', 'J', 'Q', 'K', 'A'], joker: settings.deck === 'with_joker_25' || settings.joker === true,
      play() {
        const state = auction.state();
        if (!state.closed || !state.standing) return null;
        const bidder = state.standing.seat;
        const lone = state.standing.call === 'partners_best' || state.standing.call === 'shoot_the_moon';
        const partner = (match.teams[teamOf(match, bidder)] || []).find((s) => s !== bidder);
        return { seats: lone ? seats.filter((s) => s !== partner) : seats, leader: bidder, order: euchreOrder(trump.get()) };
      },
      tally(results) {
        const won = { A: 0, B: 0 };
        for (const r of results) won[teamOf(match, r.winner)] += 1;
        return `team A ${won.A}, team B ${won.B} tricks`;
      },
    });
    playBox.append(field('trump', 'Trump', trump),
      field('tricks_won', `Tricks won (together ${tricks})`, h('div', { class: 'pair' },
        field('tricks_won.A', `Team ${teamLabel(match, 'A')}`, tricksA), field('tricks_won.B', `Team ${teamLabel(match, 'B')}`, tricksB))),
      field('reneges', 'Reneges (−2 each)', renegeRow), trickBox.el);
    function showParts() {
      const state = auction.state();
      auction.el.hidden = claiming();
      claimBox.hidden = !claiming();
      playBox.hidden = claiming() || (state.closed && !state.standing);
      trickBox.refresh();
    }
    auction.render();
    const el = h('div', { class: 'stack' }, field('dealer', 'Dealer', dealer),
      settings.ace_no_face ? group('This deal', kind) : null, claimBox, auction.el, playBox);
    function build() {
      if (claiming()) return { dealer: dealer.get(), ace_no_face: { seat: claimSeat.get(), hand: cardList(claimHand.value) } };
      const deal = { dealer: dealer.get(), auction: auction.get() };
      if (playBox.hidden) return deal;
      deal.trump = trump.get();
      const cards = trickBox.get();
      // With every trick entered the service counts the tricks; totals typed as well must agree with them.
      if (!cards || `${tricksA.input.value}${tricksB.value}`.trim()) deal.tricks_won = { A: num(tricksA.input.value), B: num(tricksB.value) };
      if (reneges.size) deal.reneges = seats.filter((s) => reneges.has(s)).map((seat) => ({ seat }));
      if (cards) deal.tricks = cards;
      return deal;
    }
    function fill(input) {
      dealer.set(input.dealer);
      if (input.ace_no_face) {
        kind.set('ace_no_face'); claimSeat.set(input.ace_no_face.seat); claimHand.value = (input.ace_no_face.hand || []).join(' ');
        showParts();
        return;
      }
      auction.set(input.auction || []);
      trump.set(input.trump || null);
      if (input.tricks_won) { tricksA.input.value = input.tricks_won.A; tricksB.value = input.tricks_won.B; }
      reneges.clear();
      (input.reneges || []).forEach((r) => reneges.add(r.seat));
      renegeRow.querySelectorAll('button').forEach((b) => b.setAttribute('aria-pressed', String(reneges.has(b.dataset.value))));
      trickBox.set(input.tricks || []);
    }
    return { el, build, fill };
  };

  forms.contract_rummy = function (match) {
    const seats = seatsOf(match);
    const next = match.state.next_deal;
    const dealer = seg(seats.map((s) => [s, seatLabel(match, s)]), nextDealer(match), null, 'dealer');
    const wentOut = seg(seats.map((s) => [s, seatLabel(match, s)]), null, () => update(), 'went_out');
    const mode = seg([['points', 'Penalty points'], ['cards', 'Cards left']], 'points', () => update(), 'mode');
    const inputs = {};
    const rows = seats.map((seat) => {
      const points = numberInput('', `penalty_${seat}`);
      const cards = h('input', { name: `cards_${seat}`, placeholder: 'e.g. AS KD 7C', autocapitalize: 'characters', autocomplete: 'off' });
      inputs[seat] = { points, cards };
      return h('div', {}, h('div', { 'data-field': `penalty_points.${seat}`, class: 'by-points' }, h('span', { class: 'label' }, seatLabel(match, seat)), points),
        h('div', { 'data-field': `cards_left.${seat}`, class: 'by-cards' }, h('span', { class: 'label' }, seatLabel(match, seat)), cards));
    });
    const info = next ? `Deal ${next.number}: ${contractText(next.contract)} (${next.cards_dealt} cards)` : 'All deals are played.';
    // Optional: the melds of the player who went out, one line per set or run of the contract, so the service can
    // check the contract was met. A joker is written with the card it stands for: JKR=5D.
    const meldList = h('div', { class: 'stack' });
    let melds = [];
    function setMelds(types) {
      melds = types.map((type, k) => {
        const input = h('input', { name: `meld_${k}`, placeholder: type === 'set' ? 'e.g. 5H 5S JKR=5D' : 'e.g. 4C 5C JKR=6C 7C', autocapitalize: 'characters', autocomplete: 'off' });
        const label = `${type === 'set' ? 'Set' : 'Run'} ${types.slice(0, k + 1).filter((t) => t === type).length}`;
        return { type, input, el: h('div', { 'data-field': `melds[${k}]` }, h('div', { 'data-field': `melds[${k}].cards` },
          h('span', { class: 'hint' }, label), h('div', { 'data-field': `melds[${k}].jokers` }, input))) };
      });
      meldList.replaceChildren(...melds.map((m) => m.el));
    }
    const contractTypes = (c) => [...Array(c.sets || 0).fill('set'), ...Array(c.runs || 0).fill('run')];
    setMelds(next ? contractTypes(next.contract) : []);
    const meldBox = h('details', { class: 'fold', 'data-field': 'melds', hidden: !next },
      h('summary', {}, 'Melds of the player who went out (optional)'),
      h('p', { class: 'hint' }, 'The cards of each meld; a joker as JKR=5D (the card it stands for). The service checks the contract was met.'),
      meldList);
    const el = h('div', { class: 'stack' }, h('div', { class: 'hint', id: 'contract-info' }, info),
      field('dealer', 'Dealer', dealer), field('went_out', 'Went out', wentOut), group('Enter', mode),
      h('div', { 'data-field': 'penalty_points' }, h('div', { 'data-field': 'cards_left', class: 'stack' }, rows)), meldBox);
    function update() {
      for (const seat of seats) {
        const out = wentOut.get() === seat;
        inputs[seat].points.disabled = out; inputs[seat].cards.disabled = out;
        if (out) { inputs[seat].points.value = '0'; inputs[seat].cards.value = ''; }
        else if (inputs[seat].points.value === '0') inputs[seat].points.value = '';
      }
      el.querySelectorAll('.by-points').forEach((e) => { e.hidden = mode.get() !== 'points'; });
      el.querySelectorAll('.by-cards').forEach((e) => { e.hidden = mode.get() !== 'cards'; });
    }
    update();
    function build() {
      const deal = { dealer: dealer.get(), went_out: wentOut.get() };
      const key = mode.get() === 'points' ? 'penalty_points' : 'cards_left';
      deal[key] = {};
      for (const seat of seats) {
        const out = seat === wentOut.get();
        deal[key][seat] = key === 'penalty_points' ? (out ? 0 : num(inputs[seat].points.value)) : (out ? [] : cardList(inputs[seat].cards.value));
      }
      if (melds.some((m) => cardList(m.input.value).length)) {
        deal.melds = melds.map((m) => {
          const tokens = cardList(m.input.value.toUpperCase());
          return { type: m.type, cards: tokens.map((w) => (w.startsWith('JKR=') ? 'JKR' : w)),
            jokers: tokens.filter((w) => w.startsWith('JKR=')).map((w) => w.slice(4)) };
        });
      }
      return deal;
    }
    function fill(input) {
      dealer.set(input.dealer); wentOut.set(input.went_out);
      mode.set(input.cards_left ? 'cards' : 'points');
      for (const seat of seats) {
        if (input.penalty_points) inputs[seat].points.value = input.penalty_points[seat];
        if (input.cards_left) inputs[seat].cards.value = (input.cards_left[seat] || []).join(' ');
      }
      if (input.melds) {
        setMelds(input.melds.map((m) => m.type));
        input.melds.forEach((m, k) => {
          const stands = [...(m.jokers || [])];
          melds[k].input.value = m.cards.map((c) => (c === 'JKR' && stands.length ? `JKR=${stands.shift()}` : c)).join(' ');
        });
        meldBox.hidden = false;
        meldBox.open = true;
      }
      update();
    }
    return { el, build, fill };
  };

  // ---------- the scoreboard ----------
  const scoreBox = (label, value, extra) => h('div', { class: `score ${extra || ''}` }, h('div', { class: 'who' }, label), h('div', { class: 'n' }, value));

  const boards = {
    seep(m) {
      const lead = m.state.running_lead;
      const headline = m.state.match_over ? `Team ${m.state.match_winner || '—'} wins the match` : lead.team ? `Team ${lead.team} leads by ${lead.points}` : 'Level';
      return [headline, `Baazi at a lead of ${m.settings.baazi_lead}. Baazis won:`,
        ['A', 'B'].map((t) => scoreBox(teamLabel(m, t), m.state.baazis_won[t], lead.team === t ? 'lead' : ''))];
    },
    fifty_six(m) {
      const out = new Set((m.state.eliminated || []).map((e) => e.team));
      const headline = m.state.match_over ? `Team ${m.state.match_winner} wins` : 'Tables';
      return [headline, `${m.state.active_seats.length} players; ${m.state.next_deal_cards.cards_per_player} cards each next deal.`,
        Object.keys(m.state.tables).map((t) => scoreBox(teamLabel(m, t), m.state.tables[t], out.has(t) ? 'out' : ''))];
    },
    bid_euchre(m) {
      const target = m.settings.target_score;
      const s = m.state.scores;
      const headline = m.state.match_over ? `Team ${m.state.match_winner} wins` : `${s.A} – ${s.B}`;
      const sub = m.state.tiebreak_deal_required ? 'Tied at the target: a tie-break deal is needed.' : `Race to ${target}.`;
      return [headline, sub, ['A', 'B'].map((t) => {
        const box = scoreBox(teamLabel(m, t), s[t], s[t] > s[t === 'A' ? 'B' : 'A'] ? 'lead' : '');
        box.appendChild(h('div', { class: 'progress' }, h('span', { style: `width:${Math.max(0, Math.min(100, (100 * s[t]) / target))}%` })));
        return box;
      })];
    },
    contract_rummy(m) {
      const totals = m.state.totals;
      const order = Object.keys(totals).sort((a, b) => totals[a] - totals[b]);
      const next = m.state.next_deal;
      const headline = m.state.match_over ? `${m.state.winners.map((s) => playerName(m, s)).join(' & ')} win${m.state.winners.length > 1 ? '' : 's'}`
        : `Deal ${next.number} of ${m.settings.deals}: ${contractText(next.contract)}`;
      const sub = m.state.match_over ? 'Lowest total wins.' : `${next.cards_dealt} cards each. Lowest total wins.`;
      return [headline, sub, order.map((seat, i) => scoreBox(seatLabel(m, seat), totals[seat], i === 0 ? 'lead' : ''))];
    },
  };

  function renderBoard(box, board) {
    const m = board.match;
    const [headline, sub, scores] = boards[m.game](m);
    const dealerLine = m.state.next_dealer ? `Next dealer: ${seatLabel(m, m.state.next_dealer)}` : m.status === 'finished' ? 'Match finished.' : 'First deal: any dealer.';
    const disputed = board.answers.filter((a) => a.open).length;
    fill(box,
      h('div', { class: 'sub' }, `${GAME_NAMES[m.game]} · match #${m.id} · ${m.deals_count} deal${m.deals_count === 1 ? '' : 's'}`),
      h('div', { class: 'headline', id: 'headline' }, headline),
      h('div', { class: 'sub' }, sub),
      h('div', { class: 'scores', id: 'scores' }, scores),
      h('p', { class: 'sub', id: 'next-dealer' }, dealerLine),
      disputed ? h('p', { class: 'err', id: 'dispute-banner' }, `${disputed} disputed deal${disputed > 1 ? 's' : ''}: see below.`) : null);
    box.dataset.version = String(m.version);
  }

  /** The reneges the referee proved from the entered tricks: " · renege found: S4 (trick 3)". */
  const foundText = (r, word) => ((r.reneges_found || []).length
    ? ` · ${word} found: ${r.reneges_found.map((f) => `${f.seat} (trick ${f.trick})`).join(', ')}` : '');

  const summaries = {
    seep(d) {
      const i = d.input; const r = d.result;
      const lead = r.running_lead.team ? `lead ${r.running_lead.team} +${r.running_lead.points}` : 'level';
      const thrown = r.throw_ins ? ` after ${r.throw_ins} throw-in${r.throw_ins > 1 ? 's' : ''}` : '';
      const swept = (r.sweeps_found || []).map((s) => `${s.team} play ${s.play}`);
      const refereed = r.plays_checked ? ` · play by play${swept.length ? `, sweep${swept.length > 1 ? 's' : ''} ${swept.join(', ')}` : ''}` : '';
      return `${i.dealer} dealt, ${i.bid.bidder} bid ${i.bid.value}${thrown}${refereed} · ${r.team_scores.A}–${r.team_scores.B} · ${r.baazi ? `baazi to ${r.baazi.winner}${r.baazi.reason === 'opponent_below_minimum' ? ' (under 9)' : ''}` : lead}`;
    },
    fifty_six(d) {
      const i = d.input; const r = d.result; const c = r.contract;
      if (!c) return `${i.dealer} dealt · all passed, redealt`;
      const transfers = r.transfers.map((t) => `${t.from}→${t.to} ${t.tables}`).join(', ');
      const points = i.bidding_team_card_points ?? (r.card_points_by_team || {})[c.team];
      return `${c.bidder} ${c.points} ${words(c.trump)}${c.doubling !== 'none' ? ` ${c.doubling}` : ''}${c.forced ? ' (forced)' : ''} · ${r.made ? 'made' : 'failed'} with ${points}${foundText(r, 'revoke')} · ${transfers}`;
    },
    bid_euchre(d) {
      const i = d.input; const r = d.result; const c = r.contract;
      if (r.outcome !== 'played') return `${i.dealer} dealt · ${words(r.outcome)}${i.ace_no_face ? ` (${i.ace_no_face.seat})` : ''}`;
      const penalties = Object.entries(r.renege_penalties).filter(([, v]) => v).map(([t, v]) => ` · renege ${t} ${v}`).join('');
      const won = i.tricks_won || r.tricks_won;
      return `${c.bidder} ${c.kind === 'number' ? c.tricks_bid : words(c.kind)} ${words(c.trump)} · tricks ${won.A}–${won.B}${foundText(r, 'renege')} · ${r.made ? 'made' : 'set'} · A ${signed(r.deal_points.A)}, B ${signed(r.deal_points.B)}${penalties} → ${r.scores_after.A}–${r.scores_after.B}`;
    },
    contract_rummy(d) {
      const i = d.input; const r = d.result;
      const others = Object.entries(r.penalties).filter(([s]) => s !== i.went_out).map(([s, p]) => `${s} ${p}`).join(', ');
      return `${contractText(r.contract)} · ${i.went_out} out · ${others}`;
    },
  };

  function renderDeals(box, board, actions, showEarlier) {
    const m = board.match;
    const byDeal = {};
    for (const a of board.answers) (byDeal[a.deal_number] = byDeal[a.deal_number] || []).push(a);
    const items = board.deals.slice().reverse().map((d) => {
      const answers = (byDeal[d.number] || []).filter((a) => a.deal_revision === d.revision || a.verdict === 'disputed');
      const open = answers.some((a) => a.open);
      const marks = answers.map((a) => h('div', { class: 'mark' },
        h('span', { class: `tag ${a.open ? 'disputed' : a.verdict}` }, a.verdict === 'confirmed' ? '✓ confirmed' : a.open ? '⚠ disputed' : 'dispute resolved'),
        a.player ? ` ${a.player.name} (${a.seat})${a.reason ? `: ${a.reason}` : ''}` : ''));  // a shared board names nobody
      const card = h('div', { class: `deal ${d.status}${open ? ' disputed' : ''}`, id: `deal-${d.number}`, 'data-number': d.number },
        h('div', { class: 'top' }, h('span', {}, `Deal ${d.number}`),
          h('span', {}, d.status !== 'recorded' ? h('span', { class: `tag ${d.status}` }, d.status) : null)),
        h('div', { class: 'what' }, summaries[m.game](d)),
        h('div', { class: 'marks' }, marks));
      if (actions && d.status !== 'voided') card.appendChild(actions(d, answers));
      return card;
    });
    const hidden = board.deals.length ? board.deals[0].number - 1 : 0;
    const more = showEarlier && hidden ? h('button', { type: 'button', class: 'small', 'data-action': 'earlier', onclick: showEarlier },
      `Show earlier deals (${hidden} more)`) : null;
    fill(box, h('h2', {}, 'Deals'), items.length ? items : h('p', { class: 'muted' }, 'No deals yet.'), more);
  }

  // ---------- the chart of the score over the deals ----------
  // The board sends a window of the latest deals: the chart starts from the state the first of them was played in.
  function chartSeries(board) {
    const m = board.match;
    const counted = board.deals.filter((d) => d.status !== 'voided');
    const before = (counted.length && counted[0].state_before) || null;
    const from = (key, fallback) => (name) => (before && before[key] && before[key][name] !== undefined ? before[key][name] : fallback);
    const series = (names, start, pick) => names.map((name) => ({ name, points: [start(name), ...counted.map((d) => pick(d.result, name))] }));
    if (m.game === 'seep') {
      const lead = (rl) => (rl && rl.team === 'A' ? rl.points : rl && rl.team === 'B' ? -rl.points : 0);
      return { title: 'Running lead (team A up, team B down)', lines: series(['lead'], () => lead(before && before.running_lead), (r) => lead(r.running_lead)) };
    }
    if (m.game === 'fifty_six') return { title: 'Tables per team', lines: series(Object.keys(m.state.tables), from('tables', m.settings.starting_tables), (r, t) => r.tables_after[t]) };
    if (m.game === 'bid_euchre') return { title: `Score per team (target ${m.settings.target_score})`, target: m.settings.target_score, lines: series(['A', 'B'], from('scores', 0), (r, t) => r.scores_after[t]) };
    const lines = series(seatsOf(m), from('totals', 0), (r, s) => r.totals_after[s]);
    lines.forEach((line) => { line.label = seatLabel(m, line.name); });
    return { title: 'Penalty totals per player', lines };
  }

  function renderChart(box, board) {
    const { title, lines, target } = chartSeries(board);
    const W = 360; const H = 180; const pad = 28;
    const values = lines.flatMap((l) => l.points).concat([0], target ? [target] : []);
    const lo = Math.min(...values); const hi = Math.max(...values, lo + 1);
    const n = Math.max(1, lines[0].points.length - 1);
    const x = (i) => pad + ((W - 2 * pad) * i) / n;
    const y = (v) => H - pad - ((H - 2 * pad) * (v - lo)) / (hi - lo);
    const ns = 'http://www.w3.org/2000/svg';
    const svg = document.createElementNS(ns, 'svg');
    svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', title);
    const add = (tag, attrs, text) => { const el = document.createElementNS(ns, tag); for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v); if (text !== undefined) el.textContent = text; svg.appendChild(el); return el; };
    add('line', { x1: pad, x2: W - pad, y1: y(0), y2: y(0), stroke: '#9ca3af' });
    if (target) add('line', { x1: pad, x2: W - pad, y1: y(target), y2: y(target), stroke: '#15803d', 'stroke-dasharray': '4 3' });
    add('text', { x: 4, y: y(hi) + 4, 'font-size': 10, fill: '#6b7280' }, String(hi));
    add('text', { x: 4, y: y(lo) + 4, 'font-size': 10, fill: '#6b7280' }, String(lo));
    const counted = board.deals.filter((d) => d.status !== 'voided');
    const first = counted.length ? counted[0].number - 1 : 0;
    if (first) add('text', { x: pad, y: H - 8, 'font-size': 10, fill: '#6b7280' }, `deal ${first}`);
    add('text', { x: W - pad, y: H - 8, 'font-size': 10, fill: '#6b7280', 'text-anchor': 'end' }, `deal ${counted.length ? counted[counted.length - 1].number : 0}`);
    lines.forEach((line, index) => {
      add('polyline', { points: line.points.map((v, i) => `${x(i)},${y(v)}`).join(' '), fill: 'none', stroke: COLORS[index % COLORS.length], 'stroke-width': 2.5 });
      line.points.forEach((v, i) => add('circle', { cx: x(i), cy: y(v), r: 2.5, fill: COLORS[index % COLORS.length] }));
    });
    const legend = h('div', { class: 'legend' }, lines.map((l, i) => h('span', {}, h('i', { style: `background:${COLORS[i % COLORS.length]}` }), l.label || `team ${l.name}`)));
    fill(box, h('h2', {}, title), svg, lines.length > 1 ? legend : null);
  }

  // ---------- live updates: server-sent events, ETag polling as the fallback ----------
  function setNet(text, offline) {
    const badge = $('#net');
    if (!badge) return;
    badge.hidden = !text;
    badge.textContent = text || '';
    badge.classList.toggle('offline', Boolean(offline));
  }

  /** The board as shown: the window of latest deals it was sent, with the earlier windows the reader asked for
   *  in front. When the board changes those are asked for again (a correction may have changed them). */
  function boardWindow(onBoard) {
    let latest = null; let older = { deals: [], answers: [] }; let earlier = null;
    const show = () => onBoard(Object.assign({}, latest, { deals: older.deals.concat(latest.deals),
      answers: older.answers.concat(latest.answers) }), earlier ? showEarlier : null);
    async function loadEarlier() {
      const res = await api('GET', earlier);
      if (res.status !== 200) return false;
      older = { deals: res.data.deals.concat(older.deals), answers: res.data.answers.concat(older.answers) };
      earlier = earlierUrl(res.link);
      return true;
    }
    async function showEarlier() { if (earlier && await loadEarlier()) show(); }
    return async (board, link) => {
      const wanted = older.deals.length;
      latest = board; older = { deals: [], answers: [] }; earlier = earlierUrl(link);
      try {
        while (earlier && older.deals.length < wanted && await loadEarlier());
      } finally {
        show();
      }
    };
  }

  /** The board ETag a change event carries, or undefined (an older server's event: then always re-read). */
  function changedEtag(data) {
    try { return JSON.parse(data).etag || undefined; } catch (error) { return undefined; }
  }

  function liveBoard(cfg, onBoard) {
    let etag = null; let source = null; let timer = null; let inflight = null; let again = false;
    const box = $('#board');
    const windowed = boardWindow(onBoard);
    async function fetchBoard() {
      try {
        const res = await api('GET', cfg.board_url, undefined, etag ? { 'If-None-Match': etag } : {});
        if (res.status === 200) { etag = res.etag; await windowed(res.data, res.link); }
        TK.online = true;
      } catch (error) {
        TK.online = false;
      }
      if (TK.onNetwork) TK.onNetwork();
    }
    /** One board request at a time: a refresh asked for meanwhile runs once after it (with the new ETag), so the
     *  page load and the stream's first event do not both render the board under the user's fingers. */
    function refresh() {
      again = Boolean(inflight);
      if (!inflight) {
        inflight = (async () => { do { again = false; await fetchBoard(); } while (again); inflight = null; })();
      }
      return inflight;
    }
    function schedule() {
      clearTimeout(timer);
      const streaming = source && source.readyState === 1;
      timer = setTimeout(async () => { await refresh(); schedule(); }, streaming ? 20000 : 3000);
    }
    box.dataset.live = 'polling';
    if (window.EventSource && cfg.events_url) {
      source = new EventSource(cfg.events_url);
      source.addEventListener('ready', () => { box.dataset.live = 'events'; schedule(); refresh(); });
      // A change whose board ETag is the one shown needs no re-read (the other events of that change, or our own
      // post); a resync says events were dropped while this page lagged behind: read the board again.
      source.addEventListener('change', (event) => { if (changedEtag(event.data) !== etag) refresh(); });
      source.addEventListener('resync', () => refresh());
      source.onerror = () => { if (source.readyState !== 1) { box.dataset.live = 'polling'; schedule(); } };
      // Hand the connection back when leaving the page: a browser holds only a few per server.
      window.addEventListener('pagehide', () => source.close());
    }
    refresh().then(schedule);
    return { refresh };
  }

  // ---------- pages ----------
  TK.boardPage = function () {
    const cfg = pageConfig();
    liveBoard(cfg, (board, showEarlier) => {
      renderBoard($('#board'), board);
      renderChart($('#chart'), board);
      renderDeals($('#deals'), board, null, showEarlier);
    });
    const share = $('#share');
    if (share) {
      share.addEventListener('click', async () => {
        const res = await api('POST', cfg.share_url, {});
        const out = $('#share-url');
        if (res.ok) { out.hidden = false; out.value = res.data.page_url; out.select(); }
      });
    }
  };

  TK.matchPage = function () {
    const cfg = pageConfig();
    const form = $('#deal-form');
    const fieldsBox = $('#deal-fields');
    const outboxKey = `tk-outbox-${cfg.match_id}`;
    let board = null; let gameForm = null; let correcting = null; let dirty = false; let pending = null; let flushing = false; let retry = null;
    let asking = null; // the reason box being typed in ({number, action, value}): a live re-render opens it again

    const loadOutbox = () => { try { return JSON.parse(localStorage.getItem(outboxKey)) || []; } catch (e) { return []; } };
    const saveOutbox = (items) => { localStorage.setItem(outboxKey, JSON.stringify(items)); renderOutbox(); };

    function renderOutbox() {
      const items = loadOutbox();
      const box = $('#outbox');
      box.hidden = !items.length;
      box.replaceChildren(...items.map((item) => h('div', { class: 'queued' }, h('span', { class: 'tag queued' }, 'waiting to send'),
        ` deal dealt by ${item.deal.dealer} (${new Date(item.at).toLocaleTimeString()})`)));
      TK.onNetwork();
    }
    TK.onNetwork = function () {
      const waiting = loadOutbox().length;
      if (TK.online === false) setNet(`Offline${waiting ? ` · ${waiting} waiting` : ''}`, true);
      else setNet(waiting ? `Sending ${waiting}…` : '', false);
    };

    /** The form of a new deal reads the match's state; a correction reads the state the corrected deal was played
     *  in (its state_before): the seats still in, the pack and hand size, the contract of that deal. */
    function buildForm(deal) {
      const state = deal && deal.state_before;
      gameForm = forms[cfg.game](state ? Object.assign({}, board.match, { state }) : board.match);
      fieldsBox.replaceChildren(gameForm.el);
      clearErrors(form);
      dirty = false;
    }
    form.addEventListener('input', () => { dirty = true; });
    form.addEventListener('click', (event) => { if (event.target.closest('button[type=button]')) dirty = true; });

    function onBoard(next, showEarlier) {
      board = next;
      renderBoard($('#board'), board);
      renderChart($('#chart'), board);
      renderDeals($('#deals'), board, dealActions, showEarlier);
      if (!gameForm || (!dirty && !correcting && !pending)) buildForm();
      $('#save-deal').disabled = board.match.status === 'finished' && !correcting;
    }
    const live = liveBoard(cfg, onBoard);

    // The outbox: post in order, keep what the network did not deliver, retry until each is answered.
    async function flush() {
      if (flushing) return;
      flushing = true;
      try {
        for (let items = loadOutbox(); items.length; items = loadOutbox()) {
          const item = items[0];
          let res;
          try {
            res = await api('POST', cfg.deals_url, item.deal);
          } catch (error) {
            TK.online = false; TK.onNetwork(); scheduleFlush(); return;
          }
          TK.online = true;
          if (res.status >= 500 || res.status === 429) { scheduleFlush(); return; }
          saveOutbox(loadOutbox().filter((x) => x.deal.client_deal_id !== item.deal.client_deal_id));
          if (res.ok) delivered(item);
          else refused(item, res.data);
        }
      } finally {
        flushing = false;
      }
      live.refresh();
    }
    function scheduleFlush() { clearTimeout(retry); retry = setTimeout(flush, 2000); }
    window.addEventListener('online', flush);

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
      saveOutbox([...loadOutbox(), { deal, at: Date.now() }]);
      $('#save-deal').disabled = true;
      await flush();
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
    flush();
  };

  // ---------- starting a match ----------
  const CHOICES = {
    card_points: ['spades_capture_value_other_aces_1_ten_of_diamonds_6', 'ten_of_diamonds_2_majority_4'],
    after_baazi_dealer_basis: ['baazi_loser', 'raw_difference'],
    team_layout: ['pairs', 'two_sides'], double_mode: ['multiply', 'add'],
    all_pass_rule: ['first_speaker_team_plays_28_no_trumps', 'first_speaker_must_bid', 'redeal'],
    elimination: ['at_zero_tables', 'when_cannot_pay'], shortfall_distribution: ['round_robin_from_payers_right'],
    deck: ['single_24', 'with_joker_25', 'double_48'], bidding: ['single_round', 'continuous'],
    lone_failure_penalty: ['bid', 'contract_value'], simultaneous_target: ['higher_score_wins_equal_replays', 'bidders_win'],
    winner_rule: ['lowest_total_ties_share'], preset: ['seed', 'pagat', 'bicycle'], four_player_pack: ['48', '32'],
    revoke_rule: ['report', 'forfeit_deal'],
  };
  const HIDDEN_SETTINGS = new Set(['players']); // follows the number of players

  function settingControl(key, value) {
    if (typeof value === 'boolean') return h('input', { type: 'checkbox', name: key, checked: value });
    if (CHOICES[key]) {
      return h('select', { name: key }, CHOICES[key].map((choice) => h('option', { value: choice, selected: String(value) === choice }, words(choice))));
    }
    if (typeof value === 'number') return numberInput(value, key);
    if (typeof value === 'string') return h('input', { name: key, value });
    return h('textarea', { name: key, rows: 2 }, JSON.stringify(value));
  }
  function settingValue(control, original) {
    if (control.type === 'checkbox') return control.checked;
    if (typeof original === 'number') return num(control.value);
    if (typeof original === 'string') return control.value;
    try { return JSON.parse(control.value); } catch (error) { return control.value; }
  }

  TK.newMatchPage = function () {
    const cfg = pageConfig();
    const form = $('#new-match-form');
    let game = cfg.games[0]; let count = game.counts[0];
    const gameSeg = seg(cfg.games.map((g) => [g.key, g.name]), game.key, (key) => {
      game = cfg.games.find((g) => g.key === key); count = game.counts[0]; render();
    }, 'game');
    $('#game-choice').replaceWith(gameSeg);
    function render() {
      clearErrors(form);
      const counts = game.counts.slice().sort((a, b) => a - b);
      const countSeg = seg(counts.map((c) => [c, String(c)]), count, (c) => { count = c; render(); }, 'count');
      $('#count-row').replaceChildren(h('span', { class: 'label' }, 'Players'), countSeg);
      $('#count-row').hidden = counts.length < 2;
      const names = Array.from(form.querySelectorAll('#players input'), (i) => i.value);
      const teamHint = { seep: 'Partners sit opposite: S1+S3 (team A) against S2+S4 (team B).', bid_euchre: 'Partners sit opposite: S1+S3 (team A) against S2+S4 (team B).',
        fifty_six: 'Seats alternate between teams, in the order of play.', contract_rummy: 'Each plays alone; list them in the order of play.' }[game.key];
      $('#players').replaceChildren(h('p', { class: 'hint' }, teamHint), ...Array.from({ length: count }, (_, i) => field(`players[${i}]`, `S${i + 1}`,
        h('div', { 'data-field': `players[${i}].name` }, h('input', { name: `player-${i}`, placeholder: 'Name', value: names[i] || '', autocomplete: 'off' })))));
      const defaults = game.defaults[count];
      $('#rules').replaceChildren(...Object.entries(defaults).filter(([key]) => !HIDDEN_SETTINGS.has(key)).map(([key, value]) => {
        const control = settingControl(key, value);
        control.dataset.setting = key;
        return h('div', { 'data-field': `settings.${key}` }, h('label', {}, words(key), ' ', control));
      }));
    }
    render();
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const defaults = game.defaults[count];
      const settings = {};
      form.querySelectorAll('[data-setting]').forEach((control) => {
        const key = control.dataset.setting;
        const value = settingValue(control, defaults[key]);
        if (JSON.stringify(value) !== JSON.stringify(defaults[key])) settings[key] = value;
      });
      const players = Array.from(form.querySelectorAll('#players input'), (input) => ({ name: input.value.trim() }));
      clearErrors(form);
      let res;
      try {
        res = await api('POST', cfg.matches_url, { game: game.key, players, settings });
      } catch (error) {
        showErrors(form, { code: 'offline', detail: 'You are offline: starting a match needs the network.', field: null });
        return;
      }
      if (!res.ok) { if (Object.keys(res.data || {}).some((k) => k === 'code')) $('#rules-box').open = String(res.data.field || '').startsWith('settings'); showErrors(form, res.data); return; }
      window.location.assign(cfg.match_page.replace('/0/', `/${res.data.id}/`));
    });
  };
})();
