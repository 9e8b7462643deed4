"""Bid Euchre's issue-20 house rules (bid_euchre.md §E.2, §E.3, §E.7, E-A15..E-A19): each off by default."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.bid_euchre import ENGINE, deal, play, play_one, refusal, rules
from tests.support.referee_bid_euchre import CLEAN, LONE, RENEGE, with_tricks
from tests.support.trick_notation import trick


def outcome_of(result: dict[str, Any]) -> tuple[Any, ...]:
    return result["outcome"], result["made"], result["deal_points"], result["renege_penalties"], result["scores_after"]


# --- E-A15: low no-trumps ----------------------------------------------------------------------------------------

# Dealer S4, S1 bids 4 in low no-trumps: 9 is the highest card of each suit, the ace the lowest; no bowers.
LOW = [
    trick("S1 AH", "S2 9H", "S3 JH", "S4 KH"),  # the nine of hearts beats the ace; JH is just a heart
    trick("S2 9S", "S3 AS", "S4 KS", "S1 QS"),
    trick("S2 9D", "S3 10D", "S4 JD", "S1 AD"),
    trick("S2 9C", "S3 10C", "S4 JC", "S1 QC"),
    trick("S2 10H", "S3 QH", "S4 AC", "S1 JS"),
    trick("S2 10S", "S3 QD", "S4 KD", "S1 KC"),
]


def test_eu_v01_low_no_trumps_is_recorded_on_the_contract_and_scores_like_any_other() -> None:
    result = play_one(deal("S4", (4, "-", "-", "-"), trump="low_no_trumps"), rules(allow_low_no_trump=True))
    assert result["contract"] == {
        "bidder": "S1",
        "team": "A",
        "kind": "number",
        "trump": "low_no_trumps",
        "tricks_bid": 4,
    }
    assert (result["made"], result["deal_points"], result["scores_after"]) == (True, {"A": 4, "B": 2}, {"A": 4, "B": 2})
    assert result["next_dealer"] == "S1"


def test_low_no_trumps_is_refused_without_its_setting_even_with_no_trumps_allowed() -> None:
    violation = refusal(deal("S4", (4, "-", "-", "-"), trump="low_no_trumps"), rules(allow_no_trump=True))
    assert (violation.code, violation.field) == ("invalid_trump", "trump")
    assert violation.detail == (
        "Low no-trumps is not allowed in this match; S1 names clubs, diamonds, hearts, spades or no-trumps."
    )
    assert violation.extra == {"allowed": ["spades", "hearts", "diamonds", "clubs", "no_trumps"]}


def test_low_no_trumps_is_independent_of_allow_no_trump() -> None:
    violation = refusal(deal("S4", trump="no_trumps"), rules(allow_low_no_trump=True))
    assert (violation.code, violation.field) == ("invalid_trump", "trump")
    assert violation.detail == (
        "No-trumps is not allowed in this match; S1 names clubs, diamonds, hearts, spades or low no-trumps."
    )
    assert violation.extra == {"allowed": ["spades", "hearts", "diamonds", "clubs", "low_no_trumps"]}


def test_a_missing_trump_names_low_no_trumps_among_the_choices_where_allowed() -> None:
    violation = refusal(deal("S4", trump=None), rules(allow_low_no_trump=True))
    assert violation.code == "trump_missing"
    assert violation.extra == {"allowed": ["spades", "hearts", "diamonds", "clubs", "low_no_trumps"]}


def test_in_low_no_trumps_the_nine_wins_and_the_jacks_are_plain_cards() -> None:
    result = play_one(with_tricks(LOW, said=(4, "-", "-", "-"), trump="low_no_trumps"), rules(allow_low_no_trump=True))
    assert [entry["winner"] for entry in result["tricks"]] == ["S2"] * 6
    assert (result["tricks_won"], result["made"], result["deal_points"]) == ({"A": 0, "B": 6}, False, {"A": -4, "B": 6})
    assert result["reneges_found"] == []


def test_the_same_cards_in_high_no_trumps_give_the_first_trick_to_the_ace() -> None:
    violation = refusal(with_tricks(LOW, said=(4, "-", "-", "-"), trump="no_trumps"), rules(allow_no_trump=True))
    assert (violation.code, violation.field, violation.extra) == (
        "wrong_leader",
        "tricks[1]",
        {"expected_leader": "S1"},
    )


# --- E-A16: a made contract scores the bid -------------------------------------------------------------------------


def test_eu_v04_a_made_bid_of_three_with_six_tricks_scores_three() -> None:
    result = play_one(
        deal("S4", (3, "-", "-", "-"), trump="spades", tricks=(6, 0)), rules(made_contract_scores="tricks_bid")
    )
    assert (result["made"], result["deal_points"]) == (True, {"A": 3, "B": 0})


@pytest.mark.parametrize(
    ("said", "tricks", "points"),
    [
        ((4, "-", "-", "-"), (4, 2), {"A": 4, "B": 2}),  # made exactly: the bid and the tricks are the same
        ((4, "-", "-", "-"), (3, 3), {"A": -4, "B": 3}),  # a set loses the bid either way
        (("pb", "-", "-", "-"), (6, 0), {"A": 12, "B": 0}),  # the sixes keep their fixed values
        (("moon", "-", "-", "-"), (5, 1), {"A": -6, "B": 1}),
    ],
)
def test_tricks_bid_changes_only_the_made_number_contracts(
    said: tuple[Any, ...], tricks: tuple[Any, ...], points: dict[str, Any]
) -> None:
    result = play_one(deal("S4", said, tricks=tricks), rules(made_contract_scores="tricks_bid"))
    assert result["deal_points"] == points


def test_the_defenders_still_score_their_tricks_under_tricks_bid() -> None:
    result = play_one(deal("S4", (3, "-", "-", "-"), tricks=(5, 1)), rules(made_contract_scores="tricks_bid"))
    assert result["deal_points"] == {"A": 3, "B": 1}


# --- E-A17: triple and quadruple moons ---------------------------------------------------------------------------

MOONS = rules(extra_moon_calls=True)


def test_eu_v07_a_triple_moon_over_a_moon_made_alone_scores_32_and_wins() -> None:
    result = play_one(deal("S1", ("pb", "moon", "triple_moon", "-"), trump="clubs", tricks=(0, 6)), MOONS)
    assert result["contract"] == {"bidder": "S4", "team": "B", "kind": "triple_moon", "trump": "clubs", "tricks_bid": 6}
    assert (result["made"], result["deal_points"], result["scores_after"]) == (
        True,
        {"A": 0, "B": 32},
        {"A": 0, "B": 32},
    )
    assert (result["match_winner"], result["next_dealer"]) == ("B", None)


def test_a_quadruple_moon_over_a_triple_moon_made_scores_48() -> None:
    payload = deal("S4", ("pb", "moon", "triple_moon", "quadruple_moon"), trump="hearts", tricks=(0, 6))
    result = play_one(payload, MOONS)
    assert (result["contract"]["kind"], result["contract"]["bidder"]) == ("quadruple_moon", "S4")
    assert result["deal_points"] == {"A": 0, "B": 48}


def test_a_quadruple_moon_set_under_contract_value_loses_48() -> None:
    payload = deal("S4", ("pb", "moon", "triple_moon", "quadruple_moon"), trump="hearts", tricks=(1, 5))
    result = play_one(payload, rules(extra_moon_calls=True, lone_failure_penalty="contract_value"))
    assert (result["made"], result["deal_points"]) == (False, {"A": 1, "B": -48})


def test_a_triple_moon_set_loses_the_six_bid_by_default() -> None:
    result = play_one(deal("S1", ("pb", "moon", "triple_moon", "-"), trump="clubs", tricks=(1, 5)), MOONS)
    assert (result["made"], result["deal_points"]) == (False, {"A": 1, "B": -6})


def test_the_moon_values_are_settings() -> None:
    the_rules = rules(extra_moon_calls=True, triple_moon_points=30, lone_failure_penalty="contract_value")
    result = play_one(deal("S1", ("pb", "moon", "triple_moon", "-"), trump="clubs", tricks=(1, 5)), the_rules)
    assert result["deal_points"] == {"A": 1, "B": -30}


def test_a_triple_moon_skipping_shoot_the_moon_is_refused() -> None:
    violation = refusal(deal("S1", ("pb", "-", "triple_moon", "-"), trump="clubs", tricks=(0, 6)), MOONS)
    assert (violation.code, violation.field) == ("moon_call_not_allowed", "auction[2]")
    assert violation.detail == (
        "A triple moon can only be called over a shoot the moon; the standing call is a partner's best."
    )
    assert violation.extra == {
        "needs": "shoot_the_moon",
        "standing": "partners_best",
        "legal": ["shoot the moon", "pass"],
    }


def test_a_triple_moon_over_a_number_bid_is_refused_as_the_rules_file_says() -> None:
    violation = refusal(deal("S1", (4, "-", "triple_moon", "-"), trump="clubs", tricks=(0, 6)), MOONS)
    assert (violation.code, violation.field) == ("moon_call_not_allowed", "auction[2]")
    assert violation.detail == (
        "A triple moon can only be called over a shoot the moon; the standing call is a bid of 4."
    )


def test_an_opening_triple_moon_is_refused() -> None:
    violation = refusal(deal("S4", ("triple_moon", "-", "-", "-"), tricks=(6, 0)), MOONS)
    assert (violation.code, violation.field) == ("moon_call_not_allowed", "auction[0]")
    assert violation.detail == "A triple moon can only be called over a shoot the moon; no call stands yet."
    assert violation.extra["standing"] is None


def test_a_quadruple_moon_over_a_moon_skips_a_step_and_is_refused() -> None:
    violation = refusal(deal("S1", ("-", "moon", "quadruple_moon", "-"), trump="clubs", tricks=(0, 6)), MOONS)
    assert (violation.code, violation.field) == ("moon_call_not_allowed", "auction[2]")
    assert violation.detail == (
        "A quadruple moon can only be called over a triple moon; the standing call is a shoot the moon."
    )
    assert violation.extra == {"needs": "triple_moon", "standing": "shoot_the_moon", "legal": ["triple moon", "pass"]}


def test_nothing_but_a_pass_follows_a_quadruple_moon() -> None:
    payload = deal("S4", ("moon", "triple_moon", "quadruple_moon", "triple_moon"), tricks=(6, 0))
    violation = refusal(payload, MOONS)
    assert (violation.code, violation.field) == ("bid_not_higher", "auction[3]")
    assert violation.detail == "Quadruple moon is the highest bid; after it S4 can only pass."


def test_after_a_moon_the_next_seat_is_told_it_may_call_a_triple_moon() -> None:
    violation = refusal(deal("S4", ("moon", "pb", "-", "-"), tricks=(6, 0)), MOONS)
    assert (violation.code, violation.field) == ("bid_not_higher", "auction[1]")
    assert violation.detail == "The standing bid is S1's shoot the moon; S2 may call triple moon or pass."


@pytest.mark.parametrize("call", ["triple_moon", "quadruple_moon"])
def test_an_extra_moon_without_the_setting_is_not_enabled(call: str) -> None:
    violation = refusal(deal("S4", ("moon", call, "-", "-"), tricks=(6, 0)))
    assert (violation.code, violation.field) == ("variant_not_enabled", "auction[1]")
    assert violation.extra == {"setting": "extra_moon_calls"}
    assert "not enabled for this match (extra_moon_calls is off); S2 can only pass." in violation.detail


def test_the_partner_of_a_triple_moon_sits_out_and_cannot_renege() -> None:
    payload = deal("S1", ("pb", "moon", "triple_moon", "-"), trump="clubs", tricks=(0, 6), reneges=("S2",))
    violation = refusal(payload, MOONS)
    assert (violation.code, violation.field, violation.extra) == ("renege_invalid", "reneges[0]", {"sitting_out": "S2"})


def _seats_swapped(tricks: list[Any]) -> list[Any]:
    """The same tricks with S1<->S3 and S2<->S4: LONE's partner's best by S1 becomes a lone hand by S3."""
    swap = {"S1": "S3", "S3": "S1", "S2": "S4", "S4": "S2"}
    return [[{"seat": swap[play["seat"]], "card": play["card"]} for play in entry] for entry in tricks]


def test_a_triple_moon_entered_trick_by_trick_has_three_cards_a_trick() -> None:
    payload = with_tricks(_seats_swapped(LONE), said=("pb", "moon", "triple_moon", "-"))
    result = play_one(payload, MOONS)
    assert result["contract"]["kind"] == "triple_moon"
    assert all(len(entry["cards"]) == 3 for entry in result["tricks"])
    assert (result["tricks_won"], result["made"], result["deal_points"]) == ({"A": 4, "B": 2}, False, {"A": -6, "B": 2})


# --- E-A19: renege awards and the hand ended by a renege -----------------------------------------------------------

TOURNAMENT = rules(renege_penalty=4, renege_award=4, renege_ends_deal=True)


def test_eu_v12_the_tournament_rule_ends_the_hand_at_the_renege() -> None:
    result = play_one(
        {
            "dealer": "S2",
            "auction": [
                {"seat": "S3", "call": "bid", "tricks": 4},
                {"seat": "S4", "call": "pass"},
                {"seat": "S1", "call": "pass"},
                {"seat": "S2", "call": "pass"},
            ],
            "trump": "hearts",
            "reneges": [{"seat": "S4"}],
        },
        TOURNAMENT,
    )
    assert outcome_of(result) == ("ended_by_renege", None, {"A": 0, "B": 0}, {"A": 0, "B": -4}, {"A": 4, "B": -4})
    assert result["renege_awards"] == {"A": 4, "B": 0}
    assert result["contract"]["tricks_bid"] == 4


def test_a_renege_award_alone_gives_the_other_team_points_on_top_of_the_deal() -> None:
    result = play_one(deal("S4", reneges=("S2", "S1", "S2")), rules(renege_award=3))
    assert outcome_of(result) == ("played", True, {"A": 4, "B": 2}, {"A": -2, "B": -4}, {"A": 8, "B": 1})
    assert result["renege_awards"] == {"A": 6, "B": 3}


def test_renege_awards_are_in_every_result_of_a_match_that_awards_them() -> None:
    _, results = play(
        [
            {"dealer": "S4", "auction": [{"seat": s, "call": "pass"} for s in ("S1", "S2", "S3", "S4")]},
            deal("S1", ("-", "-", "-", 3), tricks=(3, 3)),
        ],
        rules(renege_award=1),
    )
    assert [result["renege_awards"] for result in results] == [{"A": 0, "B": 0}, {"A": 0, "B": 0}]


def test_without_a_renege_award_the_result_has_no_renege_awards_key() -> None:
    assert "renege_awards" not in play_one(deal("S4", reneges=("S2",)), rules(renege_ends_deal=True))


def test_a_second_renege_is_refused_when_a_renege_ends_the_hand() -> None:
    violation = refusal(deal("S4", tricks=None, reneges=("S2", "S4")), TOURNAMENT)
    assert (violation.code, violation.field, violation.extra) == ("renege_invalid", "reneges[1]", {"maximum": 1})
    assert violation.detail == "A renege ends the hand in this match, so only one can be reported: S2's ended it."


def test_tricks_won_sent_with_a_hand_ended_by_a_renege_is_checked_and_not_used() -> None:
    result = play_one(deal("S4", tricks=(6, 0), reneges=("S3",)), TOURNAMENT)
    assert outcome_of(result) == ("ended_by_renege", None, {"A": 0, "B": 0}, {"A": -4, "B": 0}, {"A": -4, "B": 4})
    violation = refusal(deal("S4", tricks=(6, 1), reneges=("S3",)), TOURNAMENT)
    assert (violation.code, violation.field) == ("tricks_total_mismatch", "tricks_won")


def test_a_deal_without_a_renege_is_scored_as_usual_and_still_needs_its_tricks() -> None:
    assert outcome_of(play_one(deal("S4"), TOURNAMENT))[:3] == ("played", True, {"A": 4, "B": 2})
    violation = refusal(deal("S4", tricks=None), TOURNAMENT)
    assert (violation.code, violation.field) == ("invalid", "tricks_won")


def test_renege_ends_deal_with_no_penalty_and_no_award_ends_the_hand_for_no_points() -> None:
    result = play_one(deal("S4", tricks=None, reneges=("S2",)), rules(renege_penalty=0, renege_ends_deal=True))
    assert outcome_of(result) == ("ended_by_renege", None, {"A": 0, "B": 0}, {"A": 0, "B": 0}, {"A": 0, "B": 0})


def test_a_renege_in_the_last_trick_is_reported_and_ends_the_hand_though_the_tricks_cannot_show_it() -> None:
    result = play_one(with_tricks(CLEAN, reneges=("S2",)), TOURNAMENT)
    assert outcome_of(result) == ("ended_by_renege", None, {"A": 0, "B": 0}, {"A": 0, "B": -4}, {"A": 4, "B": -4})
    assert (result["reneges_found"], result["tricks_won"]) == ([], {"A": 3, "B": 3})


# RENEGE with a second renege: at trick 4 S3 plays the nine of diamonds on spades while holding the ten of
# spades, which it plays at trick 6.
TWO_RENEGES = [
    *RENEGE[:3],
    trick("S1 9S", "S2 KS", "S3 9D", "S4 QS"),
    RENEGE[4],
    trick("S2 JS", "S3 10S", "S4 10C", "S1 JC"),
]


def test_entered_tricks_end_the_hand_at_the_first_renege_and_list_the_later_ones() -> None:
    result = play_one(with_tricks(TWO_RENEGES), TOURNAMENT)
    assert outcome_of(result) == ("ended_by_renege", None, {"A": 0, "B": 0}, {"A": 0, "B": -4}, {"A": 4, "B": -4})
    assert [(entry["seat"], entry["trick"]) for entry in result["reneges_found"]] == [("S4", 3), ("S3", 4)]
    assert result["tricks_won"] == {"A": 3, "B": 3}


def test_without_renege_ends_deal_both_reneges_the_tricks_show_are_charged() -> None:
    result = play_one(with_tricks(TWO_RENEGES))
    assert outcome_of(result) == ("played", True, {"A": 3, "B": 3}, {"A": -2, "B": -2}, {"A": 1, "B": 1})


def test_a_renege_ended_hand_counts_toward_the_target_through_its_award() -> None:
    state = ENGINE.state_from_json(
        {
            "scores": {"A": 29, "B": 10},
            "tiebreak_deal_required": False,
            "next_dealer": None,
            "match_over": False,
            "match_winner": None,
        },
        TOURNAMENT,
    )
    outcome = ENGINE.play_deal(
        state, ENGINE.parse_deal(deal("S4", tricks=None, reneges=("S2",)), TOURNAMENT), TOURNAMENT
    )
    assert (outcome.result["scores_after"], outcome.result["match_winner"]) == ({"A": 33, "B": 6}, "A")


def test_the_referee_renege_example_ends_the_hand_with_an_award() -> None:
    result = play_one(with_tricks(RENEGE), rules(renege_ends_deal=True, renege_award=3))
    assert outcome_of(result) == ("ended_by_renege", None, {"A": 0, "B": 0}, {"A": 0, "B": -2}, {"A": 3, "B": -2})


# --- §E.7 settings_conflict ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("other", "detail"),
    [
        (
            {"bidding": "continuous"},
            "Triple and quadruple moons are called in a single round of bidding; they cannot be "
            "combined with bidding = continuous.",
        ),
        (
            {"deck": "double_48"},
            "Triple and quadruple moons are played with the 24-card pack; they cannot be combined "
            "with deck = double_48.",
        ),
    ],
)
def test_extra_moon_calls_conflict_with_continuous_bidding_and_the_double_deck(
    other: dict[str, Any], detail: str
) -> None:
    with pytest.raises(Exception) as caught:
        rules(extra_moon_calls=True, **other)
    violation: Any = caught.value
    assert (violation.code, violation.field, violation.detail) == (
        "settings_conflict",
        "settings.extra_moon_calls",
        detail,
    )
    assert violation.extra == {"setting": "extra_moon_calls", "conflicts_with": other}


def test_every_other_combination_with_the_new_settings_is_accepted() -> None:
    rules(bidding="continuous", triple_moon_points=40)  # no effect without extra_moon_calls
    rules(
        deck="double_48",
        allow_low_no_trump=True,
        made_contract_scores="tricks_bid",
        renege_award=2,
        renege_ends_deal=True,
    )
    rules(extra_moon_calls=True, deck="with_joker_25")
