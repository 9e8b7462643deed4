"""``replay`` folds a list of deals and stops at the first one the rules refuse, naming it."""

from __future__ import annotations

import pytest

from games.rules.registry import get_engine
from games.rules.replay import DealRefused, replay, replay_steps

ENGINE = get_engine("contract_rummy")
RULES = ENGINE.rules_from_settings({"enforce_dealer_order": True}, 3)


def rummy_deal(dealer: str) -> dict[str, object]:
    return {"dealer": dealer, "went_out": "S1", "penalty_points": {"S2": 10, "S3": 25}}


def test_replay_folds_every_deal_from_the_initial_state() -> None:
    folded = replay(ENGINE, RULES, [rummy_deal("S1"), rummy_deal("S2")])
    assert folded.refusal is None
    assert [result["totals_after"] for result in folded.results] == [
        {"S1": 0, "S2": 10, "S3": 25},
        {"S1": 0, "S2": 20, "S3": 50},
    ]
    assert ENGINE.state_json(folded.state)["next_dealer"] == "S3"


def test_replay_stops_at_the_first_refused_deal_with_its_field_under_its_position() -> None:
    folded = replay(ENGINE, RULES, [rummy_deal("S1"), rummy_deal("S3"), rummy_deal("S3")])
    assert folded.refusal is not None
    assert (folded.refusal.code, folded.refusal.field) == ("dealer_out_of_turn", "deals[1].dealer")
    assert len(folded.results) == 1
    assert ENGINE.state_json(folded.state)["totals"] == {"S1": 0, "S2": 10, "S3": 25}


def test_a_deal_that_does_not_parse_is_a_refusal_too() -> None:
    folded = replay(ENGINE, RULES, [{"dealer": "S9", "went_out": "S1"}])
    assert folded.refusal is not None
    assert (folded.refusal.code, folded.refusal.field, folded.results) == ("unknown_player", "deals[0].dealer", ())


def test_replay_resumes_from_a_given_state() -> None:
    first = replay(ENGINE, RULES, [rummy_deal("S1")])
    rest = replay(ENGINE, RULES, [rummy_deal("S2")], first.state)
    assert ENGINE.state_json(rest.state) == ENGINE.state_json(
        replay(ENGINE, RULES, [rummy_deal("S1"), rummy_deal("S2")]).state
    )


def test_the_steps_name_the_refused_deal_by_its_position_and_keep_its_own_field() -> None:
    steps = replay_steps(ENGINE, RULES, [rummy_deal("S1"), rummy_deal("S1")])
    assert next(steps).index == 0
    with pytest.raises(DealRefused) as refused:
        next(steps)
    assert (refused.value.index, refused.value.violation.code, refused.value.violation.field) == (
        1,
        "dealer_out_of_turn",
        "dealer",
    )


def test_a_voided_deal_keeps_its_position_but_is_neither_parsed_nor_played() -> None:
    # Deal 2 would be refused ("S9" is no seat); voided, the fold goes on past it.
    deals = [rummy_deal("S1"), {"dealer": "S9"}, rummy_deal("S2")]
    folded = replay(ENGINE, RULES, deals, voided={1})
    assert folded.refusal is None
    assert [result["totals_after"] for result in folded.results] == [
        {"S1": 0, "S2": 10, "S3": 25},
        {"S1": 0, "S2": 20, "S3": 50},
    ]
    steps = list(replay_steps(ENGINE, RULES, deals, voided={1}))
    assert [(step.index, step.voided, step.deal is None) for step in steps] == [
        (0, False, False),
        (1, True, True),
        (2, False, False),
    ]
    assert steps[1].outcome.state == steps[0].outcome.state and steps[1].outcome.result == {}


def test_a_refusal_after_a_voided_deal_names_the_refused_deals_own_position() -> None:
    folded = replay(ENGINE, RULES, [rummy_deal("S1"), rummy_deal("S2"), rummy_deal("S1")], voided={1})
    assert folded.refusal is not None
    assert (folded.refusal.code, folded.refusal.field) == ("dealer_out_of_turn", "deals[2].dealer")
