"""A club night's room: the director's view of every table of the current round, and the room display (standings and
the round's clock), as JSON documents built once per version of the night and kept in the cache, as boards are.

The night's version (its ETag) is read in one statement: what any change to the room moves (the tables' match
versions and ids, their closings, the answers to their deals, their seated players' linked accounts, the rounds, the
entrants). Every viewer of a room
re-reads after a change on the night's channel (nights/live.py); the first builds the document, the others get the
cached bytes, so a room of viewers costs one build per change, as a popular board does.
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import json
import threading
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.db.models import Count, Exists, OuterRef
from django.http import HttpRequest, HttpResponse
from django.utils.safestring import SafeString, mark_safe
from rest_framework.renderers import JSONRenderer

from games.models import Deal, Match, Player, Seat
from games.rules.registry import get_engine
from nights.models import Entrant, Event, Round, Table
from nights.selectors import (
    draws_teams,
    event_standings,
    night_results,
    partnership_seats,
    round_status,
    rounds_of,
    table_done,
    table_scores,
    team_name,
    teams_of,
)
from table.api import _SCRIPT_SAFE, BoardJson, board_body_response
from table.models import DealConfirmation
from table.selectors import open_disputes

ROOM = "room"  # the director's document: every table, the entrants
DISPLAY = "display"  # the room display's: the standings and the round, names and scores only


def room_etag(event_id: int) -> str | None:
    """The night's ETag, or None when there is no such event. One statement; see the module's docstring."""
    with connection.cursor() as cursor:
        cursor.execute(_room_etag_sql(connection.vendor), [event_id])
        row = cursor.fetchone()
    if row is None:
        return None
    return '"n' + hashlib.sha1(repr(tuple(row)).encode(), usedforsecurity=False).hexdigest()[:20] + '"'


@functools.cache
def _room_etag_sql(vendor: str) -> str:
    quote = connection.ops.quote_name
    event, entrant, played, table, match, deal, answer, seat, player = (
        quote(model._meta.db_table)
        for model in (Event, Entrant, Round, Table, Match, Deal, DealConfirmation, Seat, Player)
    )
    tables = (
        f"FROM {table} t INNER JOIN {quote(Round._meta.db_table)} r ON t.round_id = r.id "
        f"INNER JOIN {match} m ON t.match_id = m.id WHERE r.event_id = e.id"
    )
    return (
        "SELECT e.status, e.name, e.rounds_planned, "
        f"(SELECT COUNT(*) {tables}), (SELECT COALESCE(SUM(m.version), 0) {tables}), "
        f"(SELECT COALESCE(SUM(m.id), 0) {tables}), "
        f"(SELECT COUNT(*) {tables} AND m.closed_at IS NOT NULL), "
        f"(SELECT COUNT(*) FROM {answer} a INNER JOIN {deal} d ON a.deal_id = d.id "
        f"INNER JOIN {table} t ON t.match_id = d.match_id INNER JOIN {played} r ON t.round_id = r.id "
        "WHERE r.event_id = e.id), "
        # Who may confirm a deal (a seated player's linked account) decides what waits at the latest round's tables.
        f"(SELECT COALESCE(SUM(p.user_id), 0) FROM {seat} s INNER JOIN {player} p ON s.player_id = p.id "
        f"INNER JOIN {table} t ON t.match_id = s.match_id WHERE t.round_id = (SELECT r.id FROM {played} r "
        "WHERE r.event_id = e.id ORDER BY r.number DESC LIMIT 1)), "
        f"(SELECT COUNT(*) FROM {played} r WHERE r.event_id = e.id), "
        f"(SELECT COALESCE(SUM(r.number * 10 + CASE r.status WHEN 'closed' THEN 1 ELSE 0 END), 0) "
        f"FROM {played} r WHERE r.event_id = e.id), "
        f"(SELECT COUNT(*) FROM {entrant} n WHERE n.event_id = e.id), "
        f"(SELECT COALESCE(SUM(n.id * 10000 + COALESCE(n.left_after_round, 99) * 100 + n.joined_from_round), 0) "
        f"FROM {entrant} n WHERE n.event_id = e.id) "
        f"FROM {event} e WHERE e.id = %s"
    )


# A few locks chosen by key: viewers missing the cache together wait for one build (as table/api.py's boards).
_BUILD_LOCKS = [threading.Lock() for _ in range(16)]


def room_json(event: Event, tag: str, kind: str) -> BoardJson:
    """The night's document of ``kind`` at version ``tag``, gzipped, from the cache or built once."""
    key = f"{kind}:{event.pk}:{tag.strip(chr(34))}"
    found = cache.get(key)
    if found is not None:
        return found  # type: ignore[no-any-return]
    with _BUILD_LOCKS[hash(key) % len(_BUILD_LOCKS)]:
        found = cache.get(key)
        if found is None:
            document = room_document(event) if kind == ROOM else display_document(event)
            body = JSONRenderer().render(document)
            found = BoardJson(gzip.compress(body, compresslevel=6, mtime=0), None)
            cache.set(key, found, settings.BOARD_CACHE_SECONDS)
    return found  # type: ignore[no-any-return]


def room_response(request: HttpRequest, event: Event, kind: str) -> HttpResponse:
    """The document with its ETag; a matching If-None-Match answers 304 without reading more."""
    tag = room_etag(event.pk) or '""'
    sent = {item.strip().removeprefix("W/") for item in request.headers.get("If-None-Match", "").split(",")}
    not_modified = tag in sent
    response = HttpResponse(status=304) if not_modified else board_body_response(request, room_json(event, tag, kind))  # type: ignore[arg-type]
    response["ETag"] = tag
    response["Cache-Control"] = "no-cache"
    return response


def room_page_data(event: Event, kind: str) -> SafeString:
    """What a room page inlines (``<script type="application/json">``): the document its first read would get, with
    its ETag (that read then answers 304), so the first paint needs no second request."""
    tag = room_etag(event.pk) or '""'
    body = gzip.decompress(room_json(event, tag, kind).gzipped).decode()
    text = f'{{"etag": {json.dumps(tag)}, "document": {body}}}'
    return mark_safe(text.translate(_SCRIPT_SAFE))  # safe: JSON with <, > and & escaped, as json_script does


# --- the documents ------------------------------------------------------------------------------------------------


def _event_part(event: Event) -> dict[str, Any]:
    return {
        "id": event.pk,
        "name": event.name,
        "game": event.game,
        "game_name": get_engine(event.game).display_name,
        "status": event.status,
        "rounds_planned": event.rounds_planned,
        "round_length": event.round_length,
        "deals_per_round": event.deals_per_round,
    }


def _round_part(played: Round | None) -> dict[str, Any] | None:
    if played is None:
        return None
    return {
        "number": played.number,
        "status": round_status(played),
        "drawn_at": played.drawn_at.isoformat(),
        "closed_at": played.closed_at.isoformat() if played.closed_at else None,
        "close_reason": played.close_reason,
    }


def _standings_part(event: Event, current: Round | None) -> list[dict[str, Any]]:
    """What both pages draw of a standings row (rank, name, total): the rounds' scores and counts are the
    standings' own resource (GET /events/{id}/standings/). The closed rounds' results are kept (night_results)."""
    return [
        {"rank": row.rank, "name": row.name, "total": row.total}  # a team's name: its players' (team_name)
        for row in event_standings(event, night_results(event, current))
    ]


def _current_round(event: Event) -> Round | None:
    """The latest round with its tables, their matches and seats (the earlier rounds are not read: their results
    are kept)."""
    return rounds_of(event).order_by("-number").first()


_UNREAD: Any = object()


def display_document(
    event: Event, current: Round | None = _UNREAD, standings: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    """The room display's: the night, its current round (for the clock) and the standings, names and scores only.
    ``current`` and ``standings``, when the room's document has read them already, are not read again."""
    current = _current_round(event) if current is _UNREAD else current
    tables = list(current.tables.all()) if current else []
    return {
        "event": _event_part(event),
        "round": _round_part(current),
        "tables": len(tables),
        "tables_done": sum(1 for table in tables if table_done(table)),
        "lower_wins": get_engine(event.game).side_scores_lower_wins,
        "standings": _standings_part(event, current) if standings is None else standings,
    }


def room_document(event: Event) -> dict[str, Any]:
    """The director's: the display's, every table of the current round, the byes and the entrants; what the room
    page draws and no more (each table's match has its own resource)."""
    current = _current_round(event)
    tables = list(current.tables.all()) if current else []
    matches = [table.match_id for table in tables]
    deals, disputed = _deal_facts(tables), _disputed(matches)
    document = display_document(event, current)
    del document["tables_done"]  # the page counts its tables
    document["tables"] = [_table_part(table, deals[table.match_id], disputed[table.match_id]) for table in tables]
    document["byes"] = [bye.entrant.player.name for bye in current.byes.all()] if current else []
    document["entrants"] = [
        {
            "id": entrant.pk,
            "name": entrant.player.name,
            "joined_from_round": entrant.joined_from_round,
            "left_after_round": entrant.left_after_round,
        }
        for entrant in event.entrants.select_related("player").order_by("pk")
    ]
    document["check_in"], document["teams"] = _check_in_part(event)
    return document


def _check_in_part(event: Event) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """What the room's check-in form needs, and the night's teams: at a night of fixed partnerships a team of
    ``team_size`` players (nights.selectors.partnership_seats, in the order they sit) is checked in together, with
    an optional name; elsewhere a player alone (``team_size`` None, no teams)."""
    if not draws_teams(event):
        return {"teams": False, "team_size": None}, []
    teams = [
        {
            "id": team.pk,
            "name": team_name(team),  # the director's, or its players' names joined
            "given_name": team.name,
            "players": [member.player.name for member in team.members.all()],
            "joined_from_round": team.joined_from_round,
            "left_after_round": team.left_after_round,
        }
        for team in teams_of(event)
    ]
    return {"teams": True, "team_size": len(partnership_seats(event)[0])}, teams


def _table_part(table: Table, deals: DealFacts, disputed: int) -> dict[str, Any]:
    match = table.match
    seats = sorted(match.seats.all(), key=lambda seat: seat.seat)
    return {
        "number": table.number,
        "match": match.pk,
        "players": [{"seat": seat.seat, "name": seat.player.name} for seat in seats],
        "scores": table_scores(table),
        "deals": match.deals_count,
        "last_deal_at": deals.last_recorded_at.isoformat(timespec="seconds") if deals.last_recorded_at else None,
        "done": table_done(table),
        "director_score": table.director_score is not None,
        "waiting": deals.waiting,
        "disputed": disputed,
    }


@dataclass
class DealFacts:
    """A table's deals as the room counts them: those waiting for a confirmation, and when the last was recorded."""

    waiting: int = 0
    last_recorded_at: datetime | None = None


def _deal_facts(tables: Iterable[Table]) -> defaultdict[int, DealFacts]:
    """Per match: its counted deals that wait for a confirmation, and the time its last deal (the highest number)
    was recorded (a correction or an answer does not move it). A deal waits only where the confirmations' flow
    (table/services.py, deal_answer) lets someone answer it: no answer at its current revision, and a seat of another
    side than its scorer's held by a player linked to an account. At a table of unlinked names nobody can confirm, so
    nothing waits there. One query for every table."""
    answered = DealConfirmation.objects.filter(deal=OuterRef("pk"), deal_revision=OuterRef("revision"))
    by_match = {table.match_id: table.match for table in tables}
    rows = (
        Deal.objects.filter(match_id__in=list(by_match))
        .annotate(answered=Exists(answered))
        .values_list("match_id", "number", "status", "recorded_by_id", "recorded_at", "answered")
        .order_by("match_id", "number")
    )
    facts: defaultdict[int, DealFacts] = defaultdict(DealFacts)
    for match_id, _, status, scorer, recorded_at, was_answered in rows:
        found = facts[match_id]
        found.last_recorded_at = recorded_at  # in number order: the last row is the last deal
        if status != Deal.Status.VOIDED and not was_answered and _answerable(by_match[match_id], scorer):
            found.waiting += 1
    return facts


def _answerable(match: Match, scorer: int | None) -> bool:
    """Whether a deal ``scorer`` recorded can be answered: a linked player seated on another side than every seat
    of the scorer's (any linked seat, for a scorer without one), as table.services._opponent_seat decides."""
    linked = [(seat.player.user_id, seat.team or seat.seat) for seat in match.seats.all() if seat.player.user_id]
    scorer_sides = {side for user, side in linked if user == scorer}
    return any(side not in scorer_sides for _, side in linked)


def _disputed(matches: Iterable[int]) -> Counter[int]:
    """Per match: its open disputes (a dispute of a deal still at the revision disputed)."""
    rows = (
        open_disputes(DealConfirmation.objects.filter(deal__match_id__in=list(matches)))
        .values("deal__match_id")
        .annotate(count=Count("id"))
    )
    return Counter({row["deal__match_id"]: row["count"] for row in rows})
