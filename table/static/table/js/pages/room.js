/* The director's room: every table of the current round live (slow and disputed tables first), the standings, the
 * players, and the director's actions, each an ordinary call of the night's API. */
import { $, fill, h, pageConfig, uuid4 } from '../dom.js';
import { api } from '../api.js';
import { nt, numberText, t } from '../i18n.js';
import { liveDocument, orderTables, tableState } from '../room.js';
import { standingsItems } from '../room_parts.js';

const cfg = pageConfig();
let shown = null;

const STATE_WORDS = {
  disputed: () => t('Disputed'),
  done: () => t('Finished'),
  waiting: () => t('Waiting for a confirmation'),
  not_started: () => t('No deal yet'),
  playing: () => t('Playing'),
};

function scoresText(scores) {
  return Object.entries(scores)
    .map(([side, score]) => `${side} ${numberText(score)}`)
    .join(' · ');
}

function tableItem(table) {
  const state = tableState(table);
  const details = [nt('{count} deal recorded', '{count} deals recorded', table.deals)];
  if (!table.done) {
    details.push(nt('{count} minute since the last deal', '{count} minutes since the last deal', table.idle_minutes));
  }
  if (table.waiting) {
    details.push(nt('{count} deal waits for a confirmation', '{count} deals wait for a confirmation', table.waiting));
  }
  if (table.disputed) details.push(nt('{count} open dispute', '{count} open disputes', table.disputed));
  if (table.director_score) details.push(t('Scored by the director'));
  const href = cfg.match_page.replace('/0/', `/${table.match}/`);
  return h(
    'li',
    { class: `room-table ${state}`, id: `table-${table.number}`, 'data-state': state },
    h(
      'a',
      { href },
      h('strong', {}, t('Table {number}', { number: table.number })),
      h('span', { class: `tag ${state}` }, STATE_WORDS[state]()),
      h('span', { class: 'table-scores' }, scoresText(table.scores)),
      h('span', { class: 'muted table-players' }, table.players.map((p) => `${p.seat} ${p.name}`).join(', ')),
      h('span', { class: 'muted table-details' }, details.join(' · ')),
    ),
  );
}

function showRound(doc) {
  const { event, round } = doc;
  const box = $('#round');
  if (!round) {
    fill(box, h('p', {}, t('No round is drawn yet.')));
    return;
  }
  const statusWords = { drawn: t('Drawn, no deal yet'), playing: t('Being played'), closed: t('Closed') };
  fill(
    box,
    h(
      'p',
      { class: 'round-line', id: 'round-line' },
      t('Round {number} of {planned}', { number: round.number, planned: event.rounds_planned }),
    ),
    h('p', { id: 'round-status' }, statusWords[round.status]),
    h(
      'p',
      { class: 'muted', id: 'tables-done' },
      nt('{done} of {count} table finished', '{done} of {count} tables finished', doc.tables.length, {
        done: numberText(doc.tables.filter((table) => table.done).length),
      }),
    ),
    doc.byes.length
      ? h('p', { class: 'muted', id: 'byes' }, t('Sitting out: {names}', { names: doc.byes.join(', ') }))
      : null,
  );
}

function showTables(doc) {
  const tables = doc.round ? orderTables(doc.tables, doc.round.drawn_at, Date.now()) : [];
  fill($('#tables'), tables.map(tableItem));
}

function entrantWords(entrant) {
  if (entrant.left_after_round !== null) return t('Left after round {round}', { round: entrant.left_after_round });
  if (entrant.joined_from_round > 1) return t('Plays from round {round}', { round: entrant.joined_from_round });
  return t('Checked in');
}

/** At a night of fixed partnerships the teams are its entrants: each with its players, and leaving together. */
function teamItem(team) {
  return h(
    'li',
    { class: 'row entrant team', 'data-team': team.id },
    h('bdi', {}, team.name),
    team.given_name ? h('bdi', { class: 'muted team-players' }, team.players.join(', ')) : null,
    h('span', { class: 'muted' }, entrantWords(team)),
    team.left_after_round === null
      ? h(
          'button',
          {
            type: 'button',
            class: 'small',
            'data-drop-team': team.id,
            onclick: () => act('DELETE', `${cfg.teams_url}${team.id}/`),
          },
          t('Drop {name} from the next rounds', { name: team.name }),
        )
      : null,
  );
}

function showEntrants(doc) {
  if (doc.check_in.teams) {
    fill($('#entrants'), doc.teams.map(teamItem));
    return;
  }
  fill(
    $('#entrants'),
    doc.entrants.map((entrant) =>
      h(
        'li',
        { class: 'row entrant', 'data-entrant': entrant.id },
        h('bdi', {}, entrant.name),
        h('span', { class: 'muted' }, entrantWords(entrant)),
        entrant.left_after_round === null
          ? h(
              'button',
              {
                type: 'button',
                class: 'small',
                'data-drop': entrant.id,
                onclick: () => act('DELETE', `${cfg.entrants_url}${entrant.id}/`),
              },
              t('Drop {name} from the next rounds', { name: entrant.name }),
            )
          : null,
      ),
    ),
  );
}

/** A score field for each side of each table not finished: what the director gives a table that cannot finish. */
function showDirectorScores(doc) {
  const open = doc.round && doc.round.status !== 'closed' ? doc.tables.filter((table) => !table.done) : [];
  const box = $('#director-scores');
  const typed = Object.fromEntries([...box.querySelectorAll('input')].map((input) => [input.name, input.value]));
  fill(
    box,
    open.map((table) =>
      h(
        'fieldset',
        { class: 'row' },
        h('legend', {}, t('Table {number}', { number: table.number })),
        Object.keys(table.scores).map((side) => {
          const name = `score-${table.number}-${side}`;
          return h(
            'label',
            {},
            t('Score of {side}', { side }),
            h('input', {
              name,
              inputmode: 'decimal',
              value: typed[name] || '',
              'data-table': table.number,
              'data-side': side,
            }),
          );
        }),
      ),
    ),
  );
}

function showActions(doc) {
  const round = doc.round;
  const open = round && round.status !== 'closed';
  $('#start-round').disabled = doc.event.status === 'finished';
  $('#undo-round').hidden = !(round && round.status === 'drawn');
  $('#close-box').hidden = !open;
}

function show(doc) {
  shown = doc;
  showRound(doc);
  showTables(doc);
  showEntrants(doc);
  showDirectorScores(doc);
  showActions(doc);
  fill($('#standings'), standingsItems(doc.standings));
}

const live = liveDocument(cfg, $('#tables'), show);

/** One of the director's actions through the API; a refusal's message is shown as the API says it. */
async function act(method, url, body) {
  const error = $('#room-error');
  error.textContent = '';
  let res;
  try {
    res = await api(method, url, body, method === 'POST' ? { 'Idempotency-Key': uuid4() } : {});
  } catch (_error) {
    error.textContent = t('The server cannot be reached; try again.');
    return false;
  }
  if (!res.ok) {
    error.textContent = (res.data && res.data.detail) || t('The server cannot be reached; try again.');
    return false;
  }
  await live.refresh();
  return true;
}

function directorScores() {
  const scores = {};
  for (const input of $('#director-scores').querySelectorAll('input')) {
    if (input.value.trim() === '') continue;
    const table = input.dataset.table;
    scores[table] = scores[table] || {};
    scores[table][input.dataset.side] = Number(input.value.replace(',', '.'));
  }
  return scores;
}

$('#start-round').addEventListener('click', () => act('POST', cfg.rounds_url, {}));
$('#undo-round').addEventListener('click', () => act('DELETE', `${cfg.rounds_url}${shown.round.number}/`));
$('#close-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const body = { reason: $('#close-reason').value, director_scores: directorScores() };
  if (await act('POST', `${cfg.rounds_url}${shown.round.number}/close/`, body)) $('#close-reason').value = '';
});
// The page has one of the two forms: a player's check-in, or a team's at a night of fixed partnerships.
$('#check-in-form')?.addEventListener('submit', async (e) => {
  e.preventDefault();
  const name = $('#check-in-name').value.trim();
  if (name && (await act('POST', cfg.entrants_url, { player: { name } }))) $('#check-in-name').value = '';
});
$('#team-check-in-form')?.addEventListener('submit', async (e) => {
  e.preventDefault();
  const fields = [...e.target.querySelectorAll('input[name=player]'), $('#team-name')];
  const players = fields.slice(0, -1).map((input) => ({ name: input.value.trim() }));
  const body = { players, name: $('#team-name').value.trim() };
  if (await act('POST', cfg.teams_url, body)) {
    for (const input of fields) input.value = '';
  }
});

async function displayLink(method) {
  const res = await api(method, cfg.display_link_url);
  const made = method === 'POST' && res.ok;
  if (made) {
    $('#display-link-url').href = res.data.page_url;
    $('#display-link-url').textContent = res.data.page_url;
    // Read as HTML, as share.js reads the share link's: the HTML parser puts segno's <svg> (no xmlns) into the SVG
    // namespace, where an XML parse leaves a foreign element that draws only its title.
    const svg = new DOMParser().parseFromString(res.data.qr_svg, 'text/html').querySelector('svg');
    $('#display-qr').replaceChildren(document.importNode(svg, true));
  }
  if (res.ok && !made) $('#display-qr').replaceChildren();
  if (res.ok) {
    $('#display-link').hidden = !made;
    $('#make-display-link').hidden = made;
    $('#revoke-display-link').hidden = !made;
  }
}
$('#make-display-link').addEventListener('click', () => displayLink('POST'));
$('#revoke-display-link').addEventListener('click', () => displayLink('DELETE'));
// The minutes since each table's last deal move on without a change: redraw the tables each minute.
setInterval(() => shown && showTables(shown), 60000);
