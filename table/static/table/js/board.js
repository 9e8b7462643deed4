/* The scoreboard: the headline, the list of deals and the chart. What is particular to a game lives in its
 * module (games/*.js); this module lays the parts out. */
import { h, fill } from './dom.js';
import { playerName, seatingPicture } from './seating.js';
import { GAMES } from './games/index.js';
import { t, nt, numberText } from './i18n.js';

// The palette of the chart's lines, in the stylesheet (--chart-0 to --chart-7): darker on light, lighter on dark, so
// a line stands 3:1 or more against the plot in either scheme (WCAG 1.4.11).
const COLORS = Array.from({ length: 8 }, (_, i) => `var(--chart-${i})`);

// ---------- the headline ----------

const TEXT = {
  deals: (name) => t('{name} deals', { name }),
  firstDeal: t('Anyone deals first'),
  finished: t('Match finished'),
  gameLine: (game, id, count) =>
    nt('{game} · match #{id} · {count} deal', '{game} · match #{id} · {count} deals', count, { game, id }),
  // After a void the deals counted are fewer than the deals numbered (the next is "deal 5" beside 3 counted).
  gameLineVoided: (game, id, count, numbered) =>
    nt(
      '{game} · match #{id} · {count} deal counted of {numbered}',
      '{game} · match #{id} · {count} deals counted of {numbered}',
      count,
      { game, id, numbered },
    ),
  disputed: (count) => nt('{count} disputed deal: see below.', '{count} disputed deals: see below.', count),
};

/** The game, the match and its deals: those counted, and where a void left a gap, the deals numbered too. */
function gameLine(board, gameName) {
  const m = board.match;
  const last = board.deals.length ? board.deals[board.deals.length - 1].number : m.deals_count;
  return last > m.deals_count
    ? TEXT.gameLineVoided(gameName, m.id, m.deals_count, last)
    : TEXT.gameLine(gameName, m.id, m.deals_count);
}

/** The headline: the state of the match at a glance (the game's own figures), and whose deal it is, by name.
 *  The board page adds the seating picture; the entry page shows the same as a strip that stays on screen. */
function renderBoard(box, board, gameName, { seatingBox = null, direction = 'clockwise' } = {}) {
  const m = board.match;
  // The figures are the engine's (the board's headline: who is ahead, the order, what each needs, who is in danger).
  const head = GAMES[m.game].headline(m, board.headline || {});
  const dealer = m.state.next_dealer;
  const dealerLine =
    m.status === 'finished' || m.state.match_over
      ? TEXT.finished
      : dealer
        ? TEXT.deals(playerName(m, dealer))
        : TEXT.firstDeal;
  const disputed = board.answers.filter((a) => a.open).length;
  fill(
    box,
    h('p', { class: 'sub game-line' }, gameLine(board, gameName)),
    h(
      'div',
      // Where the title is the scores themselves (56's tables), the strip shows the scores with names instead.
      { class: head.scoresInTitle ? 'headline in-scores' : 'headline', id: 'headline' },
      head.teamClass ? h('span', { class: head.teamClass }, head.title) : head.title,
    ),
    h('p', { class: 'dealer', id: 'next-dealer' }, dealerLine),
    head.sub ? h('p', { class: 'sub' }, head.sub) : null,
    // The strip keeps the scores row where the headline does not say them: each player's total (no teams), 56's
    // tables by name; a two-team headline says the lead, and the scoreboard has the rest.
    h(
      'div',
      { class: `scores${head.scoresInTitle ? ' in-title' : ''}${m.teams ? '' : ' in-strip'}`, id: 'scores' },
      head.scores,
    ),
    disputed ? h('p', { class: 'err', id: 'dispute-banner' }, TEXT.disputed(disputed)) : null,
  );
  if (seatingBox) fill(seatingBox, seatingPicture(m, { dealer, out: head.out, direction }));
  box.dataset.version = String(m.version);
}

// ---------- the list of deals ----------
const VERDICTS = { confirmed: t('✓ confirmed'), disputed: t('⚠ disputed'), resolved: t('dispute resolved') };
// A deal's status shown beside its number (a recorded deal shows none).
const STATUSES = { corrected: t('corrected'), voided: t('voided') };

/** Who answered a deal, and why where they said: the name isolated in its own direction (a <bdi>), as the reason. */
function answerer(a) {
  if (!a.player) return ''; // a shared board names nobody
  return [' ', h('bdi', {}, a.player.name), ` (${a.seat})`, a.reason ? [': ', h('bdi', {}, a.reason)] : []];
}

function renderDeals(box, board, actions, showEarlier) {
  const m = board.match;
  const byDeal = {};
  for (const a of board.answers) (byDeal[a.deal_number] = byDeal[a.deal_number] || []).push(a);
  const items = board.deals
    .slice()
    .reverse()
    .map((d) => {
      const answers = (byDeal[d.number] || []).filter(
        (a) => a.deal_revision === d.revision || a.verdict === 'disputed',
      );
      const open = answers.some((a) => a.open);
      const marks = answers.map((a) =>
        h(
          'div',
          { class: 'mark' },
          h(
            'span',
            { class: `tag ${a.open ? 'disputed' : a.verdict}` },
            a.verdict === 'confirmed' ? VERDICTS.confirmed : a.open ? VERDICTS.disputed : VERDICTS.resolved,
          ),
          answerer(a),
        ),
      );
      const card = h(
        'div',
        { class: `deal ${d.status}${open ? ' disputed' : ''}`, id: `deal-${d.number}`, 'data-number': d.number },
        h(
          'div',
          { class: 'top' },
          h('span', {}, t('Deal {number}', { number: d.number })),
          h(
            'span',
            {},
            d.status !== 'recorded' ? h('span', { class: `tag ${d.status}` }, STATUSES[d.status] || d.status) : null,
          ),
        ),
        h('div', { class: 'what' }, GAMES[m.game].summary(d, m)),
        h('div', { class: 'marks' }, marks),
      );
      if (actions && d.status !== 'voided') card.appendChild(actions(d, answers));
      return card;
    });
  const hidden = board.deals.length ? board.deals[0].number - 1 : 0;
  const more =
    showEarlier && hidden
      ? h(
          'button',
          { type: 'button', class: 'small', 'data-action': 'earlier', onclick: showEarlier },
          t('Show earlier deals ({count} more)', { count: hidden }),
        )
      : null;
  fill(box, h('h2', {}, t('Deals')), items.length ? items : h('p', { class: 'muted' }, t('No deals yet.')), more);
}

// ---------- the chart of the score over the deals ----------
// The board sends a window of the latest deals: the chart starts from the state the first of them was played in.
function chartSeries(board) {
  const counted = board.deals.filter((d) => d.status !== 'voided');
  const before = (counted.length && counted[0].state_before) || null;
  const from = (key, fallback) => (name) =>
    before && before[key] && before[key][name] !== undefined ? before[key][name] : fallback;
  const series = (names, start, pick) =>
    names.map((name) => ({ name, points: [start(name), ...counted.map((d) => pick(d.result, name))] }));
  return GAMES[board.match.game].chart(board, { series, from, before, counted });
}

const CHART = {
  deal: (number) => t('deal {number}', { number }),
  target: (value) => t('target {value}', { value }),
  team: (team) => t('team {team}', { team }),
};

/** The chart: a line per team or player over the deals; guides (Seep's baazi lines at ±lead, Euchre's target)
 * dashed and labelled; marks (each baazi) ringed and labelled. Text is 13 units of a 320-wide view: 12 px and up
 * on a 296 px wide chart (a 320 px screen). */
function renderChart(box, board) {
  const { title, lines, target, guides = [], marks = [] } = chartSeries(board);
  const W = 320;
  const H = 190;
  const left = 34;
  const right = 12;
  const top = 16;
  const bottom = 26;
  const guideValues = guides.map((g) => g.value);
  const values = lines.flatMap((l) => l.points).concat([0], target ? [target] : [], guideValues);
  const lo = Math.min(...values);
  const hi = Math.max(...values, lo + 1);
  const n = Math.max(1, lines[0].points.length - 1);
  const x = (i) => left + ((W - left - right) * i) / n;
  const y = (v) => H - bottom - ((H - top - bottom) * (v - lo)) / (hi - lo);
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', title);
  const add = (tag, attrs, text) => {
    const el = document.createElementNS(ns, tag);
    // A style goes through the CSSOM: the CSP allows no style attribute.
    for (const [k, v] of Object.entries(attrs))
      if (k === 'style') el.style.cssText = v;
      else el.setAttribute(k, v);
    if (text !== undefined) el.textContent = text;
    svg.appendChild(el);
    return el;
  };
  const FONT = 13;
  // Each label's box, estimated (DejaVu Sans is about 0.6 em a letter), so a baazi's label can be put where it
  // clears the others: won in the latest deal, its ring is at the plot's right edge on the guide, under the
  // guide's own label.
  const placed = [];
  const boxOf = (at, baseline, text, anchor) => {
    const width = String(text).length * FONT * 0.6;
    const start = anchor === 'end' ? at - width : anchor === 'middle' ? at - width / 2 : at;
    return { x0: start, x1: start + width, y0: baseline - FONT, y1: baseline + 3 };
  };
  const clears = (b) =>
    b.x0 >= 0 &&
    b.x1 <= W &&
    b.y0 >= 0 &&
    b.y1 <= H &&
    !placed.some((o) => b.x0 < o.x1 && o.x0 < b.x1 && b.y0 < o.y1 && o.y0 < b.y1);
  const label = (at, baseline, text, anchor = 'start', attrs = {}) => {
    placed.push(boxOf(at, baseline, text, anchor));
    return add('text', { x: at, y: baseline, 'font-size': FONT, 'text-anchor': anchor, ...attrs }, text);
  };
  add('line', { x1: left, x2: W - right, y1: y(0), y2: y(0), class: 'axis' });
  for (const guide of guides) {
    add('line', { x1: left, x2: W - right, y1: y(guide.value), y2: y(guide.value), class: 'guide' });
    // Above its line, or below a negative one; at the foot of the plot above it too, clear of the deal labels.
    const above = guide.value > 0 || guide.value === lo;
    label(W - right, y(guide.value) + (above ? -4 : FONT), guide.label, 'end', { class: 'guide-label' });
  }
  if (target) {
    add('line', { x1: left, x2: W - right, y1: y(target), y2: y(target), class: 'target' });
    label(W - right, y(target) - 4, CHART.target(target), 'end');
  }
  label(2, y(hi) + 4, numberText(hi));
  label(2, y(lo) + 4, numberText(lo));
  // The 0 between them only where it clears both (a lowest score of -2 would print "0" over "-2").
  const clear = (v) => Math.abs(y(0) - y(v)) >= FONT;
  if (lo < 0 && hi > 0 && clear(lo) && clear(hi)) label(2, y(0) + 4, numberText(0));
  const counted = board.deals.filter((d) => d.status !== 'voided');
  const first = counted.length ? counted[0].number - 1 : 0;
  if (first) label(left, H - 6, CHART.deal(first));
  label(W - right, H - 6, CHART.deal(counted.length ? counted[counted.length - 1].number : 0), 'end');
  // A team's line in the team's colour (as in the headline and the seating), a player's from the palette.
  const teams = Object.keys(board.match.teams || {});
  const colour = (line, index) =>
    teams.includes(line.name) ? `var(--${'abcd'[teams.indexOf(line.name)]})` : COLORS[index % COLORS.length];
  lines.forEach((line, index) => {
    add('polyline', {
      points: line.points.map((v, i) => `${x(i)},${y(v)}`).join(' '),
      fill: 'none',
      style: `stroke:${colour(line, index)}`,
      'stroke-width': 2.5,
    });
    line.points.forEach((v, i) => add('circle', { cx: x(i), cy: y(v), r: 3, style: `fill:${colour(line, index)}` }));
  });
  for (const mark of marks) {
    const v = lines[mark.line || 0].points[mark.index];
    const cx = x(mark.index);
    const cy = y(v);
    add('circle', {
      cx,
      cy,
      r: 6,
      fill: 'none',
      style: `stroke:${colour(lines[mark.line || 0], mark.line || 0)}`,
      'stroke-width': 2,
      class: 'mark',
    });
    // Over the ring (under it for a negative lead), else on the other side; at an edge of the plot flush with it.
    const anchor = cx > W - right - 24 ? 'end' : cx < left + 24 ? 'start' : 'middle';
    const at = cx + { end: 6, start: -6, middle: 0 }[anchor];
    const sides = v >= 0 ? [cy - 9, cy + 18] : [cy + 18, cy - 9];
    const baseline = sides.find((side) => clears(boxOf(at, side, mark.label, anchor))) ?? sides[0];
    label(at, baseline, mark.label, anchor, { class: 'mark-label' });
  }
  const legend = h(
    'div',
    { class: 'legend' },
    lines.map((l, i) =>
      h('span', {}, h('i', { style: `background:${colour(l, i)}` }), h('bdi', {}, l.label || CHART.team(l.name))),
    ),
  ); // a player's name (Rummy) in its own direction
  fill(box, h('h2', {}, title), svg, lines.length > 1 ? legend : null);
}

export { renderBoard, renderDeals, renderChart };
