/* The games' page modules, each holding its deal form, its board headline, its deal summary and its chart: one file
 * per registered game, games/<key>.js, loaded by its key. A page's config names its game's module (`game_module`,
 * the hashed URL the server gives it), so no list of the games is kept here. */
export const GAMES = {};

/** The game's module, loaded once into GAMES: from `url` (the page config's game_module), else the file beside this
 *  one (the node tests). */
export async function loadGame(key, url = `./${key}.js`) {
  if (!GAMES[key]) GAMES[key] = (await import(url)).default;
  return GAMES[key];
}
