"""A club night's table is dealt first by the seat its draw chose, whatever the house rules say of the dealer order
after deal 1 (enforce_dealer_order off, Bid Euchre's default): a first deal by another seat, recorded or corrected
to, is 400 dealer_out_of_turn on field dealer with extra.expected_dealer, in the request's language; the deals after
it are the house rules' business."""

from __future__ import annotations

import random
from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.api.helpers import assert_error
from tests.nights.helpers import euchre_deal, first_drawn_table
from tests.support.corrections import put

pytestmark = pytest.mark.django_db

REFUSAL = {
    "en": "By the club night's draw, the first dealer of this match is {seat}.",
    "et": "Klubiõhtu loosimise järgi on selle matši esimene jagaja {seat}.",
    "fa": "طبق قرعه‌کشیِ شبِ باشگاه، دست‌دهنده‌ی نخستِ این مسابقه {seat} است.",
    "hu": "A klubest sorsolása szerint ennek a játszmának az első osztója: {seat}.",
}


@pytest.fixture
def table(api: APIClient) -> dict[str, Any]:
    return first_drawn_table(api)


def post(api: APIClient, table: dict[str, Any], dealer: str, **headers: Any) -> Any:
    deal = euchre_deal(dealer, random.Random(1))
    return api.post(f"/api/v1/matches/{table['match']}/deals/", deal, format="json", **headers)


@pytest.mark.parametrize("language", ["en", "et", "fa", "hu"])
def test_deal_one_by_another_seat_is_refused_in_the_requests_language(
    api: APIClient, table: dict[str, Any], language: str
) -> None:
    response = post(api, table, table["other"], HTTP_ACCEPT_LANGUAGE=language)
    assert_error(response, 400, "dealer_out_of_turn", "dealer")
    assert response.json()["extra"] == {"expected_dealer": table["first_dealer"]}
    seat = f"\u2068{table['first_dealer']}\u2069" if language == "fa" else table["first_dealer"]  # isolated in RTL
    assert response.json()["detail"] == REFUSAL[language].format(seat=seat)
    assert api.get(f"/api/v1/matches/{table['match']}/").json()["deals_count"] == 0


def test_after_the_drawn_first_deal_the_house_rules_decide(api: APIClient, table: dict[str, Any]) -> None:
    assert post(api, table, table["first_dealer"]).status_code == 201
    assert post(api, table, table["first_dealer"]).status_code == 201  # no dealer order checked from deal 2


def test_deal_one_cannot_be_corrected_to_another_dealer(api: APIClient, table: dict[str, Any]) -> None:
    assert post(api, table, table["first_dealer"]).status_code == 201
    assert post(api, table, table["other"]).status_code == 201  # deal 2: any seat
    moved = {**euchre_deal(table["other"], random.Random(2)), "reason": "Wrong dealer"}
    assert_error(put(api, table["match"], 1, moved, 2), 400, "dealer_out_of_turn", "dealer")
    kept = {**euchre_deal(table["first_dealer"], random.Random(2)), "reason": "Tricks miscounted"}
    assert put(api, table["match"], 1, kept, 2).status_code == 200
    second = {**euchre_deal(table["first_dealer"], random.Random(3)), "reason": "Deal 2 is free"}
    assert put(api, table["match"], 2, second, 3).status_code == 200


def test_after_deal_one_is_voided_the_next_deal_is_the_first_again(api: APIClient, table: dict[str, Any]) -> None:
    assert post(api, table, table["first_dealer"]).status_code == 201
    voided = api.delete(f"/api/v1/matches/{table['match']}/deals/1/", {"reason": "Misdeal"}, format="json")
    assert voided.status_code == 200, voided.json()
    assert_error(post(api, table, table["other"]), 400, "dealer_out_of_turn", "dealer")
    assert post(api, table, table["first_dealer"]).status_code == 201
