"""The league desk through the API: standings, the public link, ratings, merges and what each role may do."""

from __future__ import annotations

from typing import Any

import pytest

from games.models import AuditEntry, Membership, Player
from tests.api.helpers import assert_error, post_deal, start_match
from tests.deals import seep_win
from tests.factories import ClubFactory, MembershipFactory

pytestmark = pytest.mark.django_db
FIRST_TO_ONE = {"match_end": {"type": "first_to_baazis", "count": 1}}


@pytest.fixture
def club_people(make_client: Any) -> dict[str, Any]:
    club = ClubFactory.create()
    people = {role: MembershipFactory.create(club=club, role=role).user for role in ("admin", "scorer", "member")}
    return {
        "club": club,
        **{role: make_client(user) for role, user in people.items()},
        "outsider": make_client(),
        "users": people,
    }


def make_league(admin: Any, club: Any, **fields: Any) -> dict[str, Any]:
    body = {"club": club.pk, "name": "Winter", "game": "seep", "settings": FIRST_TO_ONE, **fields}
    response = admin.post("/api/v1/leagues/", body, format="json")
    assert response.status_code == 201, response.json()
    answer: dict[str, Any] = response.json()
    return answer


def play_week(scorer: Any, league: dict[str, Any], winner: str) -> dict[str, Any]:
    match = start_match(scorer, league=league["id"])
    assert post_deal(scorer, match["id"], seep_win(winner)).status_code == 201
    return match


def test_standings_answer_rows_with_rank_entrant_record_points_tiebreak_and_rating(club_people: Any) -> None:
    league = make_league(club_people["admin"], club_people["club"])
    play_week(club_people["scorer"], league, "A")
    body = club_people["member"].get(f"/api/v1/leagues/{league['id']}/standings/").json()
    assert body["league"] == league["id"] and body["game"] == "seep" and body["by"] == "partnership"
    first = body["rows"][0]
    assert {key: first[key] for key in ("rank", "played", "won", "drawn", "lost", "points")} == {
        "rank": 1,
        "played": 1,
        "won": 1,
        "drawn": 0,
        "lost": 0,
        "points": 3,
    }
    assert first["entrant"]["kind"] == "partnership" and first["entrant"]["name"] == "Player 1 & Player 3"
    assert first["tiebreak"] == {"baazi_difference": 1, "running_lead": 0}
    assert set(first["rating"]) == {"mu", "sigma", "ordinal"}
    by_player = club_people["member"].get(f"/api/v1/leagues/{league['id']}/standings/?by=player").json()
    assert len(by_player["rows"]) == 4
    assert_error(club_people["member"].get(f"/api/v1/leagues/{league['id']}/standings/?by=team"), 400, "invalid", "by")


def test_a_correction_by_an_admin_moves_the_standings(club_people: Any) -> None:
    league = make_league(club_people["admin"], club_people["club"])
    match = play_week(club_people["scorer"], league, "A")
    response = club_people["admin"].put(
        f"/api/v1/matches/{match['id']}/deals/1/",
        {**seep_win("B"), "reason": "x"},
        format="json",
        headers={"If-Match": '"1"'},
    )
    assert response.status_code == 200, response.json()
    rows = club_people["member"].get(f"/api/v1/leagues/{league['id']}/standings/").json()["rows"]
    assert rows[0]["entrant"]["name"] == "Player 2 & Player 4"


def test_the_public_standings_link_can_be_switched_on_and_off(club_people: Any, client: Any) -> None:
    league = make_league(club_people["admin"], club_people["club"])
    assert league["public_standings_url"] is None
    on = club_people["admin"].patch(f"/api/v1/leagues/{league['id']}/", {"public_standings": True}, format="json")
    url = on.json()["public_standings_url"]
    assert client.get(url).status_code == 200 and client.get(url).json()["league"] == league["id"]
    club_people["admin"].patch(f"/api/v1/leagues/{league['id']}/", {"public_standings": False}, format="json")
    assert_error(client.get(url), 404, "not_found")


def test_changing_a_leagues_rules_never_rescores_old_matches(club_people: Any) -> None:
    league = make_league(club_people["admin"], club_people["club"])
    match = play_week(club_people["scorer"], league, "A")
    club_people["admin"].patch(f"/api/v1/leagues/{league['id']}/", {"settings": {"baazi_lead": 200}}, format="json")
    old = club_people["member"].get(f"/api/v1/matches/{match['id']}/").json()
    assert old["settings"]["baazi_lead"] == 100 and old["settings"]["match_end"] == FIRST_TO_ONE["match_end"]
    assert start_match(club_people["scorer"], league=league["id"])["settings"]["baazi_lead"] == 200


def test_a_players_ratings_list_each_game_with_history(club_people: Any) -> None:
    league = make_league(club_people["admin"], club_people["club"])
    match = play_week(club_people["scorer"], league, "A")
    winner = match["seats"][0]["player"]["id"]
    body = club_people["scorer"].get(f"/api/v1/players/{winner}/ratings/").json()
    assert body["player"] == winner
    assert [(r["game"], r["matches"], len(r["history"])) for r in body["ratings"]] == [("seep", 1, 1)]
    assert body["ratings"][0]["history"][0]["match"] == match["id"]


def test_merge_and_unmerge_through_the_api_are_audited(api: Any, user: Any) -> None:
    asha = api.post("/api/v1/players/", {"name": "Asha"}, format="json").json()
    guest = api.post("/api/v1/players/", {"name": "Asha (guest)"}, format="json").json()
    assert api.post(f"/api/v1/players/{asha['id']}/merge/", {"player": guest["id"]}, format="json").status_code == 200
    assert Player.objects.get(pk=guest["id"]).merged_into_id == asha["id"]
    assert_error(
        api.post(f"/api/v1/players/{asha['id']}/merge/", {"player": guest["id"]}, format="json"),
        400,
        "invalid",
        "player",
    )
    assert api.post(f"/api/v1/players/{asha['id']}/unmerge/", {"player": guest["id"]}, format="json").status_code == 200
    assert Player.objects.get(pk=guest["id"]).merged_into_id is None
    assert list(AuditEntry.objects.filter(player_id=asha["id"]).values_list("action", flat=True)) == [
        "player.created",
        "player.merged",
        "player.unmerged",
    ]


@pytest.mark.parametrize(
    ("role", "may"),
    [
        ("admin", {"record", "correct", "manage_league", "manage_members", "read"}),
        ("scorer", {"record", "read"}),
        ("member", {"read"}),
        ("outsider", set()),
    ],
)
def test_each_club_role_can_do_exactly_what_it_should(club_people: Any, role: str, may: set[str]) -> None:
    may_record, may_correct, may_read = "record" in may, "correct" in may, "read" in may
    may_manage_league, may_manage_members = "manage_league" in may, "manage_members" in may
    league = make_league(club_people["admin"], club_people["club"], settings={})
    match = start_match(club_people["admin"], league=league["id"])
    post_deal(club_people["admin"], match["id"], seep_win("A"))
    client, hidden = club_people[role], 404 if not may_read else 403
    assert client.get(f"/api/v1/matches/{match['id']}/").status_code == (200 if may_read else 404)
    assert client.get(f"/api/v1/leagues/{league['id']}/standings/").status_code == (200 if may_read else 404)
    recorded = post_deal(client, match["id"], seep_win("A", dealer="S2"))
    assert recorded.status_code == (201 if may_record else hidden)
    corrected = client.put(
        f"/api/v1/matches/{match['id']}/deals/1/",
        {**seep_win("B"), "reason": "r"},
        format="json",
        headers={"If-Match": f'"{1 + int(may_record)}"'},
    )
    assert corrected.status_code == (200 if may_correct else hidden)
    renamed = client.patch(f"/api/v1/leagues/{league['id']}/", {"name": "Spring"}, format="json")
    assert renamed.status_code == (200 if may_manage_league else hidden)
    added = client.post(
        f"/api/v1/clubs/{club_people['club'].pk}/members/",
        {"user": club_people["users"]["member"].pk, "role": "scorer"},
        format="json",
    )
    assert added.status_code == (201 if may_manage_members else hidden)
    expected_role = "scorer" if may_manage_members else "member"
    assert Membership.objects.get(user=club_people["users"]["member"]).role == expected_role


def test_a_guest_who_becomes_a_member_keeps_the_history(club_people: Any) -> None:
    league = make_league(club_people["admin"], club_people["club"])
    match = play_week(club_people["scorer"], league, "A")
    guest = match["seats"][0]["player"]["id"]
    newcomer = club_people["users"]["member"]
    linked = club_people["admin"].patch(
        f"/api/v1/players/{guest}/", {"club": club_people["club"].pk, "user": newcomer.pk}, format="json"
    )
    assert linked.status_code == 200, linked.json()
    assert club_people["member"].get(f"/api/v1/players/{guest}/ratings/").json()["ratings"][0]["matches"] == 1


def test_nobody_links_someone_elses_account_to_a_player(club_people: Any, api: Any) -> None:
    player = api.post("/api/v1/players/", {"name": "Imposter"}, format="json").json()
    victim = club_people["users"]["admin"]
    assert_error(
        api.patch(f"/api/v1/players/{player['id']}/", {"user": victim.pk}, format="json"), 403, "permission_denied"
    )
