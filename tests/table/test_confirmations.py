"""Confirm and dispute: only a player of the other team, once per revision of the deal, a dispute with a reason;
disputes stay open until a correction or a void, and are listed for the club's admins."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from games.models import AuditEntry, Club, League, Membership, Player
from table.models import DealConfirmation
from tests.api.helpers import assert_error, post_deal, start_match
from tests.deals import seep_deal
from tests.factories import UserFactory
from tests.support.auth import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(user: Any, api: APIClient) -> dict[str, Any]:
    """A Seep match started by ``user`` (not seated), with accounts for S1 (team A) and S2 (team B)."""
    s1_user, s2_user = UserFactory.create(), UserFactory.create()
    s1 = Player.objects.create(name="Asha", user=s1_user, created_by=user)
    s2 = Player.objects.create(name="Bala", user=s2_user, created_by=user)
    match = start_match(api, players=[s1.pk, s2.pk, {"name": "Ravi"}, {"name": "Meena"}])
    assert post_deal(api, match["id"], seep_deal()).status_code == 201
    return {
        "match": match,
        "url": f"/api/v1/matches/{match['id']}/deals/1/",
        "s1": client_for(s1_user),
        "s2": client_for(s2_user),
        "s1_user": s1_user,
    }


def test_a_seated_player_confirms_a_deal_recorded_by_a_scorer_without_a_seat(table: dict[str, Any]) -> None:
    response = table["s2"].post(table["url"] + "confirm/", {}, format="json")
    assert response.status_code == 201, response.json()
    body = response.json()
    assert {key: body[key] for key in ("deal_number", "deal_revision", "seat", "verdict", "reason", "open")} == {
        "deal_number": 1,
        "deal_revision": 1,
        "seat": "S2",
        "verdict": "confirmed",
        "reason": "",
        "open": False,
    }
    assert body["player"]["name"] == "Bala"
    entry = AuditEntry.objects.get(action="deal.confirmed")
    assert (entry.deal_number, entry.after) == (1, {"seat": "S2", "verdict": "confirmed", "deal_revision": 1})


def test_a_player_answers_a_deal_only_once(table: dict[str, Any]) -> None:
    assert table["s2"].post(table["url"] + "confirm/", {}, format="json").status_code == 201
    again = table["s2"].post(table["url"] + "dispute/", {"reason": "changed my mind"}, format="json")
    body = assert_error(again, 409, "already_answered", None)
    assert body["extra"] == {"deal_number": 1}
    assert DealConfirmation.objects.count() == 1


def test_a_dispute_needs_a_reason(table: dict[str, Any]) -> None:
    assert_error(table["s2"].post(table["url"] + "dispute/", {}, format="json"), 400, "invalid", "reason")
    assert_error(table["s2"].post(table["url"] + "dispute/", {"reason": ""}, format="json"), 400, "invalid", "reason")
    assert DealConfirmation.objects.count() == 0


def test_the_scorers_own_team_cannot_confirm(table: dict[str, Any], user: Any) -> None:
    """S1 records the second deal; S1 may not confirm it (nor could S3), S2 of the other team may."""
    match_id = table["match"]["id"]
    client_for(user).post(f"/api/v1/matches/{match_id}/scorers/", {"user": table["s1_user"].pk}, format="json")
    assert post_deal(table["s1"], match_id, seep_deal(dealer="S2")).status_code == 201
    url = f"/api/v1/matches/{match_id}/deals/2/"
    assert_error(table["s1"].post(url + "confirm/", {}, format="json"), 403, "same_team_as_scorer", None)
    assert table["s2"].post(url + "dispute/", {"reason": "wrong points"}, format="json").status_code == 201


def test_someone_not_seated_may_not_answer(table: dict[str, Any], api: APIClient) -> None:
    """The scorer sees the match but holds no seat."""
    assert_error(api.post(table["url"] + "confirm/", {}, format="json"), 403, "not_a_player", None)


def test_an_outsider_gets_not_found_and_an_anonymous_caller_401(table: dict[str, Any], make_client: Any) -> None:
    assert_error(make_client().post(table["url"] + "confirm/", {}, format="json"), 404, "not_found", None)
    assert_error(APIClient().post(table["url"] + "confirm/", {}, format="json"), 401, "not_authenticated", None)


def test_an_unknown_or_voided_deal_cannot_be_answered(table: dict[str, Any], api: APIClient) -> None:
    match_id = table["match"]["id"]
    assert_error(
        table["s2"].post(f"/api/v1/matches/{match_id}/deals/9/confirm/", {}, format="json"), 404, "not_found", None
    )
    assert api.delete(table["url"], {"reason": "dealt twice"}, format="json").status_code == 200
    body = assert_error(table["s2"].post(table["url"] + "confirm/", {}, format="json"), 409, "deal_voided", None)
    assert body["extra"] == {"deal_number": 1}


def test_a_correction_resolves_a_dispute_and_the_deal_may_be_confirmed_again(
    table: dict[str, Any], api: APIClient
) -> None:
    assert table["s2"].post(table["url"] + "dispute/", {"reason": "our 10D"}, format="json").status_code == 201
    board = api.get(f"/api/v1/matches/{table['match']['id']}/board/").json()
    assert [(a["verdict"], a["open"]) for a in board["answers"]] == [("disputed", True)]
    disputes = api.get("/api/v1/disputes/").json()
    assert [(d["match"], d["deal_number"], d["seat"], d["reason"]) for d in disputes] == [
        (table["match"]["id"], 1, "S2", "our 10D")
    ]

    corrected = {**seep_deal(points_a=56), "reason": "Bala is right"}
    assert api.put(table["url"], corrected, format="json", headers={"If-Match": '"1"'}).status_code == 200
    assert api.get("/api/v1/disputes/").json() == []
    assert table["s2"].post(table["url"] + "confirm/", {}, format="json").status_code == 201
    board = api.get(f"/api/v1/matches/{table['match']['id']}/board/").json()
    assert [(a["verdict"], a["deal_revision"], a["open"]) for a in board["answers"]] == [
        ("disputed", 1, False),
        ("confirmed", 2, False),
    ]


def test_club_admins_see_the_disputes_of_their_leagues_and_nobody_else_does(user: Any, api: APIClient) -> None:
    club = Club.objects.create(name="Friday club")
    Membership.objects.create(club=club, user=user, role=Membership.Role.ADMIN)
    admin2, member = UserFactory.create(), UserFactory.create()
    Membership.objects.create(club=club, user=admin2, role=Membership.Role.ADMIN)
    Membership.objects.create(club=club, user=member, role=Membership.Role.MEMBER)
    league = League.objects.create(club=club, name="Winter", game="seep")
    opponent = UserFactory.create()
    bala = Player.objects.create(name="Bala", user=opponent, club=club, created_by=user)
    match = start_match(api, players=[{"name": "A"}, bala.pk, {"name": "C"}, {"name": "D"}], league=league.pk)
    post_deal(api, match["id"], seep_deal())
    client_for(opponent).post(f"/api/v1/matches/{match['id']}/deals/1/dispute/", {"reason": "x"}, format="json")
    assert [d["deal_number"] for d in client_for(admin2).get("/api/v1/disputes/").json()] == [1]
    assert client_for(member).get("/api/v1/disputes/").json() == []
