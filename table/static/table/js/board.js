/* The scoreboard: the headline, the list of deals and the chart. What is particular to a game lives in its
 * module (games/*.js); this module lays the parts out. */
import { h, fill } from './dom.js';
import { seatLabel } from './seating.js';
import { GAMES } from './games/index.js';

const COLORS = ['#1d4ed8', '#c2410c', '#15803d', '#7c3aed', '#be123c', '#0e7490', '#a16207', '#4b5563'];

// ---------- the headline ----------

/** The board's headline; gameName comes from the page config (the server's facts). */
function renderBoard(box, board, gameName) {
  const m = board.match;
  const [headline, sub, scores] = GAMES[m.game].headline(m);
  const dealerLine = m.state.next_dealer ? `Next dealer: ${seatLabel(m, m.state.next_dealer)}` : m.status === 'finished' ? 'Match finished.' : 'First deal: any dealer.';
  const disputed = board.answers.filter((a) => a.open).length;
  fill(box,
    h('div', { class: 'sub' }, `${gameName} · match #${m.id} · ${m.deals_count} deal${m.deals_count === 1 ? '' : 's'}`),
    h('div', { class: 'headline', id: 'headline' }, headline),
    h('div', { class: 'sub' }, sub),
    h('div', { class: 'scores', id: 'scores' }, scores),
    h('p', { class: 'sub', id: 'next-dealer' }, dealerLine),
    disputed ? h('p', { class: 'err', id: 'dispute-banner' }, `${disputed} disputed deal${disputed > 1 ? 's' : ''}: see below.`) : null);
  box.dataset.version = String(m.version);
}

// ---------- the list of deals ----------
function renderDeals(box, board, actions, showEarlier) {
  const m = board.match;
  const byDeal = {};
  for (const a of board.answers) (byDeal[a.deal_number] = byDeal[a.deal_number] || []).push(a);
  const items = board.deals.slice().reverse().map((d) => {
    const answers = (byDeal[d.number] || []).filter((a) => a.deal_revision === d.revision || a.verdict === 'disputed');
    const open = answers.some((a) => a.open);
    const marks = answers.map((a) => h('div', { class: 'mark' },
      h('span', { class: `tag ${a.open ? 'disputed' : a.verdict}` }, a.verdict === 'confirmed' ? '✓ confirmed' : a.open ? '⚠ disputed' : 'dispute resolved'),
      a.player ? ` ${a.player.name} (${a.seat})${a.reason ? `: ${a.reason}` : ''}` : ''));  // a shared board names nobody
    const card = h('div', { class: `deal ${d.status}${open ? ' disputed' : ''}`, id: `deal-${d.number}`, 'data-number': d.number },
      h('div', { class: 'top' }, h('span', {}, `Deal ${d.number}`),
        h('span', {}, d.status !== 'recorded' ? h('span', { class: `tag ${d.status}` }, d.status) : null)),
      h('div', { class: 'what' }, GAMES[m.game].summary(d)),
      h('div', { class: 'marks' }, marks));
    if (actions && d.status !== 'voided') card.appendChild(actions(d, answers));
    return card;
  });
  const hidden = board.deals.length ? board.deals[0].number - 1 : 0;
  const more = showEarlier && hidden ? h('button', { type: 'button', class: 'small', 'data-action': 'earlier', onclick: showEarlier },
    `Show earlier deals (${hidden} more)`) : null;
  fill(box, h('h2', {}, 'Deals'), items.length ? items : h('p', { class: 'muted' }, 'No deals yet.'), more);
}

// ---------- the chart of the score over the deals ----------
// The board sends a window of the latest deals: the chart starts from the state the first of them was played in.
function chartSeries(board) {
  const counted = board.deals.filter((d) => d.status !== 'voided');
  const before = (counted.length && counted[0].state_before) || null;
  const from = (key, fallback) => (name) => (before && before[key] && before[key][name] !== undefined ? before[key][name] : fallback);
  const series = (names, start, pick) => names.map((name) => ({ name, points: [start(name), ...counted.map((d) => pick(d.result, name))] }));
  return GAMES[board.match.game].chart(board, { series, from, before, counted });
}

function renderChart(box, board) {
  const { title, lines, target } = chartSeries(board);
  const W = 360; const H = 180; const pad = 28;
  const values = lines.flatMap((l) => l.points).concat([0], target ? [target] : []);
  const lo = Math.min(...values); const hi = Math.max(...values, lo + 1);
  const n = Math.max(1, lines[0].points.length - 1);
  const x = (i) => pad + ((W - 2 * pad) * i) / n;
  const y = (v) => H - pad - ((H - 2 * pad) * (v - lo)) / (hi - lo);
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', title);
  const add = (tag, attrs, text) => { const el = document.createElementNS(ns, tag); for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v); if (text !== undefined) el.textContent = text; svg.appendChild(el); return el; };
  add('line', { x1: pad, x2: W - pad, y1: y(0), y2: y(0), stroke: '#9ca3af' });
  if (target) add('line', { x1: pad, x2: W - pad, y1: y(target), y2: y(target), stroke: '#15803d', 'stroke-dasharray': '4 3' });
  add('text', { x: 4, y: y(hi) + 4, 'font-size': 10, fill: '#6b7280' }, String(hi));
  add('text', { x: 4, y: y(lo) + 4, 'font-size': 10, fill: '#6b7280' }, String(lo));
  const counted = board.deals.filter((d) => d.status !== 'voided');
  const first = counted.length ? counted[0].number - 1 : 0;
  if (first) add('text', { x: pad, y: H - 8, 'font-size': 10, fill: '#6b7280' }, `deal ${first}`);
  add('text', { x: W - pad, y: H - 8, 'font-size': 10, fill: '#6b7280', 'text-anchor': 'end' }, `deal ${counted.length ? counted[counted.length - 1].number : 0}`);
  lines.forEach((line, index) => {
    add('polyline', { points: line.points.map((v, i) => `${x(i)},${y(v)}`).join(' '), fill: 'none', stroke: COLORS[index % COLORS.length], 'stroke-width': 2.5 });
    line.points.forEach((v, i) => add('circle', { cx: x(i), cy: y(v), r: 2.5, fill: COLORS[index % COLORS.length] }));
  });
  const legend = h('div', { class: 'legend' }, lines.map((l, i) => h('span', {}, h('i', { style: `background:${COLORS[i % COLORS.length]}` }), l.label || `team ${l.name}`)));
  fill(box, h('h2', {}, title), svg, lines.length > 1 ? legend : null);
}

export { renderBoard, renderDeals, renderChart };
