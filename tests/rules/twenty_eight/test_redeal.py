"""Twenty-Eight's redeal records (twenty_eight.md §T.3a): the four claims, their settings, and every check in order."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules.twenty_eight.helpers import bid, deal, pas, play, play_one, refusal, refused

NO_POINTS_8 = ["KS", "QS", "8S", "7S", "KH", "QH", "8H", "7H"]
FOUR_JACKS = ["JS", "JH", "JD", "JC", "KS", "QS", "8S", "7S"]
NO_HEARTS = {
    "S1": ["JS", "9S", "AS", "10S", "KS", "QS", "8S", "7S"],
    "S3": ["JD", "9D", "AD", "10D", "KD", "QD", "8D", "7D"],
}


def redeal(dealer: str = "S1", **claim: Any) -> dict[str, Any]:
    return {"dealer": dealer, "redeal": claim}


def test_28_e05_the_first_speakers_pointless_four_and_the_same_dealer_again() -> None:
    state, results = play(
        [
            redeal(reason="first_speaker_no_points", seat="S2", hand=["KS", "QH", "8D", "7C"]),
            deal("S1", [bid("S2", 15), bid("S3", 16), *pas("S4", "S1", "S2")], 17),
        ],
        enforce_dealer_order=True,
    )
    assert results[0] == {
        "contract": None,
        "target": None,
        "pair": None,
        "bidding_team_card_points": None,
        "made": None,
        "band": None,
        "game_points_delta": {"A": 0, "B": 0},
        "game_points_after": {"A": 0, "B": 0},
        "next_dealer": "S1",
        "match_over": False,
        "match_winner": None,
        "redeal": {"reason": "first_speaker_no_points", "seat": "S2"},
    }
    assert (state.game_points, state.next_dealer) == ((1, 0), "S2")


@pytest.mark.parametrize(
    ("claim", "summary"),
    [
        ({"reason": "pointless_hand", "seat": "S4", "hand": NO_POINTS_8}, {"reason": "pointless_hand", "seat": "S4"}),
        ({"reason": "four_jacks", "seat": "S3", "hand": FOUR_JACKS}, {"reason": "four_jacks", "seat": "S3"}),
        (
            {"reason": "defenders_without_trumps", "team": "A", "trump": "hearts", "hands": NO_HEARTS},
            {"reason": "defenders_without_trumps", "team": "A"},
        ),
    ],
)
def test_each_claim_throws_the_deal_in(claim: dict[str, Any], summary: dict[str, str]) -> None:
    result = play_one(redeal(**claim))
    assert (result["redeal"], result["next_dealer"], result["game_points_delta"]) == (
        summary,
        "S1",
        {"A": 0, "B": 0},
    )


@pytest.mark.parametrize(
    ("claim", "setting"),
    [
        (
            {"reason": "first_speaker_no_points", "seat": "S2", "hand": ["KS", "QH", "8D", "7C"]},
            "redeal_first_speaker_no_points",
        ),
        ({"reason": "pointless_hand", "seat": "S4", "hand": NO_POINTS_8}, "redeal_pointless_hand"),
        ({"reason": "four_jacks", "seat": "S3", "hand": FOUR_JACKS}, "redeal_four_jacks"),
        (
            {"reason": "defenders_without_trumps", "team": "A", "trump": "hearts", "hands": NO_HEARTS},
            "redeal_defenders_without_trumps",
        ),
    ],
)
def test_each_claim_needs_its_setting(claim: dict[str, Any], setting: str) -> None:
    violation = refusal(redeal(**claim), **{setting: False})
    assert (violation.code, violation.field, violation.extra) == ("variant_not_enabled", "redeal", {"setting": setting})


@pytest.mark.parametrize(
    ("payload", "code", "field"),
    [
        (redeal(reason="tired"), "invalid", "redeal.reason"),
        (redeal(reason="pointless_hand", seat="S4", hand=NO_POINTS_8) | {"auction": []}, "invalid", "auction"),
        (redeal(reason="pointless_hand", seat="S9", hand=NO_POINTS_8), "invalid", "redeal.seat"),
        (
            redeal(reason="defenders_without_trumps", team="C", trump="hearts", hands=NO_HEARTS),
            "invalid",
            "redeal.team",
        ),
        (
            redeal(reason="first_speaker_no_points", seat="S3", hand=["KS", "QH", "8D", "7C"]),
            "redeal_not_allowed",
            "redeal.seat",
        ),
        (
            redeal(reason="defenders_without_trumps", team="A", trump="no_trumps", hands=NO_HEARTS),
            "invalid_trump",
            "redeal.trump",
        ),
        (
            redeal(reason="defenders_without_trumps", team="A", trump="hearts", hands={"S1": NO_HEARTS["S1"]}),
            "invalid",
            "redeal.hands",
        ),
        (redeal(reason="first_speaker_no_points", seat="S2", hand=NO_POINTS_8), "hand_size_invalid", "redeal.hand"),
        (redeal(reason="pointless_hand", seat="S4", hand=NO_POINTS_8[:4]), "hand_size_invalid", "redeal.hand"),
        (
            redeal(reason="defenders_without_trumps", team="A", trump="hearts", hands={**NO_HEARTS, "S3": ["JD"]}),
            "hand_size_invalid",
            "redeal.hands.S3",
        ),
        (
            redeal(reason="pointless_hand", seat="S4", hand=[*NO_POINTS_8[:7], "6H"]),
            "card_not_in_pack",
            "redeal.hand[7]",
        ),
        (
            redeal(reason="pointless_hand", seat="S4", hand=[*NO_POINTS_8[:7], "KS"]),
            "card_count_exceeds_pack",
            "redeal.hand",
        ),
        (
            redeal(
                reason="defenders_without_trumps", team="A", trump="hearts", hands={**NO_HEARTS, "S3": NO_HEARTS["S1"]}
            ),
            "card_count_exceeds_pack",
            "redeal.hands",
        ),
        (
            redeal(reason="first_speaker_no_points", seat="S2", hand=["KS", "QH", "8D", "10C"]),
            "redeal_not_allowed",
            "redeal.hand",
        ),
        (
            redeal(reason="pointless_hand", seat="S4", hand=[*NO_POINTS_8[:7], "9H"]),
            "redeal_not_allowed",
            "redeal.hand",
        ),
        (
            redeal(reason="four_jacks", seat="S3", hand=[*FOUR_JACKS[:3], *NO_POINTS_8[:5]]),
            "redeal_not_allowed",
            "redeal.hand",
        ),
        (
            redeal(
                reason="defenders_without_trumps",
                team="A",
                trump="diamonds",
                hands={"S3": NO_HEARTS["S3"], "S1": NO_HEARTS["S1"]},
            ),
            "redeal_not_allowed",
            "redeal.hands.S3",
        ),
    ],
)
def test_redeal_refusals_in_order(payload: dict[str, Any], code: str, field: str) -> None:
    assert refused(payload) == (code, field)


def test_the_claim_names_the_point_card() -> None:
    violation = refusal(redeal(reason="first_speaker_no_points", seat="S2", hand=["KS", "QH", "8D", "10C"]))
    assert (violation.detail, violation.extra) == (
        "S2's hand holds 10\u2663, a point card; no redeal.",
        {"card": "10C"},
    )


def test_the_dealer_is_checked_before_the_claim() -> None:
    assert refused(redeal(dealer="S7", reason="tired")) == ("dealer_unknown", "dealer")


def test_a_redeal_record_counts_as_a_deal_but_changes_no_score() -> None:
    state, results = play(
        [
            deal("S1", [bid("S2", 16), *pas("S3", "S4", "S1")], 20),
            redeal("S2", reason="pointless_hand", seat="S1", hand=NO_POINTS_8),
        ]
    )
    assert (results[1]["game_points_after"], state.next_dealer) == ({"A": 0, "B": 1}, "S2")
