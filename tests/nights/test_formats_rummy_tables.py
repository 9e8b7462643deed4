"""Contract Rummy tables (nights/formats/rummy_tables.py): properties over 4 to 64 players and up to 12 rounds, the
table sizes of the issue's example, the refusals."""

from __future__ import annotations

from functools import partial
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.rules.errors import RuleViolation
from nights.formats.base import Draw, DrawRequest, Entrant, PlayedRound
from nights.formats.rummy_tables import RummyTablesSettings, draw, settings_from_json, table_sizes
from tests.support.nights import (
    assert_byes_go_round,
    assert_everyone_seated_once_or_on_a_bye,
    opponent_counts,
    partner_counts,
    places,
    play_night,
    swap_change,
)

FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def bounds(draw_from: st.DrawFn) -> RummyTablesSettings:
    smallest = draw_from(st.integers(min_value=3, max_value=8))
    largest = draw_from(st.integers(min_value=smallest, max_value=8))
    return RummyTablesSettings(draw_from(st.integers(min_value=smallest, max_value=largest)), smallest, largest)


def _night(
    rules: RummyTablesSettings, entrants: list[Entrant], rounds: int, seed: int
) -> list[tuple[Draw, PlayedRound]]:
    return play_night(partial(draw, settings=rules), entrants, rounds, seed)


@FAST
@given(bounds(), st.integers(min_value=4, max_value=64), st.integers(1, 12), st.integers(0, 10_000))
def test_tables_are_balanced_within_the_bounds_and_seat_as_many_as_they_can(
    rules: RummyTablesSettings, players: int, rounds: int, seed: int
) -> None:
    entrants: list[Entrant] = list(range(1, players + 1))
    if players < rules.min_table_size:
        return
    played = _night(rules, entrants, rounds, seed)
    for drawn, _round in played:
        assert_everyone_seated_once_or_on_a_bye(drawn, entrants)
        sizes = [len(table) for table in drawn.tables]
        assert all(rules.min_table_size <= size <= rules.max_table_size for size in sizes)
        assert max(sizes) - min(sizes) <= 1
        assert all(len(side) == 1 for table in drawn.tables for side in table)
        # Sitting one more player out is needed only when seating them all cannot be balanced within the bounds.
        assert all(not table_sizes(players - out, rules) for out in range(len(drawn.byes)))
    assert_byes_go_round(played, entrants)


@FAST
@given(bounds(), st.integers(min_value=8, max_value=64), st.integers(1, 12), st.integers(0, 10_000))
def test_no_swap_of_two_players_between_tables_would_meet_fewer_old_opponents(
    rules: RummyTablesSettings, players: int, rounds: int, seed: int
) -> None:
    entrants: list[Entrant] = list(range(1, players + 1))
    played = _night(rules, entrants, rounds, seed)
    for number, (drawn, _round) in enumerate(played):
        history = [played_round for _drawn, played_round in played[:number]]
        counts = (partner_counts(history), opponent_counts(history))
        for first, second in combinations(places(drawn.tables), 2):
            if first[0] != second[0]:
                assert swap_change(drawn.tables, first, second, counts) >= (0, 0), (drawn.round, first, second)


@FAST
@given(bounds(), st.integers(min_value=8, max_value=64), st.integers(1, 12), st.integers(0, 10_000))
def test_the_same_seed_gives_the_same_draw(rules: RummyTablesSettings, players: int, rounds: int, seed: int) -> None:
    entrants: list[Entrant] = [f"P{number}" for number in range(1, players + 1)]
    played = _night(rules, entrants, min(rounds, 6), seed)
    drawn, _round = played[-1]
    history = tuple(played_round for _drawn, played_round in played[:-1])
    assert draw(DrawRequest(tuple(entrants), drawn.round, history, drawn.seed), rules) == drawn


@pytest.mark.parametrize(
    ("players", "rules", "sizes"),
    [
        (13, RummyTablesSettings(4, 3, 5), [4, 4, 5]),
        (13, RummyTablesSettings(5, 3, 5), [4, 4, 5]),
        (12, RummyTablesSettings(4, 3, 5), [4, 4, 4]),
        (7, RummyTablesSettings(4, 3, 5), [3, 4]),
        (10, RummyTablesSettings(6, 3, 8), [5, 5]),
        (17, RummyTablesSettings(3, 3, 8), [3, 3, 3, 4, 4]),
        (6, RummyTablesSettings(4, 4, 4), []),
    ],
)
def test_table_sizes(players: int, rules: RummyTablesSettings, sizes: list[int]) -> None:
    assert table_sizes(players, rules) == sizes


def test_thirteen_players_sit_at_four_four_and_five() -> None:
    drawn = draw(DrawRequest(tuple(range(1, 14)), 1, seed=7), RummyTablesSettings())
    assert ([len(table) for table in drawn.tables], drawn.byes) == ([4, 4, 5], ())


def test_six_players_at_tables_of_exactly_four_leave_two_out_in_turn() -> None:
    played = _night(RummyTablesSettings(4, 4, 4), list(range(1, 7)), 3, seed=3)
    assert [len(drawn.byes) for drawn, _round in played] == [2, 2, 2]
    assert sorted(entrant for drawn, _round in played for entrant in drawn.byes) == [1, 2, 3, 4, 5, 6]


def test_nine_players_in_threes_never_meet_twice_in_four_rounds() -> None:
    # Nine players in threes can meet everyone once in four rounds (an affine plane); the search finds it here.
    played = _night(RummyTablesSettings(3, 3, 3), list(range(1, 10)), 4, seed=1)
    assert sorted(opponent_counts([played_round for _drawn, played_round in played]).values()) == [1] * 36


def test_two_players_are_too_few_for_tables_of_three() -> None:
    with pytest.raises(RuleViolation) as refused:
        draw(DrawRequest((1, 2), 1), RummyTablesSettings())
    assert refused.value.as_dict()["extra"] == {"minimum": 3, "given": 2}
    assert refused.value.code == "too_few_entrants"


def test_the_preferred_size_must_lie_within_the_bounds() -> None:
    with pytest.raises(RuleViolation) as refused:
        settings_from_json({"preferred_table_size": 6, "max_table_size": 5})
    assert refused.value.as_dict() == {
        "code": "settings_conflict",
        "detail": "The preferred table size 6 must lie between the smallest table, 3, and the largest, 5.",
        "field": "settings.preferred_table_size",
        "extra": {
            "setting": "preferred_table_size",
            "conflicts_with": {"min_table_size": 3, "max_table_size": 5},
        },
    }


def test_a_table_of_two_is_refused() -> None:
    with pytest.raises(RuleViolation) as refused:
        settings_from_json({"min_table_size": 2})
    assert (refused.value.code, refused.value.field) == ("invalid", "settings.min_table_size")
