import { h, num, words, cardList, pageConfig } from '../dom.js';
import { api } from '../api.js';
import {
  dealerChoice,
  scoreBox,
  seg,
  chips,
  numberInput,
  stepper,
  field,
  kindChoice,
  nameControls,
} from '../widgets.js';
import { seatsOf, playerName, seatLabel, teamOf, teamLabel, teamNames, teamClass } from '../seating.js';
import { auctionWidget } from '../auction.js';
import { auctionState } from '../auction_rules.js';
import { TRUMPS, TRUMP_WORDS, trickEntry, foundText, cardPointsTally } from '../tricks.js';
import { progressAsker } from '../progress.js';
import { t, nt, numberText } from '../i18n.js';
import { entryFacts } from '../facts.js';

/* The card order, the card points, the packs' ranks, the bid range and the usual bids are the engine's (the game
 * facts' entry, facts.js): none is kept here. */
/** The trump of a bid in words: the engine's key is not a word of the page. */
const trumpWords = (trump) => TRUMP_WORDS[trump] || words(trump);
/** A bid in words: "30 spades", "30 noes", "30 noes → hearts" once the noes bidder names the trump. */
function bidWords(c) {
  const values = { points: c.points, trump: c.trump && trumpWords(c.trump) };
  if (c.convention !== 'noes') return t('{points} {trump}', values);
  return c.trump ? t('{points} noes → {trump}', values) : t('{points} noes', values);
}
const SHORT_TRUMPS = [
  ['clubs', '♣', TRUMP_WORDS.clubs],
  ['diamonds', '♦', TRUMP_WORDS.diamonds],
  ['hearts', '♥', TRUMP_WORDS.hearts],
  ['spades', '♠', TRUMP_WORDS.spades],
  ['no_trumps', t('NT'), t('NT, no trumps')],
];
const FORM = {
  dealer: t('Dealer'),
  bid: t('Bid'),
  bidOf: (bid) => t('Bid {bid}', { bid }),
  bidPoints: t('Bid'),
  trump: t('Trump'),
  noes: t('noes'),
  points: (team, total) => t('Card points of team {team} (out of {total})', { team, total }),
  noesTrump: (name) => t('Trump named by {name} before play (noes bid)', { name }),
  contract: (bid, name, team, doubling) =>
    [
      t('Contract: {bid} by {name} (team {team})', { bid, name, team }),
      t('Contract: {bid} by {name} (team {team}) doubled', { bid, name, team }),
      t('Contract: {bid} by {name} (team {team}) redoubled', { bid, name, team }),
    ][doubling],
  allPassRedeal: t('All passed: the deal is redealt.'),
  allPassPlay: (points) => t("All passed: the first speaker's team plays {points} no-trumps.", { points }),
  pass: t('Pass'),
  double: t('Double'),
  redouble: t('Redouble'),
  doubleWord: t('double'),
  redoubleWord: t('redouble'),
  redoubleBy: (name) => t('Redouble ({name})', { name }),
  thisDeal: t('This deal'),
  kinds: {
    played: t('Bid and played'),
    hand_at_or_below_threshold: t('Redeal: a weak hand'),
    team_without_jack: t('Redeal: a team without a jack'),
  },
  redealNote: t('Thrown in before the auction: the same dealer deals again.'),
  weakSeat: t('Whose hand'),
  weakHand: (n, most) =>
    nt(
      'The hand shown ({count} card, {most} card points or fewer)',
      'The hand shown ({count} cards, {most} card points or fewer)',
      n,
      { most },
    ),
  jackTeam: t('The team without a jack'),
  teamHand: (name, n) => nt("{name}'s hand ({count} card)", "{name}'s hand ({count} cards)", n, { name }),
  handPlaceholder: t('e.g. {cards}', { cards: 'KS QS KH QH 8D 7C …' }),
  notOffered: (calls, reason) => t('Not offered: {calls}. {reason}', { calls, reason }),
  bidsAbove: (points) => t('bids above {points}', { points }),
  noBid: t('any bid'),
  bidRange: (min, max) => t('Bids run from {min} to {max} points.', { min, max }),
};

/** What the calls limited by tables leave a seat: the server's refusal of a call the team cannot afford says it
 * (its extra.calls_left: the highest bid, 0 for none, and whether it may double or redouble). */
const callLimits = (left) => ({ highestBid: left.highest_bid, double: left.double, redouble: left.redouble });
/** The calls on the form that the limits leave out, in words ("bids above 39, double"); `highest` is the top of
 * the rules' bid range. */
function notOfferedWords(limits, offered, highest) {
  const out = [];
  if (offered.lowestBid <= highest && limits.highestBid < highest)
    out.push(limits.highestBid >= offered.lowestBid ? FORM.bidsAbove(limits.highestBid) : FORM.noBid);
  if (offered.double && !limits.double) out.push(FORM.doubleWord);
  if (offered.redouble && !limits.redouble) out.push(FORM.redoubleWord);
  return out.join(', ');
}

function form(match) {
  const settings = match.settings;
  const facts = entryFacts(match);
  const bidRange = facts.bid_range || [];
  const active = match.state.active_seats || seatsOf(match);
  const pointsInput = numberInput('', 'bidding_team_card_points');
  const pointsLabel = h('span', { class: 'label' }, t("Bidding team's card points"));
  const pointsBox = h('div', { 'data-field': 'bidding_team_card_points' }, pointsLabel, pointsInput);
  const dealer = seg(
    active.map((s) => [s, seatLabel(match, s)]),
    match.state.next_dealer || (match.state.next_dealer_unknown ? null : active[0]),
    () => auction.reset(),
    'dealer',
  );
  // A "noes" bid (void in the suit last bid) names no trump; if it wins, the bidder names one before play.
  const noesTrump = seg(
    [...TRUMPS, ['no_trumps', TRUMP_WORDS.no_trumps]],
    null,
    () => trickBox.refresh(),
    'noes_trump',
  );
  const noesLabel = h('span', { class: 'label' });
  const noesBox = h('div', { id: 'noes-trump' }, noesLabel, noesTrump);
  // The redeal record (§F.3a): a weak hand or a team without a jack, shown before the auction.
  const redealKinds = [
    'played',
    ...(settings.redeal_hand_points_at_most !== null && settings.redeal_hand_points_at_most !== undefined
      ? ['hand_at_or_below_threshold']
      : []),
    ...(settings.redeal_team_without_jack ? ['team_without_jack'] : []),
  ];
  const kind = seg(
    redealKinds.map((k) => [k, FORM.kinds[k]]),
    'played',
    () => showParts(),
    'deal_kind',
  );
  const handSize = (match.state.next_deal_cards || {}).cards_per_player;
  const handInput = (name) =>
    h('input', { name, placeholder: FORM.handPlaceholder, autocapitalize: 'characters', autocomplete: 'off' });
  const weakSeat = seg(
    active.map((s) => [s, seatLabel(match, s)]),
    null,
    null,
    'redeal_seat',
  );
  const weakHand = handInput('redeal_hand');
  const weakBox = h(
    'div',
    {},
    field('redeal.seat', FORM.weakSeat, weakSeat),
    field('redeal.hand', FORM.weakHand(handSize, settings.redeal_hand_points_at_most), weakHand),
  );
  const activeTeams = Object.keys(match.teams || {}).filter((team) =>
    match.teams[team].some((s) => active.includes(s)),
  );
  const teamHands = {};
  const teamHandsBox = h('div', { 'data-field': 'redeal.hands' });
  const paintTeamHands = () => {
    const team = jackTeam.get();
    const members = team ? match.teams[team].filter((s) => active.includes(s)) : [];
    teamHandsBox.replaceChildren(
      ...members.map((seat) => {
        teamHands[seat] = teamHands[seat] || handInput(`redeal_hand_${seat}`);
        return field(`redeal.hands.${seat}`, FORM.teamHand(seatLabel(match, seat), handSize), teamHands[seat]);
      }),
    );
  };
  const jackTeam = seg(
    activeTeams.map((team) => [team, teamLabel(match, team)]),
    null,
    () => paintTeamHands(),
    'redeal_team',
  );
  const jackBox = h('div', {}, field('redeal.team', FORM.jackTeam, jackTeam), teamHandsBox);
  const redealBox = h(
    'div',
    { 'data-field': 'redeal', id: 'redeal-record' },
    h('p', { class: 'hint' }, FORM.redealNote),
    weakBox,
    jackBox,
  );
  const redealing = () => kind.get() !== 'played';
  function showParts() {
    redealBox.hidden = !redealing();
    weakBox.hidden = kind.get() !== 'hand_at_or_below_threshold';
    jackBox.hidden = kind.get() !== 'team_without_jack';
    auction.el.hidden = redealing();
    auction.render();
  }
  // Calls limited by tables (§F.3, F-A19): the server's dry run of the auction so far, with the dearest call to
  // try as its last, answers what the team may still call (`legal`, and why not the rest).
  const limitsAsked = new Map();
  function askLimits(calls, probe) {
    const key = JSON.stringify([dealer.get(), calls, probe]);
    if (!limitsAsked.has(key)) {
      const deal = { dealer: dealer.get(), auction: [...calls, probe], bidding_team_card_points: bidRange[0] };
      limitsAsked.set(
        key,
        api('POST', `${pageConfig().deals_url}?dry_run=true`, deal)
          .then((res) => {
            const error = res.data; // the first refusal, with its extra (the errors list leaves extra out)
            if (res.ok || !error || error.code !== 'call_not_affordable') return null;
            return { limits: callLimits((error.extra || {}).calls_left), why: error.detail };
          })
          .catch(() => {
            limitsAsked.delete(key);
            return null;
          }),
      );
    }
    return limitsAsked.get(key);
  }
  /** Take the calls the team cannot afford off the offer, and say why beside it. */
  function limitOffer(state, box, offered) {
    const calls = auction.get();
    const probes = [];
    if (offered.lowestBid <= bidRange[1])
      probes.push({ seat: state.turn, call: 'bid', points: bidRange[1], trump: 'clubs' });
    if (offered.double) probes.push({ seat: state.turn, call: 'double' });
    if (offered.redouble) probes.push({ seat: state.turn, call: 'redouble' });
    Promise.all(probes.map((probe) => askLimits(calls, probe))).then((answers) => {
      const found = answers.find(Boolean);
      if (!found || JSON.stringify(auction.get()) !== JSON.stringify(calls) || !box.isConnected) return;
      const { limits, why } = found;
      if (!limits.double) box.querySelectorAll('[data-call=double]').forEach((b) => b.remove());
      if (!limits.redouble)
        box.querySelectorAll(`[data-call=redouble][data-seat="${state.turn}"]`).forEach((b) => b.remove());
      if (limits.highestBid < offered.lowestBid) box.querySelectorAll('.bid-part').forEach((el) => el.remove());
      else {
        box.querySelectorAll('[data-chip]').forEach((chip) => {
          if (Number(chip.dataset.chip) > limits.highestBid) chip.remove();
        });
        box.dataset.highestBid = String(limits.highestBid);
      }
      const what = notOfferedWords(limits, offered, bidRange[1]);
      if (what)
        box.appendChild(
          h(
            'p',
            { class: 'hint not-offered', id: 'not-offered', 'data-field': `auction[${calls.length}]` },
            FORM.notOffered(what, why),
          ),
        );
    });
  }
  const callWords = {
    pass: (name) => t('{name} pass', { name }),
    double: (name) => t('{name} double', { name }),
    redouble: (name) => t('{name} redouble', { name }),
  };
  const rules = {
    callText: (c) =>
      c.call === 'bid'
        ? t('{name} {bid}', { name: seatLabel(match, c.seat), bid: bidWords(c) })
        : callWords[c.call](seatLabel(match, c.seat)),
    // Who calls, what closes the auction and the calls legal now are the engine's (the board's entry.auction, read
    // by auction_rules.js); this form only draws them.
    state(calls, dealerSeat) {
      const s = auctionState(facts.auction, active, dealerSeat, calls, (seat) => teamOf(match, seat));
      const { standing, doubling, closed } = s;
      let summary = '';
      if (closed && standing)
        summary = FORM.contract(
          bidWords(standing),
          seatLabel(match, standing.seat),
          teamOf(match, standing.seat),
          doubling,
        );
      else if (closed)
        summary =
          settings.all_pass_rule === 'redeal' ? FORM.allPassRedeal : FORM.allPassPlay(facts.forced_contract_points);
      return { ...s, summary, allPass: closed && !standing };
    },
    offer(state, add) {
      const range = state.legal.ranges.find((r) => r.call === 'bid');
      const [min, highest] = range ? [range.low, range.high] : [bidRange[1] + 1, bidRange[1]];
      const box = h('div', { class: 'stack' });
      const row = h('div', { class: 'row' });
      if (state.legal.pass)
        row.appendChild(
          h('button', { type: 'button', 'data-call': 'pass', onclick: () => add({ call: 'pass' }) }, FORM.pass),
        );
      if (state.legal.double)
        row.appendChild(
          h('button', { type: 'button', 'data-call': 'double', onclick: () => add({ call: 'double' }) }, FORM.double),
        );
      // Redouble out of turn (§F.3, F-A18): each seat the engine's description lets redouble, listed where it is made.
      const redoublers = state.legal.redouble;
      for (const seat of redoublers) {
        row.appendChild(
          h(
            'button',
            {
              type: 'button',
              'data-call': 'redouble',
              'data-seat': seat,
              onclick: () => add({ seat, call: 'redouble' }),
            },
            seat === state.turn ? FORM.redouble : FORM.redoubleBy(playerName(match, seat)),
          ),
        );
      }
      box.appendChild(row);
      const offered = {
        lowestBid: min,
        double: Boolean(row.querySelector('[data-call=double]')),
        redouble: redoublers.includes(state.turn),
      };
      if (settings.calls_limited_by_tables) limitOffer(state, box, offered);
      if (range) {
        // Quick picks for the usual bids, the trump, then the stepper (any other bid) and the button that says the
        // bid it makes.
        const points = stepper(min, 'bid_points', () => paintBid(), { low: min, high: highest });
        const rangeHint = h('p', { class: 'hint', id: 'bid-range', hidden: true });
        const picks = chips((facts.usual_bids || []).filter((v) => v >= min).slice(0, 5), points.input, () =>
          paintBid(),
        );
        picks.setAttribute('aria-label', FORM.bidPoints);
        const trump = seg(
          // a noes bid where the engine's description offers one (over a standing bid, F-A13)
          [...SHORT_TRUMPS, ...(state.legal.conventions.includes('noes') ? [['noes', FORM.noes]] : [])],
          null,
          () => paintBid(),
          'bid_trump',
        );
        trump.setAttribute('aria-label', FORM.trump);
        const bidPoints = () => num(points.input.value);
        const bid = () =>
          trump.get() === 'noes'
            ? { call: 'bid', points: bidPoints(), convention: 'noes' }
            : { call: 'bid', points: bidPoints(), trump: trump.get() };
        const bidButton = h(
          'button',
          {
            type: 'button',
            class: 'primary',
            'data-call': 'bid',
            onclick: () => {
              if (trump.get()) add(bid());
            },
          },
          FORM.bid,
        );
        const paintBid = () => {
          // A bid outside the rules' range is not offered, and the line under it says why (not a grey button).
          const inRange = Number.isInteger(bidPoints()) && bidPoints() >= min && bidPoints() <= highest;
          rangeHint.hidden = inRange;
          rangeHint.textContent = FORM.bidRange(min, highest);
          bidButton.textContent = trump.get() ? FORM.bidOf(bidWords(bid())) : FORM.bid;
          bidButton.disabled = !trump.get() || !inRange || bidPoints() > Number(box.dataset.highestBid || highest);
        };
        paintBid();
        const bidRow = h('div', { class: 'bid-row bid-part' }, points, bidButton, rangeHint);
        nameControls(bidRow, FORM.bidPoints);
        picks.classList.add('bid-part');
        trump.classList.add('bid-part');
        box.append(picks, trump, bidRow);
      }
      return box;
    },
    onChange(state) {
      // Asked once the auction is over: before a bid there is no bidding team to name.
      pointsBox.hidden = redealing() || !state.closed || (state.allPass && settings.all_pass_rule === 'redeal');
      trickBox.el.hidden = pointsBox.hidden;
      const bidder = state.standing ? state.standing.seat : state.opener; // the forced contract's team
      pointsLabel.textContent = FORM.points(teamOf(match, bidder), facts.card_points_total);
      pointsInput.setAttribute('aria-label', pointsLabel.textContent);
      noesBox.hidden =
        redealing() ||
        !(state.closed && state.standing && state.standing.convention === 'noes' && !state.standing.trump);
      noesLabel.textContent = state.standing ? FORM.noesTrump(seatLabel(match, state.standing.seat)) : '';
      noesTrump.setAttribute('aria-label', noesLabel.textContent || FORM.trump);
      trickBox.refresh();
    },
  };
  const auction = auctionWidget(match, dealer, rules);
  // The pack and hand of this deal are the state's (the engine deals them by the players still in).
  const cards = match.state.next_deal_cards || {}; // none once the match is over
  // Who leads and wins each trick, and the card points so far, are the service's (the referee's reading of the
  // tricks entered so far); offline no tally is shown.
  const asker = progressAsker(match.progress_url);
  const trickBox = trickEntry(active, {
    count: cards.cards_per_player,
    ranks: facts.pack_ranks[cards.deck_size] || [],
    joker: false,
    seats() {
      const state = auction.state();
      if (redealing() || !state.closed || (state.allPass && settings.all_pass_rule === 'redeal')) return null;
      return active;
    },
    deal() {
      const deal = build();
      delete deal.bidding_team_card_points;
      return deal;
    },
    ask: (deal, hinted) => asker.ask(deal, hinted),
    tally: cardPointsTally,
  });
  auction.render();
  const el = h(
    'div',
    { class: 'fields' },
    dealerChoice('dealer', FORM.dealer, dealer, (s) => seatLabel(match, s)),
    redealKinds.length > 1 ? kindChoice(FORM.thisDeal, kind, (k) => FORM.kinds[k]) : null,
    redealBox,
    auction.el,
    noesBox,
    pointsBox,
    trickBox.el,
  );
  showParts();
  function build() {
    if (redealing()) {
      const record =
        kind.get() === 'hand_at_or_below_threshold'
          ? { reason: kind.get(), seat: weakSeat.get(), hand: cardList(weakHand.value) }
          : {
              reason: kind.get(),
              team: jackTeam.get(),
              hands: Object.fromEntries(
                Array.from(teamHandsBox.querySelectorAll('input'), (input) => [
                  input.name.replace('redeal_hand_', ''),
                  cardList(input.value),
                ]),
              ),
            };
      return { dealer: dealer.get(), redeal: record };
    }
    const deal = { dealer: dealer.get(), auction: auction.get() };
    const state = auction.state();
    if (!noesBox.hidden && noesTrump.get()) {
      const last = deal.auction.lastIndexOf(state.standing);
      deal.auction[last] = Object.assign({}, state.standing, { trump: noesTrump.get() });
    }
    const tricks = trickBox.el.hidden ? null : trickBox.get();
    // With every trick entered the service adds up the card points; points typed as well must agree with them.
    if (!pointsBox.hidden && (!tricks || pointsInput.value.trim()))
      deal.bidding_team_card_points = num(pointsInput.value);
    if (tricks) deal.tricks = tricks;
    return deal;
  }
  function fill(input) {
    dealer.set(input.dealer);
    if (input.redeal) {
      kind.set(input.redeal.reason);
      if (input.redeal.seat) {
        weakSeat.set(input.redeal.seat);
        weakHand.value = (input.redeal.hand || []).join(' ');
      }
      if (input.redeal.team) {
        jackTeam.set(input.redeal.team);
        paintTeamHands();
        for (const [seat, hand] of Object.entries(input.redeal.hands || {}))
          if (teamHands[seat]) teamHands[seat].value = hand.join(' ');
      }
      showParts();
      return;
    }
    auction.set(input.auction || []);
    pointsInput.value =
      input.bidding_team_card_points === undefined || input.bidding_team_card_points === null
        ? ''
        : input.bidding_team_card_points;
    trickBox.set(input.tricks || []);
  }
  const marks = () => ({ dealer: dealer.get(), bidder: (auction.state().standing || {}).seat });
  return { el, build, fill, marks, settled: trickBox.settled };
}

// ---------- the headline of the board, and the preview of a deal ----------
const TEXT = {
  tables: (parts) => parts.join(' · '),
  teamTables: (team, n) => `${team} ${numberText(n)}`,
  wins: (names) => t('{names} win the match', { names }),
  danger: t('in danger'),
  out: t('out'),
  nextDeal: (players, cards) =>
    nt('{count} player; {cards} cards each next deal', '{count} players; {cards} cards each next deal', players, {
      cards,
    }),
  made: (team, points, trump) => t('{team} made {points} {trump}', { team, points, trump }),
  failed: (team, points, trump) => t('{team} failed {points} {trump}', { team, points, trump }),
  transfer: (from, to, n) => nt('{from}→{to} {count} table', '{from}→{to} {count} tables', n, { from, to }),
  redealt: t('All passed: redealt'),
  redealRecord: {
    hand_at_or_below_threshold: (name) => t("Redeal: {name}'s weak hand", { name }),
    team_without_jack: (team) => t('Redeal: team {team} holds no jack', { team }),
  },
  sameDealer: (name) => t('{name} deals again', { name }),
  dealsNext: (name) => t('{name} deals next', { name }),
  eliminated: (team) => t('{team} out', { team }),
  dealt: (name) => t('{name} dealt', { name }),
  passedOut: t('all passed, redealt'),
};

/** Each team's tables; a team that a failed lowest contract would put out is marked in danger (the engine's
 * headline figures say which: in_danger). */
function headline(m, figures = {}) {
  const out = new Set((m.state.eliminated || []).map((e) => e.team));
  const inDanger = new Set(figures.in_danger || []);
  const tables = m.state.tables;
  const title = m.state.match_over
    ? TEXT.wins(teamNames(m, m.state.match_winner))
    : TEXT.tables(Object.keys(tables).map((team) => TEXT.teamTables(team, tables[team])));
  return {
    title,
    scoresInTitle: true,
    sub: TEXT.nextDeal(m.state.active_seats.length, m.state.next_deal_cards.cards_per_player),
    out: new Set(seatsOf(m).filter((s) => !m.state.active_seats.includes(s))),
    scores: Object.keys(tables).map((team) => {
      const danger = inDanger.has(team);
      const box = scoreBox(
        teamLabel(m, team),
        numberText(tables[team]),
        `${teamClass(m, team)}${out.has(team) ? ' out' : ''}${danger ? ' danger' : ''}`,
        teamNames(m, team), // the strip names the players: "T1" alone says nothing at the table
      );
      if (danger || out.has(team)) box.appendChild(h('div', { class: 'flag' }, danger ? TEXT.danger : TEXT.out));
      return box;
    }),
  };
}

/** The early trump leads trick entry found under trump_lead_rule = after_trump_played (§F.9a, F-A22). */
const earlyTrumpLeads = (r) =>
  (r.trump_leads_found || []).length
    ? ` · ${t('early trump lead: {leads}', { leads: r.trump_leads_found.map((f) => t('{seat} (trick {number})', { seat: f.seat, number: f.trick })).join(', ') })}`
    : '';
const redealWords = (redeal, m) =>
  TEXT.redealRecord[redeal.reason](redeal.seat ? playerName(m, redeal.seat) : redeal.team);

/** What a deal will do, from the server's dry run: "A made 30 spades · B→A 1 table · Bala deals next". */
function preview(answer) {
  const r = answer.result;
  const m = answer.match;
  const c = r.contract;
  const next = m.state.next_dealer ? TEXT.dealsNext(playerName(m, m.state.next_dealer)) : null;
  if (r.redeal)
    return [redealWords(r.redeal, m), m.state.next_dealer ? TEXT.sameDealer(playerName(m, m.state.next_dealer)) : null]
      .filter(Boolean)
      .join(' · ');
  if (!c) return [TEXT.redealt, next].filter(Boolean).join(' · ');
  const said = (r.made ? TEXT.made : TEXT.failed)(c.team, c.points, trumpWords(c.trump));
  return [
    said,
    ...r.transfers.map((move) => TEXT.transfer(move.from, move.to, move.tables)),
    ...(r.eliminated || []).map((e) => TEXT.eliminated(e.team)),
    next,
  ]
    .filter(Boolean)
    .join(' · ');
}

function resultLine(r) {
  return TEXT.tables(Object.keys(r.tables_after).map((team) => TEXT.teamTables(team, r.tables_after[team])));
}

function stateLine(state) {
  return TEXT.tables(Object.keys(state.tables).map((team) => TEXT.teamTables(team, state.tables[team])));
}

// ---------- one line per deal in the list ----------
function summary(d, m) {
  const i = d.input;
  const r = d.result;
  const c = r.contract;
  const name = (seat) => playerName(m, seat);
  if (r.redeal) return `${TEXT.dealt(name(i.dealer))} · ${redealWords(r.redeal, m)}`;
  if (!c) return `${TEXT.dealt(name(i.dealer))} · ${TEXT.passedOut}`;
  const transfers = r.transfers.map((move) => `${move.from}→${move.to} ${numberText(move.tables)}`).join(', ');
  const points = i.bidding_team_card_points ?? (r.card_points_by_team || {})[c.team];
  const values = { name: name(c.bidder), bid: t('{points} {trump}', { points: c.points, trump: trumpWords(c.trump) }) };
  const contract = c.forced
    ? {
        none: t('{name} {bid} (forced)', values),
        doubled: t('{name} {bid} doubled (forced)', values),
        redoubled: t('{name} {bid} redoubled (forced)', values),
      }[c.doubling]
    : {
        none: t('{name} {bid}', values),
        doubled: t('{name} {bid} doubled', values),
        redoubled: t('{name} {bid} redoubled', values),
      }[c.doubling];
  const outcome = r.made ? t('made with {points}', { points }) : t('failed with {points}', { points });
  return `${contract} · ${outcome}${foundText(r, 'revoke')}${earlyTrumpLeads(r)} · ${transfers}`;
}

// ---------- the chart: the tables of each team ----------
function chart(board, { series, from }) {
  const m = board.match;
  return {
    title: t('Tables per team'),
    lines: series(
      Object.keys(m.state.tables),
      from('tables', m.settings.starting_tables),
      (r, team) => r.tables_after[team],
    ),
  };
}

export { callLimits, notOfferedWords };
export default { form, headline, preview, stateLine, resultLine, summary, chart };
