"""The standings of a night of fixed partnerships (Swiss, round robin), from the rounds' tables and scores.

A table's sides meet one another: the side with more points wins (2 match points), equal points draw (1 each), the
other loses (0). A bye is worth a win's match points (it is not counted as a win or a game played). Entrants rank by
match points, then by the tie-breaks the director lists, in that order:

- ``buchholz``: the sum of the match points of every opponent met;
- ``head_to_head``: the match points won in games among the entrants still tied;
- ``points_difference``: points scored minus points conceded;
- ``wins``: the games won.

Entrants equal on every measure share a rank and keep the order of the entrants' list. A table without scores has
not been played and counts for nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from nights.formats.base import Entrant, PlayedRound, side_score

WIN, DRAW, LOSS = 2, 1, 0
BYE_POINTS = WIN
TIE_BREAKS = ("buchholz", "head_to_head", "points_difference", "wins")


@dataclass(frozen=True)
class Game:
    opponent: Entrant
    scored: float
    conceded: float

    @property
    def match_points(self) -> int:
        return WIN if self.scored > self.conceded else DRAW if self.scored == self.conceded else LOSS


@dataclass(frozen=True)
class Standing:
    rank: int
    entrant: Entrant
    points: int
    played: int
    wins: int
    byes: int
    buchholz: int
    points_difference: float


@dataclass
class _Record:
    games: list[Game] = field(default_factory=list)
    byes: int = 0

    @property
    def points(self) -> int:
        return sum(game.match_points for game in self.games) + BYE_POINTS * self.byes


def records(entrants: Sequence[Entrant], history: Sequence[PlayedRound]) -> dict[Entrant, _Record]:
    """Each entrant's games (one per other side at its table, for tables with every score in) and byes."""
    found = {entrant: _Record() for entrant in entrants}
    for played in history:
        for entrant in played.byes:
            if entrant in found:
                found[entrant].byes += 1
        for table in played.tables:
            if any(entrant not in played.scores for side in table for entrant in side):
                continue
            for side in table:
                scored = side_score(side, played.scores)
                for other in (other for other in table if other is not side):
                    for entrant in (entrant for entrant in side if entrant in found):
                        for opponent in other:
                            found[entrant].games.append(Game(opponent, scored, side_score(other, played.scores)))
    return found


def standings(
    entrants: Sequence[Entrant], history: Sequence[PlayedRound], tie_breaks: Sequence[str] = TIE_BREAKS
) -> tuple[Standing, ...]:
    """Every entrant ranked by match points and then ``tie_breaks`` in order (the names of ``TIE_BREAKS``)."""
    found = records(entrants, history)
    measures: dict[str, Callable[[Entrant, set[Entrant]], float]] = {
        "buchholz": lambda entrant, _group: _buchholz(found, entrant),
        "head_to_head": lambda entrant, group: sum(
            game.match_points for game in found[entrant].games if game.opponent in group
        ),
        "points_difference": lambda entrant, _group: sum(game.scored - game.conceded for game in found[entrant].games),
        "wins": lambda entrant, _group: sum(1 for game in found[entrant].games if game.match_points == WIN),
    }
    groups = _split([list(entrants)], lambda entrant, _group: found[entrant].points)
    for name in tie_breaks:
        groups = _split(groups, measures[name])
    rows: list[Standing] = []
    for group in groups:
        rank = len(rows) + 1
        rows.extend(_row(rank, entrant, found) for entrant in group)
    return tuple(rows)


def _split(groups: list[list[Entrant]], measure: Callable[[Entrant, set[Entrant]], float]) -> list[list[Entrant]]:
    """Each group ordered by ``measure`` (highest first, stable) and cut where the measure changes."""
    split: list[list[Entrant]] = []
    for group in groups:
        members = set(group)
        values = {entrant: measure(entrant, members) for entrant in group}
        ordered = sorted(group, key=lambda entrant: -values[entrant])
        for entrant in ordered:
            if split and split[-1][0] in members and values[split[-1][0]] == values[entrant]:
                split[-1].append(entrant)
            else:
                split.append([entrant])
    return split


def _buchholz(found: dict[Entrant, _Record], entrant: Entrant) -> int:
    return sum(found[game.opponent].points for game in found[entrant].games if game.opponent in found)


def _row(rank: int, entrant: Entrant, found: dict[Entrant, _Record]) -> Standing:
    record = found[entrant]
    return Standing(
        rank=rank,
        entrant=entrant,
        points=record.points,
        played=len(record.games),
        wins=sum(1 for game in record.games if game.match_points == WIN),
        byes=record.byes,
        buchholz=_buchholz(found, entrant),
        points_difference=sum(game.scored - game.conceded for game in record.games),
    )
