"""Every worked example of shared/rules/examples.json, folded through the pure engines."""

from __future__ import annotations

from typing import Any

import pytest

from games.rules.errors import RuleViolation
from games.rules.registry import get_engine
from games.rules.replay import replay
from tests.examples import SHARED_EXAMPLES, VENDORED_EXAMPLES, example_params, player_count


def run_example(case: dict[str, Any]) -> tuple[Any, list[dict[str, Any]], RuleViolation | None]:
    """Fold the example's deals; return the final state, the results and the first refusal (if any)."""
    engine = get_engine(case["game"])
    try:
        rules = engine.rules_from_settings(case["settings"], player_count(case))
    except RuleViolation as violation:
        return None, [], violation
    folded = replay(engine, rules, case["deals"])
    results = [{"deal_number": number, **result} for number, result in enumerate(folded.results, start=1)]
    return folded.state, results, folded.refusal


@pytest.mark.parametrize("case", example_params())
def test_worked_example(case: dict[str, Any]) -> None:
    engine = get_engine(case["game"])
    state, results, violation = run_example(case)
    expected = case["expected"]
    error = expected.get("error")
    if error:
        assert violation is not None, f"expected {error['code']} but every deal was accepted"
        assert (violation.code, violation.field) == (error["code"], error["field"])
    else:
        assert violation is None, violation
    for got, want in zip(results, expected.get("deals", []), strict=True):
        assert {key: got.get(key) for key in want} == want
    if state is not None:
        final = engine.state_json(state)
        assert {key: final.get(key) for key in expected["final"]} == expected["final"]


def test_the_vendored_examples_match_the_shared_rules() -> None:
    if not SHARED_EXAMPLES.exists():
        pytest.skip("the shared rules folder is not beside this clone")
    assert VENDORED_EXAMPLES.read_text() == SHARED_EXAMPLES.read_text(), "copy the shared examples.json to tests/data/"
