"""A Seep deal part way through its plays (games/rules/seep/moves.py, seep.md §S.7a): the floor, the seat to play,
the sweeps, and the moves the referee accepts for every card that seat may hold; exact on the worked deals of §S.10,
and checked against the referee on simulated legal deals cut at any play."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules.errors import RuleViolation
from games.rules.seep.moves import parse_partial, play_progress
from tests.support.referee_seep import FLOORS, WORKED, normalized, rules, simulated

SETUP_KEYS = ("dealer", "throw_ins", "bid", "floor")


def so_far(deal: dict[str, Any], count: int, plays: list[dict[str, Any]] | None = None, **house: Any) -> dict[str, Any]:
    """The answer for the first ``count`` plays of ``deal`` (or for ``plays`` instead)."""
    the_rules = rules(**house)
    payload = {key: deal[key] for key in SETUP_KEYS if key in deal}
    payload["plays"] = deal["plays"][:count] if plays is None else plays
    return play_progress(parse_partial(payload, the_rules), the_rules)


def notation(floor: dict[str, Any]) -> str:
    """The answer's floor as the rules file writes it (§S.10)."""
    houses = [
        f"[{house['value']}{'=' if house['cemented'] else ''}: {' '.join(house['cards'])} / "
        f"{','.join(house['owners'])}]"
        for house in floor["houses"]
    ]
    return " ".join(floor["loose"] + houses) or "(empty)"


def plays_of(answer: dict[str, Any], card: str) -> list[dict[str, Any]]:
    return [move["play"] for move in answer["moves"][card]]


def same_play(play: dict[str, Any]) -> dict[str, Any]:
    """A play compared by what it does: no seat, a cement as the build it is, the cards in any order."""
    kept = {key: sorted(value) if key in ("takes", "with") else value for key, value in play.items() if key != "seat"}
    return kept | ({"action": "build"} if kept["action"] == "cement" else {})


@pytest.mark.parametrize("example_id", sorted(WORKED))
def test_the_floor_after_each_round_of_the_worked_deals_is_the_rules_files(example_id: str) -> None:
    deal = WORKED[example_id]
    assert [notation(so_far(deal, 4 * round_)["floor"]) for round_ in range(1, 13)] == FLOORS[example_id]


@pytest.mark.parametrize("example_id", sorted(WORKED))
def test_every_play_of_the_worked_deals_is_among_the_moves_offered_for_its_card(example_id: str) -> None:
    deal = WORKED[example_id]
    resolved = normalized(deal)["plays"]
    for k, play in enumerate(resolved):
        answer = so_far(deal, k)
        assert answer["seat"] == play["seat"]
        assert same_play(play) in [same_play(move) for move in plays_of(answer, play["card"])], k


def test_seep_p02_play_1_the_bid_queen_must_take_all_four_cards_and_the_king_and_ten_have_no_move() -> None:
    answer = so_far(WORKED["seep-p02"], 0)
    assert (answer["seat"], answer["plays_entered"], answer["sweeps"]) == ("S4", 0, [])
    assert {card: plays_of(answer, card) for card in answer["moves"]} == {
        "QH": [{"card": "QH", "action": "capture", "takes": ["7C", "7H", "5H", "5C"]}],
        "10C": [],
        "2H": [{"card": "2H", "action": "build", "with": ["5H", "5C"], "house": 12}],
        "KH": [],
    }
    after = so_far(WORKED["seep-p02"], 1)
    assert after["sweeps"] == [{"play": 1, "seat": "S4", "team": "B", "kind": "first_play"}]


def test_seep_p03_play_1_offers_the_jack_s_capture_and_two_houses_of_11_for_the_five() -> None:
    answer = so_far(WORKED["seep-p03"], 0)
    assert {card: plays_of(answer, card) for card in answer["moves"]} == {
        "5S": [
            {"card": "5S", "action": "build", "with": ["6H"], "house": 11},
            {"card": "5S", "action": "build", "with": ["6H", "7S", "4C"], "house": 11},
        ],
        "8D": [],
        "9H": [],
        "JC": [{"card": "JC", "action": "capture", "takes": ["7S", "4C"]}],
    }


def test_seep_p01_play_8_the_queen_takes_the_house_of_12_adds_to_it_or_to_the_house_of_13() -> None:
    answer = so_far(WORKED["seep-p01"], 7)
    assert answer["moves"]["QS"] == [
        {
            "play": {"card": "QS", "action": "capture", "takes": []},
            "house_taken": 12,
            "house_after": None,
            "new_house": False,
        },
        {
            "play": {"card": "QS", "action": "build", "with": [], "house": 12},
            "house_taken": None,
            "house_after": 12,
            "new_house": False,
        },
        {
            "play": {"card": "QS", "action": "build", "with": ["AD"], "house": 13},
            "house_taken": None,
            "house_after": 13,
            "new_house": False,
        },
    ]


def test_an_owner_may_not_throw_loose_under_that_house_rule_so_the_four_has_no_move() -> None:
    deal = WORKED["seep-p01"]
    assert plays_of(so_far(deal, 4), "4S") == [{"card": "4S", "action": "throw"}]
    assert plays_of(so_far(deal, 4, owner_may_throw_loose=False), "4S") == []


def test_after_the_48th_play_no_seat_is_to_play_and_no_move_is_offered() -> None:
    answer = so_far(WORKED["seep-p01"], 48)
    assert (answer["seat"], answer["plays_left"], answer["moves"]) == (None, 0, {})
    assert answer["sweeps"] == [{"play": 23, "seat": "S4", "team": "B", "kind": "regular"}]


def test_the_first_illegal_play_is_refused_with_the_referees_code_and_field() -> None:
    deal = WORKED["seep-p01"]
    plays = [*deal["plays"][:5], {"card": "AD", "action": "capture"}]
    with pytest.raises(RuleViolation) as refused:
        so_far(deal, 0, plays)
    assert (refused.value.code, refused.value.field) == ("nothing_to_capture", "plays[5].action")


def test_more_than_48_plays_are_refused_on_plays() -> None:
    deal = WORKED["seep-p01"]
    with pytest.raises(RuleViolation) as refused:
        so_far(deal, 0, [*deal["plays"], {"card": "AS", "action": "throw"}])
    assert (refused.value.code, refused.value.field) == ("invalid", "plays")


DEALS = simulated(24, seed=5)


@settings(max_examples=25, deadline=None)
@given(which=st.integers(0, len(DEALS) - 1), count=st.integers(0, 47))
def test_every_move_offered_passes_the_referee_and_a_card_without_one_cannot_even_be_thrown(
    which: int, count: int
) -> None:
    deal = DEALS[which].payload
    answer = so_far(deal, count)
    plays = deal["plays"][:count]
    actual = deal["plays"][count]
    assert same_play(actual) in [same_play(move) for move in plays_of(answer, actual["card"])]
    for card, moves in answer["moves"].items():
        for move in moves:
            after = so_far(deal, 0, [*plays, move["play"]])
            assert after["plays_entered"] == count + 1
        if not moves:
            with pytest.raises(RuleViolation):
                so_far(deal, 0, [*plays, {"card": card, "action": "throw"}])
