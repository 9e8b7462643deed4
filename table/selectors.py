"""Reads of the live table: a match's board (match, deals, the opponents' answers) and the open disputes."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.db.models import Count, F, Max, OuterRef, QuerySet, Subquery
from django.db.models.functions import Coalesce

from games.models import Deal, Match
from games.selectors.access import Viewer, matches_disputes_shown_to, players_visible_to
from games.selectors.matches import match_deals
from table.models import DealConfirmation, MatchShareLink


@dataclass(frozen=True)
class Board:
    match: Match
    deals: list[Deal]
    answers: list[DealConfirmation]
    earlier_before: int | None = None  # ask ``?before=`` this for the deals before the window, if any


def board_for(match: Match, *, window: int, before: int | None = None) -> Board:
    """The board with a window of deals: the latest ``window`` (before deal number ``before`` when given) and the
    answers about them. A long match's board was every deal (1.8 MB for 2,001 deals), sent on every change."""
    deals = match_deals(match)
    if before is not None:
        deals = deals.filter(number__lt=before)
    latest = list(deals.order_by("-number")[:window])[::-1]
    if not latest:
        return Board(match, [], [])
    first, last = latest[0].number, latest[-1].number
    answers = DealConfirmation.objects.filter(deal__match=match, deal__number__gte=first, deal__number__lte=last)
    return Board(
        match,
        latest,
        list(answers.select_related("deal", "player").order_by("deal__number", "created_at", "id")),
        earlier_before=first if first > 1 else None,
    )


def board_etag(match: Match) -> str:
    """Changes with the match version and with every answer (an answer does not move the version). One count (read
    with the match where the match's query counted them, ``answers_count``), so a poll that changed nothing is
    answered without reading the deals."""
    answers = getattr(match, "answers_count", None)
    if answers is None:
        answers = DealConfirmation.objects.filter(deal__match=match).count()
    return f'"{match.version}.{answers}"'


def share_link_of(match: Match) -> MatchShareLink | None:
    return MatchShareLink.objects.filter(match=match).first()


def match_for_share_token(token: str) -> Match | None:
    """The link's match, with its answers counted in the same query (the board's ETag needs them)."""
    return match_with_answers_count(Match.objects.filter(share_link__token=token)).first()


def match_with_answers_count(matches: QuerySet[Match]) -> QuerySet[Match]:
    """``matches`` with each one's answers counted in the same query (``answers_count``, read by ``board_etag``)."""
    counted = (
        DealConfirmation.objects.filter(deal__match=OuterRef("pk"))
        .values("deal__match")
        .annotate(total=Count("id"))
        .values("total")
    )
    return matches.annotate(answers_count=Coalesce(Subquery(counted), 0))


@dataclass(frozen=True)
class SharedBoardKey:
    """What a shared board read needs before the cache answers it: the link's match and the board's ETag."""

    match_id: int
    etag: str


def shared_board_key(token: str) -> SharedBoardKey | None:
    """The link's match id, version and answers count, the ETag of ``match_for_share_token``'s board without
    reading the match row. Every live viewer re-reads the board after a change, and it is served from the cache:
    building this lookup through the ORM, and making a Match of its row (its state is JSON), was most of the CPU of
    such a read, twice that of a health check (bench/profile_board.py). The statement is written once per process."""
    with connection.cursor() as cursor:
        cursor.execute(_shared_board_key_sql(connection.vendor), [token])
        row = cursor.fetchone()
    return None if row is None else SharedBoardKey(int(row[0]), f'"{row[1]}.{row[2]}"')


@functools.cache
def _shared_board_key_sql(vendor: str) -> str:
    quote = connection.ops.quote_name
    link, match, deal, answer = (model._meta for model in (MatchShareLink, Match, Deal, DealConfirmation))

    def column(meta: Any, field: str) -> str:
        return quote(meta.get_field(field).column)

    return (
        f"SELECT m.{column(match, 'id')}, m.{column(match, 'version')}, "
        f"(SELECT COUNT(*) FROM {quote(answer.db_table)} a INNER JOIN {quote(deal.db_table)} d "
        f"ON a.{column(answer, 'deal')} = d.{column(deal, 'id')} WHERE d.{column(deal, 'match')} = "
        f"m.{column(match, 'id')}) "
        f"FROM {quote(link.db_table)} l INNER JOIN {quote(match.db_table)} m "
        f"ON l.{column(link, 'match')} = m.{column(match, 'id')} WHERE l.{column(link, 'token')} = %s"
    )


def open_disputes(answers: QuerySet[DealConfirmation]) -> QuerySet[DealConfirmation]:
    """Disputes of a deal still at the revision disputed: no correction or void has answered them yet."""
    return answers.filter(verdict=DealConfirmation.Verdict.DISPUTED, deal_revision=F("deal__revision")).exclude(
        deal__status=Deal.Status.VOIDED
    )


def disputes_for_admin(user: Viewer) -> QuerySet[DealConfirmation]:
    """Open disputes in the matches whose disputes the user settles (games.selectors.access)."""
    matches = matches_disputes_shown_to(user)
    answers = DealConfirmation.objects.filter(deal__match__in=matches).select_related("deal__match", "player")
    return open_disputes(answers).order_by("-created_at", "-id")


def seats_of(user: Any, match: Match) -> list[str]:
    if not user.is_authenticated:
        return []
    return list(match.seats.filter(player__user_id=user.pk).values_list("seat", flat=True))


def recent_players(user: Viewer, limit: int) -> list[dict[str, Any]]:
    """The players the new-match page offers (issue 27): those of the user's clubs and the user's own, who sat at a
    match most recently first; a merged duplicate never (its seats count for no one here: the kept record is
    offered once it has a seat of its own)."""
    players = (
        players_visible_to(user)
        .filter(merged_into__isnull=True)
        .annotate(last_match=Max("seats__match_id"))
        .filter(last_match__isnull=False)
        .order_by("-last_match", "name")
    )
    return [{"id": player.pk, "name": player.name} for player in players[:limit]]
