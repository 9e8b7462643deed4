/* Starting a match: the game, the players round the table, the house rules in words. Every fact (the games'
 * names, player counts, seats, teams, the house rules with their labels, explanations and defaults) comes from
 * the server in the page config; nothing here copies one. */
import { $, h, pageConfig, num } from '../dom.js';
import { api } from '../api.js';
import { clearErrors, showErrors } from '../errors.js';
import { seg, numberInput, field, nameControls } from '../widgets.js';
import { seatingPicture } from '../seating.js';
import { t, numberText } from '../i18n.js';

const TEXT = {
  players: t('Players'),
  player: (number, team) =>
    team ? t('Player {number} · team {team}', { number, team }) : t('Player {number}', { number }),
  seating: t('Who sits where: partners sit opposite, play goes round in this order.'),
  alone: t('Each plays alone; play goes round in this order.'),
  yes: t('Yes'),
  no: t('No'),
  off: t('Off'),
  byDefault: (value) => t('Default: {value}.', { value }),
  keptAsDefault: t('Set through the API; a new match keeps the default.'),
  count: t('How many'),
  offline: t('You are offline: starting a match needs the network.'),
  recent: t('Recent players: tap a name to seat them'),
  matchEnd: t(
    'When the match ends: play on as long as you like, stop at the first team to a number of baazis, or after a fixed number of baazis.',
  ),
};
// The keys and values of a table rule that are words (Rummy's penalty points); card codes (J, Q, A) stay.
const KEY_WORDS = { number_cards: t('number cards') };
const VALUE_WORDS = { face_value: t('at face value') };
const commas = (items) => (items.length ? items.reduce((list, item) => t('{list}, {item}', { list, item })) : '');
const semicolons = (items) => (items.length ? items.reduce((list, item) => t('{list}; {item}', { list, item })) : '');

/** The counts the game seats, with those whose opening house rules (facts.player_counts_under_settings) all
 *  have their value in `chosen`, ascending. */
function offeredCounts(facts, chosen) {
  const opened = (facts.player_counts_under_settings || [])
    .filter((entry) => Object.entries(entry.settings).every(([name, value]) => chosen[name] === value))
    .map((entry) => entry.count);
  return [...new Set([...facts.player_counts, ...opened])].sort((a, b) => a - b);
}
/** A typed whole number; left empty, null where null is the rule's default (a threshold that is off). */
function integerRead(text, byDefault) {
  return text.trim() === '' && byDefault === null ? null : num(text);
}
/** The house rules a count needs sent with the match (none for the game's own counts). */
function settingsForCount(facts, count) {
  const entry = (facts.player_counts_under_settings || []).find(
    (e) => e.count === count && !facts.player_counts.includes(count),
  );
  return entry ? Object.assign({}, entry.settings) : {};
}

/** A choice's (or match end's kind's) value in words: the setting row's own words, from the game's settings
 *  declaration (page text from the server: translatable there); a number without words is the number. */
const said = (rule, value) =>
  (rule.words || {})[String(value)] || (typeof value === 'number' ? numberText(value) : String(value));

/** A value in words: a choice's label, yes/no, a list of rows as "from 28 to 39, win 1, lose 2; ...". */
function inWords(rule, value) {
  if (rule.name === 'match_end')
    return value.count
      ? t('{kind} ({count})', { kind: said(rule, value.type), count: value.count })
      : said(rule, value.type);
  if (rule.type === 'choice') return said(rule, value);
  if (value === null) return TEXT.off;
  if (typeof value === 'boolean') return value ? TEXT.yes : TEXT.no;
  if (Array.isArray(value)) return semicolons(value.map((v) => inWords({}, v)));
  if (typeof value === 'number') return numberText(value);
  if (!value || typeof value !== 'object') return String(value);
  // 56's bands and Rummy's contracts, each row one phrase; any other table key by key.
  const has = (...keys) => keys.every((k) => k in value);
  if (has('from', 'to', 'win', 'lose')) return t('from {from}, to {to}, win {win}, lose {lose}', value);
  if (has('sets', 'runs')) return t('sets {sets}, runs {runs}', value);
  return commas(
    Object.entries(value).map(([k, v]) =>
      t('{key} {value}', { key: KEY_WORDS[k] || k.replace(/_/g, ' '), value: VALUE_WORDS[v] || inWords({}, v) }),
    ),
  );
}

/** One house rule: its label, a control in words, its explanation and default on one line under it.
 *  Returns { el, read() } where read() answers the value chosen (in the API's own terms). */
function ruleControl(rule, value, matchEndTypes, onChange) {
  const path = `settings.${rule.name}`;
  const hint = h(
    'p',
    { class: 'hint' },
    `${rule.name === 'match_end' ? TEXT.matchEnd : rule.help} ${TEXT.byDefault(inWords(rule, value))}`,
  );
  if (rule.name === 'match_end') {
    // Match end is an object in the API ({type, count}); here a choice of kind and a number.
    const type = h(
      'select',
      { name: rule.name, 'data-setting': rule.name },
      matchEndTypes.map((kind) => h('option', { value: kind, selected: kind === value.type }, said(rule, kind))),
    );
    const count = numberInput(value.count || 3, `${rule.name}_count`);
    const countBox = field(`${path}.count`, TEXT.count, count);
    const show = () => {
      countBox.hidden = type.value === 'open';
    };
    type.addEventListener('change', show);
    show();
    const el = h('div', { class: 'rule', 'data-field': path }, h('label', {}, rule.label, type), countBox, hint);
    return {
      el,
      read: () => (type.value === 'open' ? { type: 'open' } : { type: type.value, count: num(count.value) }),
    };
  }
  if (rule.type === 'choice') {
    const select = h(
      'select',
      { name: rule.name, 'data-setting': rule.name },
      rule.choices.map((c) => h('option', { value: String(c), selected: String(c) === String(value) }, said(rule, c))),
    );
    const el = h('div', { class: 'rule', 'data-field': path }, h('label', {}, rule.label, select), hint);
    return { el, read: () => rule.choices.find((c) => String(c) === select.value) };
  }
  if (rule.type === 'boolean') {
    const yesNo = seg(
      [
        [true, TEXT.yes],
        [false, TEXT.no],
      ],
      value,
      onChange,
      rule.name,
    );
    const el = h('div', { class: 'rule', 'data-field': path }, h('span', { class: 'label' }, rule.label), yesNo, hint);
    nameControls(el, rule.label);
    return { el, read: () => yesNo.get() };
  }
  if (rule.type === 'integer') {
    // A number that may be left empty (off by default: 56's redeal threshold) reads null when empty.
    const input = numberInput(value === null ? '' : value, rule.name);
    input.dataset.setting = rule.name;
    const el = h('div', { class: 'rule', 'data-field': path }, h('label', {}, rule.label, input), hint);
    return { el, read: () => integerRead(input.value, rule.default) };
  }
  // A list or a table of values (56's bands, Rummy's contracts): shown in words, kept as the default.
  const el = h(
    'div',
    { class: 'rule', 'data-field': path },
    h('span', { class: 'label' }, rule.label),
    h('p', {}, inWords(rule, value)),
    h('p', { class: 'hint' }, `${rule.help} ${TEXT.keptAsDefault}`),
  );
  return { el, read: () => value };
}

function newMatchPage() {
  const cfg = pageConfig();
  const form = $('#new-match-form');
  const games = Object.values(cfg.game_facts);
  let game = games[0];
  let count = game.default_player_count;
  let rules = [];
  const gameSeg = seg(
    games.map((g) => [g.key, g.name]),
    game.key,
    (key) => {
      game = cfg.game_facts[key];
      count = game.default_player_count;
      render();
    },
    'game',
  );
  gameSeg.setAttribute('aria-labelledby', 'game-label');
  $('#game-choice').replaceWith(gameSeg);

  function names() {
    return Array.from(form.querySelectorAll('#players input'), (i) => i.value);
  }
  // The players of the scorer's clubs who played last (the server's list): one tap seats one in the next empty
  // place, and the match then seats that player's own record (its id), not a new one of the same name.
  const recent = cfg.recent_players || [];
  const recentBox = h('div', { id: 'recent-players', hidden: !recent.length });
  $('#players').before(recentBox);
  function renderRecent() {
    const typed = new Set(names().map((name) => name.trim()));
    recentBox.replaceChildren(
      h('span', { class: 'label', id: 'recent-label' }, TEXT.recent),
      h(
        'div',
        { class: 'seg chips names', role: 'group', 'aria-labelledby': 'recent-label' },
        recent.map((player) =>
          h(
            'button',
            {
              type: 'button',
              dir: 'auto',
              'data-player': String(player.id),
              disabled: typed.has(player.name),
              onclick: () => seatRecent(player),
            },
            player.name,
          ),
        ),
      ),
    );
  }
  function seatRecent(player) {
    const empty = Array.from(form.querySelectorAll('#players input')).find((input) => !input.value.trim());
    if (!empty) return;
    empty.value = player.name;
    empty.dataset.player = String(player.id); // that record, even where two recent players share the name
    picture();
    renderRecent();
  }
  /** A player as the API takes it: the recent player's id where the name is one of theirs, else a new name. */
  function playerRef(input, taken) {
    const name = input.value.trim();
    const tapped = recent.find((player) => String(player.id) === input.dataset.player && player.name === name);
    const known = tapped || recent.find((player) => player.name === name && !taken.has(player.id));
    if (!known) return { name };
    taken.add(known.id);
    return known.id;
  }
  function picture() {
    const seats = game.seats[count];
    const typed = names();
    const match = {
      seats: seats.map((seat, i) => ({ seat, player: { name: typed[i] || TEXT.player(i + 1) } })),
      teams: game.teams[count] || {},
    };
    $('#seating-box').replaceChildren(seatingPicture(match, { direction: game.turn_direction }));
  }
  /** The house rules as chosen on the form now, by name. */
  const chosen = () => Object.fromEntries(rules.map(({ rule, read }) => [rule.name, read()]));
  /** The player counts on offer: the game's, and those a house rule chosen now opens (the engine says which). */
  function renderCounts() {
    const counts = offeredCounts(game, chosen());
    if (!counts.includes(count)) {
      count = game.default_player_count;
      render();
      return;
    }
    const countSeg = seg(
      counts.map((c) => [c, numberText(c)]),
      count,
      (c) => {
        count = c;
        render();
      },
      'count',
    );
    countSeg.setAttribute('aria-label', TEXT.players);
    $('#count-row').replaceChildren(h('span', { class: 'label' }, TEXT.players), countSeg);
    $('#count-row').hidden = counts.length < 2;
  }
  function render() {
    clearErrors(form);
    const typed = names();
    const teams = game.teams[count];
    const teamOfSeat = (seat) => Object.keys(teams || {}).find((t) => teams[t].includes(seat)) || null;
    $('#players').replaceChildren(
      h('p', { class: 'hint' }, teams ? TEXT.seating : TEXT.alone),
      ...game.seats[count].map((seat, i) =>
        field(
          `players[${i}]`,
          TEXT.player(i + 1, teamOfSeat(seat)),
          h(
            'div',
            { 'data-field': `players[${i}].name` },
            h('input', {
              name: `player-${i}`,
              value: typed[i] || '',
              autocomplete: 'off',
              oninput: () => {
                picture();
                renderRecent();
              },
            }),
          ),
        ),
      ),
    );
    picture();
    renderRecent();
    const defaults = game.defaults[count];
    // A rule that follows from others (read_only) or from the seats (never sent back: the players) is not asked.
    rules = game.settings
      .filter((rule) => !rule.read_only && rule.sent_back !== false && rule.name in defaults)
      .map((rule) => Object.assign(ruleControl(rule, defaults[rule.name], rule.kinds || [], renderCounts), { rule }));
    $('#rules').replaceChildren(...rules.map((r) => r.el));
    renderCounts();
  }
  render();
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const defaults = game.defaults[count];
    const settings = {};
    for (const { rule, read } of rules) {
      const value = read();
      if (JSON.stringify(value) !== JSON.stringify(defaults[rule.name])) settings[rule.name] = value;
    }
    Object.assign(settings, settingsForCount(game, count)); // the rules that open this count (two players)
    const taken = new Set();
    const players = Array.from(form.querySelectorAll('#players input'), (input) => playerRef(input, taken));
    clearErrors(form);
    let res;
    try {
      res = await api('POST', cfg.matches_url, { game: game.key, players, settings });
    } catch (_error) {
      showErrors(form, { code: 'offline', detail: TEXT.offline, field: null });
      return;
    }
    if (!res.ok) {
      const fields = ((res.data && res.data.errors) || [res.data || {}]).map((e) => String(e.field || ''));
      if (fields.some((f) => f.startsWith('settings'))) $('#rules-box').open = true;
      showErrors(form, res.data);
      return;
    }
    window.location.assign(cfg.match_page.replace('/0/', `/${res.data.id}/`));
  });
}

if (typeof document !== 'undefined' && document.getElementById('new-match-form')) newMatchPage();

export { integerRead, inWords, offeredCounts, settingsForCount };
