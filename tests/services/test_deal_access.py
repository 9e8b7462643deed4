"""The deal services decide who may record and correct, on the row they lock, whoever calls them."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from games.errors import NotFound, NotPermitted
from games.models import AuditEntry, Deal, League, Match, Membership
from games.services.deals import deal_correct, deal_record, deal_void
from games.services.matches import match_scorer_add, match_start
from tests.deals import seep_deal
from tests.factories import ClubFactory, MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db


def seep_players() -> list[dict[str, str]]:
    return [{"name": f"P{n}"} for n in range(4)]


def unchanged(match: Match) -> tuple[Any, ...]:
    match.refresh_from_db()
    return (match.version, Deal.objects.filter(match=match).count(), AuditEntry.objects.filter(match=match).count())


def test_an_outsider_cannot_tell_the_match_exists() -> None:
    creator, outsider = UserFactory.create(), UserFactory.create()
    match = match_start(actor=creator, game="seep", players=seep_players())
    before = unchanged(match)
    with pytest.raises(NotFound):
        deal_record(match_id=match.pk, actor=outsider, payload=seep_deal(), client_deal_id=uuid.uuid4())
    assert unchanged(match) == before


def league_match_with(role: str) -> tuple[Any, Any, Match]:
    """A league match started by a club admin, and a club member with ``role``."""
    admin = UserFactory.create()
    club = ClubFactory.create()
    MembershipFactory.create(club=club, user=admin, role=Membership.Role.ADMIN)
    member = MembershipFactory.create(club=club, role=role).user
    league = League.objects.create(club=club, name="Sunday", game="seep")
    return admin, member, match_start(actor=admin, game="seep", players=seep_players(), league=league)


def test_a_league_member_may_read_but_not_record() -> None:
    _admin, member, match = league_match_with(Membership.Role.MEMBER)
    before = unchanged(match)
    with pytest.raises(NotPermitted) as refused:
        deal_record(match_id=match.pk, actor=member, payload=seep_deal())
    assert (refused.value.status_code, refused.value.code) == (403, "permission_denied")
    assert "add you as a scorer" in refused.value.detail
    assert unchanged(match) == before


def test_a_scorer_records_but_only_club_admins_correct_in_a_league() -> None:
    admin, scorer, match = league_match_with(Membership.Role.SCORER)
    deal_record(match_id=match.pk, actor=scorer, payload=seep_deal())
    before = unchanged(match)
    with pytest.raises(NotPermitted) as refused:
        deal_correct(
            match_id=match.pk,
            number=1,
            actor=scorer,
            payload=seep_deal(points_a=60),
            reason="miscounted",
            expected_version=match.version,
        )
    assert "club's admins" in refused.value.detail
    with pytest.raises(NotPermitted):
        deal_void(match_id=match.pk, number=1, actor=scorer, reason="dealt twice")
    assert unchanged(match) == before
    corrected = deal_correct(
        match_id=match.pk,
        number=1,
        actor=admin,
        payload=seep_deal(points_a=60),
        reason="miscounted",
        expected_version=match.version,
    )
    assert corrected.deal.result["deal_margin"] == {"team": "A", "points": 20}


def test_outside_a_league_the_creators_scorer_records_and_corrects() -> None:
    creator, scorer = UserFactory.create(), UserFactory.create()
    match = match_start(actor=creator, game="seep", players=seep_players())
    match_scorer_add(actor=creator, match=match, scorer=lambda: scorer)
    recorded = deal_record(match_id=match.pk, actor=scorer, payload=seep_deal())
    voided = deal_void(
        match_id=match.pk, number=1, actor=scorer, reason="dealt twice", expected_version=recorded.match.version
    )
    assert (recorded.deal.number, voided.deal.status, voided.match.deals_count) == (1, Deal.Status.VOIDED, 0)
