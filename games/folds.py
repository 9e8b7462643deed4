"""Folds over a pool's finished matches (ratings, standings tallies) kept between reads and extended, not redone.

A fold's state is cached with what it has folded: each match and the ``updated_at`` it had then, and the position
(``finished_at``, id) of the last one. A read asks only for the pool's matches changed lately (``updated_at`` within
``STANDINGS_CHANGE_MARGIN_SECONDS`` of the latest one seen; the margin covers transactions that commit after a later
one did). Matches that finished after the last one folded are folded on top, so the first read after a match
finishes costs that match. Anything else (a folded match corrected, voided or unfinished, a match finished earlier
than the last one folded, as an import makes, a count that does not add up, a player merge) folds the pool again from
the start, which is what a fresh computation gives by construction.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db.models import QuerySet

from games.identity import canonical_ids
from games.models import Match, Seat

MATCH_FIELDS = ("pk", "state", "teams", "settings", "finished_at")
Folder = Callable[[Any, dict[str, Any]], None]  # folds one match (its fields and ``players``: seat -> person)


@dataclass
class FoldState:
    merges: tuple[tuple[int, int], ...]
    payload: Any
    folded: dict[int, datetime] = field(default_factory=dict)  # match id -> its updated_at when folded
    last: tuple[datetime, int] | None = None  # the position of the last match folded
    seen: datetime | None = None  # the latest updated_at among the pool's matches when last read


def folded(key: str, pool: QuerySet[Match], merges: tuple[tuple[int, int], ...], start: Callable[[], Any],
           fold: Folder) -> Any:
    """The payload of the fold of ``pool``'s finished matches in the order they finished, from ``start()``."""
    state = cache.get(key)
    if state is None or state.merges != merges or not _extended(state, pool, fold):
        state = _from_scratch(pool, merges, start, fold)
    cache.set(key, state, timeout=24 * 3600)
    return state.payload


def folded_from_scratch(pool: QuerySet[Match], start: Callable[[], Any], fold: Folder) -> Any:
    """The same fold computed afresh, nothing cached: what ``folded`` must always equal."""
    return _from_scratch(pool, (), start, fold).payload


def _from_scratch(pool: QuerySet[Match], merges: tuple[tuple[int, int], ...], start: Callable[[], Any],
                  fold: Folder) -> FoldState:
    state = FoldState(merges, start())
    state.seen = pool.order_by("-updated_at").values_list("updated_at", flat=True).first()
    _fold_matches(state, pool.filter(status=Match.Status.FINISHED), fold)
    return state


def _extended(state: FoldState, pool: QuerySet[Match], fold: Folder) -> bool:
    """Fold the matches finished since; False when the state cannot be extended (then it is folded again)."""
    if state.seen is None:
        return False
    margin = timedelta(seconds=settings.STANDINGS_CHANGE_MARGIN_SECONDS)
    recent = list(pool.filter(updated_at__gte=state.seen - margin).values_list("pk", "status", "updated_at"))
    new = []
    for pk, status, updated_at in recent:
        if pk in state.folded:
            if state.folded[pk] != updated_at:
                return False  # changed since it was folded
        elif status == Match.Status.FINISHED:
            new.append(pk)
    if pool.filter(status=Match.Status.FINISHED).count() != len(state.folded) + len(new):
        return False
    if new and not _fold_matches(state, pool.filter(pk__in=new), fold):
        return False
    state.seen = max([state.seen, *(updated_at for _, _, updated_at in recent)])
    return True


def _fold_matches(state: FoldState, matches: QuerySet[Match], fold: Folder) -> bool:
    """Fold ``matches`` in the order they finished; False (folding nothing) if one finished before the last one
    folded."""
    rows = list(matches.order_by("finished_at", "pk").values(*MATCH_FIELDS, "updated_at"))
    if rows and state.last is not None and (rows[0]["finished_at"], rows[0]["pk"]) <= state.last:
        return False
    seats: dict[int, dict[str, int]] = {}
    for match_id, seat, player_id in Seat.objects.filter(match__in=[m["pk"] for m in rows]).values_list(
            "match_id", "seat", "player_id"):
        seats.setdefault(match_id, {})[seat] = player_id
    canonical = canonical_ids({pid for by_seat in seats.values() for pid in by_seat.values()})
    for row in rows:
        fold(state.payload, {**row, "players": {seat: canonical[pid] for seat, pid in seats[row["pk"]].items()}})
        state.folded[row["pk"]] = row["updated_at"]
        state.last = (row["finished_at"], row["pk"])
    return True
