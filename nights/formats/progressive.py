"""Progressive night, partners rotate (Seep, Bid Euchre, 56): individual scoring, new partners every round.

A table seats ``seats_per_table`` players in sides of ``side_size`` (4 = 2 sides of 2; 6 = 2 sides of 3 or 3 of 2;
8 = 2 sides of 4 or 4 of 2). When the count of players is not a multiple of the table size, the remainder sit out
(byes go round: the fewest byes so far first, so nobody sits out twice before everyone present has sat out once);
a bye's score for the round follows ``bye_score`` (``bye_score_for``).

Two movements:

- ``partners_rotate``: the seating is drawn afresh each round (nights/formats/seating.py). A new partner is
  *available* to a player when a swap of two players between sides of the round would seat them together and
  lower the round's count of repeated partnerships (each pair on one side counting the times they have partnered
  before). The draw leaves no such swap: nobody partners the same player again while a partner they have not had
  is available in that sense. Among the seatings with as few repeated partnerships, the same search spreads the
  opponents: each pair facing each other costs the times they have faced each other before.
- ``winners_move_up``: at two-sided tables only. The winning side of each table (the higher points, the first side
  on a tie) moves up one table, the others stay; at the head table the winners stay and the losers go to the foot
  table. Players back from a bye join at the foot, and the places of those who now sit out are filled by moving
  everyone below them up. At each table the players are split into the two sides with the fewest repeated
  partnerships there (so the winners who arrived together are split), then the fewest repeated meetings. Round 1
  is drawn as ``partners_rotate``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from itertools import combinations
from typing import Any

from games.rules.errors import RuleViolation
from games.rules.messages import msg, phrase
from games.rules.settings_spec import Setting, SettingsSpec
from nights.formats.base import (
    Draw,
    DrawRequest,
    Entrant,
    PlayedRound,
    Table,
    check_request,
    first_dealers,
    pick_byes,
    shuffled,
    side_score,
)
from nights.formats.seating import Meetings, seat

FORMAT_NAME = "Progressive"
MOVEMENTS = ("partners_rotate", "winners_move_up")
BYE_SCORES = ("average", "lowest", "none")

SETTINGS = SettingsSpec(
    FORMAT_NAME,
    (
        Setting(
            "seats_per_table",
            "integer",
            4,
            phrase("Seats at a table"),
            phrase("Players at each table: 4, 6 or 8."),
            minimum=4,
            maximum=8,
        ),
        Setting(
            "side_size",
            "integer",
            2,
            phrase("Players on a side"),
            phrase("Partners on one side: a table of 6 seats 2 sides of 3 or 3 sides of 2."),
            minimum=1,
            maximum=4,
        ),
        Setting(
            "movement",
            "choice",
            "partners_rotate",
            phrase("Movement"),
            phrase("Partners rotate every round, or the winners of each table move up a table and split."),
            choices=MOVEMENTS,
        ),
        Setting(
            "bye_score",
            "choice",
            "average",
            phrase("Score for a bye"),
            phrase("A player who sits out a round scores its average, its lowest score, or nothing."),
            choices=BYE_SCORES,
        ),
    ),
)


@dataclass(frozen=True)
class ProgressiveSettings:
    seats_per_table: int = 4
    side_size: int = 2
    movement: str = "partners_rotate"
    bye_score: str = "average"

    def __post_init__(self) -> None:
        SETTINGS.read_all(asdict(self), {})
        sides, rest = divmod(self.seats_per_table, self.side_size)
        if rest or sides < 2:
            raise RuleViolation(
                "settings_conflict",
                msg(
                    "A table of {seats} seats cannot be split into two or more sides of {side_size} players.",
                    seats=self.seats_per_table,
                    side_size=self.side_size,
                ),
                "settings.side_size",
                setting="side_size",
                conflicts_with={"seats_per_table": self.seats_per_table},
            )
        if self.movement == "winners_move_up" and sides != 2:
            raise RuleViolation(
                "settings_conflict",
                msg(
                    "Winners move up only at tables of two sides; a table of {seats} seats in sides of {side_size} "
                    "has {sides}.",
                    seats=self.seats_per_table,
                    side_size=self.side_size,
                    sides=sides,
                ),
                "settings.movement",
                setting="movement",
                conflicts_with={"side_size": self.side_size},
            )

    @property
    def sides(self) -> int:
        return self.seats_per_table // self.side_size


def settings_from_json(settings: Mapping[str, Any]) -> ProgressiveSettings:
    SETTINGS.reject_unknown(settings)
    return ProgressiveSettings(**SETTINGS.read_all(settings, {}))


def bye_score_for(table_scores: Sequence[Sequence[float]], rule: str) -> float:
    """A bye's score for a round from the scores the seated players made at each table: the average of them all
    (``average``), the lowest of them (``lowest``), or nothing (``none``)."""
    scores = [score for table in table_scores for score in table]
    if rule == "none" or not scores:
        return 0
    if rule == "lowest":
        return min(scores)
    return sum(scores) / len(scores)


def draw(request: DrawRequest, settings: ProgressiveSettings) -> Draw:
    check_request(request, settings.seats_per_table)
    rng = random.Random(request.seed)
    order = shuffled(request.entrants, rng)
    byes = pick_byes(order, len(order) % settings.seats_per_table, request.history)
    seated = [entrant for entrant in order if entrant not in byes]
    meetings = Meetings(request.entrants, request.history)
    if settings.movement == "winners_move_up" and request.history:
        tables = _move_up(meetings, seated, request.history[-1], settings, rng)
    else:
        tables = _rotate(meetings, seated, settings, rng)
    return Draw(request.round, tables, byes, first_dealers(tables, rng), request.seed)


def _rotate(
    meetings: Meetings, seated: list[Entrant], settings: ProgressiveSettings, rng: random.Random
) -> tuple[Table, ...]:
    shape = [[settings.side_size] * settings.sides] * (len(seated) // settings.seats_per_table)
    return meetings.entrants_of(seat(meetings, shape, [meetings.index[entrant] for entrant in seated], rng))


def _move_up(
    meetings: Meetings, seated: list[Entrant], previous: PlayedRound, settings: ProgressiveSettings, rng: random.Random
) -> tuple[Table, ...]:
    present = set(seated)
    moved = [entrant for entrant in _moved_order(previous) if entrant in present]
    placed = set(moved)
    line = moved + [entrant for entrant in seated if entrant not in placed]
    seats = settings.seats_per_table
    tables = [line[start : start + seats] for start in range(0, len(line), seats)]
    return tuple(_best_split(meetings, players, settings.side_size, rng) for players in tables)


def _moved_order(previous: PlayedRound) -> list[Entrant]:
    """The last round's players, head table first, where the movement puts them."""
    winners, losers = [], []
    for number, table in enumerate(previous.tables):
        missing = [entrant for side in table for entrant in side if entrant not in previous.scores]
        if missing:
            raise RuleViolation(
                "invalid",
                msg(
                    "The winners move up only when every table's result is in; table {table} of the last round "
                    "has none.",
                    table=number + 1,
                ),
                "history",
                missing=missing,
            )
        ranked = sorted(table, key=lambda side: -side_score(side, previous.scores))
        winners.append(list(ranked[0]))
        losers.append([entrant for side in ranked[1:] for entrant in side])
    count = len(previous.tables)
    if count == 1:
        return winners[0] + losers[0]
    arriving = [winners[number + 1] if number + 1 < count else losers[0] for number in range(count)]
    staying = [winners[0]] + [losers[number] for number in range(1, count)]
    return [entrant for number in range(count) for entrant in staying[number] + arriving[number]]


def _best_split(meetings: Meetings, players: list[Entrant], side_size: int, rng: random.Random) -> Table:
    """The two sides of ``players`` with the fewest repeated partnerships, then meetings (a seeded pick on a tie)."""
    indices = [meetings.index[entrant] for entrant in players]
    splits = []
    for rest in combinations(indices[1:], side_size - 1):
        first = [indices[0], *rest]
        splits.append([first, [player for player in indices if player not in first]])
    costs = [meetings.table_cost(split) for split in splits]
    cheapest = [split for split, cost in zip(splits, costs, strict=True) if cost == min(costs)]
    return meetings.entrants_of([rng.choice(cheapest)])[0]
