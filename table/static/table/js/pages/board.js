/* The scoreboard page (the scorer's, or the spectators' shared one): the board, live. */
import { $, pageConfig } from '../dom.js';
import { api } from '../api.js';
import { liveBoard } from '../live.js';
import { renderBoard, renderChart, renderDeals } from '../board.js';

const cfg = pageConfig();
liveBoard(cfg, (board, showEarlier) => {
  renderBoard($('#board'), board, cfg.game_name);
  renderChart($('#chart'), board);
  renderDeals($('#deals'), board, null, showEarlier);
});
const share = $('#share');
if (share) {
  share.addEventListener('click', async () => {
    const res = await api('POST', cfg.share_url, {});
    const out = $('#share-url');
    if (res.ok) { out.hidden = false; out.value = res.data.page_url; out.select(); }
  });
}
