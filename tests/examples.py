"""The worked examples of shared/rules/examples.json, with seats written as the API writes them.

The Contract Rummy examples name players ``P1..Pn``; the API (and the engines) use ``S1..Sn``.
The examples are read from ``SCOREKEEPER_RULES_DIR``, else from the shared rules folder beside the repository
(``../shared/rules``), else from the copy in tests/data/ so a clone on its own still tests. A test keeps that copy
equal to the shared file whenever the shared file is there.
"""

from __future__ import annotations

import json
import os
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from games.rules.errors import RuleViolation
from games.rules.registry import get_engine
from games.rules.replay import replay

REPO_ROOT = Path(__file__).resolve().parent.parent
SHARED_EXAMPLES = Path(os.environ.get("SCOREKEEPER_RULES_DIR", REPO_ROOT.parent / "shared" / "rules")) / "examples.json"
VENDORED_EXAMPLES = REPO_ROOT / "tests" / "data" / "examples.json"
_P_SEAT = re.compile(r"\bP(\d+)\b")

# Worked examples of features not built yet, each with the issue that builds it. Their tests are strict expected
# failures: the day the feature lands they pass, xfail(strict) turns that into a failure, and the issue removes its
# ids here. Nothing else may be marked so.
PENDING_EXAMPLES: dict[str, str] = {}


def _p_to_s(value: Any) -> Any:
    """Rename P-seats to S-seats everywhere: as strings and as object keys."""
    if isinstance(value, str):
        return _P_SEAT.sub(r"S\1", value)
    if isinstance(value, list):
        return [_p_to_s(item) for item in value]
    if isinstance(value, dict):
        return {_p_to_s(key): _p_to_s(item) for key, item in value.items()}
    return value


@cache
def load_examples() -> tuple[dict[str, Any], ...]:
    source = SHARED_EXAMPLES if SHARED_EXAMPLES.exists() else VENDORED_EXAMPLES
    cases = json.loads(source.read_text())
    return tuple(_p_to_s(case) for case in cases)


def examples_for(game: str) -> list[dict[str, Any]]:
    return [case for case in load_examples() if case["game"] == game]


def example_params(game: str | None = None) -> list[Any]:
    """The examples (of one game, or all) as pytest parameters named by id, the pending ones strict xfails."""
    return [
        pytest.param(case, id=case["id"], marks=_pending_mark(case["id"]))
        for case in load_examples()
        if game is None or case["game"] == game
    ]


def _pending_mark(example_id: str) -> list[Any]:
    reason = PENDING_EXAMPLES.get(example_id)
    return [pytest.mark.xfail(strict=True, reason=f"not built yet: {reason}")] if reason else []


def player_count(case: dict[str, Any]) -> int:
    return len(case["table"]["seats"])


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
