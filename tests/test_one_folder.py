"""A game is one folder (games/rules/<key>/), its page module (table/static/table/js/games/<key>.js) and its registry
line: no other module of the app names a registered game's key (issue 29). The API's documented example (a Seep
match in the OpenAPI schema) and a rules-file reference in its description are words for readers, not switches."""

from __future__ import annotations

import re
from pathlib import Path

from games.rules.registry import game_keys

ROOT = Path(__file__).resolve().parent.parent
APPS = ("scorekeeper", "games", "api", "table", "exports", "webhooks", "nights")
# The games' own places (games/rules/ also holds what they share, which cites their rules files) and migrations.
GAME_PLACES = ("/games/rules/", "/table/static/table/js/games/", "/migrations/")
# path: the keys it may name, and why.
DOCUMENTED = {
    "api/views/matches.py": {"seep"},  # the OpenAPI example of a new match
    "api/views/deals.py": {"seep"},  # "seep.md §S.7a": the rules file a description cites
}


def test_no_module_outside_a_games_folder_names_a_game_key() -> None:
    keys = re.compile(r"\b(" + "|".join(map(re.escape, game_keys())) + r")\b")
    named = {}
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*")):
            where = path.relative_to(ROOT).as_posix()
            if path.suffix not in {".py", ".js", ".html"} or any(place in f"/{where}" for place in GAME_PLACES):
                continue
            found = set(keys.findall(path.read_text(encoding="utf-8"))) - DOCUMENTED.get(where, set())
            if found:
                named[where] = sorted(found)
    assert named == {}
