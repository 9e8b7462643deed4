"""Clubs, memberships, players and leagues: each change is audited in the same transaction."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import transaction

from games.errors import InvalidInput
from games.events import announce_member_removed
from games.models import Club, League, Membership
from games.rules.errors import RuleViolation
from games.rules.messages import msg
from games.rules.registry import get_engine
from games.selectors.access import require_club_admin
from games.services.audit import audit_record


@transaction.atomic
def club_create(*, actor: User, name: str) -> Club:
    club = Club.objects.create(name=name)
    Membership.objects.create(club=club, user=actor, role=Membership.Role.ADMIN)
    audit_record(actor=actor, action="club.created", club=club, after={"name": name, "admin": actor.pk})
    return club


@transaction.atomic
def club_update(*, actor: User, club: Club, changes: Mapping[str, Any]) -> Club:
    """Rename a club (its admins only), with the audit entry every other change has."""
    require_club_admin(actor, club)
    club = Club.objects.select_for_update().get(pk=club.pk)
    before = _club_fields(club)
    for name, value in changes.items():
        setattr(club, name, value)
    club.save()
    audit_record(actor=actor, action="club.updated", club=club, before=before, after=_club_fields(club))
    return club


def _club_fields(club: Club) -> dict[str, Any]:
    return {"name": club.name}


@transaction.atomic
def membership_set(*, actor: User, club: Club, member: Callable[[], Mapping[str, Any]]) -> Membership:
    """Add a member or change a member's role (the club's admins only). ``member`` reads the request's ``user`` and
    ``role`` once the actor may: read before, its refusals would tell anyone which accounts exist."""
    require_club_admin(actor, club)
    wanted = member()
    user, role = wanted["user"], wanted["role"]
    membership, created = Membership.objects.select_for_update().get_or_create(
        club=club, user=user, defaults={"role": role}
    )
    before = None if created else {"user": user.pk, "role": membership.role}
    if not created and membership.role != role:
        membership.role = role
        membership.save(update_fields=["role"])
    audit_record(actor=actor, action="membership.set", club=club, before=before, after={"user": user.pk, "role": role})
    return membership


@transaction.atomic
def membership_remove(*, actor: User, club: Club, user_id: int | str) -> None:
    """Remove a member (the club's admins only; 404 for an account or a member there is not, asked after the admin
    check so that it tells nobody else which accounts exist)."""
    require_club_admin(actor, club)
    user_id = int(user_id)
    get_user_model().objects.get(pk=user_id)
    membership = Membership.objects.select_for_update().get(club=club, user_id=user_id)
    audit_record(actor=actor, action="membership.removed", club=club, before={"user": user_id, "role": membership.role})
    membership.delete()
    announce_member_removed(club.pk, user_id)  # their open live streams on the club's matches end now


def league_settings_check(game: str, settings: Mapping[str, Any]) -> None:
    """League rules must be valid for at least one table size the game seats."""
    engine = get_engine(game)
    first_violation: RuleViolation | None = None
    for player_count in engine.player_counts:
        try:
            engine.rules_from_settings(settings, player_count)
        except RuleViolation as violation:
            first_violation = first_violation or (violation if violation.field != "players" else None)
        else:
            return
    if first_violation is not None:
        raise first_violation


@transaction.atomic
def league_save(*, actor: User, league: League, changes: Mapping[str, Any]) -> League:
    """Create or change a league. Changed house rules apply to matches started afterwards only (each match pinned
    its own copy). ``public_standings`` switches the public standings link on (a new token) or off. The club's
    admins only; a league's club and game never change once it exists."""
    creating = league.pk is None
    require_club_admin(actor, changes["club"] if creating else league.club)
    if not creating:
        _immutable_check(league, changes)
    before = None if creating else _league_fields(league)
    changes = dict(changes)
    public = changes.pop("public_standings", None)
    if public is not None and public != (league.public_token is not None):
        league.public_token = uuid.uuid4() if public else None
    for name, value in changes.items():
        setattr(league, name, value)
    league_settings_check(league.game, league.settings)
    league.save()
    audit_record(
        actor=actor,
        action="league.created" if creating else "league.updated",
        league=league,
        club=league.club,
        before=before,
        after=_league_fields(league),
    )
    return league


def _immutable_check(league: League, changes: Mapping[str, Any]) -> None:
    for fixed in ("club", "game"):
        if fixed in changes and changes[fixed] != getattr(league, fixed):
            raise InvalidInput(msg("A league's {field} cannot change once it exists.", field=fixed), fixed)


def _league_fields(league: League) -> dict[str, Any]:
    return {
        "name": league.name,
        "game": league.game,
        "settings": league.settings,
        "points": [league.points_for_win, league.points_for_draw, league.points_for_loss],
        "tiebreaks": league.tiebreaks,
        "rating_pool": league.rating_pool,
        "public": league.public_token is not None,
        "starts_on": league.starts_on.isoformat() if league.starts_on else None,
        "ends_on": league.ends_on.isoformat() if league.ends_on else None,
    }
