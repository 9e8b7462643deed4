// The score chart's value axis (board.js renderChart): the highest and lowest figures, and 0 between them only
// where its label clears both, so a low of -2 never prints "0" over "-2".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { installDom } from './fake_dom.mjs';

installDom();
const { renderChart } = await import('../../table/static/table/js/board.js');
await import('./game_modules.mjs'); // the games' chart parts, as a page loads its game's

function euchreBoard(scoresA, scoresB) {
  const deals = scoresA.slice(1).map((a, i) => ({
    number: i + 1,
    status: 'counted',
    state_before: i ? null : { scores: { A: 0, B: 0 } },
    result: { scores_after: { A: a, B: scoresB[i + 1] } },
  }));
  return {
    match: { game: 'bid_euchre', settings: { target_score: 32 }, teams: { A: ['S1', 'S3'], B: ['S2', 'S4'] } },
    deals,
  };
}

const axisLabels = (box) =>
  box.children[1].children.filter((el) => el.tag === 'text' && el.attributes.x === '2').map((el) => el.textContent);

test('the chart labels 0 between the highest and the lowest figure when there is room for it', () => {
  const box = document.createElement('section');
  renderChart(box, euchreBoard([0, 12, 20], [0, -14, -20]));
  assert.deepEqual(axisLabels(box), ['32', '−20', '0']);
});

test('the chart leaves out the 0 that would print over a low of -2', () => {
  const box = document.createElement('section');
  renderChart(box, euchreBoard([0, 5, 11], [0, -2, 0]));
  assert.deepEqual(axisLabels(box), ['32', '−2']);
});
