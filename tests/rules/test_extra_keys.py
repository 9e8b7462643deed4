"""One ``extra`` key has one meaning in every game; a game's older key is still answered beside it, deprecated
(docs/api.md), since clients may read it.

- The seat that deals now is ``expected_dealer`` (was ``next_dealer`` in 56, ``expected`` in Seep and Contract Rummy).
- The copies of a card the pack holds are ``in_pack`` (was ``copies_in_pack`` in Contract Rummy).
"""

from __future__ import annotations

from typing import Any

import pytest

from games.rules.errors import RuleViolation
from games.rules.registry import get_engine
from tests.examples import examples_for, player_count

# The game's own key before one key per meaning, kept beside ``expected_dealer``.
DEPRECATED_KEY = {"seep": "expected", "fifty_six": "next_dealer", "bid_euchre": None, "contract_rummy": "expected"}


def first_accepted_example(game: str) -> dict[str, Any]:
    return next(case for case in examples_for(game) if "error" not in case["expected"] and case["deals"])


def wrong_dealer_refusal(game: str) -> tuple[RuleViolation, str]:
    """Play an example's first deal with dealer order enforced, then the same deal by a seat out of turn."""
    engine = get_engine(game)
    case = first_accepted_example(game)
    rules = engine.rules_from_settings({**case["settings"], "enforce_dealer_order": True}, player_count(case))
    first = case["deals"][0]
    outcome = engine.play_deal(engine.initial_state(rules), engine.parse_deal(first, rules), rules)
    expected = engine.state_json(outcome.state)["next_dealer"]
    wrong = next(seat for seat in engine.seats(rules) if seat not in (expected, first["dealer"]))
    with pytest.raises(RuleViolation) as refused:
        engine.play_deal(outcome.state, engine.parse_deal({**first, "dealer": wrong}, rules), rules)
    return refused.value, expected


@pytest.mark.parametrize("game", sorted(DEPRECATED_KEY))
def test_a_dealer_out_of_turn_is_told_the_expected_dealer(game: str) -> None:
    violation, expected = wrong_dealer_refusal(game)
    old_key = DEPRECATED_KEY[game]
    assert (violation.code, violation.field) == ("dealer_out_of_turn", "dealer")
    assert violation.extra == {"expected_dealer": expected, **({old_key: expected} if old_key else {})}


def test_a_dealer_whose_team_is_out_is_told_the_expected_dealer_too() -> None:
    engine = get_engine("fifty_six")
    rules = engine.rules_from_settings({"starting_tables": 2}, 6)
    auction = [{"seat": "S2", "call": "bid", "points": 32, "trump": "spades"},
               *({"seat": seat, "call": "pass"} for seat in ("S3", "S4", "S5", "S6", "S1"))]
    first = {"dealer": "S1", "auction": auction, "bidding_team_card_points": 0}
    after = engine.play_deal(engine.initial_state(rules), engine.parse_deal(first, rules), rules).state
    assert [entry["team"] for entry in engine.state_json(after)["eliminated"]] == ["T2"]
    with pytest.raises(RuleViolation) as refused:
        engine.play_deal(after, engine.parse_deal({**first, "dealer": "S5"}, rules), rules)
    assert (refused.value.code, refused.value.extra) == (
        "dealer_not_active", {"expected_dealer": "S3", "next_dealer": "S3"}
    )


def test_a_card_reported_too_often_is_told_the_copies_in_the_pack_as_in_every_game() -> None:
    engine = get_engine("contract_rummy")
    rules = engine.rules_from_settings({}, 4)
    payload = {"dealer": "S1", "went_out": "S3", "cards_left": {"S1": ["QH", "QH"], "S2": ["2C"], "S4": ["3C"]}}
    with pytest.raises(RuleViolation) as refused:
        engine.play_deal(engine.initial_state(rules), engine.parse_deal(payload, rules), rules)
    assert (refused.value.code, refused.value.field, refused.value.extra) == (
        "card_count_exceeds_pack", "cards_left.S1[1]", {"card": "QH", "in_pack": 1, "copies_in_pack": 1}
    )
