"""Twenty-Eight's house rules (twenty_eight.md §T.9): defaults, every refusal, the conflicts, the round trip."""

from __future__ import annotations

from typing import Any

import pytest

from games.rules.errors import RuleViolation
from games.rules.twenty_eight.engine import ENGINE
from tests.examples import examples_for

DEFAULTS = examples_for("twenty_eight")[0]["settings"]


def refused(settings: dict[str, Any], players: int = 4) -> tuple[str, str | None]:
    with pytest.raises(RuleViolation) as caught:
        ENGINE.rules_from_settings(settings, players)
    return caught.value.code, caught.value.field


def test_the_defaults_are_those_of_the_rules_file() -> None:
    assert ENGINE.settings_json(ENGINE.rules_from_settings({}, 4)) == DEFAULTS


def test_the_settings_round_trip() -> None:
    settings = DEFAULTS | {
        "minimum_bid": 16,
        "partner_overcall_minimum": None,
        "second_round_minimum": 24,
        "bands": [{"from": 14, "to": 20, "win": 1, "lose": 2}, {"from": 21, "to": 28, "win": 2, "lose": 3}],
        "trump_indicator": "spare_card",
        "first_lead": "bidder",
    }
    rules = ENGINE.rules_from_settings(settings, 4)
    assert ENGINE.settings_json(rules) == settings
    assert ENGINE.rules_from_settings(ENGINE.settings_json(rules), 4) == rules


@pytest.mark.parametrize("players", [2, 3, 5, 6, 8, "4", True])
def test_only_four_players(players: Any) -> None:
    assert refused({}, players) == ("player_count_invalid", "players")


@pytest.mark.parametrize(
    ("settings", "field"),
    [
        ({"minimum_bid": 15}, "settings.minimum_bid"),
        ({"minimum_bid": "14"}, "settings.minimum_bid"),
        ({"partner_overcall_minimum": 14}, "settings.partner_overcall_minimum"),
        ({"partner_overcall_minimum": 29}, "settings.partner_overcall_minimum"),
        ({"second_round_minimum": 30}, "settings.second_round_minimum"),
        ({"allow_double": "yes"}, "settings.allow_double"),
        ({"target_game_points": 0}, "settings.target_game_points"),
        ({"trump_indicator": "joker"}, "settings.trump_indicator"),
        ({"revoke_rule": "forfeit"}, "settings.revoke_rule"),
        ({"first_lead": "dealer"}, "settings.first_lead"),
        ({"bidder_concealed_trump_lead": "never"}, "settings.bidder_concealed_trump_lead"),
        ({"bands": []}, "settings.bands"),
        ({"bands": [{"from": 14, "to": 27, "win": 1, "lose": 1}]}, "settings.bands"),
        ({"bands": [{"from": 15, "to": 28, "win": 1, "lose": 1}]}, "settings.bands[0]"),
        ({"bands": [{"from": 14, "to": 28, "win": -1, "lose": 1}]}, "settings.bands[0].win"),
        ({"bands": [{"from": 14, "to": 28, "win": 1, "lose": 1, "x": 1}]}, "settings.bands[0].x"),
        ({"cot": True}, "settings.cot"),
    ],
)
def test_a_bad_value_is_invalid_on_its_setting(settings: dict[str, Any], field: str) -> None:
    assert refused(settings) == ("invalid", field)


def test_doubles_and_a_second_round_conflict() -> None:
    with pytest.raises(RuleViolation) as caught:
        ENGINE.rules_from_settings({"allow_double": True, "second_round_minimum": 24}, 4)
    assert (caught.value.code, caught.value.field, caught.value.extra) == (
        "settings_conflict",
        "settings.allow_double",
        {"setting": "allow_double", "conflicts_with": {"second_round_minimum": 24}},
    )


def test_a_second_round_minimum_must_be_above_the_first() -> None:
    assert refused({"minimum_bid": 16, "second_round_minimum": 16}) == (
        "settings_conflict",
        "settings.second_round_minimum",
    )
    ENGINE.rules_from_settings({"minimum_bid": 16, "second_round_minimum": 17}, 4)


def test_the_teams_are_partners_opposite() -> None:
    ENGINE.rules_from_settings({"teams": {"A": ["S1", "S3"], "B": ["S4", "S2"]}}, 4)
    assert refused({"teams": {"A": ["S1", "S2"], "B": ["S3", "S4"]}}) == ("team_layout_invalid", "settings.teams")


def test_the_facts_the_pages_read() -> None:
    rules = ENGINE.rules_from_settings({"minimum_bid": 16}, 4)
    facts = ENGINE.entry_facts(rules)
    assert {name: facts[name] for name in ("card_points_total", "bid_range", "pack_ranks", "trick_count")} == {
        "card_points_total": 28,
        "bid_range": [16, 28],
        "pack_ranks": ["J", "9", "A", "10", "K", "Q", "8", "7"],
        "trick_count": 8,
    }
    assert facts["auction"]["raises"] == [{"call": "bid", "field": "points", "low": 16, "high": 28, "partner_low": 20}]
    assert ENGINE.teams(rules) == {"A": ["S1", "S3"], "B": ["S2", "S4"]}
    assert (ENGINE.display_name, ENGINE.player_counts, ENGINE.turn_direction) == (
        "Twenty-Eight",
        (4,),
        "counter_clockwise",
    )
    assert ENGINE.settings_spec.names == tuple(DEFAULTS)
