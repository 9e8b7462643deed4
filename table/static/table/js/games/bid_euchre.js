import { h, num, cardList } from '../dom.js';
import { scoreBox, seg, chips, numberInput, field, line, group } from '../widgets.js';
import { seatsOf, playerName, seatLabel, teamOf, teamLabel, teamNames, teamClass, nextDealer } from '../seating.js';
import { t, nt, numberText, signedText, listText, asciiDigits } from '../i18n.js';
import { entryFacts, wholeWithin } from '../facts.js';
import { auctionWidget } from '../auction.js';
import { auctionState } from '../auction_rules.js';
import { TRUMP_WORDS, trickEntry, foundText } from '../tricks.js';
import { progressAsker } from '../progress.js';

/* The pack's ranks are the engine's (the game facts' entry, pack_ranks), and who wins each trick once trump is named
 * (the bowers, the joker, low no-trumps turned over) is the service's answer: the page keeps no card order. */
/** The trump as a word in a line of text ("Bala 3 hearts"). */
const SHORT_TRUMPS = [
  ['clubs', '♣', TRUMP_WORDS.clubs],
  ['diamonds', '♦', TRUMP_WORDS.diamonds],
  ['hearts', '♥', TRUMP_WORDS.hearts],
  ['spades', '♠', TRUMP_WORDS.spades],
  ['no_trumps', t('NT'), t('NT, no trumps')],
];
const LOW_NO_TRUMPS = ['low_no_trumps', t('Low NT'), t('Low NT, low no trumps')];
/** Who sits the deal out (§E.3): the partner of the caller of a lone call, the calls the engine names
 * (entry.partner_sits_out); null after any other contract. */
function sittingOut(facts, teams, standing) {
  if (!standing || !(facts.partner_sits_out || []).includes(standing.call)) return null;
  const team = Object.values(teams || {}).find((members) => members.includes(standing.seat)) || [];
  return team.find((seat) => seat !== standing.seat) || null;
}
/** A lone call as a word in a line of text ("Contract: shoot the moon by Asha"). */
const LONE_WORDS = {
  partners_best: t('partners best'),
  shoot_the_moon: t('shoot the moon'),
  triple_moon: t('triple moon'),
  quadruple_moon: t('quadruple moon'),
};
/** The contract called: a number of tricks, or a lone call's word. */
const bidWord = (call, tricks) => (call === 'bid' || call === 'number' ? numberText(tricks) : LONE_WORDS[call] || call);
/** A call in the auction's list: the seat's name and what it called. */
function callText(name, c) {
  switch (c.call) {
    case 'pass':
      return t('{name} pass', { name });
    case 'partners_best':
      return t('{name} partners best', { name });
    case 'shoot_the_moon':
      return t('{name} shoot the moon', { name });
    case 'triple_moon':
      return t('{name} triple moon', { name });
    case 'quadruple_moon':
      return t('{name} quadruple moon', { name });
    default:
      return t('{name} {tricks}', { name, tricks: c.tricks });
  }
}
const FORM = {
  dealer: t('Dealer'),
  thisDeal: t('This deal'),
  trump: t('Trump'),
  tricks: (count, names) => t('Tricks won by team A ({names}); together {count}', { names, count }),
  team: (team) => t('Team {team}', { team }),
  more: t('More: reneges, every trick card by card'),
  reneges: (penalty, award) =>
    award
      ? t('Reneges (−{penalty} each, +{award} to the other team)', { penalty, award })
      : t('Reneges (−{penalty} each)', { penalty }),
  renegeEnds: (penalty, award) =>
    award
      ? t('A renege (−{penalty}, +{award} to the other team; it ends the hand)', { penalty, award })
      : t('A renege (−{penalty}; it ends the hand)', { penalty }),
  renegeEndsHint: t('With a renege the tricks won are not needed: the hand ended there.'),
  contract: (kind, name, team) => t('Contract: {kind} by {name} (team {team})', { kind, name, team }),
  allPassed: t('All passed: no score, the deal passes left.'),
  pass: t('Pass'),
  lone: {
    partners_best: t("Partner's best"),
    shoot_the_moon: t('Shoot the moon'),
    triple_moon: t('Triple moon'),
    quadruple_moon: t('Quadruple moon'),
  },
  played: t('Bid and played'),
  aceNoFace: t('Ace no face'),
  claimHint: t('e.g. {cards}', { cards: 'AS 9H 10H 9C 10C 9D' }),
  claim: t('Ace no face: the hand shown (an ace, no jack, queen or king)'),
  claimSeat: t('Who showed it'),
  claimHand: (count) => nt('The whole hand ({count} card)', 'The whole hand ({count} cards)', count),
  tally: (a, b) => t('team A {a}, team B {b} tricks', { a, b }),
};

function form(match) {
  const settings = match.settings;
  const seats = seatsOf(match);
  const tricks = entryFacts(match).tricks_per_deal; // the engine's, under this match's deck
  const playBox = h('div', { class: 'stack' });
  const dealer = seg(
    seats.map((s) => [s, seatLabel(match, s)]),
    nextDealer(match),
    () => auction.reset(),
    'dealer',
  );
  // Ace no face (a variant): the hand is shown and thrown in before the auction, and the deal passes left.
  const kind = seg(
    [
      ['played', FORM.played],
      ['ace_no_face', FORM.aceNoFace],
    ],
    'played',
    () => showParts(),
    'deal_kind',
  );
  const claimSeat = seg(
    seats.map((s) => [s, seatLabel(match, s)]),
    null,
    null,
    'ace_no_face_seat',
  );
  const claimHand = h('input', {
    name: 'ace_no_face_hand',
    placeholder: FORM.claimHint,
    autocapitalize: 'characters',
    autocomplete: 'off',
  });
  const claimBox = field(
    'ace_no_face',
    FORM.claim,
    h('div', { 'data-field': 'ace_no_face.seat' }, h('span', { class: 'hint' }, FORM.claimSeat), claimSeat),
    h('div', { 'data-field': 'ace_no_face.hand' }, h('span', { class: 'hint' }, FORM.claimHand(tricks)), claimHand),
  );
  const claiming = () => settings.ace_no_face && kind.get() === 'ace_no_face';
  const rules = {
    callText: (c) => callText(seatLabel(match, c.seat), c),
    // Who calls, when the auction is over and the calls legal now are the engine's (the board's entry.auction, read
    // by auction_rules.js); this form only draws them.
    state(calls, dealerSeat) {
      const s = auctionState(entryFacts(match).auction, seats, dealerSeat, calls, (seat) => teamOf(match, seat));
      const standing = s.standing;
      const kind = standing ? bidWord(standing.call, standing.tricks) : '';
      const summary = standing
        ? FORM.contract(kind, seatLabel(match, standing.seat), teamOf(match, standing.seat))
        : FORM.allPassed;
      return { ...s, dealerSeat, summary };
    },
    offer(state, add) {
      const row = h('div', { class: 'seg' });
      if (state.legal.pass)
        row.appendChild(
          h('button', { type: 'button', 'data-call': 'pass', onclick: () => add({ call: 'pass' }) }, FORM.pass),
        );
      for (const range of state.legal.ranges)
        for (let n = range.low; n <= range.high; n += 1) {
          row.appendChild(
            h(
              'button',
              { type: 'button', 'data-call': `bid-${n}`, onclick: () => add({ call: range.call, [range.field]: n }) },
              numberText(n),
            ),
          );
        }
      for (const call of state.legal.named) {
        row.appendChild(
          h('button', { type: 'button', 'data-call': call, onclick: () => add({ call }) }, FORM.lone[call]),
        );
      }
      return row;
    },
    onChange() {
      showParts();
    },
  };
  const auction = auctionWidget(match, dealer, rules);
  const trumpWords = [
    ...(settings.allow_no_trump ? SHORT_TRUMPS : SHORT_TRUMPS.slice(0, 4)),
    ...(settings.allow_low_no_trump ? [LOW_NO_TRUMPS] : []),
  ];
  const trump = seg(trumpWords, null, () => trickBox.refresh(), 'trump');
  // Team A's tricks by one tap on a chip (team B's follow), or typed; a renege is rare and waits in a fold.
  const tricksA = numberInput('', 'tricks_A');
  const tricksB = numberInput('', 'tricks_B');
  tricksA.addEventListener('input', () => {
    // Only a possible count (0 to the deal's tricks) fills team B's: 7 leaves it empty (never -1).
    const typed = asciiDigits(tricksA.value).trim();
    tricksB.value = wholeWithin(typed, 0, tricks) ? tricks - Number(typed) : '';
  });
  const tricksPicks = chips(
    Array.from({ length: tricks + 1 }, (_, n) => n),
    tricksA,
  );
  // With renege_ends_deal the first renege ends the hand: one seat at most, and the tricks won are not asked.
  const endsDeal = Boolean(settings.renege_ends_deal);
  const reneges = new Set();
  const paintReneges = () => {
    renegeRow
      .querySelectorAll('button')
      .forEach((b) => b.setAttribute('aria-pressed', String(reneges.has(b.dataset.value))));
    renegeHint.hidden = !(endsDeal && reneges.size);
  };
  const toggleRenege = (s) => {
    if (reneges.has(s)) reneges.delete(s);
    else {
      if (endsDeal) reneges.clear();
      reneges.add(s);
    }
    paintReneges();
  };
  const renegeRow = h(
    'div',
    { class: 'seg', 'data-name': 'reneges' },
    seats.map((s) =>
      h(
        'button',
        { type: 'button', 'aria-pressed': 'false', 'data-value': s, onclick: () => toggleRenege(s) },
        seatLabel(match, s),
      ),
    ),
  );
  const renegeHint = h('p', { class: 'hint', id: 'renege-ends-hint', hidden: true }, FORM.renegeEndsHint);
  // Who leads and wins each trick, and the tricks each team has so far, are the service's; offline no tally.
  const asker = progressAsker(match.progress_url);
  const trickBox = trickEntry(seats, {
    count: tricks,
    ranks: entryFacts(match).pack_ranks,
    joker: settings.deck === 'with_joker_25' || settings.joker === true,
    seats() {
      const state = auction.state();
      if (!state.closed || !state.standing || !trump.get()) return null;
      const out = sittingOut(entryFacts(match), match.teams, state.standing);
      return seats.filter((s) => s !== out);
    },
    deal() {
      const deal = build();
      delete deal.tricks_won;
      return deal;
    },
    ask: (deal, hinted) => asker.ask(deal, hinted),
    tally: (answer) => FORM.tally(answer.tricks_by_team.A, answer.tricks_by_team.B),
  });
  playBox.append(
    field('trump', FORM.trump, trump),
    field(
      'tricks_won',
      FORM.tricks(tricks, teamNames(match, 'A')),
      tricksPicks,
      h(
        'div',
        { class: 'pair' },
        line('tricks_won.A', FORM.team('A'), tricksA),
        line('tricks_won.B', FORM.team('B'), tricksB),
      ),
    ),
    h(
      'details',
      { class: 'fold', id: 'euchre-more' },
      h('summary', {}, FORM.more),
      field(
        'reneges',
        (endsDeal ? FORM.renegeEnds : FORM.reneges)(settings.renege_penalty, settings.renege_award),
        renegeRow,
        renegeHint,
      ),
      trickBox.el,
    ),
  );
  function showParts() {
    const state = auction.state();
    auction.el.hidden = claiming();
    claimBox.hidden = !claiming();
    playBox.hidden = claiming() || (state.closed && !state.standing);
    trickBox.refresh();
  }
  auction.render();
  const el = h(
    'div',
    { class: 'fields' },
    field('dealer', FORM.dealer, dealer),
    settings.ace_no_face ? group(FORM.thisDeal, kind) : null,
    claimBox,
    auction.el,
    playBox,
  );
  function build() {
    if (claiming())
      return { dealer: dealer.get(), ace_no_face: { seat: claimSeat.get(), hand: cardList(claimHand.value) } };
    const deal = { dealer: dealer.get(), auction: auction.get() };
    if (playBox.hidden) return deal;
    deal.trump = trump.get();
    const cards = trickBox.get();
    // With every trick entered the service counts the tricks; totals typed as well must agree with them.
    const renegeEnded = endsDeal && reneges.size > 0;
    if ((!cards && !renegeEnded) || `${tricksA.value}${tricksB.value}`.trim())
      deal.tricks_won = { A: num(tricksA.value), B: num(tricksB.value) };
    if (reneges.size) deal.reneges = seats.filter((s) => reneges.has(s)).map((seat) => ({ seat }));
    if (cards) deal.tricks = cards;
    return deal;
  }
  function fill(input) {
    dealer.set(input.dealer);
    if (input.ace_no_face) {
      kind.set('ace_no_face');
      claimSeat.set(input.ace_no_face.seat);
      claimHand.value = (input.ace_no_face.hand || []).join(' ');
      showParts();
      return;
    }
    auction.set(input.auction || []);
    trump.set(input.trump || null);
    if (input.tricks_won) {
      tricksA.value = input.tricks_won.A;
      tricksB.value = input.tricks_won.B;
    }
    reneges.clear();
    (input.reneges || []).forEach((r) => reneges.add(r.seat));
    paintReneges();
    if (reneges.size || (input.tricks || []).length) playBox.querySelector('#euchre-more').open = true;
    trickBox.set(input.tricks || []);
  }
  const marks = () => ({ dealer: dealer.get(), bidder: claiming() ? null : (auction.state().standing || {}).seat });
  return { el, build, fill, marks, settled: trickBox.settled };
}

// ---------- the headline of the board, and the preview of a deal ----------
const TEXT = {
  score: (a, b) => `${numberText(a)} – ${numberText(b)}`,
  wins: (names) => t('{names} win the match', { names }),
  race: (target, needA, needB) => t('Race to {target}: A needs {needA}, B needs {needB}', { target, needA, needB }),
  tiebreak: t('Tied at the target: a tie-break deal is needed.'),
  made: (team) => t('{team} made it', { team }),
  set: (team) => t('{team} set', { team }),
  // a and b are the deal's changes written with their signs; the scores after it follow the arrow
  points: (a, b, after) => t('A {a}, B {b} → A {afterA}, B {afterB}', { a, b, afterA: after.A, afterB: after.B }),
  noScore: t('No score: the deal passes on'),
  endedByRenege: (names) => t('Ended by a renege ({names})', { names }),
  dealsNext: (name) => t('{name} deals next', { name }),
};
/** The lines of the deal list (summary()). */
const LINE = {
  contract: (name, bid, trump) => t('{name} {bid} {trump}', { name, bid, trump }),
  endedByRenege: t('ended by a renege'),
  renege: (team, points) => t('renege {team} {points}', { team, points }),
  award: (team, points) => t('award {team} {points}', { team, points }),
  tricks: (a, b) => t('tricks {a}–{b}', { a, b }),
  made: t('made'),
  set: t('set'),
  points: (a, b) => t('A {a}, B {b}', { a, b }),
  after: (deal, a, b) => t('{deal} → {a}–{b}', { deal, a, b }),
  outcome: { passed_out: t('passed out'), ace_no_face_redeal: t('ace no face redeal') },
  dealt: (name, outcome) => t('{name} dealt · {outcome}', { name, outcome }),
  dealtAceNoFace: (name, outcome, who) => t('{name} dealt · {outcome} ({who})', { name, outcome, who }),
};

/** The race to the target: both scores, what each team still needs, a bar per team. */
/** The scores, what each team still needs and who is ahead: the engine's headline figures (target, to_target,
 * ahead). */
function headline(m, figures = {}) {
  const target = figures.target;
  const s = m.state.scores;
  const title = m.state.match_over ? TEXT.wins(teamNames(m, m.state.match_winner)) : TEXT.score(s.A, s.B);
  const need = (team) => (figures.to_target || {})[team];
  const sub = m.state.tiebreak_deal_required ? TEXT.tiebreak : TEXT.race(target, need('A'), need('B'));
  return {
    title,
    sub,
    scores: ['A', 'B'].map((team) => {
      const box = scoreBox(
        teamLabel(m, team),
        numberText(s[team]),
        `${teamClass(m, team)}${(figures.ahead || []).includes(team) ? ' lead' : ''}`,
        team,
      );
      box.appendChild(
        h(
          'div',
          { class: 'progress' },
          h('span', { style: `width:${target ? Math.max(0, Math.min(100, (100 * s[team]) / target)) : 0}%` }),
        ),
      );
      return box;
    }),
  };
}

/** What a deal will do, from the server's dry run: "A made it · A +4, B +2 → 4–2 · Bala deals next". */
function preview(answer) {
  const r = answer.result;
  const m = answer.match;
  const next = m.state.next_dealer ? TEXT.dealsNext(playerName(m, m.state.next_dealer)) : null;
  if (r.outcome === 'ended_by_renege') {
    const change = (team) => signedText((r.renege_penalties[team] || 0) + ((r.renege_awards || {})[team] || 0));
    const who = (answer.input && answer.input.reneges ? answer.input.reneges : []).map((x) => playerName(m, x.seat));
    return [TEXT.endedByRenege(listText(who)), TEXT.points(change('A'), change('B'), r.scores_after), next]
      .filter(Boolean)
      .join(' · ');
  }
  if (r.outcome !== 'played' || !r.contract) return [TEXT.noScore, next].filter(Boolean).join(' · ');
  const team = r.contract.team;
  return [
    (r.made ? TEXT.made : TEXT.set)(team),
    TEXT.points(signedText(r.deal_points.A), signedText(r.deal_points.B), r.scores_after),
    next,
  ]
    .filter(Boolean)
    .join(' · ');
}

function resultLine(r) {
  return TEXT.score(r.scores_after.A, r.scores_after.B);
}

function stateLine(state) {
  return TEXT.score(state.scores.A, state.scores.B);
}

// ---------- one line per deal in the list ----------
function summary(d, m) {
  const i = d.input;
  const r = d.result;
  const c = r.contract;
  const name = (seat) => playerName(m, seat);
  const awards = Object.entries(r.renege_awards || {})
    .filter(([, v]) => v)
    .map(([team, v]) => LINE.award(team, signedText(v)));
  const penalties = Object.entries(r.renege_penalties || {})
    .filter(([, v]) => v)
    .map(([team, v]) => LINE.renege(team, v));
  const after = (parts) => LINE.after(parts.join(' · '), r.scores_after.A, r.scores_after.B);
  if (r.outcome !== 'played' && r.outcome !== 'ended_by_renege') {
    const outcome = LINE.outcome[r.outcome] || r.outcome;
    return i.ace_no_face
      ? LINE.dealtAceNoFace(name(i.dealer), outcome, name(i.ace_no_face.seat))
      : LINE.dealt(name(i.dealer), outcome);
  }
  const contract = LINE.contract(name(c.bidder), bidWord(c.kind, c.tricks_bid), TRUMP_WORDS[c.trump] || c.trump);
  if (r.outcome === 'ended_by_renege') return after([contract, LINE.endedByRenege, ...penalties, ...awards]);
  const won = i.tricks_won || r.tricks_won;
  const tricks = `${LINE.tricks(won.A, won.B)}${foundText(r, 'renege')}`;
  return after([
    contract,
    tricks,
    r.made ? LINE.made : LINE.set,
    LINE.points(signedText(r.deal_points.A), signedText(r.deal_points.B)),
    ...penalties,
    ...awards,
  ]);
}

// ---------- the chart: each team's score in the race to the target ----------
function chart(board, { series, from }) {
  const m = board.match;
  return {
    title: t('Score per team (target {target})', { target: m.settings.target_score }),
    target: m.settings.target_score,
    lines: series(['A', 'B'], from('scores', 0), (r, t) => r.scores_after[t]),
  };
}

export default { form, headline, preview, stateLine, resultLine, summary, chart, sittingOut };
