"""Contract Rummy tables: no partnerships, tables of ``min_table_size`` to ``max_table_size`` players (3 to 8),
balanced by count, players meeting one another as evenly as the rounds allow.

The number of tables is the one whose balanced sizes (differing by one at most) lie within the bounds and come
closest on average to ``preferred_table_size`` (fewer tables on a tie): 13 players with a preferred size of 4 sit at
4, 4 and 5. Smaller tables come first. When no number of tables can seat everyone within the bounds (sizes 4 to 4
and 6 players), the fewest players sit out that let the rest be seated, by the bye rotation of the other formats.

Each player is a side of their own, so a table is a tuple of one-player sides. The seating is a seeded greedy fill
and a local search (nights/formats/seating.py) that stops where no swap of two players between tables lowers the
number of earlier meetings of the players who share a table.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from games.rules.errors import RuleViolation
from games.rules.messages import msg, phrase
from games.rules.settings_spec import Setting, SettingsSpec
from nights.formats.base import Draw, DrawRequest, check_request, first_dealers, pick_byes, shuffled
from nights.formats.seating import Meetings, seat

FORMAT_NAME = "Contract Rummy tables"
SMALLEST, LARGEST = 3, 8

SETTINGS = SettingsSpec(
    FORMAT_NAME,
    (
        Setting(
            "preferred_table_size",
            "integer",
            4,
            phrase("Preferred table size"),
            phrase("The number of players a table should seat when the count allows."),
            minimum=SMALLEST,
            maximum=LARGEST,
        ),
        Setting(
            "min_table_size",
            "integer",
            3,
            phrase("Smallest table"),
            phrase("No table seats fewer players."),
            minimum=SMALLEST,
            maximum=LARGEST,
        ),
        Setting(
            "max_table_size",
            "integer",
            5,
            phrase("Largest table"),
            phrase("No table seats more players."),
            minimum=SMALLEST,
            maximum=LARGEST,
        ),
    ),
)


@dataclass(frozen=True)
class RummyTablesSettings:
    preferred_table_size: int = 4
    min_table_size: int = 3
    max_table_size: int = 5

    def __post_init__(self) -> None:
        SETTINGS.read_all(asdict(self), {})
        if not self.min_table_size <= self.preferred_table_size <= self.max_table_size:
            raise RuleViolation(
                "settings_conflict",
                msg(
                    "The preferred table size {preferred} must lie between the smallest table, {smallest}, and the "
                    "largest, {largest}.",
                    preferred=self.preferred_table_size,
                    smallest=self.min_table_size,
                    largest=self.max_table_size,
                ),
                "settings.preferred_table_size",
                setting="preferred_table_size",
                conflicts_with={"min_table_size": self.min_table_size, "max_table_size": self.max_table_size},
            )


def settings_from_json(settings: Mapping[str, Any]) -> RummyTablesSettings:
    SETTINGS.reject_unknown(settings)
    return RummyTablesSettings(**SETTINGS.read_all(settings, {}))


def table_sizes(players: int, settings: RummyTablesSettings) -> list[int]:
    """The sizes of the tables for ``players`` (smallest first), or an empty list when none fit the bounds."""
    fitting = [
        count
        for count in range(1, players // settings.min_table_size + 1)
        if settings.min_table_size <= players // count and -(-players // count) <= settings.max_table_size
    ]
    if not fitting:
        return []
    count = min(fitting, key=lambda count: (abs(players / count - settings.preferred_table_size), count))
    small, larger = divmod(players, count)
    return [small] * (count - larger) + [small + 1] * larger


def draw(request: DrawRequest, settings: RummyTablesSettings) -> Draw:
    check_request(request, settings.min_table_size)
    rng = random.Random(request.seed)
    order = shuffled(request.entrants, rng)
    seated_count = next(count for count in range(len(order), 0, -1) if table_sizes(count, settings))
    byes = pick_byes(order, len(order) - seated_count, request.history)
    seated = [entrant for entrant in order if entrant not in byes]
    meetings = Meetings(request.entrants, request.history)
    shape = [[1] * size for size in table_sizes(seated_count, settings)]
    tables = meetings.entrants_of(seat(meetings, shape, [meetings.index[entrant] for entrant in seated], rng))
    return Draw(request.round, tables, byes, first_dealers(tables, rng), request.seed)
