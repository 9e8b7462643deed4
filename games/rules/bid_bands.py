"""What the trick-taking games with a bid in card points share (56 and Twenty-Eight): a row of the band table that
says what a contract wins or loses and the ``bands`` setting that lists them, the house rules both declare alike, and
the card points a team took as a deal reports them (each team's, their total, and their agreement with each other
or with the tricks)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.rules.errors import RuleViolation
from games.rules.messages import msg, phrase
from games.rules.settings_spec import Setting
from games.rules.shapes import reject_unknown_keys

BAND_KEYS: tuple[str, ...] = ("from", "to", "win", "lose")

# House rules both games declare alike (56 §F.9, Twenty-Eight §T.9): a passed player bidding again, and the words of
# the revoke rule's two choices.
PASSED_PLAYER_MAY_BID_AGAIN = Setting(
    "passed_player_may_bid_again",
    "boolean",
    True,
    phrase("A passed player may bid again"),
    phrase("Off: a seat that passed may only pass for the rest of the auction."),
)
REVOKE_RULE_WORDS: dict[str, str] = {
    "report": phrase("Reported only"),
    "forfeit_deal": phrase("The revoking side loses the deal"),
}


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


def _band_row(row: Any, row_field: str, highest: int, max_amount: int) -> dict[str, int]:
    """One row's numbers: ``from`` and ``to`` from 0 to ``highest``, ``win`` and ``lose`` from 0 to ``max_amount``."""
    if not isinstance(row, Mapping):
        raise RuleViolation("invalid", msg("Each band is an object {{from, to, win, lose}}."), row_field)
    reject_unknown_keys(
        row, BAND_KEYS, row_field, lambda key: msg("A band has only from, to, win and lose; not {key!r}.", key=key)
    )
    numbers: dict[str, int] = {}
    for key in BAND_KEYS:
        number = row.get(key)
        limit = highest if key in ("from", "to") else max_amount
        if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number <= limit:
            raise RuleViolation(
                "invalid",
                msg(
                    "A band's {key} is a whole number from 0 to {limit}; {number!r} is not.",
                    key=key,
                    limit=limit,
                    number=number,
                ),
                f"{row_field}.{key}",
            )
        numbers[key] = number
    return numbers


def parse_bands(value: Any, lowest: int, highest: int, max_amount: int) -> tuple[Band, ...]:
    """The ``bands`` setting (56 §F.4, Twenty-Eight §T.4): rows covering every bid from ``lowest`` to ``highest``
    once each, in order, with amounts from 0 to ``max_amount``; ``invalid`` on ``settings.bands`` or the row."""
    where = "settings.bands"
    cover = {"min_bid": lowest, "max_bid": highest}  # the range every bands message names
    if not isinstance(value, list) or not value:
        raise RuleViolation(
            "invalid",
            msg(
                "bands is a list of {{from, to, win, lose}} rows. The bands must cover every bid from {min_bid} to "
                "{max_bid} in order, without gaps or overlaps.",
                **cover,
            ),
            where,
        )
    bands: list[Band] = []
    expected_from = lowest
    for index, row in enumerate(value):
        row_field = f"{where}[{index}]"
        numbers = _band_row(row, row_field, highest, max_amount)
        if numbers["from"] != expected_from or numbers["to"] < numbers["from"]:
            raise RuleViolation(
                "invalid",
                msg(
                    "The bands must cover every bid from {min_bid} to {max_bid} in order, without gaps or overlaps: "
                    "this band should start at {expected_from}.",
                    **cover,
                    expected_from=expected_from,
                ),
                row_field,
                expected_from=expected_from,
            )
        bands.append(Band(numbers["from"], numbers["to"], numbers["win"], numbers["lose"]))
        expected_from = numbers["to"] + 1
    if expected_from != highest + 1:
        raise RuleViolation(
            "invalid",
            msg(
                "The bands must cover every bid from {min_bid} to {max_bid} in order, without gaps or overlaps: the "
                "last band must end at {max_bid}.",
                **cover,
            ),
            where,
        )
    return tuple(bands)


def bands_by_points(bands: tuple[Band, ...], highest: int) -> tuple[Band | None, ...]:
    """Each contract's band by its points (0 to ``highest``; None below the lowest bid), read once per deal."""
    by_points: list[Band | None] = [None] * (highest + 1)
    for band in bands:
        for points in range(band.first, band.last + 1):
            by_points[points] = band
    return tuple(by_points)


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


def card_points_inconsistent(
    team: str, sent: Any, other: int, field: str, from_tricks: dict[str, int] | None
) -> RuleViolation:
    """``card_points_inconsistent`` on ``field``: ``team``'s card points entered as ``sent`` where the tricks
    (``from_tricks``, every team's) or the other summary figure give ``other``."""
    extra: dict[str, Any] = {"team": team}
    if from_tricks is not None:
        extra["from_tricks"] = from_tricks
        detail = msg(
            "Team {team} is entered as {get} and the tricks give it {derived}.", team=team, get=sent, derived=other
        )
    else:
        detail = msg(
            "Team {team} is entered as {points} and as {team_points}.", team=team, points=sent, team_points=other
        )
    return RuleViolation("card_points_inconsistent", detail, field, **extra)
