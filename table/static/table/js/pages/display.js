/* The room display (a projector or TV): the standings and the round's clock, live. */
import { $, fill, h, pageConfig } from '../dom.js';
import { nt, numberText, t } from '../i18n.js';
import { clockText, liveDocument } from '../room.js';
import { standingsItems } from '../room_parts.js';

const cfg = pageConfig();
let shown = null;

function showClock() {
  const box = $('#clock');
  if (!shown) return;
  const { event, round } = shown;
  if (event.status === 'finished') {
    fill(box, h('p', { class: 'round-line' }, t('The night is over: the final standings.')));
    return;
  }
  if (!round) {
    fill(box, h('p', { class: 'round-line' }, t('No round is drawn yet.')));
    return;
  }
  const line = t('Round {number} of {planned}', { number: round.number, planned: event.rounds_planned });
  const closed = round.status === 'closed';
  fill(
    box,
    h('p', { class: 'round-line' }, line),
    closed
      ? h('p', { class: 'clock-time' }, t('Closed'))
      : h('p', { class: 'clock-time', id: 'clock-time' }, clockText(Date.parse(round.drawn_at), Date.now())),
    h(
      'p',
      { class: 'muted', id: 'tables-done' },
      nt('{done} of {count} table finished', '{done} of {count} tables finished', shown.tables, {
        done: numberText(shown.tables_done),
      }),
    ),
  );
}

liveDocument(cfg, $('#standings'), (doc) => {
  shown = doc;
  showClock();
  fill($('#standings'), standingsItems(doc.standings));
});
setInterval(() => {
  const time = $('#clock-time');
  if (time && shown && shown.round) time.textContent = clockText(Date.parse(shown.round.drawn_at), Date.now());
}, 1000);
