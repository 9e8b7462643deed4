import { h, fill, num, cardList } from '../dom.js';
import { scoreBox, seg, numberInput, stepper, field, group } from '../widgets.js';
import {
  seatsOf,
  playerName,
  seatLabel,
  teamOf,
  teamNames,
  teamClass,
  nextDealer,
  UNKNOWN_DEALER_HINT,
} from '../seating.js';
import { t, nt, numberText, signedText, asciiDigits } from '../i18n.js';
import { entryFacts, wholeWithin } from '../facts.js';

// ---------- Seep play by play (seep.md §S.7a): the floor as it stands, and the moves the rules allow ----------
// The page keeps its own floor only to show it and to offer moves; the service referees every play.
const SEEP_VALUE = { A: 1, J: 11, Q: 12, K: 13 };
const seepValue = (card) => SEEP_VALUE[card.slice(0, -1)] || parseInt(card, 10);
const SUIT_SIGNS = { S: '♠', H: '♥', D: '♦', C: '♣' };
const PACK = ['S', 'H', 'D', 'C'].flatMap((suit) =>
  ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'].map((rank) => rank + suit),
);
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
  return setsWorth(rest, target - seepValue(first)).some((set) =>
    splits(
      rest.filter((c) => !set.includes(c)),
      target,
    ),
  );
}
/** The choices of loose cards a card worth `target` may take that leave no set worth it (P5). */
function captureChoices(loose, target) {
  const sets = setsWorth(
    loose.filter((c) => seepValue(c) < target),
    target,
  );
  const forced = loose.filter((c) => seepValue(c) === target);
  const unions = new Map();
  const extend = (union, start) => {
    for (let i = start; i < sets.length; i++)
      if (!sets[i].some((c) => union.includes(c))) extend([...union, ...sets[i]], i + 1);
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
    const seat = seatAt(k);
    const value = seepValue(play.card);
    if (play.action === 'throw') loose.push(play.card);
    else if (play.action === 'capture') {
      const takes = play.takes || captureChoices(loose, value)[0] || [];
      loose = loose.filter((c) => !takes.includes(c));
      delete houses[value];
      if (!loose.length && !Object.keys(houses).length) sweeps.push(k);
    } else if (play.action === 'raise') {
      const old = houses[play.house];
      delete houses[play.house];
      const target = play.house + value;
      const standing = houses[target];
      if (standing)
        place(
          target,
          [...standing.cards, ...old.cards, play.card],
          standing.owners.includes(seat) ? standing.owners : [...standing.owners, seat],
        );
      else place(target, [...old.cards, play.card], [seat]);
    } else {
      const standing = houses[play.house];
      const added = play.with || [];
      loose = loose.filter((c) => !added.includes(c));
      if (!standing) place(play.house, [play.card, ...added], [seat]);
      else
        place(
          play.house,
          [...standing.cards, play.card, ...added],
          standing.owners.includes(seat) || standing.owners.includes(partner(seat))
            ? standing.owners
            : [...standing.owners, seat],
        );
    }
  });
  return { loose, houses, sweeps, seat: seatAt(plays.length) };
}
/** Whether a card worth `value` can go into a house of `v`: with loose cards making whole sets (P6), or onto the
 * standing house of `v` alone when it is worth `v` (P7). */
function canHouse(state, value, v) {
  if (value > v) return false;
  const completes = value === v || setsWorth(state.loose, v - value).length > 0;
  return state.houses[v] ? completes : value === v ? setsWorth(state.loose, v).length > 0 : completes;
}
const houseText = (house) =>
  `[${numberText(house.value)}${sumOf(house.cards) > house.value ? '=' : ''}: ${house.cards.join(' ')} / ${house.owners.join(',')}]`;
/** One entered play in the list: the seat, the card and what it did (the engine's action, in words). */
function playText(p, seat) {
  const values = {
    seat,
    card: p.card,
    cards: (p.takes && p.takes.length ? p.takes : p.with || []).join(' '),
    house: p.house,
  };
  if (p.action === 'throw') return t('{seat}: {card} throw', values);
  if (p.action === 'capture')
    return values.cards ? t('{seat}: {card} capture {cards}', values) : t('{seat}: {card} capture', values);
  if (p.action === 'raise') return t('{seat}: {card} raise ({house})', values);
  return values.cards
    ? t('{seat}: {card} build with {cards} ({house})', values)
    : t('{seat}: {card} build ({house})', values);
}

/** The starting floor, the bidder's four cards, then one tap for the card played and one for what it did. */
function seepPlayEntry(match, getBidder, getBid) {
  const seats = seatsOf(match);
  let floorCards = [];
  let hand = [];
  let plays = [];
  let pending = null;
  const step = h('p', { class: 'hint', id: 'play-step', 'aria-live': 'polite' });
  const floorView = h('div', { class: 'seep-floor', id: 'seep-floor' });
  const actions = h('div', { class: 'seg', id: 'play-actions' });
  const grid = h('div', { class: 'card-grid', id: 'card-grid' });
  const list = h('ol', { class: 'play-list', id: 'play-list' });
  const undo = h(
    'button',
    {
      type: 'button',
      class: 'small',
      id: 'undo-play',
      onclick: () => {
        if (pending) pending = null;
        else if (plays.length) plays.pop();
        else if (hand.length) hand.pop();
        else floorCards.pop();
        render();
      },
    },
    t('Undo'),
  );
  const used = () => new Set([...floorCards, ...hand, ...plays.map((p) => p.card)]);
  function tapCard(card) {
    if (floorCards.length < 4) floorCards.push(card);
    else if (hand.length < 4) hand.push(card);
    else pending = { card, action: null, chosen: [] };
    render();
  }
  function record(play) {
    plays.push(play);
    pending = null;
    render();
  }
  function moves(state, card) {
    const value = seepValue(card);
    const first = !plays.length;
    const bid = getBid();
    const canCapture = Boolean(state.houses[value]) || setsWorth(state.loose, value).length > 0;
    const options = [];
    if (!first || value === bid) options.push(canCapture ? ['capture', t('Capture')] : ['throw', t('Throw loose')]);
    if (HOUSE_VALUES.some((v) => (!first || v === bid) && canHouse(state, value, v)))
      options.push(['build', t('Build / add to a house')]);
    for (const house of Object.values(state.houses)) {
      if (
        sumOf(house.cards) === house.value &&
        !house.owners.includes(state.seat) &&
        house.value + value <= 13 &&
        !first
      )
        options.push([
          `raise-${house.value}`,
          t('Raise {house} to {value}', { house: house.value, value: house.value + value }),
        ]);
    }
    return options;
  }
  function choose(state, action) {
    const card = pending.card;
    const value = seepValue(card);
    if (action === 'throw') return record({ card, action });
    if (action.startsWith('raise-')) return record({ card, action: 'raise', house: parseInt(action.slice(6), 10) });
    if (action === 'capture') {
      const choices = captureChoices(state.loose, value);
      if (choices.length <= 1) return record({ card, action, takes: choices[0] || [] });
    }
    pending.action = action;
    render();
  }
  function renderPending(state) {
    const card = pending.card;
    const value = seepValue(card);
    if (!pending.action)
      return fill(
        actions,
        moves(state, card).map(([action, label]) =>
          h('button', { type: 'button', 'data-move': action, onclick: () => choose(state, action) }, label),
        ),
      );
    if (pending.action === 'capture') {
      const ok = splits(pending.chosen, value);
      return fill(
        actions,
        h(
          'button',
          {
            type: 'button',
            'data-move': 'take',
            disabled: !ok,
            onclick: () => record({ card, action: 'capture', takes: pending.chosen }),
          },
          pending.chosen.length ? t('Take {cards}', { cards: pending.chosen.join(' ') }) : t('Take the house'),
        ),
      );
    }
    const cards = [card, ...pending.chosen];
    const values = HOUSE_VALUES.filter(
      (v) =>
        sumOf(cards) % v === 0 &&
        splits(cards, v) &&
        (pending.chosen.length || state.houses[v]) &&
        (plays.length || v === getBid()),
    );
    fill(
      actions,
      values.length
        ? values.map((v) =>
            h(
              'button',
              {
                type: 'button',
                'data-house': String(v),
                onclick: () => record({ card, action: 'build', with: pending.chosen, house: v }),
              },
              state.houses[v]
                ? t('Add to the house of {value}', { value: v })
                : t('Build the house of {value}', { value: v }),
            ),
          )
        : h('span', { class: 'hint' }, t('Tap the loose cards that go into the house.')),
    );
  }
  function render() {
    const bidder = getBidder();
    const state = seepFloor(floorCards, plays, seats, bidder);
    const taken = used(); // while the floor and the bidder's cards are picked
    const out = new Set([...floorCards, ...plays.map((p) => p.card)]); // once play has started
    const turnIsBidder = state.seat === bidder;
    const picking = pending && pending.action;
    fill(
      floorView,
      state.loose.map((card) =>
        h(
          'button',
          {
            type: 'button',
            class: 'card',
            'data-loose': card,
            'aria-pressed': String(Boolean(pending && pending.chosen.includes(card))),
            disabled: !picking,
            onclick: () => {
              pending.chosen = pending.chosen.includes(card)
                ? pending.chosen.filter((c) => c !== card)
                : [...pending.chosen, card];
              render();
            },
          },
          card,
        ),
      ),
      Object.values(state.houses)
        .sort((a, b) => a.value - b.value)
        .map((house) => h('span', { class: 'house', 'data-house-value': String(house.value) }, houseText(house))),
      !floorCards.length
        ? null
        : !state.loose.length && !Object.keys(state.houses).length
          ? h('span', { class: 'hint' }, plays.length ? t('Floor empty') : '')
          : null,
    );
    if (floorCards.length < 4)
      step.textContent = nt(
        'Tap the {count} starting floor card left.',
        'Tap the {count} starting floor cards left.',
        4 - floorCards.length,
      );
    else if (hand.length < 4)
      step.textContent = t("Tap the bidder {name}'s first four cards: {count} left.", {
        name: seatLabel(match, bidder),
        count: 4 - hand.length,
      });
    else if (plays.length === 48) step.textContent = t('All {total} plays entered: save the deal.', { total: 48 });
    else {
      const values = {
        number: plays.length + 1,
        total: 48,
        name: seatLabel(match, state.seat),
        card: pending && pending.card,
      };
      step.textContent = pending
        ? t('Play {number} of {total}: {name} plays {card}.', values)
        : t('Play {number} of {total}: {name} — tap the card played.', values);
    }
    const entering = floorCards.length === 4 && hand.length === 4;
    fill(
      grid,
      PACK.map((card) =>
        h(
          'button',
          {
            type: 'button',
            class: `card s${card.slice(-1)}`,
            'data-card': card,
            disabled: !entering
              ? taken.has(card)
              : out.has(card) ||
                Boolean(pending) ||
                plays.length === 48 ||
                (!plays.length ? !hand.includes(card) : hand.includes(card) && !turnIsBidder),
            onclick: () => tapCard(card),
          },
          card.slice(0, -1) + SUIT_SIGNS[card.slice(-1)],
        ),
      ),
    );
    if (pending) renderPending(state);
    else fill(actions);
    fill(
      list,
      plays
        .map((p, k) => {
          const play = playText(p, seats[(seats.indexOf(bidder) + k) % seats.length]);
          return h('li', {}, state.sweeps.includes(k) ? t('{play} — sweep!', { play }) : play);
        })
        .slice(-6),
    );
  }
  const el = h(
    'div',
    { class: 'stack' },
    step,
    h('div', { 'data-field': 'floor' }, h('span', { class: 'label' }, t('Floor')), floorView),
    h('div', { 'data-field': 'plays' }, actions, grid, h('div', { class: 'row' }, undo), list),
  );
  render();
  return {
    el,
    render,
    get: () => ({ floor: [...floorCards], bidder_hand: [...hand], plays: plays.map((p) => ({ ...p })) }),
    set: (floor, bidderHand, entered) => {
      floorCards = [...floor];
      hand = [...bidderHand];
      plays = entered.map(({ seat, ...rest }) => rest);
      pending = null;
      render();
    },
  };
}

const FORM = {
  dealer: t('Dealer'),
  bid: t('House bid'),
  bidBy: (name, team) => t("Bid by {name} (team {team}), the dealer's right", { name, team }),
  points: t('Card points (together {total})', { total: 100 }),
  teamPoints: (team, names) => t('{team}: {names}', { team, names }),
  team: (team) => t('Team {team}', { team }),
  pointCards: t('Point cards each team captured'),
  bidderHand: t("The bidder's four cards (optional)"),
  sweeps: (points) => t('Sweeps ({points} each)', { points }),
  firstPlay: (team) => t('First-play sweep (team {team})', { team }),
  lastPlay: (team) => t('Last-play sweep (team {team})', { team }),
  firstPlayAny: t('First-play sweep'),
  lastPlayAny: t('Last-play sweep'),
  more: t('More: first or last-play sweep, throw-ins, other ways to enter'),
  how: t('Enter the deal by'),
  throwInfo: (name) =>
    t('Only when {name} held no card above {value}; the same dealer deals again.', { name, value: 8 }),
  yes: t('Yes'),
  no: t('No'),
};

function form(match) {
  const seats = seatsOf(match);
  const after = (seat) => seats[(seats.indexOf(seat) + 1) % seats.length];
  const dealer = seg(
    seats.map((s) => [s, seatLabel(match, s)]),
    nextDealer(match),
    () => update(),
    'dealer',
  );
  const bidderInfo = h('div', { class: 'hint', id: 'bidder-info' });
  const faces = { 11: 'J', 12: 'Q', 13: 'K' };
  const bid = seg(
    [9, 10, 11, 12, 13].map((v) => [v, faces[v] ? `${numberText(v)} ${faces[v]}` : numberText(v)]),
    null,
    () => update(),
    'bid',
  );
  const hand = h('input', {
    name: 'bidder_hand',
    placeholder: t('optional: {cards}', { cards: 'JH 4C KS 2C' }),
    autocapitalize: 'characters',
    autocomplete: 'off',
  });
  // Throw-ins: the bidder held no card above 8, showed the four cards, and the same dealer dealt again.
  const throwInfo = h('div', { class: 'hint' });
  const throwList = h('div', { class: 'stack', id: 'throw-ins' });
  const throwHands = [];
  const dropThrowIn = h(
    'button',
    {
      type: 'button',
      class: 'small',
      id: 'remove-throw-in',
      hidden: true,
      onclick: () => {
        throwHands.pop();
        throwList.lastChild.remove();
        update();
      },
    },
    t('Remove the last'),
  );
  function addThrowIn(cards) {
    const i = throwHands.length;
    const input = h('input', {
      name: `throw_in_${i}`,
      placeholder: t('e.g. {cards}', { cards: '2H 5C 8D 3S' }),
      autocapitalize: 'characters',
      autocomplete: 'off',
      value: cards || '',
    });
    throwHands.push(input);
    throwList.appendChild(
      h(
        'div',
        { 'data-field': `throw_ins[${i}]` },
        h(
          'div',
          { 'data-field': `throw_ins[${i}].bidder_hand` },
          h('span', { class: 'hint' }, t('Throw-in {number}: the four cards shown', { number: i + 1 })),
          input,
        ),
      ),
    );
    update();
  }
  const throwBox = field(
    'throw_ins',
    t('Throw-ins (hand shown, dealt again)'),
    throwInfo,
    throwList,
    h(
      'div',
      { class: 'row' },
      h(
        'button',
        {
          type: 'button',
          class: 'small',
          id: 'add-throw-in',
          onclick: () => {
            addThrowIn('');
            throwHands[throwHands.length - 1].focus();
          },
        },
        t('Add a throw-in (no card above {value})', { value: 8 }),
      ),
      dropThrowIn,
    ),
  );
  const majorityRule = match.settings.card_points === 'ten_of_diamonds_2_majority_4';
  const majority = seg(
    [
      ['A', FORM.team('A')],
      ['B', FORM.team('B')],
      ['tied', t('Tied {half}–{half}', { half: 26 })],
    ],
    null,
    null,
    'card_majority',
  );
  const majorityBox = field(
    'card_majority',
    t('Who took more cards ({points} points; {each} each when tied)', { points: 4, each: 2 }),
    majority,
  );
  const mode = seg(
    [
      ['points', t('Point totals')],
      ['cards', t('Point cards')],
      ['plays', t('Play by play')],
    ],
    'points',
    () => update(),
    'mode',
  );
  const entry = seepPlayEntry(
    match,
    () => after(dealer.get()),
    () => bid.get(),
  );
  const playsBox = group(t('Play by play: the service works out the points and sweeps'), entry.el);
  const pointsA = numberInput('', 'card_points_A');
  const pointsB = numberInput('', 'card_points_B');
  // The other team's points follow from a possible value (0 to the engine's total); 120 leaves them empty (never
  // -20), and the server's refusal says why.
  const total = entryFacts(match).card_points_total;
  const follow = (from, to) =>
    from.addEventListener('input', () => {
      const typed = asciiDigits(from.value).trim();
      if (total) to.value = wholeWithin(typed, 0, total) ? total - Number(typed) : '';
    });
  follow(pointsA, pointsB);
  follow(pointsB, pointsA);
  const cardsA = h('input', {
    name: 'cards_A',
    placeholder: 'KS QS 10D AH …',
    autocapitalize: 'characters',
    autocomplete: 'off',
  });
  const cardsB = h('input', {
    name: 'cards_B',
    placeholder: '8S 7S AD …',
    autocapitalize: 'characters',
    autocomplete: 'off',
  });
  const regularA = stepper(0, 'sweeps_A');
  const regularB = stepper(0, 'sweeps_B');
  const firstPlay = seg(
    [
      [0, FORM.no],
      [1, FORM.yes],
    ],
    0,
    null,
    'first_play',
  );
  const lastPlay = seg(
    [
      [0, FORM.no],
      [1, FORM.yes],
    ],
    0,
    null,
    'last_play',
  );
  const firstLabel = h('span', { class: 'label' });
  const lastLabel = h('span', { class: 'label' });
  const pointsBox = field(
    'card_points',
    FORM.points,
    h(
      'div',
      { class: 'pair' },
      field('card_points.A', FORM.teamPoints('A', teamNames(match, 'A')), pointsA),
      field('card_points.B', FORM.teamPoints('B', teamNames(match, 'B')), pointsB),
    ),
  );
  const cardsBox = field(
    'scoring_cards_captured',
    FORM.pointCards,
    field('scoring_cards_captured.A', FORM.team('A'), cardsA),
    field('scoring_cards_captured.B', FORM.team('B'), cardsB),
  );
  const handBox = field('bid.bidder_hand', FORM.bidderHand, hand);
  const sweepsBox = field(
    'sweeps',
    FORM.sweeps(match.settings.sweep_points),
    h(
      'div',
      { class: 'pair' },
      field('sweeps.A', FORM.team('A'), regularA),
      field('sweeps.B', FORM.team('B'), regularB),
    ),
  );
  const endSweeps = h('div', { class: 'pair' }, h('div', {}, firstLabel, firstPlay), h('div', {}, lastLabel, lastPlay));
  // The rare parts of a deal wait in a fold, so a plain deal fits one phone screen with its Save button.
  const more = h(
    'details',
    { class: 'fold', id: 'seep-more' },
    h('summary', {}, FORM.more),
    h('div', { class: 'fields' }, endSweeps, throwBox, handBox, group(FORM.how, mode)),
  );
  const el = h(
    'div',
    { class: 'fields' },
    field('dealer', FORM.dealer, dealer),
    field('bid', FORM.bid, bidderInfo, h('div', { 'data-field': 'bid.value' }, bid)),
    pointsBox,
    cardsBox,
    majorityBox,
    sweepsBox,
    playsBox,
    more,
  );
  function update() {
    const known = Boolean(dealer.get()); // offline it may be still to pick: nothing follows from it until then
    const bidder = known ? after(dealer.get()) : null;
    bidderInfo.textContent = known ? FORM.bidBy(seatLabel(match, bidder), teamOf(match, bidder)) : UNKNOWN_DEALER_HINT;
    firstLabel.textContent = known ? FORM.firstPlay(teamOf(match, bidder)) : FORM.firstPlayAny;
    lastLabel.textContent = known ? FORM.lastPlay(teamOf(match, dealer.get())) : FORM.lastPlayAny;
    firstPlay.setAttribute('aria-label', firstLabel.textContent);
    lastPlay.setAttribute('aria-label', lastLabel.textContent);
    pointsBox.hidden = mode.get() !== 'points';
    cardsBox.hidden = mode.get() !== 'cards';
    majorityBox.hidden = !majorityRule || mode.get() !== 'cards';
    // Play by play: the floor and the bidder's cards come from the card grid; points and sweeps from the plays.
    playsBox.hidden = mode.get() !== 'plays';
    sweepsBox.hidden = endSweeps.hidden = handBox.hidden = mode.get() === 'plays';
    if (known && mode.get() === 'plays') entry.render();
    throwInfo.textContent = known ? FORM.throwInfo(seatLabel(match, bidder)) : '';
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
      return Object.assign(deal, {
        bid: { ...deal.bid, bidder_hand: entered.bidder_hand },
        floor: entered.floor,
        plays: entered.plays,
      });
    }
    if (cardList(hand.value).length) deal.bid.bidder_hand = cardList(hand.value);
    if (mode.get() === 'points') deal.card_points = { A: num(pointsA.value), B: num(pointsB.value) };
    else deal.scoring_cards_captured = { A: cardList(cardsA.value), B: cardList(cardsB.value) };
    if (!majorityBox.hidden) deal.card_majority = majority.get();
    const sweeps = (team, regular) => ({
      regular: num(regular.input.value || '0'),
      first_play: teamOf(match, bidder) === team ? firstPlay.get() : 0,
      last_play: teamOf(match, dealer.get()) === team ? lastPlay.get() : 0,
    });
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
      mode.set('plays');
      entry.set(input.floor, input.bid.bidder_hand, input.plays);
    } else if (input.card_points) {
      mode.set('points');
      pointsA.value = input.card_points.A;
      pointsB.value = input.card_points.B;
    } else if (input.scoring_cards_captured) {
      mode.set('cards');
      cardsA.value = input.scoring_cards_captured.A.join(' ');
      cardsB.value = input.scoring_cards_captured.B.join(' ');
    }
    if (input.sweeps) {
      // a deal entered play by play may have none: its plays give them
      regularA.input.value = input.sweeps.A.regular;
      regularB.input.value = input.sweeps.B.regular;
      firstPlay.set(input.sweeps.A.first_play + input.sweeps.B.first_play ? 1 : 0);
      lastPlay.set(input.sweeps.A.last_play + input.sweeps.B.last_play ? 1 : 0);
    }
    // What was entered in the fold is shown open: the corrected deal is seen whole.
    more.open = Boolean(
      (input.throw_ins || []).length || hand.value || mode.get() !== 'points' || firstPlay.get() || lastPlay.get(),
    );
    update();
  }
  const marks = () => ({ dealer: dealer.get(), bidder: after(dealer.get()) });
  return { el, build, fill, marks };
}

// ---------- the headline of the board, and the preview of a deal ----------
const TEXT = {
  level: t('Level'),
  leads: (names, points) => t('{names} lead by {points}', { names, points }),
  wins: (names) => t('{names} win the match', { names }),
  baazis: (team) => t('Baazis {team}', { team }),
  baazisOf: (team, names) => t('Baazis {team}: {names}', { team, names }),
  baazisWon: (a, b) => t('Baazis A {a}, Baazis B {b}', { a, b }),
  baaziAt: (lead) => t('A baazi at a lead of {lead}', { lead }),
  leadShort: (team, points) => t('lead {team} {points}', { team, points }),
  levelShort: t('level'),
  // The rules' 9-point minimum (seep.md): a team below it in a deal loses the baazi.
  baaziTo: (team, under) =>
    under ? t('baazi to {team} (under {minimum})', { team, minimum: 9 }) : t('baazi to {team}', { team }),
  dealsNext: (name) => t('{name} deals next', { name }),
  scored: (a, b) => t('A {a} · B {b}', { a, b }),
};

/** The running lead in big type in the leading team's colour, the baazis won beside it; the highlighted box is
 * the team ahead in the match (more baazis), not merely ahead on the running lead. */
function headline(m) {
  const lead = m.state.running_lead;
  const won = m.state.baazis_won;
  const title = m.state.match_over
    ? TEXT.wins(teamNames(m, m.state.match_winner || 'A'))
    : lead.team
      ? TEXT.leads(teamNames(m, lead.team), lead.points)
      : TEXT.level;
  const ahead = won.A === won.B ? null : won.A > won.B ? 'A' : 'B';
  return {
    title,
    teamClass: lead.team ? teamClass(m, lead.team) : null,
    sub: TEXT.baaziAt(m.settings.baazi_lead),
    scores: ['A', 'B'].map((team) =>
      scoreBox(
        TEXT.baazisOf(team, teamNames(m, team)),
        numberText(won[team]),
        `${teamClass(m, team)}${ahead === team ? ' lead' : ''}`,
        TEXT.baazis(team),
      ),
    ),
  };
}

/** What a deal will do, from the server's dry run: "A 62 · B 38 · lead A 24 · Bala deals next". */
function preview(answer) {
  const r = answer.result;
  const m = answer.match;
  const where = r.baazi
    ? TEXT.baaziTo(r.baazi.winner, r.baazi.reason === 'opponent_below_minimum')
    : r.running_lead.team
      ? TEXT.leadShort(r.running_lead.team, r.running_lead.points)
      : TEXT.levelShort;
  const next = m.state.next_dealer ? ` · ${TEXT.dealsNext(playerName(m, m.state.next_dealer))}` : '';
  return `${TEXT.scored(r.team_scores.A, r.team_scores.B)} · ${where}${next}`;
}

/** A deal's result in a few words, for the later deals a correction changes. */
function resultLine(r) {
  if (r.baazi) return TEXT.baaziTo(r.baazi.winner, r.baazi.reason === 'opponent_below_minimum');
  return r.running_lead.team ? TEXT.leadShort(r.running_lead.team, r.running_lead.points) : TEXT.levelShort;
}

/** The state of the match in a few words, for the diff a correction shows. */
function stateLine(state) {
  const lead = state.running_lead || {};
  return `${lead.team ? TEXT.leadShort(lead.team, lead.points) : TEXT.levelShort} · ${TEXT.baazisWon(state.baazis_won.A, state.baazis_won.B)}`;
}

// ---------- one line per deal in the list ----------
function summary(d, m) {
  const i = d.input;
  const r = d.result;
  const name = (seat) => playerName(m, seat);
  const lead = r.running_lead.team
    ? TEXT.leadShort(r.running_lead.team, signedText(r.running_lead.points))
    : TEXT.levelShort;
  const who = { dealer: name(i.dealer), bidder: name(i.bid.bidder), value: i.bid.value };
  const dealt = r.throw_ins
    ? nt(
        '{dealer} dealt, {bidder} bid {value} after {count} throw-in',
        '{dealer} dealt, {bidder} bid {value} after {count} throw-ins',
        r.throw_ins,
        who,
      )
    : t('{dealer} dealt, {bidder} bid {value}', who);
  const swept = (r.sweeps_found || []).map((s) => t('{team} play {number}', { team: s.team, number: s.play }));
  const refereed = !r.plays_checked
    ? []
    : [
        swept.length
          ? nt('play by play, sweep {sweeps}', 'play by play, sweeps {sweeps}', swept.length, {
              sweeps: swept.join(', '),
            })
          : t('play by play'),
      ];
  const result = r.baazi ? TEXT.baaziTo(r.baazi.winner, r.baazi.reason === 'opponent_below_minimum') : lead;
  return [dealt, ...refereed, `${numberText(r.team_scores.A)}–${numberText(r.team_scores.B)}`, result].join(' · ');
}

// ---------- the chart: the running lead, team A up and team B down, the baazi lines, each baazi marked ----------
function chart(board, { series, before, counted }) {
  const lead = (rl) => (rl && rl.team === 'A' ? rl.points : rl && rl.team === 'B' ? -rl.points : 0);
  const at = board.match.settings.baazi_lead;
  const marks = counted
    .map((d, i) =>
      d.result.baazi ? { index: i + 1, label: t('baazi {team}', { team: d.result.baazi.winner }) } : null,
    )
    .filter(Boolean);
  // A baazi resets the running lead: the line shows the lead that won it (the deal's margin on the lead before).
  const pick = (r) => (r.baazi ? (r.baazi.winner === 'A' ? at : -at) : lead(r.running_lead));
  return {
    title: t('Running lead (team A up, team B down)'),
    lines: series(['lead'], () => lead(before && before.running_lead), pick),
    guides: [
      { value: at, label: t('baazi A +{lead}', { lead: at }) },
      { value: -at, label: t('baazi B −{lead}', { lead: at }) },
    ],
    marks,
  };
}

export default { form, headline, preview, stateLine, resultLine, summary, chart };
