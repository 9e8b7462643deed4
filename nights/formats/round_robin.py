"""Fixed partnerships, round robin: every team meets every other once, by the circle method.

The teams are placed round a circle in the order of the entrants (the night's list, which must stay the same from
round to round); an odd count adds an empty place, and the team facing it has the bye. Each round the first team
stays and the others turn one place, so ``n`` teams (``n`` even) meet everyone in ``n - 1`` rounds and an odd
count in ``n`` rounds, each team with one bye. Past a full cycle the schedule starts again, so no two teams meet a
second time before every pair has met once. The seed picks only each table's first dealer; the home side (seat
order) alternates round by round so that no team always sits first.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.rules.settings_spec import SettingsSpec
from nights.formats.base import Draw, DrawRequest, Entrant, Table, check_request, first_dealers

FORMAT_NAME = "Round robin"
MIN_TEAMS = 2
SETTINGS = SettingsSpec(FORMAT_NAME, ())


@dataclass(frozen=True)
class RoundRobinSettings:
    """A round robin has no settings: the entrants' order and the round number decide the draw."""


def settings_from_json(settings: Mapping[str, Any]) -> RoundRobinSettings:
    SETTINGS.reject_unknown(settings)
    return RoundRobinSettings()


def rounds_in_cycle(teams: int) -> int:
    """Rounds until every team has met every other: ``n - 1`` for an even count, ``n`` for an odd one."""
    return teams - 1 if teams % 2 == 0 else teams


def draw(request: DrawRequest, settings: RoundRobinSettings) -> Draw:
    check_request(request, MIN_TEAMS)
    circle: list[Entrant | None] = list(request.entrants)
    if len(circle) % 2:
        circle.append(None)
    turn = (request.round - 1) % rounds_in_cycle(len(request.entrants))
    placed = _turned(circle, turn)
    half = len(placed) // 2
    tables: list[Table] = []
    byes: list[Entrant] = []
    for number, (first, second) in enumerate(zip(placed[:half], reversed(placed[half:]), strict=True)):
        if first is None or second is None:
            byes.extend(team for team in (first, second) if team is not None)
            continue
        home, away = (first, second) if (number + turn) % 2 == 0 else (second, first)
        tables.append(((home,), (away,)))
    rng = random.Random(request.seed)
    return Draw(request.round, tuple(tables), tuple(byes), first_dealers(tables, rng), request.seed)


def _turned(circle: Sequence[Entrant | None], turn: int) -> list[Entrant | None]:
    """The circle after ``turn`` turns: the first place fixed, the others moved ``turn`` places round."""
    rest = list(circle[1:])
    shift = turn % len(rest)
    return [circle[0], *rest[len(rest) - shift :], *rest[: len(rest) - shift]]
