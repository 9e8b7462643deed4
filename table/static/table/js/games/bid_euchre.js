import { h, num, cardList, words } from '../dom.js';
import { scoreBox, seg, chips, numberInput, field, line, group } from '../widgets.js';
import { seatsOf, playerName, seatLabel, teamOf, teamLabel, teamNames, teamClass, nextDealer, signed } from '../seating.js';
import { auctionWidget } from '../auction.js';
import { TRUMPS, SUIT_LETTER, cardRank, cardSuit, trickEntry, foundText } from '../tricks.js';


/** Bid Euchre's card order once trump is named: the left bower is a trump; no-trumps has no bowers and the
 * joker is a suit of its own that wins; low no-trumps ranks 9 highest and the ace lowest
 * (games/rules/bid_euchre/referee.py). */
function euchreOrder(trumpWord) {
  const plain = trumpWord === 'low_no_trumps' ? ['A', 'K', 'Q', 'J', '10', '9'] : ['9', '10', 'J', 'Q', 'K', 'A'];
  const T = SUIT_LETTER[trumpWord] || null;
  const left = T && { S: 'C', C: 'S', H: 'D', D: 'H' }[T];
  const isLeft = (c) => Boolean(T) && cardRank(c) === 'J' && cardSuit(c) === left;
  return {
    trump: T || 'JKR',
    suitOf: (c) => (c === 'JKR' ? T || 'JKR' : isLeft(c) ? T : cardSuit(c)),
    strength: (c) => (c === 'JKR' ? 12 : T && c === `J${T}` ? 11 : isLeft(c) ? 10 : plain.indexOf(cardRank(c))),
  };
}
const SHORT_TRUMPS = [['clubs', '♣', 'clubs'], ['diamonds', '♦', 'diamonds'], ['hearts', '♥', 'hearts'], ['spades', '♠', 'spades'], ['no_trumps', 'NT', 'NT, no trumps']];
const LOW_NO_TRUMPS = ['low_no_trumps', 'Low NT', 'Low NT, low no trumps'];
/** The lone calls in rank order: each moon call only over the one below it (triple and quadruple with
 * extra_moon_calls, §E.3, E-A17). */
const LONE_CALLS = ['partners_best', 'shoot_the_moon', 'triple_moon', 'quadruple_moon'];
const LONE_RANK = { partners_best: 100, shoot_the_moon: 101, triple_moon: 102, quadruple_moon: 103 };
const callRank = (c) => (c.call === 'bid' ? c.tricks : LONE_RANK[c.call] || 0);
/** The lone calls a seat may make over the standing call: partner's best and shoot the moon over anything lower;
 * a triple moon only over a shoot the moon, a quadruple only over a triple. */
function loneCallsOffered(standingRank, extraMoons) {
  const offered = [];
  if (standingRank < LONE_RANK.partners_best) offered.push('partners_best');
  if (standingRank < LONE_RANK.shoot_the_moon) offered.push('shoot_the_moon');
  if (extraMoons && standingRank === LONE_RANK.shoot_the_moon) offered.push('triple_moon');
  if (extraMoons && standingRank === LONE_RANK.triple_moon) offered.push('quadruple_moon');
  return offered;
}
const FORM = {
  dealer: 'Dealer',
  thisDeal: 'This deal',
  trump: 'Trump',
  tricks: (n, names) => `Tricks won by team A (${names}); together ${n}`,
  team: (team) => `Team ${team}`,
  more: 'More: reneges, every trick card by card',
  reneges: (penalty, award) => `Reneges (−${penalty} each${award ? `, +${award} to the other team` : ''})`,
  renegeEnds: (penalty, award) => `A renege (−${penalty}${award ? `, +${award} to the other team` : ''}; it ends the hand)`,
  renegeEndsHint: 'With a renege the tricks won are not needed: the hand ended there.',
  contract: (kind, name, team) => `Contract: ${kind} by ${name} (team ${team})`,
  allPassed: 'All passed: no score, the deal passes left.',
  pass: 'Pass',
  lone: { partners_best: "Partner's best", shoot_the_moon: 'Shoot the moon', triple_moon: 'Triple moon', quadruple_moon: 'Quadruple moon' },
};

function form(match) {
  const settings = match.settings;
  const seats = seatsOf(match);
  const tricks = settings.tricks_per_deal || 6;
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
    callText: (c) => `${seatLabel(match, c.seat)} ${c.call === 'bid' ? c.tricks : words(c.call)}`,
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
      const summary = standing ? FORM.contract(kind, seatLabel(match, standing.seat), teamOf(match, standing.seat)) : FORM.allPassed;
      return { closed, turn, standing, dealerSeat, passes: passed.size, summary };
    },
    offer(state, add) {
      const top = state.standing ? callRank(state.standing) : 0;
      const row = h('div', { class: 'seg' });
      const mustBid = settings.stick_the_dealer && state.turn === state.dealerSeat && !state.standing;
      if (!mustBid) row.appendChild(h('button', { type: 'button', 'data-call': 'pass', onclick: () => add({ call: 'pass' }) }, FORM.pass));
      const highest = settings.allow_plain_six ? tricks : tricks - 1;
      for (let n = Math.max(settings.minimum_bid, top + 1); n <= highest; n += 1) {
        row.appendChild(h('button', { type: 'button', 'data-call': `bid-${n}`, onclick: () => add({ call: 'bid', tricks: n }) }, String(n)));
      }
      for (const call of loneCallsOffered(top, settings.extra_moon_calls)) {
        row.appendChild(h('button', { type: 'button', 'data-call': call, onclick: () => add({ call }) }, FORM.lone[call]));
      }
      return row;
    },
    onChange() { showParts(); },
  };
  const auction = auctionWidget(match, dealer, rules);
  const trumpWords = [...(settings.allow_no_trump ? SHORT_TRUMPS : SHORT_TRUMPS.slice(0, 4)), ...(settings.allow_low_no_trump ? [LOW_NO_TRUMPS] : [])];
  const trump = seg(trumpWords, null, () => trickBox.refresh(), 'trump');
  // Team A's tricks by one tap on a chip (team B's follow), or typed; a renege is rare and waits in a fold.
  const tricksA = numberInput('', 'tricks_A');
  const tricksB = numberInput('', 'tricks_B');
  tricksA.addEventListener('input', () => { if (/^\d+$/.test(tricksA.value)) tricksB.value = tricks - parseInt(tricksA.value, 10); });
  const tricksPicks = chips(Array.from({ length: tricks + 1 }, (_, n) => n), tricksA);
  // With renege_ends_deal the first renege ends the hand: one seat at most, and the tricks won are not asked.
  const endsDeal = Boolean(settings.renege_ends_deal);
  const reneges = new Set();
  const paintReneges = () => {
    renegeRow.querySelectorAll('button').forEach((b) => b.setAttribute('aria-pressed', String(reneges.has(b.dataset.value))));
    renegeHint.hidden = !(endsDeal && reneges.size);
  };
  const toggleRenege = (s) => {
    if (reneges.has(s)) reneges.delete(s); else { if (endsDeal) reneges.clear(); reneges.add(s); }
    paintReneges();
  };
  const renegeRow = h('div', { class: 'seg', 'data-name': 'reneges' }, seats.map((s) => h('button', { type: 'button', 'aria-pressed': 'false', 'data-value': s,
    onclick: () => toggleRenege(s) }, seatLabel(match, s))));
  const renegeHint = h('p', { class: 'hint', id: 'renege-ends-hint', hidden: true }, FORM.renegeEndsHint);
  const trickBox = trickEntry(seats, {
    count: tricks, ranks: ['9', '10', 'J', 'Q', 'K', 'A'], joker: settings.deck === 'with_joker_25' || settings.joker === true,
    play() {
      const state = auction.state();
      if (!state.closed || !state.standing) return null;
      const bidder = state.standing.seat;
      const lone = LONE_CALLS.includes(state.standing.call);
      const partner = (match.teams[teamOf(match, bidder)] || []).find((s) => s !== bidder);
      return { seats: lone ? seats.filter((s) => s !== partner) : seats, leader: bidder, order: euchreOrder(trump.get()) };
    },
    tally(results) {
      const won = { A: 0, B: 0 };
      for (const r of results) won[teamOf(match, r.winner)] += 1;
      return `team A ${won.A}, team B ${won.B} tricks`;
    },
  });
  playBox.append(field('trump', FORM.trump, trump),
    field('tricks_won', FORM.tricks(tricks, teamNames(match, 'A')), tricksPicks, h('div', { class: 'pair' },
      line('tricks_won.A', FORM.team('A'), tricksA), line('tricks_won.B', FORM.team('B'), tricksB))),
    h('details', { class: 'fold', id: 'euchre-more' }, h('summary', {}, FORM.more),
      field('reneges', (endsDeal ? FORM.renegeEnds : FORM.reneges)(settings.renege_penalty, settings.renege_award), renegeRow, renegeHint), trickBox.el));
  function showParts() {
    const state = auction.state();
    auction.el.hidden = claiming();
    claimBox.hidden = !claiming();
    playBox.hidden = claiming() || (state.closed && !state.standing);
    trickBox.refresh();
  }
  auction.render();
  const el = h('div', { class: 'fields' }, field('dealer', FORM.dealer, dealer),
    settings.ace_no_face ? group(FORM.thisDeal, kind) : null, claimBox, auction.el, playBox);
  function build() {
    if (claiming()) return { dealer: dealer.get(), ace_no_face: { seat: claimSeat.get(), hand: cardList(claimHand.value) } };
    const deal = { dealer: dealer.get(), auction: auction.get() };
    if (playBox.hidden) return deal;
    deal.trump = trump.get();
    const cards = trickBox.get();
    // With every trick entered the service counts the tricks; totals typed as well must agree with them.
    const renegeEnded = endsDeal && reneges.size > 0;
    if ((!cards && !renegeEnded) || `${tricksA.value}${tricksB.value}`.trim()) deal.tricks_won = { A: num(tricksA.value), B: num(tricksB.value) };
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
    if (input.tricks_won) { tricksA.value = input.tricks_won.A; tricksB.value = input.tricks_won.B; }
    reneges.clear();
    (input.reneges || []).forEach((r) => reneges.add(r.seat));
    paintReneges();
    if (reneges.size || (input.tricks || []).length) playBox.querySelector('#euchre-more').open = true;
    trickBox.set(input.tricks || []);
  }
  const marks = () => ({ dealer: dealer.get(), bidder: claiming() ? null : (auction.state().standing || {}).seat });
  return { el, build, fill, marks };
}

// ---------- the headline of the board, and the preview of a deal ----------
const TEXT = {
  score: (a, b) => `${a} – ${b}`,
  wins: (names) => `${names} win the match`,
  race: (target, needA, needB) => `Race to ${target}: A needs ${needA}, B needs ${needB}`,
  tiebreak: 'Tied at the target: a tie-break deal is needed.',
  made: (team) => `${team} made it`,
  set: (team) => `${team} set`,
  points: (a, b) => `A ${a}, B ${b}`,
  after: (a, b) => `→ A ${a}, B ${b}`,
  noScore: 'No score: the deal passes on',
  endedByRenege: (names) => `Ended by a renege (${names})`,
  dealsNext: (name) => `${name} deals next`,
};

/** The race to the target: both scores, what each team still needs, a bar per team. */
function headline(m) {
  const target = m.settings.target_score;
  const s = m.state.scores;
  const title = m.state.match_over ? TEXT.wins(teamNames(m, m.state.match_winner)) : TEXT.score(s.A, s.B);
  const need = (t) => Math.max(0, target - s[t]);
  const sub = m.state.tiebreak_deal_required ? TEXT.tiebreak : TEXT.race(target, need('A'), need('B'));
  return {
    title, sub,
    scores: ['A', 'B'].map((t) => {
      const box = scoreBox(teamLabel(m, t), s[t], `${teamClass(m, t)}${s[t] > s[t === 'A' ? 'B' : 'A'] ? ' lead' : ''}`, t);
      box.appendChild(h('div', { class: 'progress' }, h('span', { style: `width:${Math.max(0, Math.min(100, (100 * s[t]) / target))}%` })));
      return box;
    }),
  };
}

/** What a deal will do, from the server's dry run: "A made it · A +4, B +2 → 4–2 · Bala deals next". */
function preview(answer) {
  const r = answer.result; const m = answer.match;
  const next = m.state.next_dealer ? TEXT.dealsNext(playerName(m, m.state.next_dealer)) : null;
  if (r.outcome === 'ended_by_renege') {
    const change = (t) => signed((r.renege_penalties[t] || 0) + ((r.renege_awards || {})[t] || 0));
    const who = (answer.input && answer.input.reneges ? answer.input.reneges : []).map((x) => playerName(m, x.seat)).join(', ');
    return [TEXT.endedByRenege(who), `${TEXT.points(change('A'), change('B'))} ${TEXT.after(r.scores_after.A, r.scores_after.B)}`, next].filter(Boolean).join(' · ');
  }
  if (r.outcome !== 'played' || !r.contract) return [TEXT.noScore, next].filter(Boolean).join(' · ');
  const team = r.contract.team;
  return [(r.made ? TEXT.made : TEXT.set)(team), `${TEXT.points(signed(r.deal_points.A), signed(r.deal_points.B))} ${TEXT.after(r.scores_after.A, r.scores_after.B)}`, next]
    .filter(Boolean).join(' · ');
}

function resultLine(r) {
  return TEXT.score(r.scores_after.A, r.scores_after.B);
}

function stateLine(state) {
  return TEXT.score(state.scores.A, state.scores.B);
}

// ---------- one line per deal in the list ----------
function summary(d, m) {
  const i = d.input; const r = d.result; const c = r.contract; const name = (seat) => playerName(m, seat);
  const awards = Object.entries(r.renege_awards || {}).filter(([, v]) => v).map(([t, v]) => ` · award ${t} +${v}`).join('');
  if (r.outcome === 'ended_by_renege') {
    const penalties = Object.entries(r.renege_penalties).filter(([, v]) => v).map(([t, v]) => ` · renege ${t} ${v}`).join('');
    return `${name(c.bidder)} ${c.kind === 'number' ? c.tricks_bid : words(c.kind)} ${words(c.trump)} · ended by a renege${penalties}${awards} → ${r.scores_after.A}–${r.scores_after.B}`;
  }
  if (r.outcome !== 'played') return `${name(i.dealer)} dealt · ${words(r.outcome)}${i.ace_no_face ? ` (${name(i.ace_no_face.seat)})` : ''}`;
  const penalties = Object.entries(r.renege_penalties).filter(([, v]) => v).map(([t, v]) => ` · renege ${t} ${v}`).join('');
  const won = i.tricks_won || r.tricks_won;
  return `${name(c.bidder)} ${c.kind === 'number' ? c.tricks_bid : words(c.kind)} ${words(c.trump)} · tricks ${won.A}–${won.B}${foundText(r, 'renege')} · ${r.made ? 'made' : 'set'} · A ${signed(r.deal_points.A)}, B ${signed(r.deal_points.B)}${penalties}${awards} → ${r.scores_after.A}–${r.scores_after.B}`;
}

// ---------- the chart: each team's score in the race to the target ----------
function chart(board, { series, from }) {
  const m = board.match;
  return { title: `Score per team (target ${m.settings.target_score})`, target: m.settings.target_score, lines: series(['A', 'B'], from('scores', 0), (r, t) => r.scores_after[t]) };
}

export { loneCallsOffered, euchreOrder };
export default { form, headline, preview, stateLine, resultLine, summary, chart };
