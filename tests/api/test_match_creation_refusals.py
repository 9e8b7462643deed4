"""Refusals when starting a match: a wrong player count answers the game's own code and message, and a choice
that is not one names the valid choices."""

from __future__ import annotations

from typing import Any

import pytest

from api.serializers.matches import LARGEST_TABLE, PlayerRefField
from games.models import Match, Player
from games.rules.errors import RuleViolation
from games.rules.registry import GAME_KEYS, get_engine
from tests.api.helpers import assert_error

pytestmark = pytest.mark.django_db


def players(count: int) -> list[dict[str, str]]:
    return [{"name": f"P{n}"} for n in range(count)]


@pytest.mark.parametrize(
    ("game", "count", "code", "detail"),
    [
        ("fifty_six", 10, "player_count_invalid", "56 is played by 4, 6 or 8 players."),
        ("fifty_six", 0, "player_count_invalid", "56 is played by 4, 6 or 8 players."),
        ("contract_rummy", 9, "player_count_out_of_range", "Contract Rummy needs 3 to 8 players; 9 were given."),
        ("contract_rummy", 0, "player_count_out_of_range", "Contract Rummy needs 3 to 8 players; 0 were given."),
        (
            "seep",
            12,
            "player_count_invalid",
            "Seep is played by exactly four players: S1 and S3 against S2 and S4. 12 players were given.",
        ),
        (
            "seep",
            0,
            "player_count_invalid",
            "Seep is played by exactly four players: S1 and S3 against S2 and S4. 0 players were given.",
        ),
        ("bid_euchre", 9, "player_count_invalid", "Bid Euchre is played by four players: S1+S3 against S2+S4."),
    ],
)
def test_a_player_count_the_game_does_not_allow_answers_the_rules_code_and_message(
    api: Any, game: str, count: int, code: str, detail: str
) -> None:
    response = api.post("/api/v1/matches/", {"game": game, "players": players(count)}, format="json")
    assert assert_error(response, 400, code, "players")["detail"] == detail
    assert (Match.objects.count(), Player.objects.count()) == (0, 0)


@pytest.mark.parametrize("game", GAME_KEYS)
def test_no_house_rule_seats_more_than_the_largest_table(game: str) -> None:
    with pytest.raises(RuleViolation) as refused:
        get_engine(game).rules_from_settings({}, LARGEST_TABLE + 1)
    assert refused.value.code in ("player_count_invalid", "player_count_out_of_range")


def test_a_list_of_thousands_of_players_is_refused_before_its_entries_are_read(
    api: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    entries_read = []
    monkeypatch.setattr(PlayerRefField, "to_internal_value", lambda field, data: entries_read.append(data))
    response = api.post("/api/v1/matches/", {"game": "contract_rummy", "players": players(3000)}, format="json")
    assert assert_error(response, 400, "player_count_out_of_range", "players")["detail"] == (
        "Contract Rummy needs 3 to 8 players; 3000 were given."
    )
    assert entries_read == []
