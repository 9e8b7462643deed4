"""In a league match and for a club's players the club's membership decides, always: a scorer removed from the club
keeps no write access through the matches and players it made, and cannot hand access to an outsider."""

from __future__ import annotations

from typing import Any

import pytest

from games.models import AuditEntry, Deal, Match, Membership, Player
from tests.api.helpers import assert_error, post_deal, start_match
from tests.deals import seep_deal
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def club_world(make_client: Any) -> dict[str, Any]:
    """A club with an admin and a scorer; the scorer started a league match (one deal), added a player of the club
    and is then removed from the club. An outsider is a member of another club."""
    club = ClubFactory.create()
    admin = make_client(MembershipFactory.create(club=club, role=Membership.Role.ADMIN).user)
    scorer_user = MembershipFactory.create(club=club, role=Membership.Role.SCORER).user
    scorer = make_client(scorer_user)
    league = admin.post("/api/v1/leagues/", {"club": club.pk, "name": "Winter", "game": "seep"}, format="json")
    match = start_match(scorer, league=league.json()["id"])
    admin_match = start_match(admin, league=league.json()["id"])
    assert post_deal(scorer, match["id"], seep_deal("S1")).status_code == 201
    player = scorer.post("/api/v1/players/", {"name": "Asha", "club": club.pk}, format="json").json()
    outsider_user = MembershipFactory.create(role=Membership.Role.ADMIN).user
    assert admin.delete(f"/api/v1/clubs/{club.pk}/members/{scorer_user.pk}/").status_code == 204
    return {
        "club": club,
        "admin": admin,
        "ex_member": scorer,
        "match": match["id"],
        "admin_match": admin_match["id"],
        "player": player["id"],
        "outsider_user": outsider_user,
        "outsider": make_client(outsider_user),
    }


def test_a_removed_scorer_no_longer_records_deals_in_the_league_match_it_started(club_world: Any) -> None:
    match = club_world["match"]
    assert_error(post_deal(club_world["ex_member"], match, seep_deal("S2")), 404, "not_found")
    assert Deal.objects.filter(match_id=match).count() == 1
    assert_error(club_world["ex_member"].get(f"/api/v1/matches/{match}/"), 404, "not_found")


def test_a_removed_scorer_cannot_add_an_outsider_as_scorer(club_world: Any) -> None:
    match = club_world["match"]
    response = club_world["ex_member"].post(
        f"/api/v1/matches/{match}/scorers/", {"user": club_world["outsider_user"].pk}, format="json"
    )
    assert_error(response, 404, "not_found")
    assert list(Match.objects.get(pk=match).scorers.all()) == []


def test_an_outsider_added_as_scorer_before_the_rule_neither_writes_nor_reads(club_world: Any) -> None:
    """A scorer row left from before (or any other way) grants nothing to someone outside the club."""
    match = club_world["match"]
    Match.objects.get(pk=match).scorers.add(club_world["outsider_user"])
    outsider = club_world["outsider"]
    assert_error(post_deal(outsider, match, seep_deal("S2")), 404, "not_found")
    assert_error(outsider.get(f"/api/v1/matches/{match}/audit/"), 404, "not_found")
    export = outsider.post("/api/v1/exports/", {"scope": "match", "id": match, "format": "csv"}, format="json")
    assert_error(export, 404, "not_found")
    assert Deal.objects.filter(match_id=match).count() == 1


def test_a_league_match_takes_only_club_members_as_scorers(club_world: Any) -> None:
    match = club_world["admin_match"]
    response = club_world["admin"].post(
        f"/api/v1/matches/{match}/scorers/", {"user": club_world["outsider_user"].pk}, format="json"
    )
    body = assert_error(response, 400, "invalid", "user")
    assert body["detail"] == "There is no such user that can score this match."
    assert list(Match.objects.get(pk=match).scorers.all()) == []


def test_a_club_member_can_be_added_as_scorer_of_a_league_match(club_world: Any) -> None:
    member = MembershipFactory.create(club=club_world["club"], role=Membership.Role.MEMBER).user
    match = club_world["admin_match"]
    response = club_world["admin"].post(f"/api/v1/matches/{match}/scorers/", {"user": member.pk}, format="json")
    assert response.status_code == 201, response.json()
    assert list(Match.objects.get(pk=match).scorers.values_list("pk", flat=True)) == [member.pk]


def test_a_removed_scorer_can_neither_rename_a_club_player_nor_take_it_out_of_the_club(club_world: Any) -> None:
    player = club_world["player"]
    ex_member = club_world["ex_member"]
    assert_error(ex_member.patch(f"/api/v1/players/{player}/", {"name": "Renamed"}, format="json"), 404, "not_found")
    assert_error(ex_member.patch(f"/api/v1/players/{player}/", {"club": None}, format="json"), 404, "not_found")
    row = Player.objects.get(pk=player)
    assert (row.name, row.club_id) == ("Asha", club_world["club"].pk)
    assert not AuditEntry.objects.filter(action="player.updated").exists()


def test_a_club_member_who_made_a_club_player_but_is_no_writer_cannot_change_it(
    club_world: Any, make_client: Any
) -> None:
    """The creator of a club player keeps its rights only while a writer of the club (here demoted to member)."""
    demoted_user = MembershipFactory.create(club=club_world["club"], role=Membership.Role.SCORER).user
    demoted = make_client(demoted_user)
    player = demoted.post("/api/v1/players/", {"name": "Ravi", "club": club_world["club"].pk}, format="json")
    Membership.objects.filter(user=demoted_user).update(role=Membership.Role.MEMBER)
    response = demoted.patch(f"/api/v1/players/{player.json()['id']}/", {"club": None}, format="json")
    assert_error(response, 403, "permission_denied")
    assert Player.objects.get(pk=player.json()["id"]).club_id == club_world["club"].pk


def test_the_admin_still_renames_a_club_player(club_world: Any) -> None:
    player = club_world["player"]
    response = club_world["admin"].patch(f"/api/v1/players/{player}/", {"name": "Asha K."}, format="json")
    assert response.status_code == 200, response.json()
    assert Player.objects.get(pk=player).name == "Asha K."


def test_a_friendly_match_is_still_written_by_its_creator_and_scorers(make_client: Any) -> None:
    creator = make_client()
    helper = UserFactory.create()
    match = start_match(creator)["id"]
    assert creator.post(f"/api/v1/matches/{match}/scorers/", {"user": helper.pk}, format="json").status_code == 201
    assert post_deal(make_client(helper), match, seep_deal("S1")).status_code == 201


def test_naming_another_clubs_id_for_a_player_reads_as_no_such_club(make_client: Any) -> None:
    """An outsider must not tell an existing club (before: 403) from a missing one (400)."""
    other_club = ClubFactory.create()
    outsider = make_client()
    answers = [
        outsider.post("/api/v1/players/", {"name": "Meena", "club": club}, format="json")
        for club in (other_club.pk, 9999)
    ]
    bodies = [assert_error(answer, 400, "invalid", "club") for answer in answers]
    assert [body["detail"] for body in bodies] == [
        f"You belong to no club {other_club.pk}.",
        "You belong to no club 9999.",
    ]
    assert not Player.objects.exists()


def test_a_user_who_may_not_score_reads_like_one_who_does_not_exist(club_world: Any) -> None:
    match = club_world["admin_match"]
    answers = [
        club_world["admin"].post(f"/api/v1/matches/{match}/scorers/", {"user": user}, format="json")
        for user in (club_world["outsider_user"].pk, 99999999)
    ]
    bodies = [assert_error(answer, 400, "invalid", "user") for answer in answers]
    assert bodies[0] == bodies[1]


@pytest.mark.parametrize("user_id", ["99999999", "99999999999999999999999"])
def test_removing_a_scorer_the_match_does_not_have_answers_404_and_writes_nothing(api: Any, user_id: str) -> None:
    match = start_match(api)["id"]
    audit_before = AuditEntry.objects.count()
    assert_error(api.delete(f"/api/v1/matches/{match}/scorers/{user_id}/"), 404, "not_found")
    assert AuditEntry.objects.count() == audit_before


def test_removing_a_scorer_takes_it_off_and_audits_it(api: Any) -> None:
    match = start_match(api)["id"]
    helper = UserFactory.create()
    api.post(f"/api/v1/matches/{match}/scorers/", {"user": helper.pk}, format="json")
    assert api.delete(f"/api/v1/matches/{match}/scorers/{helper.pk}/").status_code == 204
    assert list(Match.objects.get(pk=match).scorers.all()) == []
    entry = AuditEntry.objects.filter(action="match.scorer_removed").get()
    assert entry.before == {"user": helper.pk}


def test_a_removed_scorer_no_longer_sees_the_disputes_of_the_league_match_it_started(
    club_world: Any, make_client: Any
) -> None:
    """The open disputes list shows reasons and names: for a league match only to the club's admins."""
    opponent = UserFactory.create()
    MembershipFactory.create(club=club_world["club"], user=opponent, role=Membership.Role.MEMBER)
    match = Match.objects.get(pk=club_world["match"])
    bala = PlayerFactory.create(name="Bala", user=opponent, club=club_world["club"])
    match.seats.filter(seat="S2").update(player=bala)
    disputed = make_client(opponent).post(
        f"/api/v1/matches/{match.pk}/deals/1/dispute/", {"reason": "10D"}, format="json"
    )
    assert disputed.status_code == 201, disputed.json()
    assert [d["match"] for d in club_world["admin"].get("/api/v1/disputes/").json()] == [match.pk]
    assert club_world["ex_member"].get("/api/v1/disputes/").json() == []
