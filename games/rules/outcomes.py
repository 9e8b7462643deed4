"""How a finished match ranks its sides, for standings and ratings: the engine of its game says each side's place
and tie-break measures (``side_places`` / ``side_measures``); this module pairs them with the sides.

Pure: reads the final state JSON an engine produced. A side is a team or, where everyone plays alone, a seat.
``place`` 1 is the best; sides sharing a place drew (a shared Contract Rummy win, a drawn fixed-baazi Seep match).
The readers of sides the engines share are in ``games.rules.sides``, so the engine module does not import this one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.rules.engine import AnyEngine
from games.rules.sides import Sides

State = Mapping[str, Any]


@dataclass(frozen=True)
class SideResult:
    side: str
    seats: tuple[str, ...]
    place: int
    measures: dict[str, int]


def match_sides(
    engine: AnyEngine,
    state: State,
    teams: Mapping[str, list[str]] | None,
    seats: Sequence[str],
    settings: Mapping[str, Any],
) -> list[SideResult]:
    """Every side of a finished match with its place and tie-break measures."""
    sides: Sides = teams if teams else {seat: [seat] for seat in seats}
    measures, places = engine.side_measures(state, sides, settings), engine.side_places(state, sides)
    return [SideResult(side, tuple(members), places[side], measures[side]) for side, members in sides.items()]


def outcome_of(result: SideResult, sides: list[SideResult]) -> str:
    """``won``, ``drawn`` (first place shared) or ``lost``."""
    if result.place != 1:
        return "lost"
    return "drawn" if sum(1 for side in sides if side.place == 1) > 1 else "won"
