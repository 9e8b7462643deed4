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
import { t, nt, numberText, signedText, asciiDigits, listText } from '../i18n.js';
import { entryFacts, wholeWithin } from '../facts.js';
import { progressAsker, offline } from '../progress.js';

// ---------- Seep play by play (seep.md §S.7a): the floor as it stands, and the moves that fit it ----------
// The engine's facts give the sizes of the floor and of the bidder's first cards and the number of plays. All that
// follows from the plays (the floor with its houses and owners, whose play it is, the sweeps, the moves that fit
// each card) is the service's answer (POST .../deals/progress/, the referee's own), asked after each play and kept,
// so a tap uses an answer already in, or waits for the one under way. Offline, play by play cannot go on: the page
// says so and points to the card points instead.
const SUIT_SIGNS = { S: '♠', H: '♥', D: '♦', C: '♣' };
const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const PACK = ['S', 'H', 'D', 'C'].flatMap((suit) => RANKS.map((rank) => rank + suit));
const suitOf = (card) => card.slice(-1);
/** A card as the players see it: "10♦" (the grid and the floor draw the same). */
const cardText = (card) => card.slice(0, -1) + SUIT_SIGNS[suitOf(card)];
const cardsText = (cards) => cards.map(cardText).join(' ');

/** The sizes a play-by-play entry lays out, from the engine's entry facts. */
function entrySizes(match) {
  const facts = entryFacts(match);
  return {
    floorSize: facts.floor_size || 0,
    handSize: facts.bidder_hand_size || 0,
    playCount: facts.plays_per_deal || 0,
  };
}

/** One move in a few words, its cards drawn with their suits; what it does to a house is the service's answer. */
function moveText(move) {
  const play = move.play;
  const cards = cardsText(play.takes || play.with || []);
  if (play.action === 'throw') return t('Throw loose');
  if (play.action === 'raise') return t('Raise {house} to {value}', { house: play.house, value: move.house_after });
  if (play.action === 'capture') {
    const house = move.house_taken;
    if (house && cards) return t('Take {cards} and the house of {value}', { cards, value: house });
    if (house) return t('Take the house of {value}', { value: house });
    return t('Take {cards}', { cards });
  }
  if (!move.new_house)
    return cards
      ? t('Onto the house of {value} with {cards}', { cards, value: play.house })
      : t('Onto the house of {value}', { value: play.house });
  return t('New house of {value} with {cards}', { cards, value: play.house });
}

/** One entered play in the list: the seat, the card and what it did (the engine's action, in words). */
function playText(p, seat) {
  const values = {
    seat,
    card: cardText(p.card),
    cards: cardsText(p.takes && p.takes.length ? p.takes : p.with || []),
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

/** A card as a small playing card: its rank over its suit, the red suits red. */
const cardFace = (card) => h('span', { class: `pc s${suitOf(card)}` }, cardText(card));

const PLAYS_OFFLINE = t(
  'Play by play needs the network: the service works out the floor and the moves that fit each card. Offline, enter the card points and sweeps instead.',
);

/** The starting floor and the bidder's first cards from the card grid, then one tap a play: the card played is
 *  recorded with the likely move the service offered for it, and its other moves are offered, one tap each, until
 *  the next card is tapped. The grid stays whole and in place (one row per suit), so a card is always where it was.
 *  `setup()` is {dealer, bidder, bid} as the form has them; `toPoints()` switches the form to card points. */
function seepPlayEntry(match, setup, toPoints) {
  const sizes = entrySizes(match);
  const seats = seatsOf(match);
  const asker = progressAsker(match.progress_url);
  let floorCards = [];
  let hand = [];
  let plays = [];
  let moves = []; // the moves the service offered for the last card played (the recorded one among them)
  let taps = Promise.resolve(); // the taps in order: each waits for the answer the one before it needs
  const step = h('p', { class: 'hint', id: 'play-step', 'aria-live': 'polite' });
  const floorView = h('div', { class: 'seep-floor', id: 'seep-floor' });
  const lastView = h('div', { class: 'last-play', id: 'last-play' });
  const grid = h('div', { class: 'card-grid', id: 'card-grid', role: 'group', 'aria-label': t('Cards') });
  const list = h('ol', { class: 'play-list', id: 'play-list' });
  const listTitle = h('summary', {});
  const offlineNote = h(
    'p',
    { class: 'hint', id: 'plays-offline', hidden: true },
    PLAYS_OFFLINE,
    ' ',
    h('button', { type: 'button', class: 'link', id: 'plays-to-points', onclick: () => toPoints() }, t('Card points')),
  );
  const undo = h(
    'button',
    {
      type: 'button',
      class: 'small',
      id: 'undo-play',
      onclick: () => {
        if (plays.length) plays.pop();
        else if (hand.length) hand.pop();
        else floorCards.pop();
        moves = [];
        render();
      },
    },
    t('Undo'),
  );
  const setupDone = () => floorCards.length >= sizes.floorSize && hand.length >= sizes.handSize;
  /** The deal as entered, with its first `count` plays: what the service is asked about. */
  function dealSoFar(count) {
    const { dealer, bidder, bid } = setup();
    return {
      dealer,
      bid: { bidder, value: bid, bidder_hand: [...hand] },
      floor: [...floorCards],
      plays: plays.slice(0, count).map((p) => ({ ...p })),
    };
  }
  const askable = () => setupDone() && setup().dealer && setup().bid !== null;
  /** The answer about the plays so far when it is in; else asked (once: it is kept) and painted when it comes. */
  function answerNow() {
    if (!askable()) return undefined;
    const deal = dealSoFar(plays.length);
    const known = asker.known(deal);
    if (known !== undefined) return known;
    const asked = asker.ask(deal);
    if (asked) asked.then((reply) => reply && render());
    return undefined;
  }
  function tapCard(card) {
    if (floorCards.length < sizes.floorSize) floorCards.push(card);
    else if (hand.length < sizes.handSize) hand.push(card);
    else {
      taps = taps.then(() => playCard(card));
      return;
    }
    render();
  }
  /** A card played: with the service's answer about the plays before it (waited for if still under way), it is
   *  recorded with its likely move; a card the seat to play cannot hold, or a tap offline, records nothing. */
  async function playCard(card) {
    const count = plays.length;
    const asked = askable() ? asker.ask(dealSoFar(count)) : null;
    const reply = asked ? await asked : null;
    if (plays.length !== count || !reply || !reply.ok || !(card in reply.data.moves)) return render();
    moves = reply.data.moves[card];
    // A card that fits nothing here is still recorded (thrown): the service's refusal then says why.
    plays.push(moves.length ? { ...moves[0].play } : { card, action: 'throw' });
    render();
  }
  function choose(move) {
    plays[plays.length - 1] = { ...move.play };
    render();
  }
  function renderFloor(answer) {
    const loose = answer ? answer.floor.loose : plays.length ? null : floorCards;
    if (!loose) return; // the plays so far are still being asked about: the floor drawn last stays
    const houses = answer ? answer.floor.houses : [];
    const name = (seat) => seatLabel(match, seat);
    fill(
      floorView,
      loose.map((card) => h('span', { class: 'loose', 'data-loose': card }, cardFace(card))),
      houses.map((house) => {
        const values = { value: house.value, cards: cardsText(house.cards), names: listText(house.owners.map(name)) };
        return h(
          'span',
          {
            class: house.cemented ? 'house cemented' : 'house',
            'data-house-value': String(house.value),
            role: 'img',
            'aria-label': house.cemented
              ? t('Cemented house of {value}: {cards}; owned by {names}', values)
              : t('House of {value}: {cards}; owned by {names}', values),
          },
          h('b', {}, numberText(house.value)),
          house.cards.map(cardFace),
          h('span', { class: 'owners', dir: 'auto' }, values.names),
        );
      }),
      plays.length && !loose.length && !houses.length ? h('span', { class: 'hint' }, t('Floor empty')) : null,
    );
  }
  /** The seat of play k: the service's (its answer fills in every play's seat), else round from the bidder. */
  const seatOf = (answer, k) =>
    answer && answer.plays[k] ? answer.plays[k].seat : seats[(seats.indexOf(setup().bidder) + k) % seats.length];
  const swept = (answer, k) => Boolean(answer && answer.sweeps.some((sweep) => sweep.play === k + 1));
  function renderLast(answer) {
    if (!plays.length) return fill(lastView);
    const k = plays.length - 1;
    const played = plays[k];
    const same = (move) => JSON.stringify(move.play) === JSON.stringify(played);
    const line = playText(played, seatLabel(match, seatOf(answer, k)));
    const others = moves.filter((move) => !same(move));
    fill(
      lastView,
      h(
        'p',
        { class: 'played', 'data-move': moveKey(played) },
        swept(answer, k) ? t('{play} — sweep!', { play: line }) : line,
      ),
      others.length
        ? h(
            'div',
            { class: 'seg moves', id: 'play-moves', role: 'group', 'aria-label': t('Other moves for this card') },
            others.map((move) =>
              h(
                'button',
                { type: 'button', 'data-move': moveKey(move.play), onclick: () => choose(move) },
                moveText(move),
              ),
            ),
          )
        : null,
    );
  }
  function stepText(reply, answer) {
    if (floorCards.length < sizes.floorSize)
      return nt(
        'Tap the {count} starting floor card left.',
        'Tap the {count} starting floor cards left.',
        sizes.floorSize - floorCards.length,
      );
    if (hand.length < sizes.handSize)
      return t("Tap the bidder {name}'s first four cards: {count} left.", {
        name: seatLabel(match, setup().bidder),
        count: sizes.handSize - hand.length,
      });
    if (plays.length === sizes.playCount)
      return t('All {total} plays entered: save the deal.', { total: sizes.playCount });
    if (reply && !reply.ok) return (reply.data && reply.data.detail) || '';
    const seat = answer ? answer.seat : seatOf(null, plays.length);
    const values = { number: plays.length + 1, total: sizes.playCount, name: seatLabel(match, seat) };
    // The first play says what to do; the others only whose play it is, on one line.
    return plays.length
      ? t('Play {number} of {total}: {name}', values)
      : t('Play {number} of {total}: {name} — tap the card played.', values);
  }
  function render() {
    const reply = answerNow();
    const answer = reply && reply.ok ? reply.data : null;
    const out = new Set([...floorCards, ...plays.map((p) => p.card)]);
    const inSetup = !setupDone();
    const done = plays.length === sizes.playCount;
    // Offline with no answer about these plays: nothing that follows from them is worked out here.
    const cut = !inSetup && !done && reply === undefined && offline();
    offlineNote.hidden = !cut;
    // Busy while the service is asked about the plays so far: a tap then waits for its answer.
    grid.setAttribute('aria-busy', String(!inSetup && !done && !cut && reply === undefined && Boolean(askable())));
    renderFloor(answer);
    renderLast(answer);
    step.textContent = stepText(reply, answer);
    fill(
      grid,
      PACK.map((card) =>
        h(
          'button',
          {
            type: 'button',
            // Each suit starts a row, and with large text its 8 starts a second one (the grid is then 7 wide).
            class: [`s${suitOf(card)}`, inSetup && hand.includes(card) ? 'held' : '', /^[A8]/.test(card) ? 'wrap' : '']
              .filter(Boolean)
              .join(' '),
            'data-card': card,
            'aria-label': card.slice(0, -1) + SUIT_SIGNS[suitOf(card)],
            // The cards the seat to play may hold are the service's; while it is asked, any card not yet seen.
            disabled: inSetup
              ? out.has(card) || hand.includes(card)
              : out.has(card) || done || cut || (reply !== undefined && !(answer && card in answer.moves)),
            onclick: () => tapCard(card),
          },
          card.slice(0, -1),
          h('span', { 'aria-hidden': 'true' }, SUIT_SIGNS[suitOf(card)]),
        ),
      ),
    );
    listTitle.textContent = nt('{count} play entered', '{count} plays entered', plays.length);
    fill(
      list,
      plays.map((p, k) => {
        const play = playText(p, seatLabel(match, seatOf(answer, k)));
        return h('li', {}, swept(answer, k) ? t('{play} — sweep!', { play }) : play);
      }),
    );
  }
  const el = h(
    'div',
    { class: 'stack play-entry' },
    h('div', { class: 'step-row', id: 'play-step-row' }, step, undo),
    offlineNote,
    h('div', { 'data-field': 'floor', class: 'floor-box' }, floorView),
    // The grid before the moves: it keeps its place whatever the moves offered, so a card is where it was.
    h('div', { 'data-field': 'plays' }, grid, lastView),
    h('details', { class: 'fold', id: 'plays-entered' }, listTitle, list),
  );
  // Back online: the plays so far are asked about again (a form no longer on the page is left alone).
  if (typeof window !== 'undefined' && window.addEventListener)
    window.addEventListener('online', () => el.isConnected && render());
  render();
  return {
    el,
    render,
    undo,
    /** Resolves once every tap made so far is recorded (tests wait on it). */
    settled: () => taps,
    /** Until every play is in, what is still to enter (the dry run would only refuse the count). */
    waiting: () => {
      const left = sizes.floorSize - floorCards.length + sizes.handSize - hand.length + sizes.playCount - plays.length;
      if (floorCards.length < sizes.floorSize || hand.length < sizes.handSize)
        return nt('{count} card still to tap.', '{count} cards still to tap.', left);
      return plays.length < sizes.playCount
        ? nt('{count} play still to enter.', '{count} plays still to enter.', sizes.playCount - plays.length)
        : null;
    },
    get: () => ({ floor: [...floorCards], bidder_hand: [...hand], plays: plays.map((p) => ({ ...p })) }),
    set: (floor, bidderHand, entered) => {
      floorCards = [...floor];
      hand = [...bidderHand];
      plays = entered.map(({ seat, ...rest }) => rest);
      moves = [];
      render();
    },
  };
}
/** A move's name for tests and for the page's own bookkeeping: "capture", "build-11-AH-7S", "raise-11". */
const moveKey = (move) =>
  move.action === 'raise'
    ? `raise-${move.house}`
    : move.action === 'build'
      ? ['build', move.house, ...move.with].join('-')
      : move.action === 'capture'
        ? ['capture', ...move.takes].join('-')
        : move.action;

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
  setup: (dealer, bidder, value) => t('{dealer} dealt, {bidder} bid {value}', { dealer, bidder, value }),
  throwInfo: (name) =>
    t('Only when {name} held no card above {value}; the same dealer deals again.', { name, value: 8 }),
  yes: t('Yes'),
  no: t('No'),
};

function form(match) {
  const seats = seatsOf(match);
  const after = (seat) => seats[(seats.indexOf(seat) + 1) % seats.length];
  let showSetup = false; // play by play: the dealer and the bid shown again (Change) until one is picked
  const picked = () => {
    showSetup = false;
    update();
  };
  const dealer = seg(
    seats.map((s) => [s, seatLabel(match, s)]),
    nextDealer(match),
    picked,
    'dealer',
  );
  const bidderInfo = h('div', { class: 'hint', id: 'bidder-info' });
  // The bids and the face card worth each are the engine's (bid_values, capture_values): "11 J".
  const facts = entryFacts(match);
  const face = (v) =>
    Object.keys(facts.capture_values || {}).find((rank) => /\D/.test(rank) && facts.capture_values[rank] === v);
  const bid = seg(
    (facts.bid_values || []).map((v) => [v, face(v) ? `${numberText(v)} ${face(v)}` : numberText(v)]),
    null,
    picked,
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
    () => ({ dealer: dealer.get(), bidder: dealer.get() ? after(dealer.get()) : null, bid: bid.get() }),
    () => {
      mode.set('points');
      update();
    },
  );
  const playsBox = group(t('Play by play: the service works out the points and sweeps'), entry.el);
  playsBox.classList.add('plays-box');
  // Play by play, once the dealer and the bid are picked: they shrink to one line, so the floor, the moves and the
  // whole card grid stay on one phone screen with Save.
  const setupText = h('span', { id: 'plays-setup-text' });
  // The setup itself is the button that shows the dealer and the bid again (one line, Undo beside it).
  const setupLine = h(
    'div',
    { class: 'setup-line', id: 'plays-setup' },
    h(
      'button',
      {
        type: 'button',
        class: 'link',
        id: 'change-setup',
        onclick: () => {
          showSetup = true;
          update();
        },
      },
      setupText,
      ' ',
      h('span', { class: 'change' }, t('Change')),
    ),
  );
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
  // Play by play is one tap away beside the card points it replaces (the other ways wait in the fold below).
  const toPlays = h(
    'button',
    {
      type: 'button',
      class: 'link',
      id: 'to-plays',
      onclick: () => {
        mode.set('plays');
        update();
      },
    },
    t('Play by play'),
  );
  const pointsLabel = pointsBox.firstChild;
  pointsBox.prepend(h('div', { class: 'label-row' }, pointsLabel, toPlays));
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
    h('div', { class: 'fields' }, group(FORM.how, mode), endSweeps, throwBox, handBox),
  );
  const dealerBox = field('dealer', FORM.dealer, dealer);
  const bidBox = field('bid', FORM.bid, bidderInfo, h('div', { 'data-field': 'bid.value' }, bid));
  const el = h(
    'div',
    { class: 'fields' },
    setupLine,
    dealerBox,
    bidBox,
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
    const compact = mode.get() === 'plays' && known && bid.get() !== null && !showSetup;
    el.classList.toggle('plays-compact', compact);
    setupLine.hidden = !compact;
    // One row for the deal's setup, Change and Undo while play by play is compact; Undo beside the step otherwise.
    if (compact) setupLine.appendChild(entry.undo);
    else entry.el.querySelector('#play-step-row').appendChild(entry.undo);
    dealerBox.hidden = bidBox.hidden = more.hidden = compact;
    if (compact)
      setupText.textContent = FORM.setup(seatLabel(match, dealer.get()), seatLabel(match, bidder), bid.get());
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
  /** What a deal entered play by play still lacks, said instead of the dry run's count refusal. */
  const waiting = () => (mode.get() === 'plays' ? entry.waiting() : null);
  /** Resolves once every card tapped is recorded with the move the service's answer offered for it. */
  const settled = () => (mode.get() === 'plays' ? entry.settled() : Promise.resolve());
  return { el, build, fill, marks, waiting, settled };
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
function headline(m, figures = {}) {
  const lead = m.state.running_lead;
  const won = m.state.baazis_won;
  const title = m.state.match_over
    ? TEXT.wins(teamNames(m, m.state.match_winner || 'A'))
    : lead.team
      ? TEXT.leads(teamNames(m, lead.team), lead.points)
      : TEXT.level;
  const ahead = (figures.ahead || [])[0]; // by baazis won, the engine's figures
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
