"""Reads of matches: the lists and the one match a user may see, with the prefetches every answer needs, and the
states around a deal. What a user may see is decided by games.selectors.access."""

from __future__ import annotations

import json
from typing import Any

from django.db import connection
from django.db.models import JSONField, OuterRef, Prefetch, QuerySet, Subquery, Value
from django.db.models.functions import Coalesce

from games.errors import NotFound
from games.models import Deal, Match, Player, Seat
from games.rules.engine import AnyEngine
from games.rules.first_dealer import with_first_dealer
from games.rules.registry import get_engine
from games.selectors.access import Viewer, match_readable_by, matches_visible_to

MAX_ID = 2**63 - 1  # the database's bigint: a larger number must be refused, not sent to SQL


MAX_ID_DIGITS = len(str(MAX_ID))


def id_from_url(value: object) -> int:
    """An id from an address, or ``NotFound`` (404) when it cannot be one: not ASCII digits (``isdigit`` alone takes
    "²", which ``int`` refuses), or too large for the database's ids. The length is checked before ``int``: Python
    refuses to read more than 4,300 digits (a ValueError, a 500)."""
    text = str(value)
    if not (text.isascii() and text.isdigit()):
        raise NotFound
    digits = text.lstrip("0") or "0"  # leading zeros count towards Python's limit too
    if len(digits) > MAX_ID_DIGITS or int(digits) > MAX_ID:
        raise NotFound
    return int(digits)


match_id_from_url = id_from_url


def seats_prefetch() -> Prefetch[str]:
    return Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("position"))


def seat_rows(match_id: int) -> list[tuple[str, int, str, str]]:
    """The match's seats in order as (seat, player id, player name, team): one query, no model instances (a deal
    post answers with them; issue 31)."""
    return list(
        Seat.objects.filter(match_id=match_id)
        .order_by("position")
        .values_list("seat", "player_id", "player__name", "team")
    )


def seats_subquery_sql(vendor: str, match_id_column: str) -> str:
    """SQL for the seats of the match whose id is ``match_id_column``, in order, as the text of a JSON array of
    [seat, player id, player name, team] (``seat_rows``' rows): read with the match in the query that locks it, so a
    deal post's answer needs no query of its own for them (issue 31)."""
    q = connection.ops.quote_name
    seat, player = q(Seat._meta.db_table), q(Player._meta.db_table)
    columns = [f"{seat}.{q('seat')}", f"{seat}.{q('player_id')}", f"{player}.{q('name')}", f"{seat}.{q('team')}"]
    joined = (
        f"FROM {seat} INNER JOIN {player} ON {player}.{q('id')} = {seat}.{q('player_id')} "
        f"WHERE {seat}.{q('match_id')} = {match_id_column}"
    )
    if vendor == "postgresql":
        return (
            f"(SELECT json_agg(json_build_array({', '.join(columns)}) ORDER BY {seat}.{q('position')})::text {joined})"
        )
    named = ", ".join(f"{column} AS c{index}" for index, column in enumerate(columns))
    return (
        f"(SELECT json_group_array(json_array(c0, c1, c2, c3)) FROM "
        f"(SELECT {named} {joined} ORDER BY {seat}.{q('position')}))"
    )


def seats_from_json(text: str | None) -> list[tuple[str, int, str, str]]:
    return [(seat, player_id, name, team) for seat, player_id, name, team in json.loads(text or "[]")]


def match_queryset(user: Viewer) -> QuerySet[Match]:
    """The matches ``user`` may see, newest first, with their seats."""
    return matches_visible_to(user).prefetch_related(seats_prefetch()).order_by("-id")


def readable_match(user: Viewer, match_id: object, *, seats: bool = True) -> Match:
    """One match, with its seats unless ``seats=False`` (for callers that answer without the match), or ``NotFound``
    when it does not exist or the caller may not see it."""
    matches = Match.objects.prefetch_related(seats_prefetch()) if seats else Match.objects.all()
    match = matches.filter(pk=match_id_from_url(match_id)).first()
    if match is None or not match_readable_by(user, match):
        raise NotFound
    return match


def initial_state_json(match: Match, engine: AnyEngine | None = None, rules: Any = None) -> dict[str, Any]:
    """The match state before its first deal, from the pinned settings."""
    if engine is None:
        engine = get_engine(match.game)
    if rules is None:
        rules = engine.rules_from_settings(match.settings, match.player_count)
    return with_first_dealer(engine.state_json(engine.initial_state(rules)), match.first_dealer)


def state_before_deal(match: Match, number: int, engine: AnyEngine | None = None, rules: Any = None) -> dict[str, Any]:
    """The match state deal ``number`` was played in: ``state_after`` of the deal before it (a voided deal's is the
    state before that one, so this holds for every deal), or the initial state for the first deal. One query."""
    previous = match.deals.filter(number__lt=number).order_by("-number").only("state_after").first()
    return previous.state_after if previous else initial_state_json(match, engine, rules)


def match_deals(match: Match) -> QuerySet[Deal]:
    """The match's deals in order, each annotated with ``state_before`` (see ``state_before_deal``) in the same
    query: a subquery on the previous deal by the (match, number) index, the first deal given the initial state."""
    previous = Deal.objects.filter(match_id=OuterRef("match_id"), number=OuterRef("number") - 1)
    return match.deals.order_by("number").annotate(
        state_before=Coalesce(
            Subquery(previous.values("state_after")[:1], output_field=JSONField()),
            Value(initial_state_json(match), output_field=JSONField()),
            output_field=JSONField(),
        )
    )
