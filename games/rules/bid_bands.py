"""What the trick-taking games with a bid in card points share (56 and Twenty-Eight): a row of the band table that
says what a contract wins or loses, and the card points a team took as a deal reports them (each team's, and their
total)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.rules.errors import RuleViolation
from games.rules.messages import msg

BAND_KEYS: tuple[str, ...] = ("from", "to", "win", "lose")


@dataclass(frozen=True, slots=True)
class Band:
    """One row of the band table: a contract of ``first``..``last`` wins ``win`` or loses ``lose`` (56's tables,
    Twenty-Eight's game points)."""

    first: int
    last: int
    win: int
    lose: int

    @property
    def label(self) -> str:
        return str(self.first) if self.first == self.last else f"{self.first}-{self.last}"

    def as_json(self) -> dict[str, int]:
        return {"from": self.first, "to": self.last, "win": self.win, "lose": self.lose}


def card_points(value: Any, field: str, total: int) -> int:
    """``value`` as card points of one team: a whole number from 0 to the pack's ``total``."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= total:
        raise RuleViolation(
            "card_points_out_of_range",
            msg(
                "Card points are whole numbers from 0 to {total_card_points}; {value!r} is not one.",
                total_card_points=total,
                value=value,
            ),
            field,
            minimum=0,
            maximum=total,
        )
    return value


def check_card_points_total(by_team: Mapping[str, int], total: int) -> None:
    """Card points sent by team add up to the pack's ``total`` (``card_points_total_mismatch``)."""
    sent = sum(by_team.values())
    if sent != total:
        raise RuleViolation(
            "card_points_total_mismatch",
            msg(
                "Card points add up to {total}; all teams together must have exactly {total_card_points}.",
                total=sent,
                total_card_points=total,
            ),
            "card_points_by_team",
            total=sent,
        )
