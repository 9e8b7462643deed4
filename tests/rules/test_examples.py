"""Every worked example of shared/rules/examples.json, folded through the pure engines."""

from __future__ import annotations

from typing import Any

import pytest

from games.rules.registry import game_keys, get_engine
from tests.examples import SHARED_EXAMPLES, VENDORED_EXAMPLES, example_params, examples_for, run_example


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


@pytest.mark.parametrize("game", game_keys())
def test_every_registered_game_has_worked_examples(game: str) -> None:
    """A game is added with its rules file's worked examples (shared/rules/examples.json under its key)."""
    assert examples_for(game), f"{game} has no worked example in examples.json"
