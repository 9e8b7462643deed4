"""The board's ``offline`` forecast: what the page may propose for deals it queues offline. Each proposal is
checked against what the service then folds (the engine's own rules), and games whose next dealer depends on the
deal's result propose none."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.test import override_settings
from rest_framework.test import APIClient

from games.models import Match
from games.rules import registry
from games.rules.registry import get_engine
from table import forecast
from tests.api.helpers import post_deal, start_match
from tests.deals import euchre_partners_best, fifty_six_made, rummy_deal, seep_deal

pytestmark = pytest.mark.django_db


def board(api: APIClient, match_id: int) -> dict[str, Any]:
    response = api.get(f"/api/v1/matches/{match_id}/board/")
    assert response.status_code == 200
    body: dict[str, Any] = response.json()
    return body


def test_bid_euchre_proposes_the_seat_on_the_left_and_the_service_agrees(api: APIClient) -> None:
    match = start_match(api, game="bid_euchre")
    forecast = board(api, match["id"])["offline"]
    assert forecast == {"dealer_after": {"S1": "S2", "S2": "S3", "S3": "S4", "S4": "S1"}, "next_deals": None}
    deal = euchre_partners_best("A")  # dealt by S4
    assert post_deal(api, match["id"], deal).status_code == 201
    assert board(api, match["id"])["match"]["state"]["next_dealer"] == forecast["dealer_after"][deal["dealer"]]


def test_contract_rummy_proposes_each_queued_deals_dealer_and_contract(api: APIClient) -> None:
    match = start_match(api, game="contract_rummy")
    first = board(api, match["id"])
    forecast = first["offline"]
    assert forecast["dealer_after"] == {"S1": "S2", "S2": "S3", "S3": "S4", "S4": "S1"}
    assert first["match"]["state"]["next_deal"]["number"] == 1
    assert [deal["number"] for deal in forecast["next_deals"][:6]] == [2, 3, 4, 5, 6, 7]
    assert forecast["next_deals"][6:] == [None, None, None, None]  # seven deals: the match is over after them
    dealer = "S1"
    for played in range(1, 4):  # what was forecast before any of them is what the service folds, deal after deal
        assert (
            post_deal(api, match["id"], rummy_deal({"S1": 0, "S2": 5, "S3": 10, "S4": 15}, dealer=dealer)).status_code
            == 201
        )
        state = board(api, match["id"])["match"]["state"]
        assert state["next_deal"] == forecast["next_deals"][played - 1]
        assert state["next_dealer"] == forecast["dealer_after"][dealer]
        dealer = state["next_dealer"]


@override_settings(OFFLINE_DEALS_AHEAD=2)
def test_contract_rummy_looks_ahead_as_far_as_the_setting_says(api: APIClient) -> None:
    match = start_match(api, game="contract_rummy")
    assert [deal["number"] for deal in board(api, match["id"])["offline"]["next_deals"]] == [2, 3]


@pytest.mark.parametrize(
    ("game", "players", "deal"),
    [
        ("seep", 4, seep_deal()),
        ("fifty_six", 4, fifty_six_made()),
        ("fifty_six", 6, None),
    ],
)
def test_games_whose_next_dealer_depends_on_the_result_propose_none(
    api: APIClient, game: str, players: int, deal: dict[str, Any] | None
) -> None:
    match = start_match(api, game=game, players=players)
    if deal:
        assert post_deal(api, match["id"], deal).status_code == 201
    assert board(api, match["id"])["offline"] == {"dealer_after": None, "next_deals": None}


def test_a_new_game_gets_the_forecast_its_engine_gives_with_nothing_outside_its_folder(
    api: APIClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The toy game (tests/rules/toy_game.py) declares no forecast: the engines' default, nothing proposed. Its
    engine then declares one, and that is the forecast: table/forecast.py knows no game."""
    monkeypatch.setitem(registry.ENGINE_MODULES, "toy", "tests.rules.toy_game")
    match = start_match(api, game="toy", players=2)
    assert board(api, match["id"])["offline"] == {"dealer_after": None, "next_deals": None}
    engine = get_engine("toy")
    told = {"dealer_after": {"S1": "S2", "S2": "S1"}, "next_deals": None}
    monkeypatch.setattr(type(engine), "offline_forecast", lambda self, rules, state, ahead: told, raising=False)
    assert forecast.offline_forecast(Match.objects.get(pk=match["id"])) == told
    code = Path(forecast.__file__).read_text().split('"""', 2)[2]
    assert [key for key in registry.game_keys() if key in code] == []  # no switch on a game's key
