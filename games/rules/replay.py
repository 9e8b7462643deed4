"""The one fold of a match's deals: a state is its deals played one by one from the initial state (DESIGN.md).

``replay`` folds a list of submitted deals (JSON, or parsed deal objects) from the initial state or from a given
one, and stops at the first deal the rules refuse. ``replay_steps`` is the same fold one deal at a time, for a
caller that acts between deals (a correction checks each later deal; the importer compares each stored result).

A voided deal keeps its number in a match but is not played: both take the positions of the voided deals in the
list (``voided``), skip them, and (``replay_steps``) still yield a step for each, with the state unchanged.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Container, Iterable, Iterator
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
    parse: Callable[[Any], Any] | None = None,
) -> Iterator[ReplayStep]:
    """Fold ``deals`` one by one from ``state`` (the initial state when None); raises ``DealRefused``.

    ``deals`` are submitted deals (JSON objects) unless ``parsed``, when they are the engine's deal objects, or
    ``parse`` is given: then each is what ``parse`` turns into a deal object (a stored deal read through
    ``ParsedDeals``). The deals at the positions in ``voided`` are neither parsed nor played. ``deals`` is read
    lazily, one deal a step. The parse of a deal checks only the deal; ``play_deal`` checks it against the state,
    on every step, so a deal the new history makes illegal is refused however it was parsed.
    """
    current = engine.initial_state(rules) if state is None else state
    for index, item in enumerate(deals):
        if index in voided:
            yield ReplayStep(index, None, DealOutcome(current, {}), voided=True)
            continue
        try:
            deal = item if parsed else parse(item) if parse is not None else engine.parse_deal(item, rules)
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


@dataclass(frozen=True)
class ParsedDeal:
    """A stored deal parsed: the engine's deal object, its normalized JSON (``deal_json``), and whether that is
    the stored JSON as it is (a deal stored before a normalization changed is not)."""

    deal: Any
    normalized: dict[str, Any]
    as_stored: bool


class ParsedDeals:
    """A bounded memory of stored deals already parsed, least recently used forgotten first.

    Parsing a deal (``engine.parse_deal``, then ``deal_json``) is a pure function of its JSON and the match's rules,
    and a correction of deal 1 of a long match parses every later deal again: most of the engine's work (issue 28).
    Kept by the deal's JSON text (as the database gives it) and a key of the rules, so a deal whose input changes
    is parsed afresh, and a hit skips decoding the JSON as well. Only the parse is kept: every deal is still played
    against the state (``play_deal``), with all its checks. The deal objects are frozen and ``normalized`` is read,
    never changed, by whoever gets it. Safe for threads (one lock)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._entries: OrderedDict[tuple[str, str], ParsedDeal] = OrderedDict()
        self._lock = threading.Lock()

    def parsed(self, engine: GameEngine[Any, Any, Any], rules: Any, rules_key: str, text: str) -> ParsedDeal:
        """The stored deal ``text`` (its JSON) parsed under ``rules`` (``rules_key`` names them and the game);
        raises ``RuleViolation`` as ``parse_deal`` does."""
        key = (rules_key, text)
        with self._lock:
            found = self._entries.get(key)
            if found is not None:
                self._entries.move_to_end(key)
                return found
        stored = json.loads(text)
        deal = engine.parse_deal(stored, rules)
        normalized = engine.deal_json(deal)
        entry = ParsedDeal(deal, normalized, normalized == stored)
        if self.size > 0:
            with self._lock:
                self._entries[key] = entry
                while len(self._entries) > self.size:
                    self._entries.popitem(last=False)
        return entry

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)
