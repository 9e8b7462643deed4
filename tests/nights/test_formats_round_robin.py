"""Round robin of fixed partnerships (nights/formats/round_robin.py): properties over 4 to 64 teams and up to 12
rounds (and past a full cycle), the exact schedule of five teams, the refusals."""

from __future__ import annotations

from functools import partial
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.rules.errors import RuleViolation
from nights.formats.base import DrawRequest, Entrant
from nights.formats.round_robin import RoundRobinSettings, draw, rounds_in_cycle, settings_from_json
from tests.support.nights import (
    assert_every_team_seated_two_to_a_table,
    opponent_counts,
    play_night,
)

FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
RULES = RoundRobinSettings()
DRAW = partial(draw, settings=RULES)


def _teams(count: int) -> list[Entrant]:
    return [f"T{number}" for number in range(1, count + 1)]


@FAST
@given(st.integers(min_value=4, max_value=64), st.integers(min_value=1, max_value=12), st.integers(0, 10_000))
def test_every_round_seats_every_team_once_two_to_a_table_with_byes_going_round(
    teams: int, rounds: int, seed: int
) -> None:
    assert_every_team_seated_two_to_a_table(play_night(DRAW, _teams(teams), rounds, seed), _teams(teams))


@FAST
@given(st.integers(min_value=4, max_value=12), st.integers(min_value=1, max_value=30), st.integers(0, 10_000))
def test_no_two_teams_meet_again_before_every_pair_has_met(teams: int, rounds: int, seed: int) -> None:
    """In the c-th cycle of rounds (from 0) every pair at a table has met exactly c times before; a full cycle
    meets every pair once."""
    entrants = _teams(teams)
    played = play_night(DRAW, entrants, rounds, seed)
    cycle = rounds_in_cycle(teams)
    for drawn, _round in played:
        before = opponent_counts([played_round for _drawn, played_round in played[: drawn.round - 1]])
        completed = (drawn.round - 1) // cycle
        assert [before[frozenset((table[0][0], table[1][0]))] for table in drawn.tables] == [completed] * len(
            drawn.tables
        )
    if rounds >= cycle:
        met = opponent_counts([played_round for _drawn, played_round in played[:cycle]])
        assert met == dict.fromkeys((frozenset(pair) for pair in combinations(entrants, 2)), 1)


@FAST
@given(st.integers(min_value=4, max_value=64), st.integers(min_value=1, max_value=12), st.integers(0, 10_000))
def test_the_same_seed_gives_the_same_draw(teams: int, rounds: int, seed: int) -> None:
    entrants = _teams(teams)
    played = play_night(DRAW, entrants, rounds, seed)
    drawn, _round = played[-1]
    history = tuple(played_round for _drawn, played_round in played[:-1])
    assert draw(DrawRequest(tuple(entrants), drawn.round, history, drawn.seed), RULES) == drawn


def test_five_teams_play_every_round_exactly() -> None:
    played = play_night(DRAW, list("ABCDE"), 5, seed=2)
    assert [(drawn.tables, drawn.byes) for drawn, _round in played] == [
        (((("E",), ("B",)), (("C",), ("D",))), ("A",)),
        (((("E",), ("A",)), (("C",), ("B",))), ("D",)),
        (((("A",), ("D",)), (("C",), ("E",))), ("B",)),
        (((("C",), ("A",)), (("D",), ("B",))), ("E",)),
        (((("A",), ("B",)), (("D",), ("E",))), ("C",)),
    ]


def test_the_sixth_round_of_five_teams_starts_the_cycle_again() -> None:
    played = play_night(DRAW, list("ABCDE"), 6, seed=2)
    assert (played[5][0].tables, played[5][0].byes) == ((((("E",), ("B",)), (("C",), ("D",))), ("A",)))


def test_two_teams_meet_every_round() -> None:
    played = play_night(DRAW, [1, 2], 3, seed=2)
    assert [{table[0][0], table[1][0]} for drawn, _round in played for table in drawn.tables] == [{1, 2}] * 3


def test_one_team_is_too_few() -> None:
    with pytest.raises(RuleViolation) as refused:
        draw(DrawRequest(("A",), 1), RULES)
    assert refused.value.as_dict() == {
        "code": "too_few_entrants",
        "detail": "At least 2 entrants are needed to draw a round; there are 1.",
        "field": "entrants",
        "extra": {"minimum": 2, "given": 1},
    }


def test_a_round_robin_has_no_settings() -> None:
    assert settings_from_json({}) == RULES
    with pytest.raises(RuleViolation) as refused:
        settings_from_json({"rounds": 3})
    assert (refused.value.code, refused.value.field) == ("invalid", "settings.rounds")
    assert refused.value.detail == "Round robin has no setting 'rounds'; the settings are: ."
