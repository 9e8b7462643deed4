"""The house-rules form says each choice in words, and the words are the game's: each setting declares its choices'
words (``Setting.words`` in the game's settings.py), and the new-match page reads them through the registry, so a
value two settings share (56's 48-card packs) is said as each setting means it."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from games.rules.registry import game_keys, get_engine

pytestmark = pytest.mark.django_db


@pytest.fixture
def config(user: Any) -> dict[str, Any]:
    browser = Client()
    browser.force_login(user)
    page_config: dict[str, Any] = browser.get("/table/new/").context["config"]
    return page_config


def _words(config: dict[str, Any], game: str, setting: str) -> list[str | None]:
    row = next(row for row in config["game_facts"][game]["settings"] if row["name"] == setting)
    return [row.get("words", {}).get(str(value)) for value in [*row.get("choices", []), *row.get("kinds", [])]]


def test_every_choice_of_issue_20s_house_rules_has_words(config: dict[str, Any]) -> None:
    assert _words(config, "fifty_six", "eight_player_pack") == ["64 cards, 8 each", "48 cards, 6 each (no 8s or 7s)"]
    assert _words(config, "fifty_six", "trump_lead_rule") == ["Any time", "Only after a trump has been played"]
    assert _words(config, "bid_euchre", "made_contract_scores") == ["The tricks taken", "The number bid"]


def test_a_value_two_settings_share_is_said_as_each_setting_means_it(config: dict[str, Any]) -> None:
    """56's four-player pack of 48 is 12 cards each; the eight-player pack of 48 is 6 each, no 8s or 7s."""
    assert _words(config, "fifty_six", "four_player_pack") == ["48 cards, 12 each", "32 cards, 8 each (J 9 A 10 only)"]
    assert _words(config, "seep", "match_end") == [
        "Open: play as long as you like",
        "First to a number of baazis",
        "A fixed number of baazis",
    ]
    assert "choice_words" not in config  # no list shared by every game


@pytest.mark.parametrize("game", game_keys())
def test_every_text_choice_and_kind_of_a_registered_game_has_its_words(config: dict[str, Any], game: str) -> None:
    """The form never shows an API name: a game that adds a choice without words in its settings fails here."""
    unsaid = [
        (row["name"], value)
        for row in config["game_facts"][game]["settings"]
        for value in [*row.get("choices", []), *row.get("kinds", [])]
        if isinstance(value, str) and value not in row.get("words", {})
    ]
    assert unsaid == []


@pytest.mark.parametrize("game", game_keys())
def test_the_words_are_the_settings_declarations(config: dict[str, Any], game: str) -> None:
    declared = get_engine(game).settings_spec.choice_words()
    sent = {row["name"]: row["words"] for row in config["game_facts"][game]["settings"] if "words" in row}
    assert sent == declared


def test_the_api_facts_carry_no_words(api: Any) -> None:
    """The words are the page's: the games' facts the API answers are as they were."""
    for game in game_keys():
        assert all("words" not in row for row in api.get(f"/api/v1/games/{game}/").json()["settings"])
