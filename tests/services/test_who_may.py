"""The club, league and scorer services decide who may change them, whoever calls them (the API's views no longer
ask first), and read the request only once the caller may (issue 30)."""

from __future__ import annotations

from typing import Any

import pytest

from games.errors import InvalidInput, NotFound, NotPermitted
from games.models import AuditEntry, League, Match, Membership
from games.services.clubs import league_save, membership_remove, membership_set
from games.services.matches import match_scorer_add, match_scorer_remove, match_start
from tests.factories import ClubFactory, MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db


def club_with_admin_and_member() -> tuple[Any, Any, Any]:
    club = ClubFactory.create()
    admin = MembershipFactory.create(club=club, role=Membership.Role.ADMIN).user
    member = MembershipFactory.create(club=club, role=Membership.Role.MEMBER).user
    return club, admin, member


def never_read() -> Any:
    raise AssertionError("the request was read before the who-may answer")


def test_only_an_admin_sets_a_membership_and_the_request_is_read_after_the_answer() -> None:
    club, admin, member = club_with_admin_and_member()
    newcomer = UserFactory.create()
    with pytest.raises(NotPermitted):
        membership_set(actor=member, club=club, member=never_read)
    set_by_admin = membership_set(actor=admin, club=club, member=lambda: {"user": newcomer, "role": "scorer"})
    assert (set_by_admin.user_id, set_by_admin.role) == (newcomer.pk, "scorer")


def test_a_member_cannot_remove_one_nor_learn_which_accounts_exist() -> None:
    club, admin, member = club_with_admin_and_member()
    with pytest.raises(NotPermitted):
        membership_remove(actor=member, club=club, user_id=admin.pk)
    with pytest.raises(NotPermitted):
        membership_remove(actor=member, club=club, user_id=10**9)  # no such account: still 403, not 404
    assert Membership.objects.filter(club=club).count() == 2


def test_only_an_admin_creates_or_changes_a_league_and_its_club_and_game_stay() -> None:
    club, admin, member = club_with_admin_and_member()
    changes = {"club": club, "name": "Winter", "game": "seep", "settings": {}}
    with pytest.raises(NotPermitted):
        league_save(actor=member, league=League(), changes=changes)
    league = league_save(actor=admin, league=League(), changes=changes)
    with pytest.raises(NotPermitted):
        league_save(actor=member, league=league, changes={"name": "Spring"})
    with pytest.raises(InvalidInput) as refused:
        league_save(actor=admin, league=league, changes={"game": "fifty_six"})
    assert refused.value.field == "game"
    league.refresh_from_db()
    assert (league.name, league.game) == ("Winter", "seep")
    assert AuditEntry.objects.filter(league=league).count() == 1


def test_a_plain_member_cannot_start_a_league_match() -> None:
    club, _admin, member = club_with_admin_and_member()
    league = League.objects.create(club=club, name="Sunday", game="seep")
    with pytest.raises(NotPermitted):
        match_start(actor=member, game="seep", players=[{"name": f"P{n}"} for n in range(4)], league=league)
    assert not Match.objects.exists()


def test_only_the_creator_chooses_scorers() -> None:
    creator, other = UserFactory.create(), UserFactory.create()
    match = match_start(actor=creator, game="seep", players=[{"name": f"P{n}"} for n in range(4)])
    with pytest.raises(NotPermitted):
        match_scorer_add(actor=other, match=match, scorer=never_read)
    with pytest.raises(InvalidInput):
        match_scorer_add(actor=creator, match=match, scorer=lambda: None)
    assert match_scorer_add(actor=creator, match=match, scorer=lambda: other) == other
    with pytest.raises(NotPermitted):
        match_scorer_remove(actor=other, match=match, user_id=other.pk)
    with pytest.raises(NotFound):
        match_scorer_remove(actor=creator, match=match, user_id=creator.pk)  # not a scorer
    match_scorer_remove(actor=creator, match=match, user_id=str(other.pk))
    assert list(match.scorers.all()) == []
