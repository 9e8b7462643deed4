"""Swiss system (nights/formats/swiss.py) and the standings it pairs by (nights/formats/standings.py): properties
over 4 to 64 teams and up to 12 rounds, an exact draw and exact standings of six teams, the refusals."""

from __future__ import annotations

from functools import partial
from itertools import combinations

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.rules.errors import RuleViolation
from nights.formats.base import DrawRequest, Entrant, PlayedRound
from nights.formats.standings import standings
from nights.formats.swiss import SwissSettings, draw, pair, settings_from_json
from tests.support.nights import (
    assert_every_team_seated_two_to_a_table,
    opponent_counts,
    play_night,
    repeated_meetings,
    swapped,
)

FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
RULES = SwissSettings()
DRAW = partial(draw, settings=RULES)
TEAMS = tuple("ABCDEF")
FIRST_ROUND = PlayedRound(
    tables=((("A",), ("B",)), (("C",), ("D",)), (("E",), ("F",))),
    scores={"A": 10, "B": 4, "C": 7, "D": 7, "E": 3, "F": 11},
)


def _teams(count: int) -> list[Entrant]:
    return list(range(1, count + 1))


def _rematch_avoidable(teams: list[Entrant], met: dict[frozenset[Entrant], int]) -> bool:
    """Whether these teams can all be paired with nobody meeting a team met before."""
    graph: nx.Graph[Entrant] = nx.Graph()
    graph.add_nodes_from(teams)
    graph.add_edges_from(pair for pair in combinations(teams, 2) if not met.get(frozenset(pair)))
    return len(nx.max_weight_matching(graph, maxcardinality=True)) == len(teams) // 2


@FAST
@given(st.integers(min_value=4, max_value=64), st.integers(min_value=1, max_value=12), st.integers(0, 10_000))
def test_every_round_seats_every_team_once_two_to_a_table_with_byes_going_round(
    teams: int, rounds: int, seed: int
) -> None:
    assert_every_team_seated_two_to_a_table(play_night(DRAW, _teams(teams), rounds, seed), _teams(teams))


@FAST
@given(st.integers(min_value=4, max_value=64), st.integers(min_value=1, max_value=12), st.integers(0, 10_000))
def test_no_rematch_while_one_is_avoidable(teams: int, rounds: int, seed: int) -> None:
    entrants = _teams(teams)
    played = play_night(DRAW, entrants, rounds, seed)
    for drawn, _round in played:
        met = opponent_counts([played_round for _drawn, played_round in played[: drawn.round - 1]])
        rematches = [table for table in drawn.tables if met[frozenset((table[0][0], table[1][0]))]]
        if rematches:
            assert not _rematch_avoidable(drawn.seated(), met), (drawn.round, rematches)


@FAST
@given(st.integers(min_value=4, max_value=33), st.integers(min_value=1, max_value=12), st.integers(0, 10_000))
def test_the_bye_goes_to_the_lowest_ranked_team_with_the_fewest_byes(teams: int, rounds: int, seed: int) -> None:
    entrants = _teams(teams | 1)
    played = play_night(DRAW, entrants, rounds, seed)
    for drawn, _round in played:
        history = [played_round for _drawn, played_round in played[: drawn.round - 1]]
        rows = {row.entrant: row for row in standings(entrants, history)}
        (bye,) = drawn.byes
        fewest = min(row.byes for row in rows.values())
        assert rows[bye].byes == fewest
        assert all(row.rank <= rows[bye].rank for row in rows.values() if row.byes == fewest)


@FAST
@given(st.integers(min_value=4, max_value=64), st.integers(min_value=1, max_value=12), st.integers(0, 10_000))
def test_the_same_seed_gives_the_same_draw(teams: int, rounds: int, seed: int) -> None:
    entrants = _teams(teams)
    played = play_night(DRAW, entrants, rounds, seed)
    drawn, _round = played[-1]
    history = tuple(played_round for _drawn, played_round in played[:-1])
    assert draw(DrawRequest(tuple(entrants), drawn.round, history, drawn.seed), RULES) == drawn


def test_six_teams_are_ranked_by_points_then_the_tie_breaks() -> None:
    rows = standings(TEAMS, [FIRST_ROUND])
    assert [(row.rank, row.entrant, row.points, row.buchholz, row.points_difference) for row in rows] == [
        (1, "F", 2, 0, 8),
        (2, "A", 2, 0, 6),
        (3, "C", 1, 1, 0),
        (3, "D", 1, 1, 0),
        (5, "B", 0, 2, -6),
        (6, "E", 0, 2, -8),
    ]


def test_the_director_orders_the_tie_breaks() -> None:
    rows = standings(TEAMS, [FIRST_ROUND], ("wins",))
    assert [(row.rank, row.entrant) for row in rows] == [(1, "A"), (1, "F"), (3, "C"), (3, "D"), (5, "B"), (5, "E")]


def test_head_to_head_ranks_the_winner_of_the_tied_teams_game_first() -> None:
    second = PlayedRound(
        tables=((("A",), ("F",)), (("B",), ("C",)), (("D",), ("E",))),
        scores={"A": 5, "F": 9, "B": 14, "C": 2, "D": 6, "E": 1},
    )
    # A and B have 2 points each: A beat B in round 1, B has the better points difference (+6 against +2).
    by_difference = standings(TEAMS, [FIRST_ROUND, second], ("points_difference",))
    by_head_to_head = standings(TEAMS, [FIRST_ROUND, second], ("head_to_head", "points_difference"))
    assert [(row.rank, row.entrant, row.points) for row in by_difference] == [
        (1, "F", 4),
        (2, "D", 3),
        (3, "B", 2),
        (4, "A", 2),
        (5, "C", 1),
        (6, "E", 0),
    ]
    assert [row.entrant for row in by_head_to_head] == ["F", "D", "A", "B", "C", "E"]


def test_six_teams_second_round_pairs_the_closest_without_a_rematch() -> None:
    drawn = draw(DrawRequest(TEAMS, 2, (FIRST_ROUND,), seed=1), RULES)
    assert (drawn.tables, drawn.byes) == (((("F",), ("D",)), (("A",), ("C",)), (("B",), ("E",))), ())


def test_a_bye_counts_as_a_win_in_points_only() -> None:
    played = PlayedRound(tables=((("A",), ("B",)),), byes=("C",), scores={"A": 3, "B": 1})
    rows = {row.entrant: row for row in standings("ABC", [played])}
    assert (rows["C"].points, rows["C"].wins, rows["C"].played, rows["C"].byes) == (2, 0, 0, 1)


def test_an_unfinished_table_counts_for_nothing_in_the_standings() -> None:
    played = PlayedRound(tables=((("A",), ("B",)),), scores={"A": 3})
    assert [(row.rank, row.points, row.played) for row in standings("AB", [played])] == [(1, 0, 0), (1, 0, 0)]


def test_a_big_field_pairs_within_the_nearest_and_falls_back_to_everyone() -> None:
    ranked: list[Entrant] = list(range(10))
    met: dict[frozenset[Entrant], int] = {
        frozenset((one, two)): 1 for one, two in combinations(range(10), 2) if {one, two} != {0, 9}
    }
    assert pair(ranked, met)[0] == (0, 9)  # the only fresh opponent is the farthest: the nearest ones are not enough
    assert pair(ranked, {}) == [(0, 1), (2, 3), (4, 5), (6, 7), (8, 9)]


def test_one_team_is_too_few() -> None:
    with pytest.raises(RuleViolation) as refused:
        draw(DrawRequest(("A",), 1), RULES)
    assert (refused.value.code, refused.value.field, refused.value.extra) == (
        "too_few_entrants",
        "entrants",
        {"minimum": 2, "given": 1},
    )


@pytest.mark.parametrize("value", [["buchholz", "buchholz"], ["sonneborn"], "wins"], ids=["twice", "unknown", "text"])
def test_tie_breaks_must_be_a_list_of_different_known_ones(value: object) -> None:
    with pytest.raises(RuleViolation) as refused:
        settings_from_json({"tie_breaks": value})
    assert (refused.value.code, refused.value.field) == ("invalid", "settings.tie_breaks")
    assert refused.value.detail == (
        "tie_breaks is a list of different tie-breaks from buchholz, head_to_head, points_difference, wins; "
        f"{value!r} is not."
    )


def test_the_tie_breaks_read_from_json() -> None:
    assert settings_from_json({"tie_breaks": ["wins", "buchholz"]}) == SwissSettings(("wins", "buchholz"))
    assert settings_from_json({}) == RULES
    assert SwissSettings(["wins"]).tie_breaks == ("wins",)  # type: ignore[arg-type]


# --- Contract Rummy players, alone, 3 to 8 a table ------------------------------------------------------------------

RUMMY = SwissSettings(sides_per_table=4)


@FAST
@given(
    st.integers(min_value=4, max_value=64),
    st.integers(min_value=3, max_value=8),
    st.integers(min_value=1, max_value=12),
    st.integers(0, 10_000),
)
def test_rummy_players_sit_alone_at_tables_of_the_size_by_standing_with_no_swap_lowering_the_rematches(
    players: int, size: int, rounds: int, seed: int
) -> None:
    entrants = _teams(max(players, size))
    rules = SwissSettings(sides_per_table=size)
    played = play_night(partial(draw, settings=rules), entrants, rounds, seed)
    byes_so_far = dict.fromkeys(entrants, 0)
    for drawn, _round in played:
        assert sorted(drawn.seated() + list(drawn.byes)) == sorted(entrants)
        assert all(len(table) == size and all(len(side) == 1 for side in table) for table in drawn.tables)
        assert len(drawn.byes) == len(entrants) % size
        fewest_left = sorted(byes_so_far.values())[len(drawn.byes) - 1] if drawn.byes else 0
        assert all(byes_so_far[bye] <= fewest_left for bye in drawn.byes)
        met = opponent_counts([round_ for _drawn, round_ in played[: drawn.round - 1]])
        cost = repeated_meetings(drawn.tables, met)
        for first, second in combinations(range(len(drawn.tables)), 2):
            for one in range(size):
                for two in range(size):
                    moved = swapped(drawn.tables, (first, one, 0), (second, two, 0))
                    assert repeated_meetings(moved, met) >= cost
        for bye in drawn.byes:
            byes_so_far[bye] += 1


def test_thirteen_rummy_players_sit_four_a_table_by_standing_and_nobody_meets_again() -> None:
    first = PlayedRound(
        tables=(((1,), (2,), (3,), (4,)), ((5,), (6,), (7,), (8,)), ((9,), (10,), (11,), (12,))),
        byes=(13,),
        scores={player: -float(player) for player in range(1, 13)},  # penalties, negated: fewer is better
    )
    drawn = draw(DrawRequest(tuple(range(1, 14)), 2, (first,), seed=3), RUMMY)
    # 1, 5 and 9 won every game at their tables; 13 had a bye: one of the last three (0 points) sits out.
    assert [[side[0] for side in table] for table in drawn.tables] == [[1, 9, 5, 10], [2, 6, 11, 7], [3, 13, 8, 12]]
    assert drawn.byes == (4,)


def test_rummy_swiss_needs_a_full_table() -> None:
    with pytest.raises(RuleViolation) as refused:
        draw(DrawRequest((1, 2, 3), 1), RUMMY)
    assert (refused.value.code, refused.value.extra) == ("too_few_entrants", {"minimum": 4, "given": 3})


def test_sides_per_table_reads_from_json_within_two_to_eight() -> None:
    assert settings_from_json({"sides_per_table": 5}).sides_per_table == 5
    with pytest.raises(RuleViolation) as refused:
        settings_from_json({"sides_per_table": 9})
    assert (refused.value.code, refused.value.field) == ("invalid", "settings.sides_per_table")
