"""The one fold of a match's deals: a state is its deals played one by one from the initial state (DESIGN.md).

``replay`` folds a list of submitted deals (JSON, or parsed deal objects) from the initial state or from a given
one, and stops at the first deal the rules refuse. ``replay_steps`` is the same fold one deal at a time, for a
caller that acts between deals (a correction checks each later deal; the importer compares each stored result).

A voided deal keeps its number in a match but is not played: both take the positions of the voided deals in the
list (``voided``), skip them, and (``replay_steps``) still yield a step for each, with the state unchanged.
"""

from __future__ import annotations

from collections.abc import Container, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from games.rules.engine import DealOutcome, GameEngine
from games.rules.errors import RuleViolation


@dataclass(frozen=True)
class ReplayStep:
    """One deal: its position in the list, the parsed deal and what it produced.

    A voided deal has no parsed deal (``deal`` is None), ``voided`` set, and an outcome of the state as it was before
    it with an empty result.
    """

    index: int
    deal: Any
    outcome: DealOutcome
    voided: bool = False


class DealRefused(Exception):
    """The deal at ``index`` of the list is refused by the rules (``violation``, its field relative to the deal)."""

    def __init__(self, index: int, violation: RuleViolation) -> None:
        super().__init__(f"deal {index}: {violation.detail}")
        self.index = index
        self.violation = violation


@dataclass(frozen=True)
class Replay:
    """The state after the last accepted deal, each accepted deal's result, and the first refusal (if any).

    ``refusal`` has its field under ``deals[i]`` (``deals[2].dealer``), ``i`` the position of the refused deal.
    """

    state: Any
    results: tuple[dict[str, Any], ...]
    refusal: RuleViolation | None = None


def replay_steps(
    engine: GameEngine[Any, Any, Any],
    rules: Any,
    deals: Iterable[Any],
    state: Any = None,
    *,
    parsed: bool = False,
    voided: Container[int] = (),
) -> Iterator[ReplayStep]:
    """Fold ``deals`` one by one from ``state`` (the initial state when None); raises ``DealRefused``.

    ``deals`` are submitted deals (JSON objects) unless ``parsed``, when they are the engine's deal objects. The
    deals at the positions in ``voided`` are neither parsed nor played. ``deals`` is read lazily, one deal a step.
    """
    current = engine.initial_state(rules) if state is None else state
    for index, item in enumerate(deals):
        if index in voided:
            yield ReplayStep(index, None, DealOutcome(current, {}), voided=True)
            continue
        try:
            deal = item if parsed else engine.parse_deal(item, rules)
            outcome = engine.play_deal(current, deal, rules)
        except RuleViolation as violation:
            raise DealRefused(index, violation) from violation
        current = outcome.state
        yield ReplayStep(index, deal, outcome)


def replay(
    engine: GameEngine[Any, Any, Any],
    rules: Any,
    deals: Iterable[Any],
    state: Any = None,
    *,
    parsed: bool = False,
    voided: Container[int] = (),
) -> Replay:
    """Fold ``deals`` from ``state`` (the initial state when None), stopping at the first refused deal.

    The loop of ``replay_steps`` without a step object per deal: a whole match is folded at the engines' speed.
    ``results`` has the results of the deals played (a voided deal has none).
    """
    current = engine.initial_state(rules) if state is None else state
    results: list[dict[str, Any]] = []
    index = 0
    try:
        for index, item in enumerate(deals):  # the index names the refused deal
            if index in voided:
                continue
            outcome = engine.play_deal(current, item if parsed else engine.parse_deal(item, rules), rules)
            current = outcome.state
            results.append(outcome.result)
    except RuleViolation as violation:
        return Replay(current, tuple(results), violation.prefixed(f"deals[{index}]"))
    return Replay(current, tuple(results))
