"""Reads: what a user may see and write. Views and services ask here instead of writing queries of their own."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import JSONField, OuterRef, Q, QuerySet, Subquery, Value
from django.db.models.functions import Coalesce

from games.models import Deal, Match, Membership, Player
from games.rules.engine import GameEngine
from games.rules.registry import get_engine

WRITING_ROLES = (Membership.Role.ADMIN, Membership.Role.SCORER)


def club_ids_of(user: AbstractBaseUser, roles: tuple[str, ...] | None = None) -> QuerySet[Membership]:
    memberships = Membership.objects.filter(user_id=user.pk)
    if roles is not None:
        memberships = memberships.filter(role__in=roles)
    return memberships.values("club_id")


def matches_visible_to(user: AbstractBaseUser) -> QuerySet[Match]:
    """The creator, the match's scorers, seated players with an account, and members of the league's club."""
    if not user.is_authenticated:
        return Match.objects.none()
    seated = Match.objects.filter(seats__player__user_id=user.pk).values("pk")
    scored = Match.objects.filter(scorers__id=user.pk).values("pk")
    return Match.objects.filter(
        Q(created_by_id=user.pk) | Q(pk__in=scored) | Q(pk__in=seated) | Q(league__club_id__in=club_ids_of(user))
    )


def match_readable_by(user: AbstractBaseUser, match: Match) -> bool:
    """The same rule as ``matches_visible_to`` for one match, asked of that match's rows only (the list query's
    subqueries would scan every seat of the user's matches)."""
    if not user.is_authenticated:
        return False
    if match.created_by_id == user.pk:
        return True
    if match.scorers.filter(pk=user.pk).exists() or match.seats.filter(player__user_id=user.pk).exists():
        return True
    return match.league_id is not None and Membership.objects.filter(
        club_id=match.league.club_id, user_id=user.pk).exists()


def match_writable_by(user: AbstractBaseUser, match: Match) -> bool:
    """Deals are recorded and corrected by the creator, the scorers the creator adds, and, in a league,
    the club's admins and scorers."""
    if not user.is_authenticated:
        return False
    if match.created_by_id == user.pk or match.scorers.filter(pk=user.pk).exists():
        return True
    return match.league_id is not None and Membership.objects.filter(
        club_id=match.league.club_id, user_id=user.pk, role__in=WRITING_ROLES
    ).exists()


def match_correctable_by(user: AbstractBaseUser, match: Match) -> bool:
    """Corrections and voids: in a league only the club's admins (a result there moves the standings); outside a
    league whoever may record deals."""
    if match.league_id is None:
        return match_writable_by(user, match)
    return Membership.objects.filter(club_id=match.league.club_id, user_id=user.pk,
                                     role=Membership.Role.ADMIN).exists()


def players_visible_to(user: AbstractBaseUser) -> QuerySet[Player]:
    """Players the user made, players of the user's clubs, and the user's own player records."""
    if not user.is_authenticated:
        return Player.objects.none()
    return Player.objects.filter(Q(created_by_id=user.pk) | Q(user_id=user.pk) | Q(club_id__in=club_ids_of(user)))


def initial_state_json(match: Match, engine: GameEngine | None = None, rules: Any = None) -> dict[str, Any]:
    """The match state before its first deal, from the pinned settings."""
    if engine is None:
        engine = get_engine(match.game)
    if rules is None:
        rules = engine.rules_from_settings(match.settings, match.player_count)
    return engine.state_json(engine.initial_state(rules))


def state_before_deal(match: Match, number: int, engine: GameEngine | None = None, rules: Any = None
                      ) -> dict[str, Any]:
    """The match state deal ``number`` was played in: ``state_after`` of the deal before it (a voided deal's is the
    state before that one, so this holds for every deal), or the initial state for the first deal. One query."""
    previous = match.deals.filter(number__lt=number).order_by("-number").only("state_after").first()
    return previous.state_after if previous else initial_state_json(match, engine, rules)


def match_deals(match: Match) -> QuerySet[Deal]:
    """The match's deals in order, each annotated with ``state_before`` (see ``state_before_deal``) in the same
    query: a subquery on the previous deal by the (match, number) index, the first deal given the initial state."""
    previous = Deal.objects.filter(match_id=OuterRef("match_id"), number=OuterRef("number") - 1)
    return match.deals.order_by("number").annotate(state_before=Coalesce(
        Subquery(previous.values("state_after")[:1], output_field=JSONField()),
        Value(initial_state_json(match), output_field=JSONField()),
        output_field=JSONField(),
    ))
