import { h, num, words } from '../dom.js';
import { dealerChoice, scoreBox, seg, chips, numberInput, stepper, field, nameControls } from '../widgets.js';
import { seatsOf, playerName, seatLabel, teamOf, teamLabel, teamNames, teamClass } from '../seating.js';
import { auctionWidget } from '../auction.js';
import { TRUMPS, SUIT_LETTER, cardRank, cardSuit, trickEntry, foundText } from '../tricks.js';

/** 56: J 9 A 10 K Q (8 7) in every suit, the trump suit above the others. */
const FIFTY_SIX_RANKS = ['J', '9', 'A', '10', 'K', 'Q', '8', '7'];
const FIFTY_SIX_POINTS = { J: 3, 9: 2, A: 1, 10: 1 };
const fiftySixOrder = (trumpWord) => ({ trump: SUIT_LETTER[trumpWord] || null, suitOf: cardSuit, strength: (c) => 8 - FIFTY_SIX_RANKS.indexOf(cardRank(c)) });
const BID_PICKS = [28, 29, 30, 32, 35, 40, 48, 56];
const SHORT_TRUMPS = [['clubs', '♣', 'clubs'], ['diamonds', '♦', 'diamonds'], ['hearts', '♥', 'hearts'], ['spades', '♠', 'spades'], ['no_trumps', 'NT', 'NT, no trumps']];
const FORM = {
  dealer: 'Dealer',
  bid: 'Bid',
  bidOf: (words) => `Bid ${words}`,
  bidPoints: 'Bid',
  trump: 'Trump',
  noes: 'noes',
  points: (team) => `Card points of team ${team} (out of 56)`,
  noesTrump: (name) => `Trump named by ${name} before play (noes bid)`,
  contract: (words, name, team, doubling) => `Contract: ${words} by ${name} (team ${team})${doubling}`,
  doubled: ['', ' doubled', ' redoubled'],
  allPassRedeal: 'All passed: the deal is redealt.',
  allPassPlay: "All passed: the first speaker's team plays 28 no-trumps.",
  pass: 'Pass', double: 'Double', redouble: 'Redouble',
};

function form(match) {
  const settings = match.settings;
  const active = match.state.active_seats || seatsOf(match);
  const pointsInput = numberInput('', 'bidding_team_card_points');
  const pointsLabel = h('span', { class: 'label' }, "Bidding team's card points");
  const pointsBox = h('div', { 'data-field': 'bidding_team_card_points' }, pointsLabel, pointsInput);
  const dealer = seg(active.map((s) => [s, seatLabel(match, s)]), match.state.next_dealer || (match.state.next_dealer_unknown ? null : active[0]), () => auction.reset(), 'dealer');
  // A "noes" bid (void in the suit last bid) names no trump; if it wins, the bidder names one before play.
  const noesTrump = seg([...TRUMPS, ['no_trumps', 'no trumps']], null, () => trickBox.refresh(), 'noes_trump');
  const noesLabel = h('span', { class: 'label' });
  const noesBox = h('div', { id: 'noes-trump' }, noesLabel, noesTrump);
  const bidWords = (c) => (c.convention === 'noes' ? `${c.points} noes${c.trump ? ` → ${words(c.trump)}` : ''}` : `${c.points} ${words(c.trump)}`);
  const rules = {
    callText: (c) => `${seatLabel(match, c.seat)} ${c.call === 'bid' ? bidWords(c) : c.call}`,
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
      if (closed && standing) summary = FORM.contract(bidWords(standing), seatLabel(match, standing.seat), teamOf(match, standing.seat), FORM.doubled[doubling]);
      else if (closed) summary = settings.all_pass_rule === 'redeal' ? FORM.allPassRedeal : FORM.allPassPlay;
      return { standing, doubling, closed, turn, passed, first: calls.length === 0, summary, allPass: closed && !standing };
    },
    offer(state, add) {
      const turnTeam = teamOf(match, state.turn);
      const barred = settings.passed_player_may_bid_again === false && state.passed.has(state.turn);
      const min = state.standing ? state.standing.points + 1 : 28;
      const box = h('div', { class: 'stack' });
      const row = h('div', { class: 'row' });
      if (!(settings.all_pass_rule === 'first_speaker_must_bid' && state.first)) row.appendChild(h('button', { type: 'button', 'data-call': 'pass', onclick: () => add({ call: 'pass' }) }, FORM.pass));
      if (state.standing && !barred && state.doubling === 0 && teamOf(match, state.standing.seat) !== turnTeam) row.appendChild(h('button', { type: 'button', 'data-call': 'double', onclick: () => add({ call: 'double' }) }, FORM.double));
      if (state.standing && state.doubling === 1 && teamOf(match, state.standing.seat) === turnTeam) row.appendChild(h('button', { type: 'button', 'data-call': 'redouble', onclick: () => add({ call: 'redouble' }) }, FORM.redouble));
      box.appendChild(row);
      if (min <= 56 && !barred) {
        // Quick picks for the usual bids, the trump, then the stepper (any other bid) and the button that says the
        // bid it makes.
        const points = stepper(min, 'bid_points', () => paintBid());
        points.querySelector('[data-step="-1"]').addEventListener('click', () => { if (num(points.input.value) < min) points.input.value = min; paintBid(); });
        const picks = chips(BID_PICKS.filter((v) => v >= min).slice(0, 5), points.input, () => paintBid());
        picks.setAttribute('aria-label', FORM.bidPoints);
        const trump = seg([...SHORT_TRUMPS, ...(state.standing ? [['noes', FORM.noes]] : [])], null, () => paintBid(), 'bid_trump');
        trump.setAttribute('aria-label', FORM.trump);
        const bid = () => (trump.get() === 'noes' ? { call: 'bid', points: num(points.input.value), convention: 'noes' }
          : { call: 'bid', points: num(points.input.value), trump: trump.get() });
        const bidButton = h('button', { type: 'button', class: 'primary', 'data-call': 'bid', onclick: () => { if (trump.get()) add(bid()); } }, FORM.bid);
        const paintBid = () => { bidButton.textContent = trump.get() ? FORM.bidOf(bidWords(bid())) : FORM.bid; bidButton.disabled = !trump.get(); };
        paintBid();
        const bidRow = h('div', { class: 'bid-row' }, points, bidButton);
        nameControls(bidRow, FORM.bidPoints);
        box.append(picks, trump, bidRow);
      }
      return box;
    },
    onChange(state) {
      pointsBox.hidden = state.allPass && settings.all_pass_rule === 'redeal';
      trickBox.el.hidden = pointsBox.hidden;
      const bidder = state.standing ? state.standing.seat : active[(active.indexOf(dealer.get()) + 1) % active.length];
      pointsLabel.textContent = FORM.points(teamOf(match, bidder));
      pointsInput.setAttribute('aria-label', pointsLabel.textContent);
      noesBox.hidden = !(state.closed && state.standing && state.standing.convention === 'noes' && !state.standing.trump);
      noesLabel.textContent = state.standing ? FORM.noesTrump(seatLabel(match, state.standing.seat)) : '';
      noesTrump.setAttribute('aria-label', noesLabel.textContent || FORM.trump);
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
  const el = h('div', { class: 'fields' }, dealerChoice('dealer', FORM.dealer, dealer, (s) => seatLabel(match, s)), auction.el, noesBox, pointsBox, trickBox.el);
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
  const marks = () => ({ dealer: dealer.get(), bidder: (auction.state().standing || {}).seat });
  return { el, build, fill, marks };
}

// ---------- the headline of the board, and the preview of a deal ----------
const TEXT = {
  tables: (parts) => parts.join(' · '),
  teamTables: (team, n) => `${team} ${n}`,
  wins: (names) => `${names} win the match`,
  danger: 'in danger',
  out: 'out',
  nextDeal: (players, cards) => `${players} players; ${cards} cards each next deal`,
  made: (team, points, trump) => `${team} made ${points} ${trump}`,
  failed: (team, points, trump) => `${team} failed ${points} ${trump}`,
  transfer: (from, to, n) => `${from}→${to} ${n === 1 ? '1 table' : `${n} tables`}`,
  redealt: 'All passed: redealt',
  dealsNext: (name) => `${name} deals next`,
  eliminated: (team) => `${team} out`,
};

/** Each team's tables; a team that a failed lowest contract would put out is marked in danger. */
function headline(m) {
  const out = new Set((m.state.eliminated || []).map((e) => e.team));
  const risk = ((m.settings.bands || [])[0] || {}).lose || 0;
  const tables = m.state.tables;
  const title = m.state.match_over ? TEXT.wins(teamNames(m, m.state.match_winner))
    : TEXT.tables(Object.keys(tables).map((t) => TEXT.teamTables(t, tables[t])));
  return {
    title, scoresInTitle: true, sub: TEXT.nextDeal(m.state.active_seats.length, m.state.next_deal_cards.cards_per_player),
    out: new Set(seatsOf(m).filter((s) => !m.state.active_seats.includes(s))),
    scores: Object.keys(tables).map((t) => {
      const danger = !out.has(t) && tables[t] <= risk;
      const box = scoreBox(teamLabel(m, t), tables[t], `${teamClass(m, t)}${out.has(t) ? ' out' : ''}${danger ? ' danger' : ''}`, t);
      if (danger || out.has(t)) box.appendChild(h('div', { class: 'flag' }, danger ? TEXT.danger : TEXT.out));
      return box;
    }),
  };
}

/** What a deal will do, from the server's dry run: "A made 30 spades · B→A 1 table · Bala deals next". */
function preview(answer) {
  const r = answer.result; const m = answer.match; const c = r.contract;
  const next = m.state.next_dealer ? TEXT.dealsNext(playerName(m, m.state.next_dealer)) : null;
  if (!c) return [TEXT.redealt, next].filter(Boolean).join(' · ');
  const said = (r.made ? TEXT.made : TEXT.failed)(c.team, c.points, words(c.trump));
  return [said, ...r.transfers.map((t) => TEXT.transfer(t.from, t.to, t.tables)), ...(r.eliminated || []).map((e) => TEXT.eliminated(e.team)), next]
    .filter(Boolean).join(' · ');
}

function resultLine(r) {
  return TEXT.tables(Object.keys(r.tables_after).map((t) => TEXT.teamTables(t, r.tables_after[t])));
}

function stateLine(state) {
  return TEXT.tables(Object.keys(state.tables).map((t) => TEXT.teamTables(t, state.tables[t])));
}

// ---------- one line per deal in the list ----------
function summary(d, m) {
  const i = d.input; const r = d.result; const c = r.contract; const name = (seat) => playerName(m, seat);
  if (!c) return `${name(i.dealer)} dealt · all passed, redealt`;
  const transfers = r.transfers.map((t) => `${t.from}→${t.to} ${t.tables}`).join(', ');
  const points = i.bidding_team_card_points ?? (r.card_points_by_team || {})[c.team];
  return `${name(c.bidder)} ${c.points} ${words(c.trump)}${c.doubling !== 'none' ? ` ${c.doubling}` : ''}${c.forced ? ' (forced)' : ''} · ${r.made ? 'made' : 'failed'} with ${points}${foundText(r, 'revoke')} · ${transfers}`;
}

// ---------- the chart: the tables of each team ----------
function chart(board, { series, from }) {
  const m = board.match;
  return { title: 'Tables per team', lines: series(Object.keys(m.state.tables), from('tables', m.settings.starting_tables), (r, t) => r.tables_after[t]) };
}

export default { form, headline, preview, stateLine, resultLine, summary, chart };
