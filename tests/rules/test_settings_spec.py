"""Each game's settings are declared once; parsing, settings_json and the form's schema all come from it."""

from __future__ import annotations

from typing import Any

import pytest

from games.rules.bid_euchre.settings import SETTINGS as BID_EUCHRE_SETTINGS
from games.rules.contract_rummy.settings import SETTINGS as CONTRACT_RUMMY_SETTINGS
from games.rules.errors import RuleViolation
from games.rules.fifty_six.settings import SETTINGS as FIFTY_SIX_SETTINGS
from games.rules.registry import get_engine
from games.rules.settings_spec import Setting, SettingsSpec

DECLARED = {
    "fifty_six": FIFTY_SIX_SETTINGS,
    "bid_euchre": BID_EUCHRE_SETTINGS,
    "contract_rummy": CONTRACT_RUMMY_SETTINGS,
}


def default_settings_json(game: str) -> dict[str, Any]:
    engine = get_engine(game)
    return engine.settings_json(engine.rules_from_settings({}, 4))


@pytest.mark.parametrize("game", sorted(DECLARED))
def test_settings_json_writes_exactly_the_declared_echoed_settings_in_order(game: str) -> None:
    assert tuple(default_settings_json(game)) == DECLARED[game].names


@pytest.mark.parametrize("game", sorted(DECLARED))
def test_the_form_defaults_are_the_settings_a_four_player_match_gets(game: str) -> None:
    schema = DECLARED[game].schema()
    defaults = {name: row["default"] for name, row in schema["properties"].items() if name in DECLARED[game].names}
    assert defaults == default_settings_json(game)


@pytest.mark.parametrize("game", sorted(DECLARED))
def test_every_setting_has_a_label_and_a_line_of_help(game: str) -> None:
    for row in DECLARED[game].rows:
        assert row.label and row.help.endswith((".", ")")), row.name


def test_an_integer_setting_describes_its_range_and_refuses_outside_it() -> None:
    row = FIFTY_SIX_SETTINGS["starting_tables"]
    assert row.schema() == {
        "title": "Starting tables",
        "description": "Tables each team holds at the start (§F.5).",
        "default": 12,
        "type": "integer",
        "minimum": 1,
        "maximum": 999,
    }
    with pytest.raises(RuleViolation) as refused:
        row.read({"starting_tables": 1000})
    assert (refused.value.code, refused.value.field, refused.value.detail) == (
        "invalid",
        "settings.starting_tables",
        "starting_tables must be a whole number from 1 to 999; 1000 is not.",
    )


def test_a_derived_setting_is_read_only_in_the_form_and_not_read_into_the_rules() -> None:
    assert BID_EUCHRE_SETTINGS["joker"].schema()["readOnly"] is True
    values = BID_EUCHRE_SETTINGS.read_all({}, {"deck": "single_24"})
    assert "joker" not in values and "tricks_per_deal" not in values and values["deck"] == "single_24"


def test_an_informational_setting_is_accepted_but_never_written_back() -> None:
    assert "players" in BID_EUCHRE_SETTINGS.accepted and "players" not in BID_EUCHRE_SETTINGS.names
    assert "teams" in FIFTY_SIX_SETTINGS.accepted and "teams" not in FIFTY_SIX_SETTINGS.names


def test_an_unknown_setting_is_refused_with_the_accepted_names() -> None:
    spec = SettingsSpec("Toy", (Setting("points", "integer", 5, "Points", "Points to win.", minimum=1, maximum=9),))
    with pytest.raises(RuleViolation) as refused:
        spec.reject_unknown({"point": 3})
    assert (refused.value.code, refused.value.field, refused.value.detail) == (
        "invalid",
        "settings.point",
        "Toy has no setting 'point'; the settings are: points.",
    )


def test_a_choice_setting_lists_its_choices_in_the_form_and_in_the_refusal() -> None:
    row = CONTRACT_RUMMY_SETTINGS["winner_rule"]
    assert row.schema()["enum"] == ["lowest_total_ties_share", "lowest_total_then_last_deal"]
    with pytest.raises(RuleViolation) as refused:
        row.read({"winner_rule": "highest"})
    assert refused.value.detail == (
        "winner_rule must be one of 'lowest_total_ties_share', 'lowest_total_then_last_deal'; 'highest' is not."
    )
