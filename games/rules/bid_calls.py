"""What 56 and Twenty-Eight share in reading a deal report (shared/rules/fifty_six.md §F.3, twenty_eight.md §T.3):
the deal object and its keys, the auction sent as a list, and each call's word. Each game keeps its own call keys,
its seat check and what a bid carries."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.rules.errors import RuleViolation
from games.rules.messages import msg
from games.rules.shapes import reject_unknown_keys


def deal_object(payload: Any, keys: tuple[str, ...], unknown_key: Callable[[Any], str]) -> Mapping[str, Any]:
    """The deal: an object (else ``invalid`` with no field) of ``keys`` only (else ``unknown_key``'s message)."""
    if not isinstance(payload, Mapping):
        raise RuleViolation(
            "invalid", msg("A deal is an object with dealer, auction and bidding_team_card_points."), None
        )
    reject_unknown_keys(payload, keys, None, unknown_key)
    return payload


def sent_auction(payload: Mapping[str, Any]) -> Any:
    """The deal's ``auction`` as sent; a deal without one is ``invalid`` on ``auction``."""
    if "auction" not in payload:
        raise RuleViolation(
            "invalid", msg("Give the auction: the list of calls in the order they were made."), "auction"
        )
    return payload["auction"]


def call_list(value: Any, field: str) -> list[Any]:
    """An auction is a list of calls (``invalid`` on ``field`` otherwise)."""
    if not isinstance(value, list):
        raise RuleViolation("invalid", msg("auction is the list of calls in the order they were made."), field)
    return value


def call_word(payload: Mapping[str, Any], where: str, calls: tuple[str, ...], bid_only: tuple[str, ...]) -> str:
    """The call's word, one of ``calls`` (``invalid`` on ``where.call``); a call other than a bid sends none of
    ``bid_only`` (``invalid`` on that key)."""
    kind = payload.get("call")
    kind = kind.strip().lower() if isinstance(kind, str) else kind
    if kind not in calls:
        raise RuleViolation(
            "invalid",
            msg("A call is bid, pass, double or redouble; {get!r} is not.", get=payload.get("call")),
            f"{where}.call",
            allowed=list(calls),
        )
    if kind != "bid":
        for key in bid_only:
            if payload.get(key) is not None:
                raise RuleViolation(
                    "invalid", msg("A {kind} carries no {key}; only a bid does.", kind=kind, key=key), f"{where}.{key}"
                )
    return str(kind)
