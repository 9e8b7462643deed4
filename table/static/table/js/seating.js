// ---------- the match: seats, teams, names ----------
const seatsOf = (match) => match.seats.map((s) => s.seat);
const playerName = (match, seat) => ((match.seats.find((s) => s.seat === seat) || {}).player || {}).name || seat;
const seatLabel = (match, seat) => `${seat} ${playerName(match, seat)}`;
function teamOf(match, seat) {
  for (const [team, members] of Object.entries(match.teams || {})) if (members.includes(seat)) return team;
  return null;
}
const teamLabel = (match, team) => `${team}: ${(match.teams[team] || []).map((s) => playerName(match, s)).join(' & ')}`;
/** The dealer to propose: the server's; null where it is not known yet (offline, with deals waiting whose results
 *  decide it: the scorer picks); the first seat for a match's first deal (any seat may deal it). */
const nextDealer = (match) => match.state.next_dealer || (match.state.next_dealer_unknown ? null : seatsOf(match)[0]);
const UNKNOWN_DEALER_HINT = 'Pick the dealer: who deals next depends on the deals waiting to be sent.';
const signed = (n) => (n > 0 ? `+${n}` : String(n));

export { seatsOf, playerName, seatLabel, teamOf, teamLabel, nextDealer, signed, UNKNOWN_DEALER_HINT };
