"""Player services refuse what cannot be done with ``InvalidInput`` (a request that names something unusable, not a
rule of a game) and what the caller may not do with ``NotPermitted``, before anything changes."""

from __future__ import annotations

import pytest

from games.errors import InvalidInput, NotPermitted
from games.models import AuditEntry, Membership
from games.rules.errors import RuleViolation
from games.services.players import player_create, player_merge, player_update
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_merging_a_player_into_itself_is_invalid_input_not_a_rule_of_a_game() -> None:
    owner = UserFactory.create()
    player = PlayerFactory.create(created_by=owner, club=None)
    with pytest.raises(InvalidInput) as refusal:
        player_merge(actor=owner, player=player, duplicate=player)
    assert not isinstance(refusal.value, RuleViolation)
    assert (refusal.value.code, refusal.value.status_code, refusal.value.field) == ("invalid", 400, "player")
    assert refusal.value.detail == "A player cannot be merged into itself."


def test_a_plain_member_of_the_club_cannot_add_its_players() -> None:
    club = ClubFactory.create()
    member = MembershipFactory.create(club=club, role=Membership.Role.MEMBER).user
    with pytest.raises(NotPermitted) as refusal:
        player_create(actor=member, name="Ravi", club=club)
    assert refusal.value.detail == "Only the club's admins and scorers can do this."
    assert not AuditEntry.objects.filter(action="player.created").exists()


def test_only_its_owner_links_an_account_to_a_player_outside_a_club() -> None:
    owner, stranger = UserFactory.create(), UserFactory.create()
    player = PlayerFactory.create(created_by=owner, club=None)
    with pytest.raises(NotPermitted) as refusal:
        player_update(actor=owner, player=player, changes={"user": stranger})
    assert refusal.value.detail == "Link your own account, or as a club admin the account of one of its members."
    player.refresh_from_db()
    assert player.user_id is None
