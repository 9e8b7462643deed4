"""Folds over a pool's finished matches (ratings, standings tallies) kept between reads and carried on, not redone.

A fold's state is cached with what it has folded: each match's position (``finished_at``, id) in order and the
``updated_at`` it had then, and a checkpoint (a snapshot of the payload) every ``STANDINGS_CHECKPOINT_EVERY``
matches. A read asks only for the pool's matches changed lately (``updated_at`` within
``STANDINGS_CHANGE_MARGIN_SECONDS`` of the latest one seen; the margin covers a transaction that commits after a
later one did) and for the matches finished after the last one folded, which it folds on top: the first read after
a match finishes costs that match. A folded match changed since (corrected, voided, unfinished), or a match finished
before the last one folded (as an import writes them), rewinds the fold to the checkpoint before it and folds on
from there. A count that still does not add up, or a player merge, folds the pool again from the start.
"""

from __future__ import annotations

import copy
from bisect import bisect_left
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, TypedDict

from django.conf import settings
from django.core.cache import cache
from django.db.models import Q, QuerySet

from games.identity import canonical_ids
from games.models import Match, Seat

MATCH_FIELDS = ("pk", "state", "teams", "settings", "finished_at", "updated_at")
# Moments are kept as whole microseconds since 1970: the state is read and written whole at every read, and integers
# pickle several times faster than datetimes (4,000 of them cost most of a read otherwise).
EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
Position = tuple[int, int]  # (finished_at, id): the order matches are folded in


def micros(moment: datetime) -> int:
    return (moment - EPOCH) // timedelta(microseconds=1)


def moment(value: int) -> datetime:
    return EPOCH + timedelta(microseconds=value)


class FoldedMatch(TypedDict):
    """One finished match as a fold reads it: the fields of ``MATCH_FIELDS`` and ``players`` (seat -> person, merged
    records read as the person they were merged into). ``state`` is the game's state JSON (its engine's shapes)."""

    pk: int
    state: dict[str, Any]
    teams: dict[str, list[str]] | None
    settings: dict[str, Any]
    finished_at: datetime | None
    updated_at: datetime
    players: dict[str, int]


@dataclass(frozen=True)
class Fold:
    """What is folded: a fresh payload, one match folded into it, and how to keep and bring back a payload as it was
    (a deep copy unless the payload knows a cheaper way)."""

    start: Callable[[], Any]
    step: Callable[[Any, FoldedMatch], None]
    snapshot: Callable[[Any], Any] = copy.deepcopy
    restore: Callable[[Any, Any], Any] = lambda kept, current: copy.deepcopy(kept)


@dataclass
class FoldState:
    merges: tuple[tuple[int, int], ...]
    payload: Any
    order: list[Position] = field(default_factory=list)
    folded: dict[int, int] = field(default_factory=dict)  # match id -> its updated_at when folded
    checkpoints: list[Any] = field(default_factory=list)  # [k]: the payload after k * STANDINGS_CHECKPOINT_EVERY
    seen: datetime | None = None  # the latest updated_at among the pool's matches at the last read
    unplaced: bool = False  # a finished match without its moment was folded (only a hand-made import has one)


def folded(key: str, pool: QuerySet[Match], merges: tuple[tuple[int, int], ...], fold: Fold) -> Any:
    """The payload of ``fold`` over ``pool``'s finished matches in the order they finished."""
    state = cache.get(key)
    if state is None or state.merges != merges or not _carried_on(state, pool, fold):
        state = _from_scratch(pool, merges, fold)
    cache.set(key, state, timeout=24 * 3600)
    return state.payload


def folded_from_scratch(pool: QuerySet[Match], fold: Fold) -> Any:
    """The same fold computed afresh, nothing kept: what ``folded`` must always equal."""
    return _from_scratch(pool, (), fold).payload


def _from_scratch(pool: QuerySet[Match], merges: tuple[tuple[int, int], ...], fold: Fold) -> FoldState:
    state = FoldState(merges, fold.start())
    state.checkpoints.append(fold.snapshot(state.payload))
    state.seen = _latest_change(pool)
    _fold_after(state, pool, fold)
    return state


def _latest_change(pool: QuerySet[Match]) -> datetime | None:
    return pool.order_by("-updated_at").values_list("updated_at", flat=True).first()


def _carried_on(state: FoldState, pool: QuerySet[Match], fold: Fold) -> bool:
    """Rewind past what changed, fold on; False when the result would not be a fresh fold's (then it is redone)."""
    if state.seen is None or state.unplaced:
        return False
    restart = _first_changed(state, pool, state.seen)
    if restart is None:
        return False
    if restart < len(state.order):
        _rewind(state, restart, fold)
    _fold_after(state, pool, fold)
    state.seen = max(state.seen, _latest_change(pool) or state.seen)
    return pool.filter(status=Match.Status.FINISHED).count() == len(state.folded)


def _first_changed(state: FoldState, pool: QuerySet[Match], seen: datetime) -> int | None:
    """The index in ``state.order`` of the first folded match that is no longer as folded (``len(order)`` when
    none is); None when a match's position cannot be placed."""
    margin = timedelta(seconds=settings.STANDINGS_CHANGE_MARGIN_SECONDS)
    recent = pool.filter(updated_at__gte=seen - margin).values_list("pk", "status", "finished_at", "updated_at")
    index = {pk: number for number, (_, pk) in enumerate(state.order)}
    restart = len(state.order)
    for pk, status, finished_at, updated_at in recent:
        if pk in state.folded and state.folded[pk] != micros(updated_at):
            restart = min(restart, index[pk])
        elif pk not in state.folded and status == Match.Status.FINISHED:
            if finished_at is None:
                return None
            restart = min(restart, bisect_left(state.order, (micros(finished_at), pk)))
    return restart


def _rewind(state: FoldState, index: int, fold: Fold) -> None:
    """Back to the checkpoint at or before ``index`` matches folded."""
    kept = index // settings.STANDINGS_CHECKPOINT_EVERY
    state.payload = fold.restore(state.checkpoints[kept], state.payload)
    del state.checkpoints[kept + 1 :]
    for _, pk in state.order[kept * settings.STANDINGS_CHECKPOINT_EVERY :]:
        del state.folded[pk]
    del state.order[kept * settings.STANDINGS_CHECKPOINT_EVERY :]


def _fold_after(state: FoldState, pool: QuerySet[Match], fold: Fold) -> None:
    """Fold the finished matches after the last one folded, in order."""
    matches = pool.filter(status=Match.Status.FINISHED)
    if state.order:
        at, pk = moment(state.order[-1][0]), state.order[-1][1]
        matches = matches.filter(Q(finished_at__gt=at) | Q(finished_at=at, pk__gt=pk))
    rows = list(matches.order_by("finished_at", "pk").values(*MATCH_FIELDS))
    seats: dict[int, dict[str, int]] = {}
    for match_id, seat, player_id in Seat.objects.filter(match__in=[m["pk"] for m in rows]).values_list(
        "match_id", "seat", "player_id"
    ):
        seats.setdefault(match_id, {})[seat] = player_id
    canonical = canonical_ids({pid for by_seat in seats.values() for pid in by_seat.values()})
    every = settings.STANDINGS_CHECKPOINT_EVERY
    for row in rows:
        players = {seat: canonical[pid] for seat, pid in seats[row["pk"]].items()}
        fold.step(state.payload, _folded_match(row, players))
        if row["finished_at"] is None:
            state.unplaced = True
        else:
            state.order.append((micros(row["finished_at"]), row["pk"]))
        state.folded[row["pk"]] = micros(row["updated_at"])
        if len(state.order) % every == 0:
            state.checkpoints.append(fold.snapshot(state.payload))


def _folded_match(row: dict[str, Any], players: dict[str, int]) -> FoldedMatch:
    return {
        "pk": row["pk"],
        "state": row["state"],
        "teams": row["teams"],
        "settings": row["settings"],
        "finished_at": row["finished_at"],
        "updated_at": row["updated_at"],
        "players": players,
    }
