/* The match's people: seats, names, teams, and the picture of the table. Names first; seat codes only where a
 * person needs them (a refusal that names a seat, the trick entry). */
import { h } from './dom.js';
import { t, signedText, LANG, RTL } from './i18n.js';

const seatsOf = (match) => match.seats.map((s) => s.seat);
const playerName = (match, seat) => ((match.seats.find((s) => s.seat === seat) || {}).player || {}).name || seat;
const seatLabel = (match, seat) => playerName(match, seat);
function teamOf(match, seat) {
  for (const [team, members] of Object.entries(match.teams || {})) if (members.includes(seat)) return team;
  return null;
}
// A team's names joined as the language joins two names ("Asha & Ravi", "Asha و Ravi", "Asha és Ravi").
const NAME_LIST = new Intl.ListFormat(LANG, { type: 'conjunction', style: 'short' });
const teamNames = (match, team) => NAME_LIST.format((match.teams[team] || []).map((s) => playerName(match, s)));
const teamLabel = (match, team) => `${team}: ${teamNames(match, team)}`;
/** The colour class of a team: its place among the match's teams (A and B, or T1..T4 in 56 with 6 or 8). */
const teamClass = (match, team) => (team ? `team-${Object.keys(match.teams || {}).indexOf(team)}` : 'team-none');
/** The dealer to propose: the server's; null where it is not known yet (offline, with deals waiting whose results
 *  decide it: the scorer picks); the first seat for a match's first deal (any seat may deal it). */
const nextDealer = (match) => match.state.next_dealer || (match.state.next_dealer_unknown ? null : seatsOf(match)[0]);
const UNKNOWN_DEALER_HINT = t('Pick the dealer: who deals next depends on the deals waiting to be sent.');
/** A score change with its sign ("+24", "-3", "0"), in the page's digits. */
const signed = (n) => signedText(n);

// The marks under a seat's name: single words, as short as the box under the name allows.
const ROLES = { deals: t('deals'), bids: t('bids'), out: t('out') };
// Said one after the other ("deals, bids"), with the language's own comma or "and".
const ROLE_LIST = new Intl.ListFormat(LANG, { type: 'unit' });
/** A seat as the picture's aria-label says it, with its team and its marks where it has them. */
function seatSaid(name, team, roles) {
  if (team && roles) return t('{name} ({team}): {roles}', { name, team, roles });
  if (team) return t('{name} ({team})', { name, team });
  return roles ? t('{name}: {roles}', { name, roles }) : name;
}
// A name in an SVG text stands alone in its own direction (a Latin name on a Persian page, or the reverse):
// SVG has no <bdi>, so the text is wrapped in the isolate marks instead.
const isolated = (text) => (RTL ? `\u2068${text}\u2069` : text);

/**
 * Where each of `count` seats sits round an ellipse (centre cx, cy; radii rx, ry), the first at the bottom (the
 * scorer's own side), the others in the order of play. The seats are numbered the way the game goes round
 * (its engine's turn_direction): counter-clockwise seen from above (Seep, 56: the turn passes to the right, so
 * the next seat is on the right of the bottom one), or clockwise (Bid Euchre, Contract Rummy: to the left).
 * Screen y grows downwards, so a growing angle turns clockwise on screen.
 */
function seatPositions(count, direction, { cx = 0, cy = 0, rx = 1, ry = 1 } = {}) {
  const turn = direction === 'counter_clockwise' ? -1 : 1;
  return Array.from({ length: count }, (_, i) => {
    const angle = Math.PI / 2 + (turn * (2 * Math.PI * i)) / count;
    return { x: cx + rx * Math.cos(angle), y: cy + ry * Math.sin(angle) };
  });
}

/**
 * The table seen from above: the seats round it in the order of play, each with the player's name, coloured by
 * team, the dealer ringed and marked, the bidder marked, seats out of the match faded.
 * marks: { dealer, bidder, out: Set of seats, direction: the game's turn_direction (its facts) }.
 */
function seatingPicture(match, marks = {}) {
  const seats = seatsOf(match);
  // Four seats round a low table; six or eight round a taller one, so neighbours' names never overlap.
  const many = seats.length > 4;
  const W = 320;
  const H = many ? 240 : 200;
  const cx = W / 2;
  const cy = H / 2;
  const rx = many ? 120 : 112;
  const ry = many ? 95 : 70;
  const boxW = many ? 76 : 88;
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  const add = (parent, tag, attrs, text) => {
    const el = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    if (text !== undefined) el.textContent = text;
    parent.appendChild(el);
    return el;
  };
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.setAttribute('role', 'img');
  const said = [];
  add(svg, 'ellipse', { cx, cy, rx: rx - 42, ry: ry - 30, class: 'table-top' });
  svg.dataset.direction = marks.direction || 'clockwise';
  const places = seatPositions(seats.length, marks.direction, { cx, cy, rx, ry });
  seats.forEach((seat, i) => {
    const { x, y } = places[i];
    const team = teamOf(match, seat);
    const roles = [
      marks.dealer === seat ? ROLES.deals : null,
      marks.bidder === seat ? ROLES.bids : null,
      marks.out && marks.out.has(seat) ? ROLES.out : null,
    ].filter(Boolean);
    const g = add(svg, 'g', { class: marks.out && marks.out.has(seat) ? 'out' : '', 'data-seat': seat });
    add(g, 'rect', {
      x: x - boxW / 2,
      y: y - 17,
      width: boxW,
      height: 34,
      rx: 9,
      class: `${teamClass(match, team)}${marks.dealer === seat ? ' dealer-mark' : ''}`,
    });
    add(
      g,
      'text',
      { x, y: roles.length ? y - 2 : y + 5, 'text-anchor': 'middle', class: 'seat-name' },
      isolated(playerName(match, seat)),
    );
    if (roles.length) add(g, 'text', { x, y: y + 12, 'text-anchor': 'middle', class: 'seat-role' }, roles.join(' · '));
    said.push(seatSaid(playerName(match, seat), team, roles.length ? ROLE_LIST.format(roles) : ''));
  });
  const seatsSaid = said.reduce((list, one) => t('{list}; {item}', { list, item: one }));
  svg.setAttribute('aria-label', t('The table: {seats}', { seats: seatsSaid }));
  return h('div', { class: 'seating', id: 'seating' }, svg);
}

export {
  seatPositions,
  seatsOf,
  playerName,
  seatLabel,
  teamOf,
  teamNames,
  teamLabel,
  teamClass,
  nextDealer,
  signed,
  seatingPicture,
  UNKNOWN_DEALER_HINT,
};
