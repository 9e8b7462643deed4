"""A new game is one module and one line in the registry: a toy game from tests/ answers the whole engine contract."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from games.rules import registry
from games.rules.errors import RuleViolation
from games.rules.replay import replay


@pytest.fixture
def toy() -> Iterator[object]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(registry.ENGINE_MODULES, "toy", "tests.rules.toy_game")
        yield registry.get_engine("toy")


def shown(dealer: str, s1: str, s2: str) -> dict[str, object]:
    return {"dealer": dealer, "cards": {"S1": s1, "S2": s2}}


def test_the_registry_serves_the_toy_game_with_the_base_defaults_for_its_facts(toy: object) -> None:
    engine = registry.get_engine("toy")
    rules = engine.rules_from_settings({"target": 2}, 3)
    assert (engine.display_name, engine.player_counts, engine.default_player_count) == ("Toy", (2, 3, 4), 4)
    assert (engine.seats(rules), engine.teams(rules)) == (("S1", "S2", "S3"), None)
    assert engine.settings_schema()["properties"]["target"] == {
        "title": "Points to win",
        "description": "The first player to reach it wins.",
        "default": 5,
        "type": "integer",
        "minimum": 1,
        "maximum": 50,
    }


def test_the_toy_game_is_replayed_to_its_winner_and_refuses_a_deal_after_it(toy: object) -> None:
    engine = registry.get_engine("toy")
    rules = engine.rules_from_settings({"target": 2}, 2)
    folded = replay(engine, rules, [shown("S1", "KS", "2H"), shown("S2", "QS", "3D"), shown("S1", "9C", "QC")])
    assert [result["winner"] for result in folded.results] == ["S1", "S1"]
    assert engine.state_json(folded.state) == {
        "points": [2, 0],
        "next_dealer": None,
        "match_over": True,
        "match_winner": "S1",
    }
    assert folded.refusal is not None
    assert (folded.refusal.code, folded.refusal.field) == ("match_already_finished", "deals[2]")


def test_an_unknown_toy_setting_is_refused_like_any_game(toy: object) -> None:
    engine = registry.get_engine("toy")
    with pytest.raises(RuleViolation) as refused:
        engine.rules_from_settings({"targets": 3}, 2)
    assert (refused.value.code, refused.value.field) == ("invalid", "settings.targets")
