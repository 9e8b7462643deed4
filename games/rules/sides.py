"""The sides of a match and the small readers every engine needs of them, written once.

A side is a team or, where everyone plays alone, a seat. Pure: no engine, no Django. ``games.rules.engine`` and
``games.rules.outcomes`` both read this module and not each other's helpers, so neither imports the other for them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

# A side of a match (a team, or a seat where everyone plays alone) -> its seats.
Sides = Mapping[str, Sequence[str]]

# The two partnerships of a two-team game (Seep, Bid Euchre), in the order their pairs are kept.
TWO_TEAMS: tuple[str, str] = ("A", "B")

Value = TypeVar("Value")


def by_team(values: tuple[Value, Value]) -> dict[str, Value]:
    """A pair kept in team order, ``(A, B)``, as the JSON ``{"A": ..., "B": ...}``."""
    return dict(zip(TWO_TEAMS, values, strict=True))


def winner_places(state: Mapping[str, Any], sides: Mapping[str, Any]) -> dict[str, int]:
    """The ``match_winner`` first, everyone else second; a drawn match (no winner) puts every side first."""
    winner = state.get("match_winner")
    if winner is None:
        return dict.fromkeys(sides, 1)
    return {side: 1 if side == winner else 2 for side in sides}


def other_side(side: str, sides: Mapping[str, Any]) -> str:
    """The opponent of ``side`` in a two-sided match."""
    return next(name for name in sides if name != side)
