"""Seating players at tables of sides so that partners and opponents repeat as little as the history allows.

Used by the formats that seat individuals (progressive, Contract Rummy tables). The cost of a seating is read
lexicographically: first the repeated partnerships (each pair on one side costs the number of times the two have
partnered before), then the repeated meetings (each pair on opposing sides of one table costs the number of times
they have faced each other before). Minimising the sum of earlier counts is minimising the growth of the sum of
their squares, which spreads the meetings as evenly as the counts allow.

The search is a seeded greedy fill followed by a local search: swap two players on different sides while the swap
lowers the cost. It stops at a seating where no swap of two players between sides lowers it; the property tests
check exactly that. A small night is seated a few times over from seeded reorderings and the cheapest kept.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

from nights.formats.base import Entrant, PlayedRound, Table

# Partnerships weigh more than every meeting of a round together: the cost is compared partner count first.
PARTNER_WEIGHT = 1_000_000_000
# A small night is seated several times over (each a fresh greedy fill and local search) and the cheapest kept: local
# optima differ, and for a few tables the extra searches cost little. A night of about this many players or more is
# seated once.
RESTART_BUDGET = 128
# The greedy fill looks this far ahead in the shuffled order for the cheapest next player (the local search then
# improves the whole seating): a bound that keeps a draw of 400 players fast.
LOOKAHEAD = 24

Seating = list[list[list[int]]]  # tables -> sides -> player indices


class Meetings:
    """How often each two entrants have partnered and have faced each other, by index in ``entrants``."""

    def __init__(self, entrants: Sequence[Entrant], history: Sequence[PlayedRound]) -> None:
        self.entrants = list(entrants)
        self.index = {entrant: position for position, entrant in enumerate(entrants)}
        size = len(entrants)
        self.partners = [[0] * size for _ in range(size)]
        self.opponents = [[0] * size for _ in range(size)]
        for played in history:
            for table in played.tables:
                self._count(table)

    def _count(self, table: Table) -> None:
        sides = [[self.index[entrant] for entrant in side if entrant in self.index] for side in table]
        for number, side in enumerate(sides):
            for first, second in combinations(side, 2):
                self.partners[first][second] += 1
                self.partners[second][first] += 1
            for other in sides[number + 1 :]:
                for first in side:
                    for second in other:
                        self.opponents[first][second] += 1
                        self.opponents[second][first] += 1

    def table_cost(self, table: list[list[int]]) -> int:
        partners = opponents = 0
        for number, side in enumerate(table):
            for position, first in enumerate(side):
                partner_row, opponent_row = self.partners[first], self.opponents[first]
                for second in side[position + 1 :]:
                    partners += partner_row[second]
                for other in table[number + 1 :]:
                    for second in other:
                        opponents += opponent_row[second]
        return partners * PARTNER_WEIGHT + opponents

    def added_cost(self, table: list[list[int]], side_number: int, player: int) -> int:
        partner_row, opponent_row = self.partners[player], self.opponents[player]
        partners = opponents = 0
        for number, side in enumerate(table):
            if number == side_number:
                for other in side:
                    partners += partner_row[other]
            else:
                for other in side:
                    opponents += opponent_row[other]
        return partners * PARTNER_WEIGHT + opponents

    def entrants_of(self, seating: Seating) -> tuple[Table, ...]:
        return tuple(tuple(tuple(self.entrants[player] for player in side) for side in table) for table in seating)


def seat(meetings: Meetings, shape: Sequence[Sequence[int]], order: Sequence[int], rng: random.Random) -> Seating:
    """The cheapest of a few seatings of ``order`` at the tables of ``shape``: each a greedy fill of a seeded
    reordering of the players, improved by the local search (the first as ``order`` comes)."""
    attempts = max(1, RESTART_BUDGET // max(1, len(order)))
    best: Seating | None = None
    best_cost = 0
    for attempt in range(attempts):
        players = list(order)
        if attempt:
            rng.shuffle(players)
        seating = improve(meetings, seat_greedily(meetings, shape, players), rng)
        cost = sum(meetings.table_cost(table) for table in seating)
        if best is None or cost < best_cost:
            best, best_cost = seating, cost
        if best_cost == 0:
            break
    assert best is not None
    return best


def seat_greedily(meetings: Meetings, shape: Sequence[Sequence[int]], order: Sequence[int]) -> Seating:
    """Fill the tables of ``shape`` (each table a list of side sizes) seat by seat with the cheapest of the next
    ``LOOKAHEAD`` players of ``order`` (the earliest on a tie)."""
    remaining = list(order)
    seating: Seating = []
    for sizes in shape:
        table: list[list[int]] = [[] for _ in sizes]
        for side_number, size in enumerate(sizes):
            for _ in range(size):
                window = remaining[:LOOKAHEAD]
                best = min(window, key=lambda player: meetings.added_cost(table, side_number, player))
                table[side_number].append(best)
                remaining.remove(best)
        seating.append(table)
    return seating


Place = tuple[int, int, int]  # table, side, seat


def improve(meetings: Meetings, seating: Seating, rng: random.Random) -> Seating:
    """Swap two players on different sides while a swap lowers the cost. A swap changes only the pairs of the two
    players, so only one with a repeated partner or opponent can take part in a swap that lowers the cost: only
    those are tried as the first of the two."""
    places = [
        (table_number, side_number, seat)
        for table_number, table in enumerate(seating)
        for side_number, side in enumerate(table)
        for seat in range(len(side))
    ]
    shares = {place: _share(meetings, seating, place) for place in places}
    improved = True
    while improved:
        improved = False
        movers = [place for place in places if shares[place]]
        rng.shuffle(movers)
        for mover in movers:
            if shares[mover] and _first_better_swap(meetings, seating, shares, mover, places):
                improved = True
    return seating


def _share(meetings: Meetings, seating: Seating, place: Place) -> int:
    """The cost of the pairs of the player at ``place``."""
    table_number, side_number, seat = place
    return meetings.added_cost(seating[table_number], side_number, seating[table_number][side_number][seat])


def _first_better_swap(
    meetings: Meetings, seating: Seating, shares: dict[Place, int], mover: Place, places: list[Place]
) -> bool:
    """Make the first swap of ``mover`` (in ``places`` order) that lowers the cost; whether one was made."""
    first_table, first_side, first_seat = mover
    player = seating[first_table][first_side][first_seat]
    for other in places:
        second_table, second_side, second_seat = other
        if second_table == first_table:
            if second_side != first_side and _same_table_swap_helps(meetings, seating, mover, other):
                _refresh(meetings, seating, shares, (first_table,))
                return True
            continue
        partner = seating[second_table][second_side][second_seat]
        # The two are at different tables, so no pair holds both: the change is their shares at each other's place.
        now = shares[mover] + shares[other]
        then = (
            meetings.added_cost(seating[second_table], second_side, player)
            - PARTNER_WEIGHT * meetings.partners[player][partner]
            + meetings.added_cost(seating[first_table], first_side, partner)
            - PARTNER_WEIGHT * meetings.partners[partner][player]
        )
        if then < now:
            _swap(seating, mover, other)
            _refresh(meetings, seating, shares, (first_table, second_table))
            return True
    return False


def _same_table_swap_helps(meetings: Meetings, seating: Seating, first: Place, second: Place) -> bool:
    """Swap two players of one table if that lowers its cost; whether it did."""
    table = seating[first[0]]
    before = meetings.table_cost(table)
    _swap(seating, first, second)
    if meetings.table_cost(table) < before:
        return True
    _swap(seating, first, second)
    return False


def _refresh(meetings: Meetings, seating: Seating, shares: dict[Place, int], tables: tuple[int, ...]) -> None:
    for table_number in tables:
        for side_number, side in enumerate(seating[table_number]):
            for seat in range(len(side)):
                place = (table_number, side_number, seat)
                shares[place] = _share(meetings, seating, place)


def _swap(seating: Seating, first: Place, second: Place) -> None:
    (table_a, side_a, seat_a), (table_b, side_b, seat_b) = first, second
    side_one, side_two = seating[table_a][side_a], seating[table_b][side_b]
    side_one[seat_a], side_two[seat_b] = side_two[seat_b], side_one[seat_a]
