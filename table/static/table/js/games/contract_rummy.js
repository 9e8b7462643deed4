import { h, num, cardList } from '../dom.js';
import { dealerChoice, scoreBox, seg, numberInput, field, line, group } from '../widgets.js';
import { seatsOf, playerName, seatLabel, nextDealer } from '../seating.js';
import { t, nt, numberText, listText } from '../i18n.js';

/** A deal's contract: "2 sets", "1 run", "1 set + 1 run". */
function contractText(c) {
  const sets = c.sets ? nt('{count} set', '{count} sets', c.sets) : '';
  const runs = c.runs ? nt('{count} run', '{count} runs', c.runs) : '';
  return sets && runs ? t('{sets} + {runs}', { sets, runs }) : sets || runs;
}
const FORM = {
  dealer: t('Dealer'),
  wentOut: t('Went out'),
  penalties: t('Penalty points of the others'),
  byPoints: t('Penalty points'),
  byCards: t('Cards left'),
  enter: t('Enter'),
  more: t('More: enter the cards left instead'),
  info: (number, contract, count) =>
    nt('Contract {number}: {contract} ({count} card)', 'Contract {number}: {contract} ({count} cards)', count, {
      number,
      contract,
    }),
  infoExtraCard: (number, contract, count) =>
    nt(
      'Contract {number}: {contract} ({count} card; the non-dealer {more})',
      'Contract {number}: {contract} ({count} cards; the non-dealer {more})',
      count,
      { number, contract, more: count + 1 },
    ),
  allPlayed: t('All deals are played.'),
  melds: t('Melds of the player who went out (optional)'),
  meldsHint: t(
    'The cards of each meld; a joker as JKR=5D (the card it stands for). The service checks the contract was met.',
  ),
  example: (cards) => t('e.g. {cards}', { cards }),
  meld: (type, number) => (type === 'set' ? t('Set {number}', { number }) : t('Run {number}', { number })),
};

function form(match) {
  const seats = seatsOf(match);
  const next = match.state.next_deal;
  const dealer = seg(
    seats.map((s) => [s, seatLabel(match, s)]),
    nextDealer(match),
    null,
    'dealer',
  );
  const wentOut = seg(
    seats.map((s) => [s, seatLabel(match, s)]),
    null,
    () => update(),
    'went_out',
  );
  const mode = seg(
    [
      ['points', FORM.byPoints],
      ['cards', FORM.byCards],
    ],
    'points',
    () => update(),
    'mode',
  );
  const inputs = {};
  const rows = seats.map((seat) => {
    const points = numberInput('', `penalty_${seat}`);
    const cards = h('input', {
      name: `cards_${seat}`,
      placeholder: FORM.example('AS KD 7C'),
      autocapitalize: 'characters',
      autocomplete: 'off',
    });
    inputs[seat] = { points, cards };
    const byPoints = line(`penalty_points.${seat}`, seatLabel(match, seat), points);
    const byCards = line(`cards_left.${seat}`, seatLabel(match, seat), cards);
    byPoints.classList.add('by-points');
    byCards.classList.add('by-cards');
    inputs[seat].row = h('div', {}, byPoints, byCards);
    return inputs[seat].row;
  });
  // Two players with non_dealer_extra_card (R-A14): cards_dealt is the dealer's hand; the other holds one more.
  const infoOf = match.settings.non_dealer_extra_card ? FORM.infoExtraCard : FORM.info;
  const info = next ? infoOf(next.number, contractText(next.contract), next.cards_dealt) : FORM.allPlayed;
  // Optional: the melds of the player who went out, one line per set or run of the contract, so the service can
  // check the contract was met. A joker is written with the card it stands for: JKR=5D.
  const meldList = h('div', { class: 'stack' });
  let melds = [];
  function setMelds(types) {
    melds = types.map((type, k) => {
      const input = h('input', {
        name: `meld_${k}`,
        placeholder: FORM.example(type === 'set' ? '5H 5S JKR=5D' : '4C 5C JKR=6C 7C'),
        autocapitalize: 'characters',
        autocomplete: 'off',
      });
      const label = FORM.meld(type, types.slice(0, k + 1).filter((other) => other === type).length);
      return {
        type,
        input,
        el: h(
          'div',
          { 'data-field': `melds[${k}]` },
          h(
            'div',
            { 'data-field': `melds[${k}].cards` },
            h('span', { class: 'hint' }, label),
            h('div', { 'data-field': `melds[${k}].jokers` }, input),
          ),
        ),
        label,
      };
    });
    melds.forEach((m) => m.input.setAttribute('aria-label', m.label));
    meldList.replaceChildren(...melds.map((m) => m.el));
  }
  const contractTypes = (c) => [...Array(c.sets || 0).fill('set'), ...Array(c.runs || 0).fill('run')];
  setMelds(next ? contractTypes(next.contract) : []);
  const meldBox = h(
    'details',
    { class: 'fold', 'data-field': 'melds', hidden: !next },
    h('summary', {}, FORM.melds),
    h('p', { class: 'hint' }, FORM.meldsHint),
    meldList,
  );
  const el = h(
    'div',
    { class: 'fields' },
    h('p', { class: 'hint', id: 'contract-info' }, info),
    dealerChoice('dealer', FORM.dealer, dealer, (s) => seatLabel(match, s)),
    field('went_out', FORM.wentOut, wentOut),
    h(
      'div',
      { 'data-field': 'penalty_points' },
      h(
        'div',
        { 'data-field': 'cards_left', class: 'fields' },
        h('span', { class: 'label' }, FORM.penalties),
        h('div', { class: 'line-grid' }, rows), // two players a row where they fit: one screen at 360 px
      ),
    ),
    h('details', { class: 'fold', id: 'rummy-more' }, h('summary', {}, FORM.more), group(FORM.enter, mode)),
    meldBox,
  );
  function update() {
    for (const seat of seats) {
      const out = wentOut.get() === seat;
      inputs[seat].points.disabled = out;
      inputs[seat].cards.disabled = out;
      inputs[seat].row.hidden = out; // who went out scores nothing: the screen is kept for the others
      if (out) {
        inputs[seat].points.value = '0';
        inputs[seat].cards.value = '';
      } else if (inputs[seat].points.value === '0') inputs[seat].points.value = '';
    }
    el.querySelectorAll('.by-points').forEach((e) => {
      e.hidden = mode.get() !== 'points';
    });
    el.querySelectorAll('.by-cards').forEach((e) => {
      e.hidden = mode.get() !== 'cards';
    });
  }
  update();
  function build() {
    const deal = { dealer: dealer.get(), went_out: wentOut.get() };
    const key = mode.get() === 'points' ? 'penalty_points' : 'cards_left';
    deal[key] = {};
    for (const seat of seats) {
      const out = seat === wentOut.get();
      deal[key][seat] =
        key === 'penalty_points'
          ? out
            ? 0
            : num(inputs[seat].points.value)
          : out
            ? []
            : cardList(inputs[seat].cards.value);
    }
    if (melds.some((m) => cardList(m.input.value).length)) {
      deal.melds = melds.map((m) => {
        const tokens = cardList(m.input.value.toUpperCase());
        return {
          type: m.type,
          cards: tokens.map((w) => (w.startsWith('JKR=') ? 'JKR' : w)),
          jokers: tokens.filter((w) => w.startsWith('JKR=')).map((w) => w.slice(4)),
        };
      });
    }
    return deal;
  }
  function fill(input) {
    dealer.set(input.dealer);
    wentOut.set(input.went_out);
    mode.set(input.cards_left ? 'cards' : 'points');
    for (const seat of seats) {
      if (input.penalty_points) inputs[seat].points.value = input.penalty_points[seat];
      if (input.cards_left) inputs[seat].cards.value = (input.cards_left[seat] || []).join(' ');
    }
    if (input.melds) {
      setMelds(input.melds.map((m) => m.type));
      input.melds.forEach((m, k) => {
        const stands = [...(m.jokers || [])];
        melds[k].input.value = m.cards
          .map((c) => (c === 'JKR' && stands.length ? `JKR=${stands.shift()}` : c))
          .join(' ');
      });
      meldBox.hidden = false;
      meldBox.open = true;
    }
    if (input.cards_left) el.querySelector('#rummy-more').open = true;
    update();
  }
  const marks = () => ({ dealer: dealer.get() });
  return { el, build, fill, marks };
}

// ---------- the headline of the board, and the preview of a deal ----------
const TEXT = {
  leads: (name, total) => t('{name} leads on {total}', { name, total }),
  level: (total) => t('All level on {total}', { total }),
  win: (names, many) => (many ? t('{names} win', { names }) : t('{names} wins', { names })),
  deal: (number, deals, contract, count) =>
    nt(
      'Contract {number} of {deals}: {contract}, {count} card each',
      'Contract {number} of {deals}: {contract}, {count} cards each',
      count,
      { number, deals, contract },
    ),
  lowest: t('Lowest total wins.'),
  out: (name) => t('{name} out', { name }),
  penalty: (name, points) => t('{name} +{points}', { name, points }),
  dealsNext: (name) => t('{name} deals next', { name }),
  last: t('the match ends'),
  // a seat's total in a short line ("S2 5 · S1 32"), a player's penalty in the deal list ("Bala 25")
  total: (seat, total) => `${seat} ${numberText(total)}`,
  points: (name, points) => t('{name} {points}', { name, points }),
  summary: (contract, name, others) => t('{contract} · {name} out · {others}', { contract, name, others }),
};

/** The totals, the leader (lowest) first; the contract of the deal to come. */
/** The players best first, the leader and a level field: the engine's headline figures (order, ahead). */
function headline(m, figures = {}) {
  const totals = m.state.totals;
  const order = figures.order || Object.keys(totals);
  const next = m.state.next_deal;
  const title = m.state.match_over
    ? TEXT.win(m.state.winners.map((s) => playerName(m, s)).join(' & '), m.state.winners.length > 1)
    : TEXT.leads(playerName(m, order[0]), totals[order[0]]);
  const sub = m.state.match_over
    ? TEXT.lowest
    : TEXT.deal(next.number, m.settings.deals, contractText(next.contract), next.cards_dealt);
  const level = !m.state.match_over && !(figures.ahead || []).length;
  return {
    title: level ? TEXT.level(totals[order[0]]) : title,
    sub,
    scores: order.map((seat, i) =>
      scoreBox(seatLabel(m, seat), numberText(totals[seat]), i === 0 && !level ? 'lead' : '', playerName(m, seat)),
    ),
  };
}

/** What a deal will do, from the server's dry run: "Ravi out · Asha +25 · Bala +30 · Meena deals next" (two lines at
 * most on a phone: the next contract shows in the form once the deal is saved). */
function preview(answer) {
  const r = answer.result;
  const m = answer.match;
  const i = answer.input;
  const next = m.state.next_deal;
  return [
    TEXT.out(playerName(m, i.went_out)),
    ...Object.entries(r.penalties)
      .filter(([s]) => s !== i.went_out)
      .map(([s, n]) => TEXT.penalty(playerName(m, s), n)),
    next ? null : TEXT.last,
    m.state.next_dealer ? TEXT.dealsNext(playerName(m, m.state.next_dealer)) : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** Each player's total, lowest first: by name where the match is given (a correction's dry run), else by seat. */
const totalsLine = (totals, m) =>
  Object.entries(totals)
    .sort((a, b) => a[1] - b[1])
    .map(([s, n]) => TEXT.total(m ? playerName(m, s) : s, n))
    .join(' · ');
const resultLine = (r, m) => totalsLine(r.totals_after, m);
const stateLine = (state, m) => totalsLine(state.totals, m);

// ---------- one line per deal in the list ----------
function summary(d, m) {
  const i = d.input;
  const r = d.result;
  const name = (seat) => playerName(m, seat);
  const others = Object.entries(r.penalties)
    .filter(([s]) => s !== i.went_out)
    .map(([s, p]) => TEXT.points(name(s), p));
  return TEXT.summary(contractText(r.contract), name(i.went_out), listText(others));
}

// ---------- the chart: each player's penalty total ----------
function chart(board, { series, from }) {
  const m = board.match;
  const lines = series(seatsOf(m), from('totals', 0), (r, s) => r.totals_after[s]);
  lines.forEach((line) => {
    line.label = seatLabel(m, line.name);
  });
  return { title: t('Penalty totals per player'), lines };
}

export default { form, headline, preview, stateLine, resultLine, summary, chart };
