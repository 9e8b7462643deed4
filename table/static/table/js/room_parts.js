/* What the room page and the room display both draw: the standings as a list, best first. */
import { h } from './dom.js';
import { numberText } from './i18n.js';

export function standingsItems(rows) {
  return rows.map((row) =>
    h(
      'li',
      { class: 'standing', 'data-rank': row.rank },
      h('span', { class: 'rank' }, numberText(row.rank)),
      h('bdi', { class: 'name' }, row.name),
      h('span', { class: 'total' }, numberText(row.total)),
    ),
  );
}
