// Every game's page module, loaded as a page loads its own (games/index.js loadGame), for each game the engines
// answer: fixtures/game_facts.json, which tests/table/test_js_facts_fixture.py keeps equal to the registry.
import { readFileSync } from 'node:fs';
import { GAMES, loadGame } from '../../table/static/table/js/games/index.js';

export const FACT_KEYS = Object.keys(JSON.parse(readFileSync(new URL('./fixtures/game_facts.json', import.meta.url))));
for (const key of FACT_KEYS) await loadGame(key);

export { GAMES };
