"""Reads: what a user may see and write. Views and services ask here instead of writing queries of their own."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Q, QuerySet

from games.models import Deal, Match, Membership, Player

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


def match_deals(match: Match) -> QuerySet[Deal]:
    return match.deals.order_by("number")
