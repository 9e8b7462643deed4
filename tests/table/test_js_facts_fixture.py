"""tests/js/fixtures/game_facts.json is what the engines answer: the page's modules are tested (node --test) with
the facts the server gives them, not with a copy that could drift. Refresh it with the command below."""

from __future__ import annotations

import json
from pathlib import Path

from games.rules.facts import every_game_facts

FIXTURE = Path(__file__).resolve().parents[1] / "js" / "fixtures" / "game_facts.json"


def fixture_facts() -> dict[str, dict[str, object]]:
    """The parts of each game's facts the node tests read (the page config's game_facts)."""
    return {
        key: {"entry": facts["entry"], "turn_direction": facts["turn_direction"]}
        for key, facts in every_game_facts().items()
    }


def test_the_node_tests_facts_are_the_engines() -> None:
    # Refresh: .venv/bin/python -c 'from tests.table.test_js_facts_fixture import write; write()'
    assert json.loads(FIXTURE.read_text()) == json.loads(json.dumps(fixture_facts()))


def write() -> None:
    FIXTURE.write_text(json.dumps(fixture_facts(), indent=1, sort_keys=True) + "\n")
