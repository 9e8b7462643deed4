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


def club_role_of(user: AbstractBaseUser, club_id: int) -> str | None:
    """The user's current role in the club, or None for anyone who is not (or no longer) a member."""
    if not user.is_authenticated:
        return None
    return Membership.objects.filter(club_id=club_id, user_id=user.pk).values_list("role", flat=True).first()


def _club_of(match: Match) -> int | None:
    """The club whose membership decides who may read and write the match: its league's club, if any."""
    league = match.league  # no query when the match has none
    return league.club_id if league is not None else None


def matches_visible_to(user: AbstractBaseUser) -> QuerySet[Match]:
    """A league match: the members of the league's club, always, and the seated players whose player record is linked
    to their account (a link the club's admins decide; they confirm and dispute deals). Any other match: also its
    creator and its scorers."""
    if not user.is_authenticated:
        return Match.objects.none()
    seated = Match.objects.filter(seats__player__user_id=user.pk).values("pk")
    scored = Match.objects.filter(scorers__id=user.pk).values("pk")
    friendly = Q(league__isnull=True) & (Q(created_by_id=user.pk) | Q(pk__in=scored))
    return Match.objects.filter(friendly | Q(pk__in=seated) | Q(league__club_id__in=club_ids_of(user)))


def match_readable_by(user: AbstractBaseUser, match: Match) -> bool:
    """The same rule as ``matches_visible_to`` for one match, asked of that match's rows only (the list query's
    subqueries would scan every seat of the user's matches)."""
    if not user.is_authenticated:
        return False
    club_id = _club_of(match)
    if club_id is not None and club_role_of(user, club_id) is not None:
        return True
    if club_id is None and (match.created_by_id == user.pk or match.scorers.filter(pk=user.pk).exists()):
        return True
    return match.seats.filter(player__user_id=user.pk).exists()


def match_writable_by(user: AbstractBaseUser, match: Match) -> bool:
    """A league match is written by the club's current admins and scorers only: being its creator or an added
    scorer gives nothing to someone the club removed or demoted. Any other match by its creator and scorers."""
    if not user.is_authenticated:
        return False
    club_id = _club_of(match)
    if club_id is not None:
        return club_role_of(user, club_id) in WRITING_ROLES
    return match.created_by_id == user.pk or match.scorers.filter(pk=user.pk).exists()


def match_correctable_by(user: AbstractBaseUser, match: Match) -> bool:
    """Corrections and voids: in a league only the club's admins (a result there moves the standings); outside a
    league whoever may record deals."""
    club_id = _club_of(match)
    if club_id is None:
        return match_writable_by(user, match)
    return club_role_of(user, club_id) == Membership.Role.ADMIN


def match_scorers_chosen_by(user: AbstractBaseUser, match: Match) -> bool:
    """The creator chooses a match's scorers, while still able to write it."""
    return match.created_by_id == user.pk and match_writable_by(user, match)


def may_score(user: AbstractBaseUser, match: Match) -> bool:
    """Who may be added as a scorer: anyone with an account for a friendly match, a member of the club for a league
    match (an added scorer outside the club would be a way around its membership)."""
    club_id = _club_of(match)
    return club_id is None or club_role_of(user, club_id) is not None


def players_visible_to(user: AbstractBaseUser) -> QuerySet[Player]:
    """A club's players: its members (and the player's own account). A player of no club: whoever added it."""
    if not user.is_authenticated:
        return Player.objects.none()
    return Player.objects.filter(Q(club__isnull=True, created_by_id=user.pk) | Q(user_id=user.pk)
                                 | Q(club_id__in=club_ids_of(user)))


def player_administrable_by(user: AbstractBaseUser, player: Player) -> bool:
    """Renames, club changes and merges: for a club's player its admins, and the person who added it while still a
    writer of the club; for a player of no club the person who added it."""
    if player.club_id is None:
        return player.created_by_id == user.pk
    role = club_role_of(user, player.club_id)
    return role == Membership.Role.ADMIN or (player.created_by_id == user.pk and role in WRITING_ROLES)


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
