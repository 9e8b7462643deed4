"""What every draw format shares: the round to draw (``DrawRequest``), the rounds already played (``PlayedRound``),
the drawn round (``Draw``), the checks of the entrants and the round number, and the bye rotation.

Entrants are ints or strings (a player's or a team's id); a table is a tuple of sides in seat order, a side a tuple
of entrant ids. Nothing here reads a clock or global state: randomness comes only from ``random.Random(seed)``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from games.rules.errors import RuleViolation
from games.rules.messages import msg

Entrant = int | str
Side = tuple[Entrant, ...]
Table = tuple[Side, ...]


@dataclass(frozen=True)
class PlayedRound:
    """A round already played: its tables and byes as drawn, and each entrant's score for the round.

    ``scores`` maps an entrant to the points it made in the round (a player's own points at a progressive night; in a
    partnership game each player of a side carries the side's points). A table without scores has not finished.
    """

    tables: tuple[Table, ...]
    byes: tuple[Entrant, ...] = ()
    scores: Mapping[Entrant, float] = field(default_factory=dict)


@dataclass(frozen=True)
class DrawRequest:
    """The round to draw: the entrants present (in a stable order: the night's list), the round number (1 for the
    first), the rounds played so far (oldest first) and the round's recorded seed."""

    entrants: tuple[Entrant, ...]
    round: int
    history: tuple[PlayedRound, ...] = ()
    seed: int = 0


@dataclass(frozen=True)
class Draw:
    """A drawn round: its tables (sides in seat order), who sits out, the seat index (0-based, counting round the
    table side by side: side 0's first player, side 1's first, ... then each side's second) of each table's first
    dealer, and the seed it was drawn with."""

    round: int
    tables: tuple[Table, ...]
    byes: tuple[Entrant, ...]
    first_dealers: tuple[int, ...]
    seed: int

    def seated(self) -> list[Entrant]:
        return [entrant for table in self.tables for side in table for entrant in side]


def side_score(side: Side, scores: Mapping[Entrant, float]) -> float:
    return sum(scores[entrant] for entrant in side)


def check_request(request: DrawRequest, minimum: int) -> None:
    """Refuse entrants of the wrong type or listed twice, a round number that does not follow the history, and
    fewer entrants than the format can seat."""
    seen: set[Entrant] = set()
    for index, entrant in enumerate(request.entrants):
        if isinstance(entrant, bool) or not isinstance(entrant, int | str):
            raise RuleViolation(
                "invalid",
                msg("An entrant is a number or a name; {value!r} is not.", value=entrant),
                f"entrants[{index}]",
            )
        if entrant in seen:
            raise RuleViolation(
                "invalid", msg("Entrant {entrant!r} is listed twice.", entrant=entrant), f"entrants[{index}]"
            )
        seen.add(entrant)
    expected = len(request.history) + 1
    if request.round != expected:
        raise RuleViolation(
            "invalid",
            msg(
                "Round {round} cannot be drawn after {played} played rounds; the next round is {expected}.",
                round=request.round,
                played=len(request.history),
                expected=expected,
            ),
            "round",
            expected=expected,
        )
    if len(request.entrants) < minimum:
        raise RuleViolation(
            "too_few_entrants",
            msg(
                "At least {minimum} entrants are needed to draw a round; there are {given}.",
                minimum=minimum,
                given=len(request.entrants),
            ),
            "entrants",
            minimum=minimum,
            given=len(request.entrants),
        )


def bye_counts(entrants: Iterable[Entrant], history: Sequence[PlayedRound]) -> dict[Entrant, int]:
    counts = dict.fromkeys(entrants, 0)
    for played in history:
        for entrant in played.byes:
            if entrant in counts:
                counts[entrant] += 1
    return counts


def pick_byes(order: Sequence[Entrant], count: int, history: Sequence[PlayedRound]) -> tuple[Entrant, ...]:
    """The ``count`` entrants who sit out: those with the fewest byes so far, earliest in ``order`` first, so that
    nobody sits out twice before every entrant present has sat out once."""
    if count == 0:
        return ()
    byes = bye_counts(order, history)
    position = {entrant: index for index, entrant in enumerate(order)}
    return tuple(sorted(order, key=lambda entrant: (byes[entrant], position[entrant]))[:count])


def shuffled(entrants: Sequence[Entrant], rng: random.Random) -> list[Entrant]:
    order = list(entrants)
    rng.shuffle(order)
    return order


def first_dealers(tables: Sequence[Table], rng: random.Random) -> tuple[int, ...]:
    return tuple(rng.randrange(sum(len(side) for side in table)) for table in tables)
