/* Cards, tricks and trick-by-trick entry, shared by 56, Twenty-Eight and Bid Euchre. */
import { h } from './dom.js';
import { t, listText } from './i18n.js';
import { offline } from './progress.js';

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

/** What an answer still says once the service refused a later trick (`field` such as "tricks[2][1]"): the tricks
 *  before the refused one, and its leader; nothing when the refusal is not on a trick. */
function beforeRefusal(answer, field) {
  const refused = /^tricks\[(\d+)\]/.exec(field || '');
  if (!answer || !refused) return null;
  const i = Number(refused[1]);
  if (i >= answer.tricks.length) return answer;
  return { ...answer, tricks: answer.tricks.slice(0, i), leader: answer.tricks[i].leader, to_play: null };
}

/** Every trick, a card picker per seat, folded away until wanted. Who leads each trick and who won it are the
 * service's (POST .../deals/progress/, the referee's own reading of the tricks so far): the page asks after each
 * card and orders a trick's seats from its leader once the answer names him; until then, and offline, a trick's
 * seats stay in table order and nothing is said of who won (the page knows no card order).
 * opts: count (tricks in a deal), ranks, joker, seats() -> the seats playing, or null while the contract is open,
 * deal() -> the deal as entered (its tricks are replaced by those known so far), ask(deal) -> the answer (a
 * promise, cached by the page) or null offline, tally(answer) -> a line such as "team A 3, team B 3". */
function trickEntry(allSeats, opts) {
  const pack = [];
  for (const suit of ['S', 'H', 'D', 'C']) for (const rank of opts.ranks) pack.push(`${rank}${suit}`);
  if (opts.joker) pack.push('JKR');
  const rows = [];
  const list = h('div', { class: 'tricks-list' });
  const tally = h('p', { class: 'hint', id: 'tricks-tally', 'aria-live': 'polite' });
  // Offline the page cannot tell who leads a trick (the service works it out): it asks for the totals instead of
  // taking cards in an order it would have to guess.
  const offlineNote = h(
    'p',
    { class: 'hint', id: 'tricks-offline', hidden: true },
    t(
      'Offline, who leads each trick is not known here: the service works it out. Enter the totals above instead, or the tricks once the network is back.',
    ),
  );
  let answer = null; // the last answer that came, for the tricks then known
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
    offlineNote,
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
            onchange: () => refresh(),
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
  let answered = null; // the deal the answer is about, as it was asked
  let standing = Infinity; // how many of the answer's leaders still hold for the deal as entered now
  /** Each trick's leader as the last answer names them (the whole tricks', then the next one's), as far as they
   *  still hold. */
  const leaders = () =>
    answer
      ? [...answer.tricks.map((trick) => trick.leader), ...(answer.leader ? [answer.leader] : [])].slice(0, standing)
      : [];
  /** How many of the answer's leaders hold for `deal` as entered now: a trick's leader is the winner of the trick
   *  before it, so once the dealer, the auction or a trick the answer read has changed since (a card corrected,
   *  offline or before the answer to it came), the leaders after it are not known until the service says again. */
  function leadersHolding(deal) {
    if (!answer || !answered) return 0;
    const { tricks: asked = [], ...askedRest } = answered;
    const { tricks: now = [], ...nowRest } = deal;
    if (JSON.stringify(askedRest) !== JSON.stringify(nowRest)) return 0;
    let same = 0;
    while (same < answer.tricks.length && JSON.stringify(asked[same]) === JSON.stringify(now[same])) same += 1;
    return same + 1;
  }
  /** The rows in their leaders' order, with the winners and the tally of the last answer as far as they hold (none
   *  while `held`: offline, the tricks may have changed since it came). */
  function paint(seats, held = false) {
    const led = seats ? leaders() : [];
    const won = (seats && answer && !held ? answer.tricks.slice(0, standing - 1) : []).map((trick) => trick.winner);
    rows.forEach((row, i) => {
      const leader = led[i] || null;
      row.order = leader ? rotate(seats, leader) : seats || allSeats;
      for (const seat of allSeats) {
        const cell = row.cells[seat];
        const j = row.order.indexOf(seat);
        cell.hidden = j < 0;
        if (j < 0) cell.removeAttribute('data-field');
        else cell.dataset.field = `tricks[${i}][${j}]`;
        cell.classList.toggle('lead', seat === leader);
        cell.classList.toggle('won', seat === won[i]);
      }
      row.info.textContent = !leader
        ? ''
        : won[i]
          ? t('{leader} led · {winner} won', { leader, winner: won[i] })
          : t('{leader} leads', { leader });
    });
    const whole = answer && seats && !held && standing > answer.tricks.length ? answer.tricks.length : 0;
    const tallied = whole ? opts.tally(answer) : '';
    tally.textContent = !whole
      ? ''
      : whole < rows.length
        ? t('From the tricks so far: {tally}', { tally: tallied })
        : t('From the tricks: {tally}', { tally: tallied });
  }
  /** Of the tricks as the game built them (with its own marks, such as a call for the trump), those whose leader is
   *  known, the trailing empty ones left out: none before the first answer, which names the first leader. */
  function knownTricks(built) {
    const tricks = (built || []).slice(0, leaders().length);
    while (tricks.length && !tricks[tricks.length - 1].length) tricks.pop();
    return tricks;
  }
  let latest = 0; // the last ask: an answer to an older one is left unread
  let asking = Promise.resolve(); // the last ask's answer being read (it may ask again: a trick made whole)
  /** Ask about the tricks as entered and repaint; `hinted` when the browser has just said the network is back. */
  function refresh(hinted = false) {
    const seats = opts.seats();
    const deal = seats && opts.deal();
    standing = deal ? leadersHolding(deal) : Infinity;
    if (deal) deal.tricks = knownTricks(deal.tricks);
    const asked = deal ? opts.ask(deal, hinted === true) : null;
    const id = ++latest;
    // Offline with no answer about these tricks: the leaders already named stand, the tricks after them wait.
    const cut = Boolean(deal) && !asked && offline();
    if (!asked && !cut) answer = null; // no contract yet: no leader or winner is guessed, no tally is shown
    offlineNote.hidden = !cut;
    const led = leaders().length;
    rows.forEach((row, i) => {
      for (const seat of allSeats) row.cells[seat].select.disabled = cut && i >= led;
    });
    paint(seats, cut);
    if (!asked) return;
    asking = asked.then((reply) => {
      if (id !== latest || !reply) return;
      const before = leaders().length;
      if (!reply.ok) {
        // The referee's refusal in its own words; no winner is shown from the trick it refused on.
        answer = beforeRefusal(answer, reply.data && reply.data.field);
        paint(seats);
        tally.textContent = (reply.data && reply.data.detail) || '';
        return;
      }
      answer = reply.data;
      answered = deal;
      standing = Infinity;
      paint(seats);
      // A trick just made whole names the next leader: ask again with that trick's cards in their order.
      if (leaders().length > before) refresh();
    });
  }
  /** Resolves once no answer is still coming: every trick then stands in its leader's order as far as the service
   *  named them. A save waits for it, since each trick is sent from its leader: a Save tapped just after a card
   *  corrected would otherwise send the tricks after it in the order of the answer before. */
  function settled() {
    const current = asking;
    return current.then(
      () => (current === asking ? undefined : settled()),
      () => undefined,
    );
  }
  function get() {
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
  paint(null); // the game's form is still being built: it asks once its parts are there
  // Offline the entry is held at once; back online the tricks are asked about again (a form no longer on the page
  // is left alone).
  if (typeof window !== 'undefined' && window.addEventListener)
    for (const change of ['offline', 'online'])
      window.addEventListener(change, () => el.isConnected && refresh(change === 'online'));
  return { el, get, set, refresh, settled };
}

/** The service's tally of card points by team (56, Twenty-Eight): "team A 22, team B 6 card points". */
const cardPointsTally = (answer) =>
  t('{teams} card points', {
    teams: Object.entries(answer.card_points_by_team)
      .map(([team, n]) => t('team {team} {points}', { team, points: n }))
      .join(', '),
  });

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
  beforeRefusal,
  trickEntry,
  foundText,
  cardPointsTally,
};
