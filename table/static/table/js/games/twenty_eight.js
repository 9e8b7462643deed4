import { h, num, cardList } from '../dom.js';
import { dealerChoice, scoreBox, seg, chips, numberInput, stepper, field, group, nameControls } from '../widgets.js';
import { kindChoice } from '../widgets.js';
import { seatsOf, playerName, seatLabel, teamOf, teamLabel, teamNames, teamClass } from '../seating.js';
import { auctionWidget } from '../auction.js';
import { TRUMPS, TRUMP_WORDS, SUIT_LETTER, cardText, trickEntry, foundText, cardPointsTally } from '../tricks.js';
import { progressAsker } from '../progress.js';
import { t, listText, numberText, signedText } from '../i18n.js';
import { entryFacts } from '../facts.js';
import { auctionState as followAuction } from '../auction_rules.js';

/* Twenty-Eight (twenty_eight.md): bids are numbers from the lowest bid to 28, the first speaker must bid, a partner
 * is outbid only at honours (the engine's description of the bidding, which the form follows); the trump is the
 * face-down card's suit, entered when the score needs it (the pair or the tricks) or left out. Every trick may be
 * entered card by card (§T.7a) with the face-down card and the moment the trump was shown: the service then adds up
 * the card points and proves every renege. */
const BID_PICKS = [14, 15, 16, 18, 20, 24, 28];
const FORM = {
  dealer: t('Dealer'),
  bid: t('Bid'),
  bidOf: (bid) => t('Bid {bid}', { bid }),
  trump: t('Trump'),
  points: (team, total) => t('Card points of team {team} (out of {total})', { team, total }),
  contract: (bid, name, team, doubling) =>
    [
      t('Contract: {bid} by {name} (team {team})', { bid, name, team }),
      t('Contract: {bid} by {name} (team {team}) doubled', { bid, name, team }),
      t('Contract: {bid} by {name} (team {team}) redoubled', { bid, name, team }),
    ][doubling],
  pass: t('Pass'),
  double: t('Double'),
  redouble: t('Redouble'),
  thisDeal: t('This deal'),
  kinds: {
    played: t('Bid and played'),
    first_speaker_no_points: t('Redeal: first speaker without points'),
    pointless_hand: t('Redeal: hand without points'),
    four_jacks: t('Redeal: four jacks'),
    defenders_without_trumps: t('Redeal: a team without trumps'),
  },
  redealNote: t('Thrown in before the auction: the same dealer deals again.'),
  seat: t('Whose hand'),
  cards: t('The cards shown'),
  team: t('The team without trumps'),
  handPlaceholder: t('e.g. {cards}', { cards: 'KS QH 8D 7C …' }),
  bidRange: (min, max) => t('Bids run from {min} to {max} points.', { min, max }),
  faceDown: t('The card laid face down for trumps'),
  shownAt: t('When the trump was shown'),
  lastCard: t('Nobody called: the bidder played the face-down card last'),
  neverShown: t('Nobody called: the trump stayed hidden'),
  caller: t('Who called for the trump (or turned it up)'),
  revealHint: t(
    'Pick the trick in which a player who could not follow suit called for the trump, or the bidder turned it up, and who it was.',
  ),
};
const REDEAL_SETTINGS = {
  first_speaker_no_points: 'redeal_first_speaker_no_points',
  pointless_hand: 'redeal_pointless_hand',
  four_jacks: 'redeal_four_jacks',
  defenders_without_trumps: 'redeal_defenders_without_trumps',
};

/** Both auctions as the engine describes them (the board's entry.auction and its second_round, read by
 * auction_rules.js; this module knows none of their rules): `first` and `second` (null until the first round's
 * bidding is over, or where no second round is played) the rounds' states, `playsSecond` whether the deal carries a
 * second_auction (none after a first round that ended at the top), `over` whether both biddings are over, `standing`
 * the contract's call, `doubling` (0, 1, 2) and `doublers` / `redoublers` the seats that may double or redouble now
 * (the doubles that follow the bidding). */
function auctionRounds(spec, seats, dealerSeat, calls, secondCalls, teamOf) {
  const first = followAuction(spec, seats, dealerSeat, calls, teamOf);
  const second =
    spec.second_round && first.over && first.standing
      ? followAuction(spec.second_round, seats, dealerSeat, secondCalls, teamOf, first.standing)
      : null;
  const playsSecond = Boolean(second && (secondCalls.length || !second.closed));
  return {
    first,
    second,
    playsSecond,
    over: first.over && (!second || second.closed),
    standing: second ? second.standing : first.standing,
    doubling: first.doubling,
    doublers: first.legal.doublers,
    redoublers: first.over ? first.legal.redouble : [],
  };
}

function form(match) {
  const settings = match.settings;
  const seats = seatsOf(match);
  const [, highest] = entryFacts(match).bid_range; // the engine's (the board's entry)
  const pointsInput = numberInput('', 'bidding_team_card_points');
  const pointsLabel = h('span', { class: 'label' });
  const pointsBox = h('div', { 'data-field': 'bidding_team_card_points' }, pointsLabel, pointsInput);
  const dealer = seg(
    seats.map((s) => [s, seatLabel(match, s)]),
    // Offline, where the engines' forecast does not know the next dealer, the form asks rather than guesses.
    match.state.next_dealer || (match.state.next_dealer_unknown ? null : seats[0]),
    () => auction.reset(),
    'dealer',
  );
  const trump = seg(TRUMPS, null, () => paintFaceDown(), 'trump');
  trump.setAttribute('aria-label', FORM.trump);
  const trumpBox = group(FORM.trump, trump);
  const kinds = ['played', ...Object.keys(REDEAL_SETTINGS).filter((k) => settings[REDEAL_SETTINGS[k]] !== false)];
  const kind = seg(
    kinds.map((k) => [k, FORM.kinds[k]]),
    'played',
    () => showParts(),
    'deal_kind',
  );
  const redealSeat = seg(
    seats.map((s) => [s, seatLabel(match, s)]),
    null,
    null,
    'redeal_seat',
  );
  const handInput = (name) =>
    h('input', { name, placeholder: FORM.handPlaceholder, autocapitalize: 'characters', autocomplete: 'off' });
  const redealHand = handInput('redeal_hand');
  const seatBox = h(
    'div',
    {},
    field('redeal.seat', FORM.seat, redealSeat),
    field('redeal.hand', FORM.cards, redealHand),
  );
  const redealTeam = seg(
    ['A', 'B'].map((team) => [team, teamLabel(match, team)]),
    null,
    () => paintTeamHands(),
    'redeal_team',
  );
  const redealTrump = seg(TRUMPS, null, null, 'redeal_trump');
  const teamHands = {};
  const teamHandsBox = h('div', { 'data-field': 'redeal.hands' });
  const paintTeamHands = () => {
    const team = redealTeam.get();
    const members = team ? (match.teams || {})[team] || [] : [];
    teamHandsBox.replaceChildren(
      ...members.map((seat) => {
        teamHands[seat] = teamHands[seat] || handInput(`redeal_hand_${seat}`);
        return field(`redeal.hands.${seat}`, seatLabel(match, seat), teamHands[seat]);
      }),
    );
  };
  const teamBox = h(
    'div',
    {},
    field('redeal.team', FORM.team, redealTeam),
    field('redeal.trump', FORM.trump, redealTrump),
    teamHandsBox,
  );
  const redealBox = h(
    'div',
    { 'data-field': 'redeal', id: 'redeal-record' },
    h('p', { class: 'hint' }, FORM.redealNote),
    seatBox,
    teamBox,
  );
  const redealing = () => kind.get() !== 'played';
  function showParts() {
    redealBox.hidden = !redealing();
    seatBox.hidden = !redealing() || kind.get() === 'defenders_without_trumps';
    teamBox.hidden = kind.get() !== 'defenders_without_trumps';
    auction.el.hidden = redealing();
    auction.render();
    paintAfterBidding();
  }
  const callWords = {
    pass: (name) => t('{name} pass', { name }),
    double: (name) => t('{name} double', { name }),
    redouble: (name) => t('{name} redouble', { name }),
  };
  const spec = entryFacts(match).auction;
  const teamOfSeat = (seat) => teamOf(match, seat);
  /** Both rounds as the calls entered so far stand. */
  const rounds = () => auctionRounds(spec, seats, dealer.get(), auction.get(), second.get(), teamOfSeat);
  const contractText = (standing, doubling) =>
    standing
      ? FORM.contract(
          numberText(standing.points),
          seatLabel(match, standing.seat),
          teamOf(match, standing.seat),
          doubling,
        )
      : '';
  const rules = {
    callText: (c) =>
      c.call === 'bid'
        ? t('{name} {bid}', { name: seatLabel(match, c.seat), bid: numberText(c.points) })
        : callWords[c.call](seatLabel(match, c.seat)),
    state(calls, dealerSeat) {
      const s = followAuction(spec, seats, dealerSeat, calls, teamOfSeat);
      // the doubles that may follow the bidding are offered beside the card points (doublesBox)
      return { ...s, closed: s.over, summary: contractText(s.standing, s.doubling) };
    },
    offer(state, add) {
      const box = h('div', { class: 'stack' });
      const row = h('div', { class: 'row' });
      if (state.legal.pass)
        row.appendChild(
          h('button', { type: 'button', 'data-call': 'pass', onclick: () => add({ call: 'pass' }) }, FORM.pass),
        );
      box.appendChild(row);
      const range = state.legal.ranges[0];
      const min = range ? range.low : highest + 1;
      if (range) {
        const points = stepper(min, 'bid_points', () => paint(), { low: min, high: highest });
        const rangeHint = h('p', { class: 'hint', id: 'bid-range', hidden: true });
        const picks = chips(BID_PICKS.filter((v) => v >= min).slice(0, 5), points.input, () => paint());
        picks.setAttribute('aria-label', FORM.bid);
        const bidPoints = () => num(points.input.value);
        const bidButton = h(
          'button',
          {
            type: 'button',
            class: 'primary',
            'data-call': 'bid',
            onclick: () => add({ call: 'bid', points: bidPoints() }),
          },
          FORM.bid,
        );
        const paint = () => {
          const inRange = Number.isInteger(bidPoints()) && bidPoints() >= min && bidPoints() <= highest;
          rangeHint.hidden = inRange;
          rangeHint.textContent = FORM.bidRange(min, highest);
          bidButton.textContent = inRange ? FORM.bidOf(numberText(bidPoints())) : FORM.bid;
          bidButton.disabled = !inRange;
        };
        paint();
        const bidRow = h('div', { class: 'bid-row' }, points, bidButton, rangeHint);
        nameControls(bidRow, FORM.bid);
        box.append(picks, bidRow);
      }
      return box;
    },
    onChange() {
      if (!auction.state().closed)
        second.reset(); // the second round starts from the first's contract
      else second.render();
    },
  };
  // The second auction (second_round), when the match plays one: from the first round's contract, held by its
  // bidder; the engine's description says who calls and what closes it.
  const secondRules = {
    ...rules,
    state(calls, dealerSeat) {
      const first = followAuction(spec, seats, dealerSeat, auction.get(), teamOfSeat);
      const s = auctionRounds(spec, seats, dealerSeat, auction.get(), calls, teamOfSeat).second;
      if (!s) return { ...first, closed: true, summary: '' };
      return { ...s, summary: contractText(s.standing, 0) };
    },
    onChange: () => paintAfterBidding(),
  };
  /** What follows the bidding: the second round, the doubles, then the trump, the card points and the tricks. */
  function paintAfterBidding() {
    const r = rounds();
    second.el.hidden = redealing() || !r.playsSecond;
    paintDoubles(r);
    pointsBox.hidden = redealing() || !r.over;
    trumpBox.hidden = pointsBox.hidden;
    trickBox.el.hidden = pointsBox.hidden;
    trickBox.refresh();
    const bidder = r.standing ? r.standing.seat : seats[(seats.indexOf(dealer.get()) + 1) % seats.length];
    pointsLabel.textContent = FORM.points(teamOf(match, bidder), entryFacts(match).card_points_total || 28);
    pointsInput.setAttribute('aria-label', pointsLabel.textContent);
  }
  // The doubles that follow the bidding, each optional (the engine's after_bidding double): offered beside the card
  // points to the seats the description names rather than as the auction's next call.
  const doublesBox = h('div', { class: 'row', id: 'doubles' });
  function paintDoubles(r) {
    const word = r.doublers.length ? 'double' : 'redouble';
    const callers = r.doublers.length ? r.doublers : r.redoublers;
    doublesBox.replaceChildren(
      ...callers.map((seat) =>
        h(
          'button',
          {
            type: 'button',
            'data-call': word,
            'data-seat': seat,
            onclick: () => auction.set([...auction.get(), { seat, call: word }]),
          },
          callWords[word](seatLabel(match, seat)),
        ),
      ),
    );
    doublesBox.hidden = redealing() || !callers.length;
  }
  const auction = auctionWidget(match, dealer, rules);
  const second = auctionWidget(match, dealer, secondRules, 'second_auction', t('Second auction:'));
  // Trick entry (§T.7a): the cards of every trick, the face-down card (own_card) and when the trump was shown.
  const facts = entryFacts(match);
  const ownCard = settings.trump_indicator !== 'spare_card';
  const faceDown = h('select', { name: 'trump_card', onchange: () => trickBox.refresh() });
  function paintFaceDown() {
    const letter = SUIT_LETTER[trump.get()];
    const was = faceDown.value;
    const cards = letter ? (facts.pack_ranks || []).map((rank) => `${rank}${letter}`) : [];
    faceDown.replaceChildren(
      h('option', { value: '' }, '–'),
      ...cards.map((code) => h('option', { value: code }, cardText(code))),
    );
    faceDown.value = cards.includes(was) ? was : '';
    trickBox.refresh();
  }
  const trickCount = facts.trick_count || 8;
  const shownAt = h(
    'select',
    { name: 'reveal_trick', onchange: () => paintReveal() },
    h('option', { value: '' }, ownCard ? FORM.lastCard : FORM.neverShown),
    Array.from({ length: trickCount }, (_, k) =>
      h('option', { value: String(k + 1) }, t('Trick {number}', { number: k + 1 })),
    ),
  );
  const caller = seg(
    seats.map((s) => [s, seatLabel(match, s)]),
    null,
    () => trickBox.refresh(),
    'reveal_seat',
  );
  const callerBox = field('reveal.seat', FORM.caller, caller);
  function paintReveal() {
    callerBox.hidden = !shownAt.value;
    trickBox.refresh();
  }
  // Who leads and wins each trick (the concealed trump counted as the referee counts it) and the card points so far
  // are the service's; offline no tally is shown.
  const asker = progressAsker(match.progress_url);
  const trickBox = trickEntry(seats, {
    count: trickCount,
    ranks: facts.pack_ranks || [],
    joker: false,
    seats: () => (redealing() || !rounds().over || !trump.get() ? null : seats),
    deal() {
      const deal = build();
      delete deal.bidding_team_card_points;
      return deal;
    },
    ask: (deal, hinted) => asker.ask(deal, hinted),
    tally: cardPointsTally,
  });
  const revealBox = h(
    'div',
    { id: 'trump-reveal' },
    ownCard ? field('trump_card', FORM.faceDown, faceDown) : null,
    h('p', { class: 'hint' }, FORM.revealHint),
    field('reveal.trick', FORM.shownAt, shownAt),
    callerBox,
  );
  trickBox.el.insertBefore(revealBox, trickBox.el.querySelector('.tricks-list'));
  paintFaceDown();
  paintReveal();
  const el = h(
    'div',
    { class: 'fields' },
    dealerChoice('dealer', FORM.dealer, dealer, (s) => seatLabel(match, s)),
    kinds.length > 1 ? kindChoice(FORM.thisDeal, kind, (k) => FORM.kinds[k]) : null,
    redealBox,
    auction.el,
    second.el,
    doublesBox,
    trumpBox,
    pointsBox,
    trickBox.el,
  );
  showParts();
  function build() {
    if (redealing()) {
      const reason = kind.get();
      if (reason === 'defenders_without_trumps') {
        const hands = Object.fromEntries(
          Array.from(teamHandsBox.querySelectorAll('input'), (input) => [
            input.name.replace('redeal_hand_', ''),
            cardList(input.value),
          ]),
        );
        return { dealer: dealer.get(), redeal: { reason, team: redealTeam.get(), trump: redealTrump.get(), hands } };
      }
      return { dealer: dealer.get(), redeal: { reason, seat: redealSeat.get(), hand: cardList(redealHand.value) } };
    }
    const deal = { dealer: dealer.get(), auction: auction.get() };
    if (rounds().playsSecond) deal.second_auction = second.get();
    if (trump.get()) deal.trump = trump.get();
    const tricks = trickBox.el.hidden ? null : trickBox.get();
    // With every trick entered the service adds up the card points; points typed as well must agree with them.
    if (!tricks || pointsInput.value.trim()) deal.bidding_team_card_points = num(pointsInput.value);
    if (tricks) {
      const called = shownAt.value ? { trick: Number(shownAt.value), seat: caller.get() } : null;
      const play = called && (tricks[called.trick - 1] || []).find((p) => p.seat === called.seat);
      if (play) play.reveals_trump = true;
      if (ownCard && faceDown.value) deal.trump_card = faceDown.value;
      deal.tricks = tricks;
    }
    return deal;
  }
  function fill(input) {
    dealer.set(input.dealer);
    if (input.redeal) {
      kind.set(input.redeal.reason);
      if (input.redeal.seat) {
        redealSeat.set(input.redeal.seat);
        redealHand.value = (input.redeal.hand || []).join(' ');
      }
      if (input.redeal.team) {
        redealTeam.set(input.redeal.team);
        redealTrump.set(input.redeal.trump);
        paintTeamHands();
        for (const [seat, hand] of Object.entries(input.redeal.hands || {}))
          if (teamHands[seat]) teamHands[seat].value = hand.join(' ');
      }
      showParts();
      return;
    }
    auction.set(input.auction || []);
    second.set(input.second_auction || []);
    trump.set(input.trump || null);
    pointsInput.value = input.bidding_team_card_points ?? '';
    paintFaceDown();
    faceDown.value = input.trump_card || '';
    const k = (input.tricks || []).findIndex((trick) => trick.some((p) => p.reveals_trump));
    shownAt.value = k < 0 ? '' : String(k + 1);
    caller.set(k < 0 ? null : input.tricks[k].find((p) => p.reveals_trump).seat);
    paintReveal();
    trickBox.set(input.tricks || []);
  }
  const marks = () => ({ dealer: dealer.get(), bidder: (rounds().standing || {}).seat });
  return { el, build, fill, marks, settled: trickBox.settled };
}

// ---------- the headline of the board, and the preview of a deal ----------
const TEXT = {
  score: (a, b) => `${numberText(a)} – ${numberText(b)}`,
  wins: (names) => t('{names} win the match', { names }),
  made: (team, points) => t('{team} made {points}', { team, points }),
  failed: (team, points) => t('{team} failed {points}', { team, points }),
  points: (a, b, after) => t('A {a}, B {b} → A {afterA}, B {afterB}', { a, b, afterA: after.A, afterB: after.B }),
  sameDealer: (name) => t('{name} deals again', { name }),
  dealsNext: (name) => t('{name} deals next', { name }),
  dealt: (name) => t('{name} dealt', { name }),
};

/** The game points of each team (the red and black sixes), and who won. */
function headline(m, figures = {}) {
  const s = m.state.game_points;
  const title = m.state.match_over ? TEXT.wins(teamNames(m, m.state.match_winner)) : TEXT.score(s.A, s.B);
  return {
    title,
    scores: ['A', 'B'].map((team) =>
      scoreBox(
        teamLabel(m, team),
        signedText(s[team]),
        `${teamClass(m, team)}${(figures.ahead || []).includes(team) ? ' lead' : ''}`,
        team,
      ),
    ),
  };
}

const kindWords = (reason) => FORM.kinds[reason] || reason;

/** What a deal will do, from the server's dry run: "B made 16 · A 0, B +1 → A 0, B 1 · Bala deals next". */
function preview(answer) {
  const r = answer.result;
  const m = answer.match;
  const next = m.state.next_dealer ? TEXT.dealsNext(playerName(m, m.state.next_dealer)) : null;
  if (r.redeal)
    return [
      kindWords(r.redeal.reason),
      m.state.next_dealer ? TEXT.sameDealer(playerName(m, m.state.next_dealer)) : null,
    ]
      .filter(Boolean)
      .join(' · ');
  const c = r.contract;
  return [
    (r.made ? TEXT.made : TEXT.failed)(c.team, c.points),
    TEXT.points(signedText(r.game_points_delta.A), signedText(r.game_points_delta.B), r.game_points_after),
    next,
  ]
    .filter(Boolean)
    .join(' · ');
}

function resultLine(r) {
  return TEXT.score(r.game_points_after.A, r.game_points_after.B);
}

function stateLine(state) {
  return TEXT.score(state.game_points.A, state.game_points.B);
}

// ---------- one line per deal in the list ----------
/** The offences only this game's tricks prove (§T.7a): a caller who did not trump, a bidder who led the hidden
 * trump (under bidder_concealed_trump_lead = forbidden): " · trump not played: S4 (trick 3)". */
function offenceText(r) {
  const where = (found) => listText(found.map((f) => t('{seat} (trick {number})', { seat: f.seat, number: f.trick })));
  const notPlayed = r.trump_not_played_found || [];
  const leads = r.concealed_trump_leads_found || [];
  return [
    notPlayed.length ? ` · ${t('trump not played after the call: {list}', { list: where(notPlayed) })}` : '',
    leads.length ? ` · ${t('hidden trump led: {list}', { list: where(leads) })}` : '',
  ].join('');
}

function summary(d, m) {
  const r = d.result;
  const c = r.contract;
  const name = (seat) => playerName(m, seat);
  if (r.redeal) return `${TEXT.dealt(name(d.input.dealer))} · ${kindWords(r.redeal.reason)}`;
  const values = { name: name(c.bidder), bid: numberText(c.points) };
  const contract = {
    none: t('{name} {bid}', values),
    doubled: t('{name} {bid} doubled', values),
    redoubled: t('{name} {bid} redoubled', values),
  }[c.doubling];
  const points = r.bidding_team_card_points;
  const outcome = r.made ? t('made with {points}', { points }) : t('failed with {points}', { points });
  const trump = c.trump ? ` · ${TRUMP_WORDS[c.trump] || c.trump}` : '';
  return `${contract}${trump} · ${outcome}${foundText(r, 'revoke')}${offenceText(r)} · ${resultLine(r)}`;
}

// ---------- the chart: each team's game points ----------
function chart(board, { series, from }) {
  const m = board.match;
  return {
    title: t('Game points per team (target {target})', { target: m.settings.target_game_points }),
    target: m.settings.target_game_points,
    lines: series(['A', 'B'], from('game_points', 0), (r, team) => r.game_points_after[team]),
  };
}

export default { form, headline, preview, stateLine, resultLine, summary, chart, auctionRounds };
