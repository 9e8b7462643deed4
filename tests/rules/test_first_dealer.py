"""A drawn first dealer (games.rules.first_dealer, a club night's table) binds the first counted deal in every game,
whatever ``enforce_dealer_order`` says: another seat is ``dealer_out_of_turn`` on field ``dealer`` with
``expected_dealer``; the drawn seat is accepted; the deals after it are the house rules' business; and a replay (a
correction of deal 1, or deal 1 voided) checks the first counted deal again."""

from __future__ import annotations

import importlib
import random
from typing import Any

import pytest

from games.rules.errors import RuleViolation
from games.rules.first_dealer import FIRST_DEALER, with_first_dealer
from games.rules.registry import game_keys, get_engine
from games.rules.replay import DealRefused, replay_steps

GAMES = ("seep", "fifty_six", "bid_euchre", "contract_rummy", "twenty_eight")
DRAWN, OTHER = "S2", "S3"
REFUSAL = "By the club night's draw, the first dealer of this match is S2."


def setup(game: str, enforce: bool) -> tuple[Any, Any, dict[str, Any]]:
    """The engine, its rules (the demo league's, with ``enforce_dealer_order`` as asked) and the state JSON before
    the first deal of a match whose first dealer was drawn to be S2."""
    engine = get_engine(game)
    settings = {**demo(game).DEMO_SETTINGS, "enforce_dealer_order": enforce}
    rules = engine.rules_from_settings(settings, 4)
    return engine, rules, with_first_dealer(engine.state_json(engine.initial_state(rules)), DRAWN)


def demo(game: str) -> Any:
    return importlib.import_module(f"games.rules.{game}.demo")


def deal_by(game: str, dealer: str, state_json: dict[str, Any], seed: int = 1) -> dict[str, Any]:
    """A legal deal of ``game`` dealt by ``dealer`` in the state ``state_json``."""
    payload: dict[str, Any] = demo(game).demo_deal(random.Random(seed), {**state_json, "next_dealer": dealer})
    return payload


def refusal(engine: Any, rules: Any, state_json: dict[str, Any], payload: dict[str, Any]) -> RuleViolation:
    with pytest.raises(RuleViolation) as refused:
        engine.play_deal(engine.state_from_json(state_json, rules), engine.parse_deal(payload, rules), rules)
    return refused.value


def test_every_registered_game_is_checked_here() -> None:
    assert sorted(GAMES) == sorted(game_keys())


@pytest.mark.parametrize("enforce", [False, True])
@pytest.mark.parametrize("game", GAMES)
def test_the_first_deal_by_another_seat_is_refused_with_the_draws_code_field_and_seat(game: str, enforce: bool) -> None:
    engine, rules, before = setup(game, enforce)
    refused = refusal(engine, rules, before, deal_by(game, OTHER, before))
    assert (refused.code, refused.field, refused.extra, refused.detail) == (
        "dealer_out_of_turn",
        "dealer",
        {"expected_dealer": DRAWN},
        REFUSAL,
    )


@pytest.mark.parametrize("enforce", [False, True])
@pytest.mark.parametrize("game", GAMES)
def test_the_first_deal_by_the_drawn_seat_is_accepted_and_binds_no_later_deal(game: str, enforce: bool) -> None:
    engine, rules, before = setup(game, enforce)
    state = engine.state_from_json(before, rules)
    outcome = engine.play_deal(state, engine.parse_deal(deal_by(game, DRAWN, before), rules), rules)
    after = engine.state_json(outcome.state)
    assert FIRST_DEALER not in after
    plain = engine.play_deal(engine.initial_state(rules), engine.parse_deal(deal_by(game, DRAWN, before), rules), rules)
    assert (after, outcome.result) == (engine.state_json(plain.state), plain.result)  # as if no one were drawn


@pytest.mark.parametrize("game", GAMES)
def test_a_later_deal_by_any_seat_is_the_house_rules_business(game: str) -> None:
    engine, rules, before = setup(game, enforce=False)
    first = engine.play_deal(
        engine.state_from_json(before, rules), engine.parse_deal(deal_by(game, DRAWN, before), rules), rules
    )
    after = engine.state_json(first.state)
    other = next(seat for seat in ("S4", "S1", "S3") if seat not in (after["next_dealer"], DRAWN))
    later = engine.parse_deal(deal_by(game, other, after, seed=2), rules)
    second = engine.play_deal(first.state, later, rules)
    plain = engine.play_deal(engine.state_from_json(after, rules), later, rules)  # the same state, no one drawn
    assert (engine.state_json(second.state), second.result) == (engine.state_json(plain.state), plain.result)


@pytest.mark.parametrize("game", GAMES)
def test_with_the_dealer_order_enforced_a_later_deal_gets_the_games_own_refusal(game: str) -> None:
    engine, rules, before = setup(game, enforce=True)
    first = engine.play_deal(
        engine.state_from_json(before, rules), engine.parse_deal(deal_by(game, DRAWN, before), rules), rules
    )
    after = engine.state_json(first.state)
    other = next(seat for seat in ("S4", "S1", "S3") if seat != after["next_dealer"])
    refused = refusal(engine, rules, after, deal_by(game, other, after, seed=2))
    assert (refused.code, refused.field, refused.extra["expected_dealer"]) == (
        "dealer_out_of_turn",
        "dealer",
        after["next_dealer"],
    )
    assert refused.detail != REFUSAL


@pytest.mark.parametrize("game", GAMES)
def test_a_replay_of_a_correction_of_deal_one_checks_the_drawn_dealer(game: str) -> None:
    engine, rules, before = setup(game, enforce=False)
    start = engine.state_from_json(before, rules)
    later = deal_by(game, OTHER, before, seed=2)  # deal 2, any seat (the state's next dealer is not checked)
    with pytest.raises(DealRefused) as refused:
        list(replay_steps(engine, rules, [deal_by(game, OTHER, before), later], start))
    assert (refused.value.index, refused.value.violation.code, refused.value.violation.field) == (
        0,
        "dealer_out_of_turn",
        "dealer",
    )
    assert refused.value.violation.extra == {"expected_dealer": DRAWN}
    kept = list(replay_steps(engine, rules, [deal_by(game, DRAWN, before), later], start))
    assert [step.deal.dealer for step in kept] == [DRAWN, OTHER]


@pytest.mark.parametrize("game", GAMES)
def test_with_deal_one_voided_the_next_deal_is_the_first_and_is_checked(game: str) -> None:
    engine, rules, before = setup(game, enforce=False)
    start = engine.state_from_json(before, rules)
    deals = [deal_by(game, DRAWN, before), deal_by(game, OTHER, before, seed=2)]
    with pytest.raises(DealRefused) as refused:
        list(replay_steps(engine, rules, deals, start, voided={0}))
    assert (refused.value.index, refused.value.violation.code, refused.value.violation.detail) == (
        1,
        "dealer_out_of_turn",
        REFUSAL,
    )
    steps = list(replay_steps(engine, rules, [deals[0], deal_by(game, DRAWN, before, seed=2)], start, voided={0}))
    assert engine.state_json(steps[0].outcome.state) == before  # the voided deal leaves the drawn dealer binding
    assert FIRST_DEALER not in engine.state_json(steps[1].outcome.state)


@pytest.mark.parametrize("game", GAMES)
def test_the_state_before_the_first_deal_reads_back_and_a_damaged_one_is_refused(game: str) -> None:
    engine, rules, before = setup(game, enforce=False)
    assert (before["next_dealer"], before[FIRST_DEALER]) == (DRAWN, DRAWN)
    assert engine.state_json(engine.state_from_json(before, rules)) == before
    with pytest.raises(RuleViolation) as refused:
        engine.state_from_json({**before, FIRST_DEALER: OTHER}, rules)
    assert (refused.value.code, refused.value.field) == ("invalid", "state.first_dealer")


@pytest.mark.parametrize("game", GAMES)
def test_a_match_with_no_drawn_dealer_lets_any_seat_deal_first(game: str) -> None:
    engine = get_engine(game)
    rules = engine.rules_from_settings(demo(game).DEMO_SETTINGS, 4)
    plain = engine.state_json(engine.initial_state(rules))
    assert with_first_dealer(plain, "") == plain
    assert FIRST_DEALER not in plain
    deal = engine.parse_deal(deal_by(game, OTHER, plain), rules)
    outcome = engine.play_deal(engine.initial_state(rules), deal, rules)
    drawn = engine.play_deal(engine.state_from_json(with_first_dealer(plain, OTHER), rules), deal, rules)
    assert (engine.state_json(outcome.state), outcome.result) == (engine.state_json(drawn.state), drawn.result)
