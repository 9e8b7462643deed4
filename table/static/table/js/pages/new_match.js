/* Starting a match: the game, the players, the house rules. */
import { $, h, pageConfig, num, words } from '../dom.js';
import { api } from '../api.js';
import { clearErrors, showErrors } from '../errors.js';
import { seg, numberInput, field } from '../widgets.js';

const CHOICES = {
  card_points: ['spades_capture_value_other_aces_1_ten_of_diamonds_6', 'ten_of_diamonds_2_majority_4'],
  after_baazi_dealer_basis: ['baazi_loser', 'raw_difference'],
  team_layout: ['pairs', 'two_sides'], double_mode: ['multiply', 'add'],
  all_pass_rule: ['first_speaker_team_plays_28_no_trumps', 'first_speaker_must_bid', 'redeal'],
  elimination: ['at_zero_tables', 'when_cannot_pay'], shortfall_distribution: ['round_robin_from_payers_right'],
  deck: ['single_24', 'with_joker_25', 'double_48'], bidding: ['single_round', 'continuous'],
  lone_failure_penalty: ['bid', 'contract_value'], simultaneous_target: ['higher_score_wins_equal_replays', 'bidders_win'],
  winner_rule: ['lowest_total_ties_share'], preset: ['seed', 'pagat', 'bicycle'], four_player_pack: ['48', '32'],
  revoke_rule: ['report', 'forfeit_deal'],
};
const HIDDEN_SETTINGS = new Set(['players']); // follows the number of players

function settingControl(key, value) {
  if (typeof value === 'boolean') return h('input', { type: 'checkbox', name: key, checked: value });
  if (CHOICES[key]) {
    return h('select', { name: key }, CHOICES[key].map((choice) => h('option', { value: choice, selected: String(value) === choice }, words(choice))));
  }
  if (typeof value === 'number') return numberInput(value, key);
  if (typeof value === 'string') return h('input', { name: key, value });
  return h('textarea', { name: key, rows: 2 }, JSON.stringify(value));
}
function settingValue(control, original) {
  if (control.type === 'checkbox') return control.checked;
  if (typeof original === 'number') return num(control.value);
  if (typeof original === 'string') return control.value;
  try { return JSON.parse(control.value); } catch (error) { return control.value; }
}

function newMatchPage() {
  const cfg = pageConfig();
  const form = $('#new-match-form');
  let game = cfg.games[0]; let count = game.counts[0];
  const gameSeg = seg(cfg.games.map((g) => [g.key, g.name]), game.key, (key) => {
    game = cfg.games.find((g) => g.key === key); count = game.counts[0]; render();
  }, 'game');
  $('#game-choice').replaceWith(gameSeg);
  function render() {
    clearErrors(form);
    const counts = game.counts.slice().sort((a, b) => a - b);
    const countSeg = seg(counts.map((c) => [c, String(c)]), count, (c) => { count = c; render(); }, 'count');
    $('#count-row').replaceChildren(h('span', { class: 'label' }, 'Players'), countSeg);
    $('#count-row').hidden = counts.length < 2;
    const names = Array.from(form.querySelectorAll('#players input'), (i) => i.value);
    const teamHint = { seep: 'Partners sit opposite: S1+S3 (team A) against S2+S4 (team B).', bid_euchre: 'Partners sit opposite: S1+S3 (team A) against S2+S4 (team B).',
      fifty_six: 'Seats alternate between teams, in the order of play.', contract_rummy: 'Each plays alone; list them in the order of play.' }[game.key];
    $('#players').replaceChildren(h('p', { class: 'hint' }, teamHint), ...Array.from({ length: count }, (_, i) => field(`players[${i}]`, `S${i + 1}`,
      h('div', { 'data-field': `players[${i}].name` }, h('input', { name: `player-${i}`, placeholder: 'Name', value: names[i] || '', autocomplete: 'off' })))));
    const defaults = game.defaults[count];
    $('#rules').replaceChildren(...Object.entries(defaults).filter(([key]) => !HIDDEN_SETTINGS.has(key)).map(([key, value]) => {
      const control = settingControl(key, value);
      control.dataset.setting = key;
      return h('div', { 'data-field': `settings.${key}` }, h('label', {}, words(key), ' ', control));
    }));
  }
  render();
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const defaults = game.defaults[count];
    const settings = {};
    form.querySelectorAll('[data-setting]').forEach((control) => {
      const key = control.dataset.setting;
      const value = settingValue(control, defaults[key]);
      if (JSON.stringify(value) !== JSON.stringify(defaults[key])) settings[key] = value;
    });
    const players = Array.from(form.querySelectorAll('#players input'), (input) => ({ name: input.value.trim() }));
    clearErrors(form);
    let res;
    try {
      res = await api('POST', cfg.matches_url, { game: game.key, players, settings });
    } catch (error) {
      showErrors(form, { code: 'offline', detail: 'You are offline: starting a match needs the network.', field: null });
      return;
    }
    if (!res.ok) { if (Object.keys(res.data || {}).some((k) => k === 'code')) $('#rules-box').open = String(res.data.field || '').startsWith('settings'); showErrors(form, res.data); return; }
    window.location.assign(cfg.match_page.replace('/0/', `/${res.data.id}/`));
  });
}

newMatchPage();
