/* The scoreboard page (the scorer's, or the spectators' shared one): the board, live. */
import { $, pageConfig } from '../dom.js';
import { liveBoard } from '../live.js';
import { renderBoard, renderChart, renderDeals } from '../board.js';
import { sharePanel } from '../share.js';
import { loadGame } from '../games/index.js';

const cfg = pageConfig();
await loadGame(cfg.game, cfg.game_module); // the server names the game's module
liveBoard(cfg, (board, showEarlier) => {
  renderBoard($('#board'), board, cfg.game_name, {
    seatingBox: $('#seating-box'),
    direction: cfg.game_facts[cfg.game].turn_direction,
  });
  renderChart($('#chart'), board);
  renderDeals($('#deals'), board, null, showEarlier);
});
sharePanel(cfg);
