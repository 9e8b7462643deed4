/* Cards, tricks and trick-by-trick entry, shared by 56 and Bid Euchre. */
import { h } from './dom.js';
import { t, listText } from './i18n.js';

/** The trumps in words, as the games' lines say them ("30 spades", "made 4 in no trumps"). */
const TRUMP_WORDS = {
  clubs: t('clubs'),
  diamonds: t('diamonds'),
  hearts: t('hearts'),
  spades: t('spades'),
  no_trumps: t('no trumps'),
  low_no_trumps: t('low no trumps'),
};
const TRUMPS = [
  ['clubs', t('♣ clubs')],
  ['diamonds', t('♦ diamonds')],
  ['hearts', t('♥ hearts')],
  ['spades', t('♠ spades')],
];
// ---------- trick-by-trick entry (docs/referee.md): the service finds each winner and proves every renege ----------
const SUIT_LETTER = { clubs: 'C', diamonds: 'D', hearts: 'H', spades: 'S' };
const SUIT_SIGN = { S: '♠', H: '♥', D: '♦', C: '♣' };
const cardRank = (code) => code.slice(0, -1);
const cardSuit = (code) => code.slice(-1);
const cardText = (code) =>
  code === 'JKR' ? t('Joker') : `${cardRank(code)}${SUIT_SIGN[cardSuit(code)] || cardSuit(code)}`;
const rotate = (seats, first) => {
  const k = Math.max(0, seats.indexOf(first));
  return [...seats.slice(k), ...seats.slice(0, k)];
};

/** A contract's card order as the engine gives it (the game facts' entry.trick_orders[trump]): the suit each card
 *  leads as (`led`), and by suit led each card's power in the trick (`power`), the referee's own comparison as
 *  numbers (games/rules/tricks.py trick_power). A card the engine does not list has none. */
const trickOrder = (fact) =>
  fact
    ? {
        led: (card) => fact.led[card] ?? null,
        power: (led, card) => (fact.power[led] || {})[card] ?? -1,
        // a game with a concealed trump (Twenty-Eight): a card that fell while the trump was face down
        hiddenPower: (led, card) => ((fact.power_hidden || fact.power)[led] || {})[card] ?? -1,
      }
    : null; // no contract named yet (a trump still to pick): no winner is shown

/** The seat whose card has the highest power for the suit led (the engine's numbers); of two equal the first. */
function trickWinner(plays, order) {
  const led = order.led(plays[0].card);
  let best = plays[0];
  for (const play of plays.slice(1)) if (order.power(led, play.card) > order.power(led, best.card)) best = play;
  return best.seat;
}

/** Every trick, a card picker per seat, folded away until wanted. The leaders and winners shown are this page's
 * reading of the rules, to guide the entry; the service referees the tricks (its refusals land on the cell).
 * opts: count (tricks in a deal), ranks, joker, play() -> {seats, leader, order, orderOf?(i, plays)} or null while
 * the contract is open, tally(results) -> a line such as "team A 3, team B 3". */
function trickEntry(allSeats, opts) {
  const pack = [];
  for (const suit of ['S', 'H', 'D', 'C']) for (const rank of opts.ranks) pack.push(`${rank}${suit}`);
  if (opts.joker) pack.push('JKR');
  const rows = [];
  const list = h('div', { class: 'tricks-list' });
  const tally = h('p', { class: 'hint', id: 'tricks-tally' });
  const el = h(
    'details',
    { class: 'fold tricks', 'data-field': 'tricks' },
    h('summary', {}, t('Every trick, card by card (optional)')),
    h(
      'p',
      { class: 'hint' },
      t(
        'Pick the cards of each trick. The service then works out who won each trick and finds any renege; the totals above may be left empty.',
      ),
    ),
    list,
    tally,
  );
  function addRow() {
    const i = rows.length;
    const cells = {};
    const info = h('span', { class: 'hint' });
    const cardsBox = h(
      'div',
      { class: 'trick-cards' },
      allSeats.map((seat) => {
        const select = h(
          'select',
          {
            name: `trick-${i + 1}-${seat}`,
            'aria-label': t('Trick {number}, {seat}', { number: i + 1, seat }),
            onchange: refresh,
          },
          h('option', { value: '' }, '–'),
          pack.map((code) => h('option', { value: code }, cardText(code))),
        );
        cells[seat] = h('div', { class: 'trick-card', 'data-seat': seat }, h('span', { class: 'seat' }, seat), select);
        cells[seat].select = select;
        return cells[seat];
      }),
    );
    const row = h(
      'div',
      { class: 'trick', id: `trick-${i + 1}` },
      h('div', { class: 'trick-head' }, h('span', {}, t('Trick {number}', { number: i + 1 })), info),
      cardsBox,
    );
    Object.assign(row, { cells, info, order: allSeats });
    row.dataset.field = `tricks[${i}]`;
    rows.push(row);
    list.appendChild(row);
  }
  while (rows.length < opts.count) addRow();
  const picked = (row) =>
    row.order
      .filter((seat) => row.cells[seat].select.value)
      .map((seat) => ({ seat, card: row.cells[seat].select.value }));
  function refresh() {
    const play = opts.play();
    let leader = play ? play.leader : null;
    const results = [];
    rows.forEach((row, i) => {
      row.order = play ? rotate(play.seats, leader || play.seats[0]) : allSeats;
      const plays = picked(row);
      // A game whose trump may be shown mid-deal (Twenty-Eight) gives each whole trick its own order.
      const whole = play && leader && plays.length === row.order.length;
      const order = whole && (play.orderOf ? play.orderOf(i, plays) : play.order);
      const winner = order ? trickWinner(plays, order) : null;
      for (const seat of allSeats) {
        const cell = row.cells[seat];
        const j = row.order.indexOf(seat);
        cell.hidden = j < 0;
        if (j < 0) cell.removeAttribute('data-field');
        else cell.dataset.field = `tricks[${i}][${j}]`;
        cell.classList.toggle('lead', seat === leader);
        cell.classList.toggle('won', seat === winner);
      }
      row.info.textContent = !leader
        ? ''
        : winner
          ? t('{leader} led · {winner} won', { leader, winner })
          : t('{leader} leads', { leader });
      if (winner) results.push({ winner, plays });
      leader = winner;
    });
    const tallied = results.length ? opts.tally(results) : '';
    tally.textContent = !results.length
      ? ''
      : results.length < rows.length
        ? t('From the tricks so far: {tally}', { tally: tallied })
        : t('From the tricks: {tally}', { tally: tallied });
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

/** The reneges the referee proved from the entered tricks: " · renege found: S4 (trick 3)". `word` is the game's
 * name for it, 'renege' (Bid Euchre) or 'revoke' (56): each has its whole message. */
function foundText(r, word) {
  const found = r.reneges_found || [];
  if (!found.length) return '';
  const list = listText(found.map((f) => t('{seat} (trick {number})', { seat: f.seat, number: f.trick })));
  return ` · ${word === 'revoke' ? t('revoke found: {list}', { list }) : t('renege found: {list}', { list })}`;
}

export {
  TRUMPS,
  TRUMP_WORDS,
  SUIT_LETTER,
  cardRank,
  cardSuit,
  cardText,
  rotate,
  trickOrder,
  trickWinner,
  trickEntry,
  foundText,
};
