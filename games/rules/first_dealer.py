"""A match whose first dealer was drawn (a club night's table): its first counted deal is dealt by that seat, whatever
the house rules say of the dealer order after it (``enforce_dealer_order``). The draw chose the seat as it chose the
seats, so a table cannot pick another; a match outside a night lets anyone deal first (twenty_eight.md §T.6).

The state before the first deal carries the drawn seat: ``next_dealer`` names it (so a page proposes it) and
``first_dealer`` marks it as binding (``with_first_dealer``); the key is in the state JSON only until a deal is
played, so every other state reads as it always did. Every engine's ``play_deal`` (``games.rules.engine.EngineBase``)
checks the deal against it before the game's own checks, and the state after the deal no longer has it: a correction
or a void replaying from the state before the first counted deal checks it again, a later deal never.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, TypeVar

from games.rules.errors import RuleViolation, bad_state
from games.rules.messages import msg

# The state JSON's key, present only before the first counted deal of a match whose first dealer was drawn.
FIRST_DEALER = "first_dealer"

StateT = TypeVar("StateT")


def with_first_dealer(state: dict[str, Any], first_dealer: str) -> dict[str, Any]:
    """The state JSON before the first deal of a match whose first dealer is ``first_dealer`` (none: ``state`` as it
    is). Every engine's state has ``next_dealer``, which before the first deal names no one (any seat may deal)."""
    if not first_dealer or "next_dealer" not in state:
        return state
    return {**state, "next_dealer": first_dealer, FIRST_DEALER: first_dealer}


def first_dealer_json(first_dealer: str | None) -> dict[str, str]:
    """What a state's JSON adds for its ``first_dealer``: the key only while a drawn first dealer binds."""
    return {} if first_dealer is None else {FIRST_DEALER: first_dealer}


def first_dealer_from_json(data: Mapping[str, Any], seats: tuple[str, ...]) -> str | None:
    """The stored state's drawn first dealer (None when the key is absent), one of ``seats``."""
    value = data.get(FIRST_DEALER)
    if value is None:
        return None
    if value not in seats or data.get("next_dealer") != value:
        raise bad_state(msg("The stored first dealer is not the seat that deals next."), FIRST_DEALER)
    return str(value)


def check_first_dealer(state: Any, deal: Any) -> None:
    """Refuse a deal played on a state with a drawn first dealer (``state.first_dealer``) by another seat: the same
    code, field and ``extra`` as the games' own ``dealer_out_of_turn``."""
    expected = getattr(state, FIRST_DEALER, None)
    dealer = getattr(deal, "dealer", None)
    if expected is None or dealer is None or dealer == expected:
        return
    raise RuleViolation(
        "dealer_out_of_turn",
        msg("By the club night's draw, the first dealer of this match is {expected_dealer}.", expected_dealer=expected),
        "dealer",
        expected_dealer=expected,
    )


def without_first_dealer(state: StateT) -> StateT:
    """The state after a deal: a drawn first dealer binds the first deal only (a redeal record counts as a deal)."""
    if getattr(state, FIRST_DEALER, None) is None:
        return state
    return dataclasses.replace(state, **{FIRST_DEALER: None})  # type: ignore[type-var]
