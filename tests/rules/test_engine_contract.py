"""Every registered engine answers the whole engine contract of DESIGN.md, the same way."""

from __future__ import annotations

import pytest

from games.rules.registry import GAME_KEYS, get_engine
from games.rules.seats import seat_names

# The facts the pages showed from their own copies (table/views.py) before the engines answered them.
DISPLAY_NAMES = {"seep": "Seep", "fifty_six": "56", "bid_euchre": "Bid Euchre", "contract_rummy": "Contract Rummy"}
PLAYER_COUNTS = {"seep": (4,), "fifty_six": (4, 6, 8), "bid_euchre": (4,), "contract_rummy": (3, 4, 5, 6, 7, 8)}


@pytest.mark.parametrize("game", GAME_KEYS)
def test_the_engine_names_its_game_and_the_players_it_seats(game: str) -> None:
    engine = get_engine(game)
    assert (engine.key, engine.rules_file, engine.display_name) == (game, f"{game}.md", DISPLAY_NAMES[game])
    assert (engine.player_counts, engine.default_player_count) == (PLAYER_COUNTS[game], 4)


@pytest.mark.parametrize("game", GAME_KEYS)
def test_the_seats_run_s1_to_sn_and_the_teams_share_them_out(game: str) -> None:
    engine = get_engine(game)
    for count in engine.player_counts:
        rules = engine.rules_from_settings({}, count)
        seats = engine.seats(rules)
        assert seats == seat_names(count)
        teams = engine.teams(rules)
        if teams is not None:
            assert sorted(seat for members in teams.values() for seat in members) == sorted(seats)


@pytest.mark.parametrize("game", GAME_KEYS)
def test_the_settings_schema_describes_every_setting_a_match_is_given(game: str) -> None:
    engine = get_engine(game)
    schema = engine.settings_schema()
    given = engine.settings_json(engine.rules_from_settings({}, engine.default_player_count))
    assert (schema["type"], schema["additionalProperties"]) == ("object", False)
    assert set(given) <= set(schema["properties"])
    assert all(schema["properties"][name]["title"] for name in given)
    assert tuple(given) == engine.settings_spec.names


def test_an_engine_not_yet_deriving_from_the_base_gets_its_defaults_from_the_registry() -> None:
    seep = get_engine("seep")
    schema = seep.settings_schema()
    assert schema["properties"]["baazi_lead"] == {
        "title": "Baazi lead", "description": "See shared/rules/seep.md.", "default": 100, "type": "integer",
    }
    assert get_engine("seep") is seep
