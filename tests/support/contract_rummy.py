"""Contract Rummy builders for the rules tests: rules, deals by penalty points, a fold, refusals."""

from __future__ import annotations

from typing import Any

import pytest

from games.rules.contract_rummy.engine import ENGINE
from games.rules.contract_rummy.settings import ContractRummyRules
from games.rules.engine import DealOutcome
from games.rules.errors import RuleViolation


def make_rules(players: int = 4, **house: Any) -> ContractRummyRules:
    return ENGINE.rules_from_settings(house, players)


def setup_refusal(house: dict[str, Any], players: int = 4) -> RuleViolation:
    with pytest.raises(RuleViolation) as caught:
        ENGINE.rules_from_settings(house, players)
    return caught.value


def play(deals: list[dict[str, Any]], rules: ContractRummyRules | None = None) -> tuple[Any, list[dict[str, Any]]]:
    rules = rules or make_rules()
    state = ENGINE.initial_state(rules)
    results = []
    for payload in deals:
        outcome = ENGINE.play_deal(state, ENGINE.parse_deal(payload, rules), rules)
        assert isinstance(outcome, DealOutcome)
        state = outcome.state
        results.append(outcome.result)
    return state, results


def refusal(
    payload: Any, rules: ContractRummyRules | None = None, before: list[dict[str, Any]] | None = None
) -> RuleViolation:
    rules = rules or make_rules()
    state, _ = play(before or [], rules)
    with pytest.raises(RuleViolation) as caught:
        ENGINE.play_deal(state, ENGINE.parse_deal(payload, rules), rules)
    return caught.value


def points_deal(dealer: str, went_out: str, points: dict[str, int]) -> dict[str, Any]:
    return {"dealer": dealer, "went_out": went_out, "penalty_points": points}


def simple_deal(dealer: str = "S1", went_out: str = "S3", players: int = 4, base: int = 5) -> dict[str, Any]:
    seats = [f"S{k}" for k in range(1, players + 1)]
    return points_deal(dealer, went_out, {seat: base + k for k, seat in enumerate(seats) if seat != went_out})


def full_match(
    players: int, penalties: list[dict[str, int]], went_out: list[str], rules: ContractRummyRules | None = None
) -> tuple[Any, list[dict[str, Any]]]:
    seats = [f"S{k}" for k in range(1, players + 1)]
    deals = [
        points_deal(seats[index % players], out, {seat: value for seat, value in points.items() if seat != out})
        for index, (points, out) in enumerate(zip(penalties, went_out, strict=True))
    ]
    return play(deals, rules or make_rules(players))
