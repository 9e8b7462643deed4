/* The facts a deal form takes from the server instead of knowing them: the engine's `entry` facts of the match's
 * game and player count (the page config's game_facts; docs/api.md "Game facts for clients"). */
import { pageConfig } from './dom.js';

/** { card_points_total, bid_range: [lowest, highest], auction, ... } where the game has them, else {}: the board's
 *  `entry` (the engine's answer under the match's own settings) where the form's match carries it, else the
 *  config's facts of the game under its default settings. */
export function entryFacts(match) {
  if (match.entry) return match.entry;
  const facts = (pageConfig().game_facts || {})[match.game] || {};
  return (facts.entry || {})[String(match.seats.length)] || {};
}

/** Whether `text` is a whole number from `low` to `high`: the only values another field is filled from. */
export const wholeWithin = (text, low, high) => /^\d+$/.test(text) && Number(text) >= low && Number(text) <= high;
