"""What a refereed Seep deal's plays give (shared/rules/seep.md P11-P13, §S.7a.3 step 5, §S.7a.4): each side's
cards and card points, the sweeps by kind, the checks of totals sent with the plays, and the result keys."""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass
from typing import Any

from games.rules.cards import RANKS, Card, card_codes
from games.rules.errors import RuleViolation
from games.rules.messages import msg
from games.rules.seep.deal import Play, SeepDeal, SweepCounts
from games.rules.seep.settings import SeepRules
from games.rules.seep.tables import MAJORITY_BONUS, POINT_CARDS, TEAM_NAMES, TEAM_OF_SEAT
from games.rules.sides import by_team

SCORING_CARD_ORDER: tuple[str, ...] = (*(f"{rank}S" for rank in reversed(RANKS)), "AH", "AD", "AC", "10D")


@dataclass(frozen=True, slots=True)
class SweepFound:
    play: int  # counting from 1
    seat: str
    kind: str  # regular, first_play or last_play


@dataclass(frozen=True, slots=True)
class PlayRecord:
    """What the plays gave: the plays with what was inferred, each side's cards, the sweeps and the last capture."""

    plays: tuple[Play, ...]
    captured: tuple[tuple[Card, ...], tuple[Card, ...]]  # A's and B's cards, leftovers included
    sweeps_found: tuple[SweepFound, ...]
    last_capture: tuple[int, str]  # (play counting from 1, seat)
    leftovers: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Totals:
    """The figures a scorer could have entered, as the plays give them."""

    card_points: tuple[int, int]
    scoring_cards: tuple[list[str], list[str]]  # spades from the king down, then AH, AD, AC, 10D
    sweeps: tuple[SweepCounts, SweepCounts]
    card_majority: str  # A, B or tied: the side that ended with more of the 52 cards


def totals(record: PlayRecord, rules: SeepRules) -> Totals:
    codes = [{card.code for card in cards} for cards in record.captured]
    count_a, count_b = (len(cards) for cards in record.captured)
    majority = "tied" if count_a == count_b else "A" if count_a > count_b else "B"
    return Totals(
        _card_points(codes, majority, rules),
        (_in_order(codes[0]), _in_order(codes[1])),
        _sweep_counts(record),
        majority,
    )


def _card_points(codes: list[set[str]], majority: str, rules: SeepRules) -> tuple[int, int]:
    """P13: each side's point cards under the preset, and the majority bonus where the preset has one."""
    table = POINT_CARDS[rules.card_points]
    bonus, split = MAJORITY_BONUS[rules.card_points]
    extra = {"A": (bonus, 0), "B": (0, bonus), "tied": (split, split)}[majority]
    side_a, side_b = (sum(points for code, points in table.items() if code in side) for side in codes)
    return side_a + extra[0], side_b + extra[1]


def _in_order(codes: set[str]) -> list[str]:
    return [code for code in SCORING_CARD_ORDER if code in codes]


def _sweep_counts(record: PlayRecord) -> tuple[SweepCounts, SweepCounts]:
    counts = {
        team: Counter(sweep.kind for sweep in record.sweeps_found if TEAM_OF_SEAT[sweep.seat] == team)
        for team in TEAM_NAMES
    }
    side_a, side_b = (
        SweepCounts(counts[team]["regular"], counts[team]["first_play"], counts[team]["last_play"])
        for team in TEAM_NAMES
    )
    return side_a, side_b


def _sweeps_json(sweeps: tuple[SweepCounts, SweepCounts]) -> dict[str, dict[str, int]]:
    return by_team((dataclasses.asdict(sweeps[0]), dataclasses.asdict(sweeps[1])))


def _sweeps_text(counts: tuple[SweepCounts, SweepCounts]) -> str:
    """The sweeps the plays give, one whole sentence with each team's counts as numbers."""
    a, b = counts
    return msg(
        "The plays give sweeps A {a_regular} regular, {a_first} first-play, {a_last} last-play; B {b_regular} "
        "regular, {b_first} first-play, {b_last} last-play.",
        a_regular=a.regular,
        a_first=a.first_play,
        a_last=a.last_play,
        b_regular=b.regular,
        b_first=b.first_play,
        b_last=b.last_play,
    )


def check_totals(deal: SeepDeal, derived: Totals) -> None:
    """Step 5 of §S.7a.3: totals sent with the plays must be those the plays give (``plays_totals_mismatch``)."""
    points, cards, sweeps = derived.card_points, derived.scoring_cards, derived.sweeps
    if deal.card_points is not None and deal.card_points != points:
        raise _mismatch(
            "card_points",
            msg(
                "The plays give card points A {points_0}, B {points_1}, not A {card_points_0}, B {card_points_1}.",
                points_0=points[0],
                points_1=points[1],
                card_points_0=deal.card_points[0],
                card_points_1=deal.card_points[1],
            ),
            by_team(points),
        )
    if deal.scoring_cards is not None:
        sent = tuple(sorted(card.code for card in side) for side in deal.scoring_cards)
        if sent != tuple(sorted(side) for side in cards):
            raise _mismatch(
                "scoring_cards_captured",
                msg(
                    "The plays give the point cards A {cards_0} and B {cards_1}.",
                    cards_0=" ".join(cards[0]),
                    cards_1=" ".join(cards[1]),
                ),
                by_team(cards),
            )
    if deal.card_majority is not None and deal.card_majority != derived.card_majority:
        raise _mismatch(
            "card_majority",
            msg(
                "The plays give the card majority {card_majority}.",
                card_majority=derived.card_majority,
            ),
            derived.card_majority,
        )
    if deal.sweeps is not None and deal.sweeps != sweeps:
        raise _mismatch("sweeps", _sweeps_text(sweeps), _sweeps_json(sweeps))


def _mismatch(field: str, refusal: str, derived: Any) -> RuleViolation:
    return RuleViolation("plays_totals_mismatch", refusal, field, from_plays=derived)


def scored_deal(deal: SeepDeal, derived: Totals) -> SeepDeal:
    """The deal with the totals the plays give, for the scoring of §S.4-§S.6."""
    return dataclasses.replace(
        deal, card_points=derived.card_points, scoring_cards=None, card_majority=None, sweeps=derived.sweeps
    )


def record_json(record: PlayRecord, derived: Totals) -> dict[str, Any]:
    """The result keys a deal with plays adds (§S.7a.4)."""
    play, seat = record.last_capture
    return {
        "plays_checked": len(record.plays),
        "card_points": by_team(derived.card_points),
        "sweeps": _sweeps_json(derived.sweeps),
        "sweeps_found": [
            {"play": sweep.play, "seat": sweep.seat, "team": TEAM_OF_SEAT[sweep.seat], "kind": sweep.kind}
            for sweep in record.sweeps_found
        ],
        "cards_captured": by_team((len(record.captured[0]), len(record.captured[1]))),
        "scoring_cards_captured": by_team(derived.scoring_cards),
        "last_capture": {"play": play, "seat": seat, "team": TEAM_OF_SEAT[seat]},
        "cards_left_on_floor": card_codes(record.leftovers),
    }
