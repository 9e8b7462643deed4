"""How a finished match ranks its sides: winners, draws, the order teams went out, tie-break measures."""

from __future__ import annotations

from games.rules.outcomes import SideResult, match_sides, outcome_of
from games.rules.registry import get_engine

TEAMS = {"A": ["S1", "S3"], "B": ["S2", "S4"]}


def test_a_seep_winner_takes_first_place_and_its_baazi_difference_and_signed_lead() -> None:
    state = {"match_winner": "B", "baazis_won": {"A": 1, "B": 3}, "running_lead": {"team": "A", "points": 40}}
    sides = match_sides(get_engine("seep"), state, TEAMS, ["S1", "S2", "S3", "S4"], {})
    assert sides == [
        SideResult("A", ("S1", "S3"), 2, {"baazi_difference": -2, "running_lead": 40}),
        SideResult("B", ("S2", "S4"), 1, {"baazi_difference": 2, "running_lead": -40}),
    ]
    assert [outcome_of(side, sides) for side in sides] == ["lost", "won"]


def test_a_drawn_seep_match_is_a_draw_for_both() -> None:
    state = {"match_winner": None, "baazis_won": {"A": 2, "B": 2}, "running_lead": {"team": None, "points": 0}}
    sides = match_sides(get_engine("seep"), state, TEAMS, [], {})
    assert [outcome_of(side, sides) for side in sides] == ["drawn", "drawn"]


def test_in_56_the_last_team_out_comes_second() -> None:
    teams = {"T1": ["S1", "S4"], "T2": ["S2", "S5"], "T3": ["S3", "S6"]}
    state = {
        "tables": {"T1": 0, "T2": 36, "T3": 0},
        "match_winner": "T2",
        "eliminated": [{"team": "T3", "reason": "no_tables_left"}, {"team": "T1", "reason": "no_tables_left"}],
    }
    sides = match_sides(get_engine("fifty_six"), state, teams, [], {"starting_tables": 12})
    assert [(side.side, side.place, side.measures["net_tables"]) for side in sides] == [
        ("T1", 2, -12),
        ("T2", 1, 24),
        ("T3", 3, -12),
    ]


def test_equal_lowest_contract_rummy_totals_share_the_win() -> None:
    state = {"totals": {"S1": 40, "S2": 40, "S3": 90}, "winners": ["S1", "S2"]}
    sides = match_sides(get_engine("contract_rummy"), state, None, ["S1", "S2", "S3"], {})
    assert [(side.side, side.place, outcome_of(side, sides)) for side in sides] == [
        ("S1", 1, "drawn"),
        ("S2", 1, "drawn"),
        ("S3", 3, "lost"),
    ]


def test_bid_euchre_measures_points_for_minus_against() -> None:
    sides = match_sides(get_engine("bid_euchre"), {"match_winner": "A", "scores": {"A": 33, "B": 21}}, TEAMS, [], {})
    assert [side.measures for side in sides] == [{"points_difference": 12}, {"points_difference": -12}]
