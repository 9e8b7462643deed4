// ---------- the match: seats, teams, names ----------
const seatsOf = (match) => match.seats.map((s) => s.seat);
const playerName = (match, seat) => ((match.seats.find((s) => s.seat === seat) || {}).player || {}).name || seat;
const seatLabel = (match, seat) => `${seat} ${playerName(match, seat)}`;
function teamOf(match, seat) {
  for (const [team, members] of Object.entries(match.teams || {})) if (members.includes(seat)) return team;
  return null;
}
const teamLabel = (match, team) => `${team}: ${(match.teams[team] || []).map((s) => playerName(match, s)).join(' & ')}`;
const nextDealer = (match) => match.state.next_dealer || seatsOf(match)[0];
const signed = (n) => (n > 0 ? `+${n}` : String(n));

export { seatsOf, playerName, seatLabel, teamOf, teamLabel, nextDealer, signed };
