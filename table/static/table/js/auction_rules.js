/* An auction followed by the engine's description of it (the board's entry.auction, docs/api.md "The auction as
 * data"): this module knows no game. It reads the calls so far against that description and answers who calls
 * next, whether the auction is closed, the standing call and the calls legal now. Every number (the ranks, the
 * lowest and highest bid) and every choice (who may double, what closes the auction) is the engine's; the test
 * cases in tests/js/fixtures/auction_cases.json are the engines' own answers for the same calls.
 *
 * The description: first_after_dealer (the first caller, that many seats after the dealer in the seats given),
 * one_round (each seat calls once), pass_drops_out (a seat that passed never calls again; the turn skips it),
 * closes_after_passes (closed when every other seat passed after the last raise or double; with no raise, every
 * seat), top_closes (a raise to the top rank closes), passed_may_raise (a seat that passed may still raise and
 * double), pass_barred (["first_call"]: the first call may not be a pass; ["dealer_after_all_passed"]: nor the
 * dealer's, after every other seat passed with nothing standing), raises (the calls that outbid: a range of
 * {call, field, low, high} whose rank is the value, with partner_low the lowest over one's partner's standing
 * call, or {call, rank} with only_over: the rank it must be called over exactly), double (null, or {resets_passes,
 * after_bidding}: an opponent of the standing caller, once; after_bidding: any opponent, out of turn, once the
 * bidding is over), redouble (null, or {out_of_turn, closes}: a member of the doubled team), second_round (null, or
 * a round's description whose from_standing says it opens with the standing caller of the round before, from that
 * call, which every seat must pass to keep: auctionState's `carried`). */

/** The rank of a call under `spec`: a range call's value, a named call's rank, 0 for none. */
function rankOf(spec, call) {
  for (const raise of spec.raises) {
    if (raise.call !== call.call) continue;
    return raise.field ? Number(call[raise.field]) : raise.rank;
  }
  return 0;
}

const isRaise = (spec, call) => spec.raises.some((raise) => raise.call === call.call);

/** The auction after `calls` ({seat, call, ...}) among `seats` (in calling order round the table) dealt by
 *  `dealer`, and `teamOf(seat)` for doubles; `carried` is the standing call a from_standing round starts from:
 *  {closed (no call is possible any more), over (no call in turn: only the doubles after the bidding may follow),
 *  turn, standing, doubling (0, 1 doubled, 2 redoubled), passed, first (no call yet), opener (who calls first),
 *  legal: {pass, ranges: [{call, field, low, high}], named: [call], double (the seat to call may), doublers: [seats],
 *  redouble: [seats], conventions: [the conventions a bid may carry now]}}. */
export function auctionState(spec, seats, dealer, calls, teamOf = () => null, carried = null) {
  const n = seats.length;
  const after = (seat, steps) => seats[(seats.indexOf(seat) + steps) % n];
  const fromCarried = Boolean(spec.from_standing && carried);
  const first = fromCarried ? carried.seat : after(dealer, spec.first_after_dealer);
  const afterBidding = Boolean(spec.double && spec.double.after_bidding);
  const outOfTurn = (call) =>
    (call.call === 'redouble' && Boolean(spec.redouble && spec.redouble.out_of_turn)) ||
    (call.call === 'double' && afterBidding);
  let standing = fromCarried ? carried : null;
  let doubling = 0;
  // since the last raise (or double, where it resets them); a carried call must be passed by every seat
  let passes = fromCarried ? -1 : 0;
  let turns = 0; // calls made in turn
  let last = null;
  const passed = new Set();
  for (const call of calls) {
    if (isRaise(spec, call)) {
      standing = call;
      doubling = 0;
      passes = 0;
    } else if (call.call === 'double') {
      doubling = 1;
      if (spec.double && spec.double.resets_passes) passes = 0;
    } else if (call.call === 'redouble') {
      doubling = 2;
    } else {
      passes += 1;
      passed.add(call.seat);
    }
    if (!outOfTurn(call)) {
      turns += 1;
      last = call.seat;
    }
  }
  let turn;
  let closed;
  if (spec.pass_drops_out) {
    const live = seats.filter((seat) => !passed.has(seat));
    closed = !live.length || (standing !== null && live.length === 1 && live[0] === standing.seat);
    turn = last === null ? first : after(last, 1);
    for (let guard = 0; guard < n && passed.has(turn) && live.length; guard++) turn = after(turn, 1);
  } else {
    turn = after(first, turns);
    closed = spec.one_round ? turns >= n : false;
    if (spec.closes_after_passes) closed = closed || (standing ? passes >= n - 1 : passes >= n);
  }
  const top = Math.max(...spec.raises.map((raise) => (raise.field ? raise.high : raise.rank)));
  if (spec.top_closes && standing && rankOf(spec, standing) === top) closed = true;
  if (spec.redouble && spec.redouble.closes && doubling === 2) closed = true;
  const over = closed;
  const legal = { pass: false, ranges: [], named: [], double: false, doublers: [], redouble: [], conventions: [] };
  const bidders = standing ? teamOf(standing.seat) : null;
  if (over && afterBidding && standing && doubling < 2) {
    // the doubles after the bidding: any defender once, then any bidder; the auction is closed when none is left
    if (doubling === 0) legal.doublers = seats.filter((seat) => teamOf(seat) !== bidders);
    else if (spec.redouble) legal.redouble = seats.filter((seat) => teamOf(seat) === bidders);
    closed = !legal.doublers.length && !legal.redouble.length;
  }
  if (!over) {
    const barred = spec.pass_barred || [];
    const othersPassed = seats.every((seat) => seat === dealer || passed.has(seat));
    legal.pass = !(
      (barred.includes('first_call') && calls.length === 0) ||
      (barred.includes('dealer_after_all_passed') && turn === dealer && !standing && othersPassed)
    );
    const mayRaise = spec.passed_may_raise || !passed.has(turn);
    const standingRank = standing ? rankOf(spec, standing) : 0;
    const overPartner = Boolean(standing && standing.seat !== turn && teamOf(standing.seat) === teamOf(turn));
    if (mayRaise) {
      for (const raise of spec.raises) {
        if (raise.field) {
          const floor = overPartner && raise.partner_low ? raise.partner_low : raise.low;
          const low = Math.max(floor, standingRank + 1);
          if (low > raise.high) continue;
          legal.ranges.push({ call: raise.call, field: raise.field, low, high: raise.high });
          for (const c of raise.conventions || [])
            if (standing || !c.over_standing) legal.conventions.push(c.convention);
        } else if (raise.only_over !== undefined ? standingRank === raise.only_over : raise.rank > standingRank) {
          legal.named.push(raise.call);
        }
      }
    }
    legal.double = Boolean(
      spec.double && !afterBidding && standing && doubling === 0 && mayRaise && teamOf(turn) !== bidders,
    );
    if (legal.double) legal.doublers = [turn];
    if (spec.redouble && standing && doubling === 1) {
      const members = spec.redouble.out_of_turn ? seats : mayRaise ? [turn] : [];
      legal.redouble = members.filter((seat) => teamOf(seat) === bidders);
    }
  }
  return { closed, over, turn, standing, doubling, passed, first: calls.length === 0, opener: first, legal };
}
