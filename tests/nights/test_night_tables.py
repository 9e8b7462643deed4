"""A round's tables: who records them (the club's scorers and the seated players' phones, no other member), the
drawn first dealer enforced, and a correction after the round closed moving the standings by exactly its amount."""

from __future__ import annotations

import random
from typing import Any

import pytest
from rest_framework.test import APIClient

from games.models import Membership, Player
from nights.models import Event
from tests.api.helpers import assert_error
from tests.factories import UserFactory
from tests.nights.helpers import SEATS, check_in, euchre_deal, make_club, make_event, play_deals, start_round
from tests.support.auth import client_for
from tests.support.corrections import put

pytestmark = pytest.mark.django_db


def first_table(api: APIClient, **changes: Any) -> dict[str, Any]:
    event = int(make_event(api, make_club(api), **changes)["id"])
    for number in range(1, 9):
        check_in(api, event, f"Player {number}")
    table: dict[str, Any] = start_round(api, event)["tables"][0]
    table["event"] = event
    return table


def member(role: str) -> APIClient:
    account = UserFactory.create()
    Membership.objects.create(club=Event.objects.get().club, user=account, role=role)
    return client_for(account)


def record(client: APIClient, table: dict[str, Any]) -> Any:
    deal = euchre_deal(table["first_dealer"], random.Random(1))
    return client.post(f"/api/v1/matches/{table['match']}/deals/", deal, format="json")


def test_the_clubs_scorer_records_a_table(api: APIClient) -> None:
    table = first_table(api)
    assert record(member(Membership.Role.SCORER), table).status_code == 201


def test_a_seated_players_linked_account_records_its_own_table(api: APIClient) -> None:
    table = first_table(api)
    phone = UserFactory.create()
    Player.objects.filter(pk=table["seats"][0]["player"]["id"]).update(user=phone)
    assert record(client_for(phone), table).status_code == 201


def test_another_member_a_player_of_another_table_and_an_outsider_cannot_record(api: APIClient) -> None:
    table = first_table(api)
    assert_error(record(member(Membership.Role.MEMBER), table), 403, "permission_denied")
    elsewhere = UserFactory.create()
    other_table = api.get(f"/api/v1/events/{table['event']}/rounds/1/").json()["tables"][1]
    Player.objects.filter(pk=other_table["seats"][0]["player"]["id"]).update(user=elsewhere)
    assert_error(record(client_for(elsewhere), table), 404, "not_found")
    assert_error(record(client_for(UserFactory.create()), table), 404, "not_found")
    assert api.get(f"/api/v1/matches/{table['match']}/").json()["deals_count"] == 0


def test_deal_one_is_dealt_by_the_drawn_first_dealer(api: APIClient) -> None:
    """Where the house rules check the dealer order (otherwise the engine accepts any dealer, as in any match)."""
    table = first_table(api, settings={"enforce_dealer_order": True})
    other = SEATS[(SEATS.index(table["first_dealer"]) + 1) % 4]
    response = api.post(f"/api/v1/matches/{table['match']}/deals/", euchre_deal(other, random.Random(1)), format="json")
    assert_error(response, 400, "dealer_out_of_turn", "dealer")
    assert response.json()["extra"]["expected_dealer"] == table["first_dealer"]
    assert record(api, table).status_code == 201


def totals(api: APIClient, event: int) -> dict[int, float]:
    rows = api.get(f"/api/v1/events/{event}/standings/").json()["rows"]
    return {row["player"]["id"]: row["total"] for row in rows}


def test_a_correction_in_a_closed_round_moves_the_standings_by_its_amount(api: APIClient) -> None:
    table = first_table(api)
    event = table["event"]
    play_deals(api, table, 2, random.Random(3))
    closed = api.post(f"/api/v1/events/{event}/rounds/1/close/", {"reason": "Time"}, format="json")
    assert closed.status_code == 200, closed.json()
    before, scores_before = totals(api, event), api.get(f"/api/v1/matches/{table['match']}/").json()["state"]["scores"]
    deal = api.get(f"/api/v1/matches/{table['match']}/deals/1/").json()
    corrected = {**deal["input"], "tricks_won": {"A": 6, "B": 0}, "reason": "Tricks miscounted"}
    version = api.get(f"/api/v1/matches/{table['match']}/").json()["version"]
    assert put(api, table["match"], 1, corrected, version).status_code == 200
    scores_after = api.get(f"/api/v1/matches/{table['match']}/").json()["state"]["scores"]
    moved = {team: scores_after[team] - scores_before[team] for team in scores_before}
    assert any(moved.values())
    after = totals(api, event)
    team_of = {seat["player"]["id"]: seat["team"] for seat in table["seats"]}
    assert {player: after[player] - before[player] for player in after} == {
        player: moved[team_of[player]] if player in team_of else 0 for player in after
    }
