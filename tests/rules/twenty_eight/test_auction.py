"""Twenty-Eight's auctions (twenty_eight.md §T.3, §T.7): every auction check with its code and field, in order."""

from __future__ import annotations

import pytest

from tests.rules.twenty_eight.helpers import bid, dbl, deal, pas, play_one, rdbl, refusal, refused


def test_the_first_speaker_opens_and_three_passes_close_the_bidding() -> None:
    result = play_one(deal("S4", [bid("S1", 14), *pas("S2", "S3", "S4")], 14))
    assert result["contract"] == {
        "bidder": "S1",
        "team": "A",
        "points": 14,
        "trump": None,
        "doubling": "none",
        "round": 1,
    }
    assert (result["made"], result["next_dealer"]) == (True, "S1")


def test_a_call_by_anyone_but_the_next_seat_is_out_of_turn() -> None:
    violation = refusal(deal("S1", [bid("S2", 16), bid("S4", 17)], 20))
    assert (violation.code, violation.field) == ("call_out_of_turn", "auction[1]")
    assert violation.extra == {"seat": "S4", "expected_seat": "S3"}
    assert violation.detail == "It is S3's turn to call; S4 speaks after S3."


def test_the_first_call_belongs_to_the_seat_after_the_dealer() -> None:
    assert refused(deal("S1", [bid("S3", 16), *pas("S4", "S1", "S2")], 20)) == ("call_out_of_turn", "auction[0]")


def test_the_first_speaker_may_not_pass_and_is_told_of_the_redeal() -> None:
    violation = refusal(deal("S2", pas("S3", "S4", "S1", "S2"), 14))
    assert (violation.code, violation.field) == ("opening_bid_required", "auction[0]")
    assert violation.detail.endswith("he may ask for a redeal instead.")


def test_without_the_first_speakers_redeal_the_refusal_does_not_offer_one() -> None:
    violation = refusal(deal("S2", pas("S3"), 14), redeal_first_speaker_no_points=False)
    assert violation.detail == "S3 speaks first after dealer S2 and must bid at least 14."


@pytest.mark.parametrize("points", [13, 29, 0, -1, 14.5, "16", None, True])
def test_a_bid_outside_14_to_28_or_not_a_whole_number_is_out_of_range(points: object) -> None:
    violation = refusal(deal("S1", [bid("S2", points), *pas("S3", "S4", "S1")], 20))
    assert (violation.code, violation.field) == ("bid_out_of_range", "auction[0]")
    assert (violation.extra["minimum"], violation.extra["maximum"]) == (14, 28)


def test_with_minimum_bid_16_a_bid_of_15_is_out_of_range() -> None:
    assert refused(deal("S1", [bid("S2", 15), *pas("S3", "S4", "S1")], 20), minimum_bid=16) == (
        "bid_out_of_range",
        "auction[0]",
    )


def test_a_bid_not_above_the_standing_bid_is_refused_with_the_calls_left() -> None:
    violation = refusal(deal("S1", [bid("S2", 17), bid("S3", 17)], 20))
    assert (violation.code, violation.field) == ("bid_not_higher", "auction[1]")
    assert violation.detail == "The standing bid is 17; S3 may bid 18 to 28 or pass."
    assert violation.extra["legal"] == ["bid 18 to 28", "pass"]


def test_28_example_e02_bidding_over_a_partner_needs_honours() -> None:
    violation = refusal(deal("S1", [bid("S2", 16), *pas("S3"), bid("S4", 18)], 20))
    assert (violation.code, violation.field) == ("bid_over_partner_too_low", "auction[2]")
    assert violation.detail == (
        "S4's partner S2 holds the bid at 16; S4 may go over a partner only with 20 or more (honours), or pass."
    )
    assert violation.extra["minimum"] == 20


def test_honours_over_a_partner_stands() -> None:
    result = play_one(deal("S1", [bid("S2", 16), *pas("S3"), bid("S4", 20), *pas("S1", "S2", "S3")], 20))
    assert (result["contract"]["bidder"], result["contract"]["points"], result["made"]) == ("S4", 20, True)


def test_a_club_that_sets_21_for_honours_refuses_20() -> None:
    payload = deal("S1", [bid("S2", 16), *pas("S3"), bid("S4", 20)], 20)
    assert refused(payload, partner_overcall_minimum=21) == ("bid_over_partner_too_low", "auction[2]")


def test_with_no_partner_limit_any_higher_bid_over_a_partner_stands() -> None:
    payload = deal("S1", [bid("S2", 16), *pas("S3"), bid("S4", 17), *pas("S1", "S2", "S3")], 17)
    assert play_one(payload, partner_overcall_minimum=None)["contract"]["points"] == 17


def test_a_bid_over_an_opponent_needs_no_honours() -> None:
    payload = deal("S1", [bid("S2", 14), bid("S3", 15), bid("S4", 16), *pas("S1", "S2", "S3")], 16)
    assert play_one(payload)["contract"]["bidder"] == "S4"


def test_range_is_checked_before_higher_and_higher_before_the_partner_rule() -> None:
    assert refused(deal("S1", [bid("S2", 16), *pas("S3"), bid("S4", 29)], 20))[0] == "bid_out_of_range"
    assert refused(deal("S1", [bid("S2", 16), *pas("S3"), bid("S4", 15)], 20))[0] == "bid_not_higher"


def test_a_passed_player_may_bid_again_by_default() -> None:
    calls = [bid("S2", 14), *pas("S3", "S4"), bid("S1", 15), bid("S2", 16), bid("S3", 17), *pas("S4", "S1", "S2")]
    assert play_one(deal("S1", calls, 18))["contract"]["bidder"] == "S3"


def test_without_second_chances_a_passed_player_may_only_pass() -> None:
    calls = [bid("S2", 14), *pas("S3", "S4"), bid("S1", 15), bid("S2", 16), bid("S3", 17)]
    violation = refusal(deal("S1", calls, 18), passed_player_may_bid_again=False)
    assert (violation.code, violation.field) == ("passed_player_may_not_bid", "auction[5]")
    assert violation.detail == "S3 passed earlier in this auction and may only pass now."


def test_a_bid_of_28_ends_the_bidding_at_once() -> None:
    result = play_one(deal("S1", [bid("S2", 28)], 28))
    assert (result["contract"]["points"], result["made"]) == (28, True)
    violation = refusal(deal("S1", [bid("S2", 28), *pas("S3")], 28))
    assert (violation.code, violation.field) == ("auction_closed", "auction[1]")
    assert violation.detail == "The bidding ended with S2's 28; no further bids are possible."


def test_a_call_after_three_passes_is_closed() -> None:
    violation = refusal(deal("S1", [bid("S2", 16), *pas("S3", "S4", "S1", "S2")], 20))
    assert (violation.code, violation.field) == ("auction_closed", "auction[4]")
    assert violation.detail == "The bidding ended with three passes after S2's 16; no further bids are possible."


@pytest.mark.parametrize(
    ("calls", "waiting"),
    [([], ["S2"]), ([bid("S2", 16)], ["S3", "S4", "S1"]), ([bid("S2", 16), *pas("S3", "S4")], ["S1"])],
)
def test_an_auction_that_stops_before_its_end_is_incomplete(calls: list[dict[str, object]], waiting: list[str]) -> None:
    violation = refusal(deal("S1", calls, 20))
    assert (violation.code, violation.field) == ("auction_incomplete", "auction")
    assert violation.extra["to_call"] == waiting


def test_doubles_are_not_played_by_default() -> None:
    violation = refusal(deal("S1", [bid("S2", 20), *pas("S3", "S4", "S1"), dbl("S3")], 19))
    assert (violation.code, violation.field, violation.extra) == (
        "variant_not_enabled",
        "auction[4]",
        {"setting": "allow_double"},
    )


@pytest.mark.parametrize(
    ("doubling", "made_amount", "lost_amount"), [("none", 1, -1), ("doubled", 2, -2), ("redoubled", 4, -4)]
)
def test_a_double_scores_twice_and_a_redouble_four_times(doubling: str, made_amount: int, lost_amount: int) -> None:
    calls = [bid("S2", 20), *pas("S3", "S4", "S1")]
    calls += {"none": [], "doubled": [dbl("S1")], "redoubled": [dbl("S1"), rdbl("S2")]}[doubling]
    made = play_one(deal("S1", calls, 20), allow_double=True)
    lost = play_one(deal("S1", calls, 19), allow_double=True)
    assert made["contract"]["doubling"] == doubling
    assert (made["game_points_delta"], lost["game_points_delta"]) == (
        {"A": 0, "B": made_amount},
        {"A": 0, "B": lost_amount},
    )


@pytest.mark.parametrize(
    ("calls", "index"),
    [
        ([bid("S2", 20), dbl("S3")], 1),  # before the bidding has ended
        ([bid("S2", 20), *pas("S3", "S4", "S1"), dbl("S4")], 4),  # by the bidding team
        ([bid("S2", 20), *pas("S3", "S4", "S1"), dbl("S3"), dbl("S1")], 5),  # a second double
    ],
)
def test_a_double_out_of_place_is_refused(calls: list[dict[str, object]], index: int) -> None:
    assert refused(deal("S1", calls, 20), allow_double=True) == ("double_not_allowed", f"auction[{index}]")


def test_the_double_refusal_names_who_may_double() -> None:
    violation = refusal(deal("S1", [bid("S2", 16), *pas("S3", "S4", "S1"), dbl("S4")], 16), allow_double=True)
    assert violation.detail == "S4 cannot double: the contract (16) is S4's own team's; only S1 or S3 may double."


@pytest.mark.parametrize(
    ("calls", "index"),
    [
        ([bid("S2", 20), *pas("S3", "S4", "S1"), rdbl("S4")], 4),  # nothing doubled
        ([bid("S2", 20), *pas("S3", "S4", "S1"), dbl("S3"), rdbl("S1")], 5),  # by the doubling team
    ],
)
def test_a_redouble_out_of_place_is_refused(calls: list[dict[str, object]], index: int) -> None:
    assert refused(deal("S1", calls, 20), allow_double=True) == ("redouble_not_allowed", f"auction[{index}]")


def test_any_call_after_a_redouble_is_closed() -> None:
    calls = [bid("S2", 20), *pas("S3", "S4", "S1"), dbl("S3"), rdbl("S4"), dbl("S1")]
    assert refused(deal("S1", calls, 20), allow_double=True) == ("auction_closed", "auction[6]")


def test_doubles_may_follow_a_bid_of_28() -> None:
    result = play_one(deal("S1", [bid("S2", 28), dbl("S1")], 27), allow_double=True)
    assert (result["contract"]["doubling"], result["game_points_delta"]) == ("doubled", {"A": 0, "B": -2})


@pytest.mark.parametrize(("field", "value"), [("call", "raise"), ("seat", "S5"), ("points", 16)])
def test_malformed_calls_are_invalid_on_the_sub_field(field: str, value: object) -> None:
    call = {"seat": "S2", "call": "pass", field: value}
    assert refused(deal("S1", [call], 20)) == ("invalid", f"auction[0].{field}")


# --- the second round (Kerala-28) ------------------------------------------------------------------------------

SECOND = {"second_round_minimum": 24}


def test_a_second_auction_is_not_played_by_default() -> None:
    payload = deal("S1", [bid("S2", 16), *pas("S3", "S4", "S1")], 20, second_auction=[])
    assert refused(payload) == ("variant_not_enabled", "second_auction")


def test_a_second_round_bid_wins_the_contract_in_round_2() -> None:
    first = [bid("S2", 16), *pas("S3", "S4", "S1")]
    second = [*pas("S2"), bid("S3", 24), *pas("S4", "S1", "S2")]
    result = play_one(deal("S1", first, 24, second_auction=second), **SECOND)
    assert result["contract"] == {
        "bidder": "S3",
        "team": "A",
        "points": 24,
        "trump": None,
        "doubling": "none",
        "round": 2,
    }
    assert result["game_points_delta"] == {"A": 1, "B": 0}


def test_four_passes_keep_the_first_contract() -> None:
    first = [bid("S2", 16), *pas("S3", "S4", "S1")]
    result = play_one(deal("S1", first, 15, second_auction=pas("S2", "S3", "S4", "S1")), **SECOND)
    assert (result["contract"]["round"], result["contract"]["bidder"], result["made"]) == (1, "S2", False)


def test_a_missing_second_auction_is_incomplete() -> None:
    violation = refusal(deal("S1", [bid("S2", 16), *pas("S3", "S4", "S1")], 20), **SECOND)
    assert (violation.code, violation.field, violation.extra["to_call"]) == (
        "auction_incomplete",
        "second_auction",
        ["S2"],
    )


def test_a_second_auction_that_stops_early_is_incomplete() -> None:
    payload = deal("S1", [bid("S2", 16), *pas("S3", "S4", "S1")], 20, second_auction=pas("S2", "S3"))
    violation = refusal(payload, **SECOND)
    assert (violation.code, violation.field, violation.extra["to_call"]) == (
        "auction_incomplete",
        "second_auction",
        ["S4", "S1"],
    )


def test_a_second_round_bid_below_its_minimum_is_out_of_range() -> None:
    payload = deal("S1", [bid("S2", 16), *pas("S3", "S4", "S1")], 20, second_auction=[*pas("S2"), bid("S3", 23)])
    assert refused(payload, **SECOND) == ("bid_out_of_range", "second_auction[1]")


def test_a_second_round_bid_must_beat_the_first_contract() -> None:
    payload = deal("S1", [bid("S2", 14), bid("S3", 25), *pas("S4", "S1", "S2")], 20, second_auction=[bid("S3", 24)])
    assert refused(payload, **SECOND) == ("bid_not_higher", "second_auction[0]")


def test_the_second_round_opens_with_the_first_rounds_winner() -> None:
    payload = deal("S1", [bid("S2", 16), *pas("S3", "S4", "S1")], 20, second_auction=pas("S3"))
    assert refused(payload, **SECOND) == ("call_out_of_turn", "second_auction[0]")


def test_the_partner_rule_applies_in_the_second_round() -> None:
    payload = deal("S1", [bid("S2", 16), *pas("S3", "S4", "S1")], 20, second_auction=[*pas("S2", "S3"), bid("S4", 24)])
    assert refused(payload, second_round_minimum=24, partner_overcall_minimum=25) == (
        "bid_over_partner_too_low",
        "second_auction[2]",
    )


def test_after_a_first_round_28_there_is_no_second_round() -> None:
    assert play_one(deal("S1", [bid("S2", 28)], 28), **SECOND)["contract"]["round"] == 1
    payload = deal("S1", [bid("S2", 28)], 28, second_auction=pas("S2"))
    assert refused(payload, **SECOND) == ("auction_closed", "second_auction[0]")
