"""GET /games/ and /games/{key}/: every registered game's facts, as its engine answers them."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from games.rules.facts import game_facts
from games.rules.registry import get_engine
from tests.api.helpers import assert_error

pytestmark = pytest.mark.django_db


def test_the_games_list_every_registered_game_in_the_registrys_order(api: APIClient) -> None:
    body = api.get("/api/v1/games/").json()
    assert (body["count"], body["next"], body["previous"]) == (5, None, None)
    assert [(game["key"], game["name"]) for game in body["results"]] == [
        ("seep", "Seep"),
        ("fifty_six", "56"),
        ("bid_euchre", "Bid Euchre"),
        ("contract_rummy", "Contract Rummy"),
        ("twenty_eight", "Twenty-Eight"),
    ]


def test_one_game_answers_its_engines_facts(api: APIClient) -> None:
    body: dict[str, Any] = api.get("/api/v1/games/contract_rummy/").json()
    assert body == game_facts(get_engine("contract_rummy"))
    assert (body["player_counts"], body["teams"]["3"], body["seats"]["3"]) == (
        [3, 4, 5, 6, 7, 8],
        None,
        ["S1", "S2", "S3"],
    )
    assert body["tiebreak_measures"] == [{"name": "penalty_points", "better": "lower"}]


def test_an_unknown_game_is_not_found_in_the_error_shape(api: APIClient) -> None:
    assert_error(api.get("/api/v1/games/chess/"), 404, "not_found", None)


def test_the_games_are_for_signed_in_clients() -> None:
    assert APIClient().get("/api/v1/games/").status_code == 401
