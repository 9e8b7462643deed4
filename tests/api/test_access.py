"""Who may read and write: outsiders see nothing of a private match; readers cannot write; scorers can."""

from __future__ import annotations

from typing import Any

import pytest

from games.models import Deal, League, Match, Membership
from tests.api.helpers import assert_error, post_deal, start_match
from tests.deals import seep_deal
from tests.factories import ClubFactory, MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_an_outsider_can_neither_read_nor_write_a_private_match(api: Any, make_client: Any) -> None:
    match = start_match(api)
    outsider = make_client()
    assert_error(outsider.get(f"/api/v1/matches/{match['id']}/"), 404, "not_found")
    assert_error(outsider.get(f"/api/v1/matches/{match['id']}/deals/"), 404, "not_found")
    assert_error(post_deal(outsider, match["id"], seep_deal()), 404, "not_found")
    assert outsider.get("/api/v1/matches/").json()["count"] == 0
    assert Deal.objects.count() == 0


def test_without_a_token_every_endpoint_answers_401(client: Any) -> None:
    assert_error(client.get("/api/v1/matches/"), 401, "not_authenticated")
    assert_error(client.post("/api/v1/matches/", {}, content_type="application/json"), 401, "not_authenticated")


def test_a_bad_token_answers_401(client: Any) -> None:
    response = client.get("/api/v1/matches/", HTTP_AUTHORIZATION="Token nope")
    assert_error(response, 401, "not_authenticated")


def test_a_scorer_added_by_the_creator_records_deals(api: Any, make_client: Any) -> None:
    match = start_match(api)
    helper = UserFactory.create()
    assert api.post(f"/api/v1/matches/{match['id']}/scorers/", {"user": helper.pk}, format="json").status_code == 201
    assert post_deal(make_client(helper), match["id"], seep_deal()).status_code == 201
    assert api.get(f"/api/v1/matches/{match['id']}/scorers/").json() == [{"user": helper.pk}]


def test_only_the_creator_chooses_scorers(api: Any, make_client: Any) -> None:
    match = start_match(api)
    helper = UserFactory.create()
    api.post(f"/api/v1/matches/{match['id']}/scorers/", {"user": helper.pk}, format="json")
    response = make_client(helper).post(f"/api/v1/matches/{match['id']}/scorers/", {"user": helper.pk}, format="json")
    assert_error(response, 403, "permission_denied")


def league_match(api: Any, club: Any) -> dict[str, Any]:
    league = api.post("/api/v1/leagues/", {"club": club.pk, "name": "Winter", "game": "seep"}, format="json")
    assert league.status_code == 201, league.json()
    return start_match(api, league=league.json()["id"])


def test_in_a_league_members_read_scorers_write_and_outsiders_see_nothing(make_client: Any) -> None:
    club = ClubFactory.create()
    admin = MembershipFactory.create(club=club, role=Membership.Role.ADMIN).user
    scorer = MembershipFactory.create(club=club, role=Membership.Role.SCORER).user
    member = MembershipFactory.create(club=club, role=Membership.Role.MEMBER).user
    match = league_match(make_client(admin), club)
    assert make_client(member).get(f"/api/v1/matches/{match['id']}/").status_code == 200
    assert_error(post_deal(make_client(member), match["id"], seep_deal()), 403, "permission_denied")
    assert post_deal(make_client(scorer), match["id"], seep_deal()).status_code == 201
    assert_error(make_client().get(f"/api/v1/matches/{match['id']}/"), 404, "not_found")


def test_a_league_match_pins_the_league_house_rules(make_client: Any) -> None:
    club = ClubFactory.create()
    admin = make_client(MembershipFactory.create(club=club, role=Membership.Role.ADMIN).user)
    league = admin.post(
        "/api/v1/leagues/",
        {"club": club.pk, "name": "Long", "game": "seep", "settings": {"baazi_lead": 200}},
        format="json",
    ).json()
    match = start_match(admin, league=league["id"])
    assert match["settings"]["baazi_lead"] == 200 and match["league"] == league["id"]
    clash = admin.post(
        "/api/v1/matches/",
        {
            "game": "seep",
            "players": [{"name": str(n)} for n in range(4)],
            "league": league["id"],
            "settings": {"baazi_lead": 100},
        },
        format="json",
    )
    assert_error(clash, 400, "invalid", "settings.baazi_lead")


def test_a_league_with_bad_house_rules_is_refused(make_client: Any) -> None:
    club = ClubFactory.create()
    admin = make_client(MembershipFactory.create(club=club, role=Membership.Role.ADMIN).user)
    response = admin.post(
        "/api/v1/leagues/",
        {"club": club.pk, "name": "X", "game": "seep", "settings": {"baazi_lead": -5}},
        format="json",
    )
    assert_error(response, 400, "invalid", "settings.baazi_lead")


def test_a_club_creator_is_its_admin_and_manages_members(api: Any, user: Any) -> None:
    club = api.post("/api/v1/clubs/", {"name": "Thursday Seep"}, format="json").json()
    other = UserFactory.create()
    added = api.post(f"/api/v1/clubs/{club['id']}/members/", {"user": other.pk, "role": "scorer"}, format="json")
    assert added.status_code == 201
    members = api.get(f"/api/v1/clubs/{club['id']}/members/").json()
    assert members == [{"user": user.pk, "role": "admin"}, {"user": other.pk, "role": "scorer"}]
    assert api.delete(f"/api/v1/clubs/{club['id']}/members/{other.pk}/").status_code == 204


def test_a_member_cannot_manage_members(make_client: Any) -> None:
    club = ClubFactory.create()
    member = MembershipFactory.create(club=club).user
    response = make_client(member).post(
        f"/api/v1/clubs/{club.pk}/members/", {"user": member.pk, "role": "admin"}, format="json"
    )
    assert_error(response, 403, "permission_denied")


def test_naming_another_clubs_league_or_club_reads_as_no_such_id(make_client: Any) -> None:
    club = ClubFactory.create()
    admin = MembershipFactory.create(club=club, role=Membership.Role.ADMIN).user
    league = (
        make_client(admin)
        .post("/api/v1/leagues/", {"club": club.pk, "name": "Winter", "game": "seep"}, format="json")
        .json()
    )
    outsider = make_client()
    players = [{"name": f"P{n}"} for n in range(4)]
    response = outsider.post(
        "/api/v1/matches/", {"game": "seep", "players": players, "league": league["id"]}, format="json"
    )
    assert_error(response, 400, "invalid", "league")
    assert response.json()["detail"] == f"There is no league {league['id']} in your clubs."
    response = outsider.post("/api/v1/leagues/", {"club": club.pk, "name": "Mine", "game": "seep"}, format="json")
    assert_error(response, 400, "invalid", "club")
    assert response.json()["detail"] == f"You belong to no club {club.pk}."
    assert (Match.objects.count(), League.objects.count()) == (0, 1)


def test_a_match_a_service_hides_answers_the_same_404_body_as_a_missing_address(api: Any, make_client: Any) -> None:
    match = start_match(api)
    outsider = make_client()
    hidden_by_the_service = post_deal(outsider, match["id"], seep_deal())  # deal_record raises NotFound
    assert hidden_by_the_service.status_code == 404
    assert hidden_by_the_service.json() == {
        "code": "not_found",
        "detail": "Not found.",
        "field": None,
        "extra": {},
        "errors": [{"code": "not_found", "detail": "Not found.", "field": None}],
    }
    assert outsider.get(f"/api/v1/matches/{match['id']}/").json() == hidden_by_the_service.json()
