"""Helpers of the club nights' draw tests: play a night of rounds with seeded random scores, and count from the
history (independently of nights/formats/seating.py) how often players have partnered and met."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations

from nights.formats.base import Draw, DrawRequest, Entrant, PlayedRound, Table

Drawer = Callable[[DrawRequest], Draw]
Place = tuple[int, int, int]  # table, side, seat


def play_night(drawer: Drawer, entrants: Sequence[Entrant], rounds: int, seed: int) -> list[tuple[Draw, PlayedRound]]:
    """Draw ``rounds`` rounds one after another, each with its own seed, every table finished with random scores
    (each player of a side carries the side's score). Returns each draw with the round as played."""
    scores_rng = random.Random(seed)
    history: list[PlayedRound] = []
    played: list[tuple[Draw, PlayedRound]] = []
    for number in range(1, rounds + 1):
        drawn = drawer(DrawRequest(tuple(entrants), number, tuple(history), seed * 1000 + number))
        scores = {entrant: float(0) for entrant in drawn.byes}
        for table in drawn.tables:
            for side in table:
                points = scores_rng.randrange(0, 11)
                scores.update(dict.fromkeys(side, points))
        history.append(PlayedRound(drawn.tables, drawn.byes, scores))
        played.append((drawn, history[-1]))
    return played


def partner_counts(history: Sequence[PlayedRound]) -> Counter[frozenset[Entrant]]:
    counts: Counter[frozenset[Entrant]] = Counter()
    for played in history:
        for table in played.tables:
            for side in table:
                counts.update(frozenset(pair) for pair in combinations(side, 2))
    return counts


def opponent_counts(history: Sequence[PlayedRound]) -> Counter[frozenset[Entrant]]:
    counts: Counter[frozenset[Entrant]] = Counter()
    for played in history:
        for table in played.tables:
            for first, second in combinations(table, 2):
                counts.update(frozenset((one, two)) for one in first for two in second)
    return counts


def repeated_partnerships(tables: Sequence[Table], before: Counter[frozenset[Entrant]]) -> int:
    """The round's partner cost: each pair on one side counts the times the two partnered before."""
    return sum(before[frozenset(pair)] for table in tables for side in table for pair in combinations(side, 2))


def repeated_meetings(tables: Sequence[Table], before: Counter[frozenset[Entrant]]) -> int:
    """The round's meeting cost: each pair on opposing sides of a table counts the times they met before."""
    return sum(
        before[frozenset((one, two))]
        for table in tables
        for first, second in combinations(table, 2)
        for one in first
        for two in second
    )


def swapped(tables: Sequence[Table], first: tuple[int, int, int], second: tuple[int, int, int]) -> list[Table]:
    """The tables with the players at two places (table, side, seat) exchanged."""
    seating = [[list(side) for side in table] for table in tables]
    (table_a, side_a, seat_a), (table_b, side_b, seat_b) = first, second
    seating[table_a][side_a][seat_a], seating[table_b][side_b][seat_b] = (
        seating[table_b][side_b][seat_b],
        seating[table_a][side_a][seat_a],
    )
    return [tuple(tuple(side) for side in table) for table in seating]


def places(tables: Sequence[Table]) -> list[tuple[int, int, int]]:
    return [
        (number, side_number, seat)
        for number, table in enumerate(tables)
        for side_number, side in enumerate(table)
        for seat in range(len(side))
    ]


def assert_everyone_seated_once_or_on_a_bye(drawn: Draw, entrants: Sequence[Entrant]) -> None:
    placed = drawn.seated() + list(drawn.byes)
    assert sorted(map(str, placed)) == sorted(map(str, entrants))
    assert len(placed) == len(set(placed))


def assert_byes_go_round(played: Sequence[tuple[Draw, PlayedRound]], entrants: Sequence[Entrant]) -> None:
    """After every round the bye counts differ by one at most: nobody sits out twice before everyone has once."""
    byes: Counter[Entrant] = Counter()
    for drawn, _round in played:
        byes.update(drawn.byes)
        counts = [byes[entrant] for entrant in entrants]
        assert max(counts) - min(counts) <= 1, (drawn.round, dict(byes))


Counts = Counter[frozenset[Entrant]]


def assert_every_team_seated_two_to_a_table(
    played: Sequence[tuple[Draw, PlayedRound]], entrants: Sequence[Entrant]
) -> None:
    """Every round of a night of two-sided tables of one team a side (round robin, Swiss): each team seated once or
    on the round's one bye (an odd count has one), and the byes going round."""
    for drawn, _round in played:
        assert_everyone_seated_once_or_on_a_bye(drawn, entrants)
        assert len(drawn.byes) == len(entrants) % 2
        assert all([len(side) for side in table] == [1, 1] for table in drawn.tables)
    assert_byes_go_round(played, entrants)


def cost_at(
    table: Table, side_number: int, player: Entrant, leaving: Entrant | None, counts: tuple[Counts, Counts]
) -> tuple[int, int]:
    """(partner cost, meeting cost) of ``player`` sitting on side ``side_number`` of ``table`` once ``leaving`` has
    left it."""
    partners, opponents = counts
    partner = meeting = 0
    for number, side in enumerate(table):
        for other in side:
            if other in (player, leaving):
                continue
            if number == side_number:
                partner += partners[frozenset((player, other))]
            else:
                meeting += opponents[frozenset((player, other))]
    return partner, meeting


def swap_change(tables: Sequence[Table], first: Place, second: Place, counts: tuple[Counts, Counts]) -> tuple[int, int]:
    """How an exchange of the players at two places changes the round's (partner cost, meeting cost)."""
    (table_a, side_a, seat_a), (table_b, side_b, seat_b) = first, second
    one, two = tables[table_a][side_a][seat_a], tables[table_b][side_b][seat_b]
    if table_a == table_b:
        after = swapped(tables, first, second)[table_a]
        return (
            repeated_partnerships([after], counts[0]) - repeated_partnerships([tables[table_a]], counts[0]),
            repeated_meetings([after], counts[1]) - repeated_meetings([tables[table_a]], counts[1]),
        )
    moves = [
        cost_at(tables[table_b], side_b, one, two, counts),
        cost_at(tables[table_a], side_a, two, one, counts),
    ]
    stays = [cost_at(tables[table_a], side_a, one, None, counts), cost_at(tables[table_b], side_b, two, None, counts)]
    return (
        sum(cost[0] for cost in moves) - sum(cost[0] for cost in stays),
        sum(cost[1] for cost in moves) - sum(cost[1] for cost in stays),
    )
