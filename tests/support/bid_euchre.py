"""Small builders for the Bid Euchre tests (no tests here): deals written the way a scorer at the table says them."""

from __future__ import annotations

from typing import Any

from games.rules.errors import RuleViolation
from games.rules.registry import get_engine

ENGINE = get_engine("bid_euchre")
SEATS = ("S1", "S2", "S3", "S4")
SHORT_CALLS = {
    "pb": "partners_best",
    "moon": "shoot_the_moon",
    "pass": "pass",
    "-": "pass",
    "triple_moon": "triple_moon",
    "quadruple_moon": "quadruple_moon",
}


def rules(**settings: Any) -> Any:
    return ENGINE.rules_from_settings(settings, 4)


def left_of(seat: str, steps: int = 1) -> str:
    return SEATS[(SEATS.index(seat) + steps) % 4]


def calls(dealer: str, *said: str | int, first: str | None = None) -> list[dict[str, Any]]:
    """Calls in turn from the dealer's left (or ``first``): 3 / "pb" / "moon" / "pass" (or "-")."""
    seat = first or left_of(dealer)
    out: list[dict[str, Any]] = []
    for word in said:
        if isinstance(word, int):
            out.append({"seat": seat, "call": "bid", "tricks": word})
        else:
            out.append({"seat": seat, "call": SHORT_CALLS[word]})
        seat = left_of(seat)
    return out


def deal(
    dealer: str = "S4",
    said: tuple[str | int, ...] = (3, "-", "-", "-"),
    trump: str | None = "hearts",
    tricks: tuple[int, int] | None = (4, 2),
    reneges: tuple[str, ...] = (),
    **extra: Any,
) -> dict[str, Any]:
    payload: dict[str, Any] = {"dealer": dealer, "auction": calls(dealer, *said)}
    if trump is not None:
        payload["trump"] = trump
    if tricks is not None:
        payload["tricks_won"] = {"A": tricks[0], "B": tricks[1]}
    if reneges:
        payload["reneges"] = [{"seat": seat} for seat in reneges]
    payload.update(extra)
    return payload


def passed_out(dealer: str) -> dict[str, Any]:
    return {"dealer": dealer, "auction": calls(dealer, "-", "-", "-", "-")}


def play(payloads: list[dict[str, Any]], the_rules: Any = None, state: Any = None) -> tuple[Any, list[dict[str, Any]]]:
    the_rules = the_rules if the_rules is not None else rules()
    state = state if state is not None else ENGINE.initial_state(the_rules)
    results = []
    for payload in payloads:
        outcome = ENGINE.play_deal(state, ENGINE.parse_deal(payload, the_rules), the_rules)
        state = outcome.state
        results.append(outcome.result)
    return state, results


def play_one(payload: dict[str, Any], the_rules: Any = None) -> dict[str, Any]:
    return play([payload], the_rules)[1][0]


def refusal(payload: Any, the_rules: Any = None, before: list[dict[str, Any]] | None = None) -> RuleViolation:
    """The violation the last deal raises after ``before`` is accepted."""
    the_rules = the_rules if the_rules is not None else rules()
    state, _ = play(before or [], the_rules)
    try:
        ENGINE.play_deal(state, ENGINE.parse_deal(payload, the_rules), the_rules)
    except RuleViolation as violation:
        return violation
    raise AssertionError(f"the deal was accepted: {payload!r}")
