"""An independent model of 56's auction (shared/rules/fifty_six.md §F.3), kept apart from the engine: who may call
what next. The properties draw legal auctions from it."""

from __future__ import annotations

from typing import Any

from games.rules.fifty_six.settings import FiftySixRules

TRUMPS = ("clubs", "diamonds", "hearts", "spades", "no_trumps")


class AuctionModel:
    """A plain re-statement of §F.3, kept apart from the engine: who may call what next."""

    def __init__(self, order: list[str], team_of: dict[str, str], must_bid: bool, may_bid_again: bool) -> None:
        self.order, self.team_of = order, team_of
        self.must_bid, self.may_bid_again = must_bid, may_bid_again
        self.position, self.passes = 0, 0
        self.standing: tuple[str, int] | None = None
        self.doubling = "none"
        self.passed: set[str] = set()
        self.closed = False

    @property
    def seat(self) -> str:
        return self.order[self.position % len(self.order)]

    def is_legal(self, call: dict[str, Any]) -> bool:
        if self.closed or call["seat"] != self.seat:
            return False
        kind, seat = call["call"], call["seat"]
        if kind == "pass":
            return not (self.must_bid and self.position == 0)
        if not self.may_bid_again and seat in self.passed:
            return False
        if kind == "bid":
            low = 28 if self.standing is None else self.standing[1] + 1
            return call.get("trump") in TRUMPS and isinstance(call.get("points"), int) and low <= call["points"] <= 56
        if self.standing is None:
            return False
        same_team = self.team_of[seat] == self.team_of[self.standing[0]]
        if kind == "double":
            return self.doubling == "none" and not same_team
        return self.doubling == "doubled" and same_team  # redouble

    def apply(self, call: dict[str, Any]) -> None:
        kind = call["call"]
        if kind == "pass":
            self.passes += 1
            self.passed.add(call["seat"])
            needed = len(self.order) - (0 if self.standing is None else 1)
            self.closed = self.passes >= needed
        elif kind == "bid":
            self.standing, self.doubling, self.passes = (call["seat"], call["points"]), "none", 0
        elif kind == "double":
            self.doubling, self.passes = "doubled", 0
        else:
            self.doubling, self.closed = "redoubled", True
        self.position += 1

    def options(self) -> list[dict[str, Any]]:
        seat = self.seat
        low = 28 if self.standing is None else self.standing[1] + 1
        candidates = (
            [{"seat": seat, "call": "pass"}] * 4
            + [
                {"seat": seat, "call": "bid", "points": points, "trump": TRUMPS[points % 5]}
                for points in sorted({low, min(low + 1, 56), min(low + 3, 56), 40, 48, 56})
                if points >= low
            ]
            + [{"seat": seat, "call": "double"}, {"seat": seat, "call": "redouble"}]
        )
        return [call for call in candidates if self.is_legal(call)]


def model_for(rules: FiftySixRules, active: list[str], dealer: str) -> AuctionModel:
    k = active.index(dealer)
    return AuctionModel(
        active[k + 1 :] + active[: k + 1],
        rules.team_of,
        rules.all_pass_rule == "first_speaker_must_bid",
        rules.passed_player_may_bid_again,
    )
