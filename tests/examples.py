"""The worked examples of shared/rules/examples.json, with seats written as the API writes them.

The Contract Rummy examples name players ``P1..Pn``; the API (and the engines) use ``S1..Sn``.
The rules folder is found beside the repository (``../shared/rules``) or through ``SCOREKEEPER_RULES_DIR``.
"""

from __future__ import annotations

import json
import os
import re
from functools import cache
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parent.parent
RULES_DIR = Path(os.environ.get("SCOREKEEPER_RULES_DIR", REPO_ROOT.parent / "shared" / "rules"))
_P_SEAT = re.compile(r"\bP(\d+)\b")


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
    cases = json.loads((RULES_DIR / "examples.json").read_text())
    return tuple(_p_to_s(case) for case in cases)


def examples_for(game: str) -> list[dict[str, Any]]:
    return [case for case in load_examples() if case["game"] == game]


def player_count(case: dict[str, Any]) -> int:
    return len(case["table"]["seats"])
