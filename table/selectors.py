"""Reads of the live table: a match's board (match, deals, the opponents' answers) and the open disputes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import F, Q, QuerySet

from games.models import Deal, Match, Membership
from games.selectors import club_ids_of, match_deals
from table.models import DealConfirmation, MatchShareLink


@dataclass(frozen=True)
class Board:
    match: Match
    deals: list[Deal]
    answers: list[DealConfirmation]


def board_for(match: Match) -> Board:
    answers = DealConfirmation.objects.filter(deal__match=match).select_related("deal", "player")
    return Board(match, list(match_deals(match)), list(answers.order_by("deal__number", "created_at", "id")))


def board_etag(match: Match) -> str:
    """Changes with the match version and with every answer (an answer does not move the version). One count, so a
    poll that changed nothing is answered without reading the deals."""
    return f'"{match.version}.{DealConfirmation.objects.filter(deal__match=match).count()}"'


def match_for_share_token(token: str) -> Match | None:
    link = MatchShareLink.objects.select_related("match").filter(token=token).first()
    return link.match if link else None


def open_disputes(answers: QuerySet[DealConfirmation]) -> QuerySet[DealConfirmation]:
    """Disputes of a deal still at the revision disputed: no correction or void has answered them yet."""
    return answers.filter(verdict=DealConfirmation.Verdict.DISPUTED, deal_revision=F("deal__revision")).exclude(
        deal__status=Deal.Status.VOIDED
    )


def disputes_for_admin(user: AbstractBaseUser) -> QuerySet[DealConfirmation]:
    """Open disputes in the matches of the leagues of clubs the user administers, and in friendly matches the user
    started (in a league the club's membership decides, not who started the match)."""
    admin_clubs = club_ids_of(user, roles=(Membership.Role.ADMIN,))
    matches = Match.objects.filter(Q(league__club_id__in=admin_clubs) | Q(league__isnull=True, created_by_id=user.pk))
    answers = DealConfirmation.objects.filter(deal__match__in=matches).select_related("deal__match", "player")
    return open_disputes(answers).order_by("-created_at", "-id")


def seats_of(user: Any, match: Match) -> list[str]:
    if not user.is_authenticated:
        return []
    return list(match.seats.filter(player__user_id=user.pk).values_list("seat", flat=True))
