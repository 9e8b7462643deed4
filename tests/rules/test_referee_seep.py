"""The Seep referee (shared/rules/seep.md §S.7a): the worked deals of §S.10, each rule P1-P13 with a legal and an
illegal play, every code of §S.7a.3 on its field, the four play-level settings, inference of what may be left
out, and a seeded simulator's legal deals (bench/seep_plays.py), accepted, and refused once made illegal."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules.cards import parse_card
from games.rules.seep.floor import capture_choices, house_values_for, splits_into_sets
from tests.examples import examples_for
from tests.support.referee_seep import (
    FLOORS,
    P03,
    WORKED,
    complete,
    floor_after,
    normalized,
    plays_of,
    refusal,
    result_of,
    simulated,
    terse,
)
from tests.support.seep_plays import SimulatedDeal, simulate

EXAMPLES = {case["id"]: case for case in examples_for("seep")}
P01 = EXAMPLES["seep-p01"]["deals"][0]
P02 = EXAMPLES["seep-p02"]["deals"][0]


def no_sweeps() -> dict[str, int]:
    return {"regular": 0, "first_play": 0, "last_play": 0}


# --- §S.10: the three worked deals ---------------------------------------------------------------------------------


@pytest.mark.parametrize("example_id", ["seep-p01", "seep-p02"])
def test_the_worked_examples_give_every_result_key_of_examples_json(example_id: str) -> None:
    case = EXAMPLES[example_id]
    want = {key: value for key, value in case["expected"]["deals"][0].items() if key != "deal_number"}
    got = result_of(case["deals"][0])
    assert {key: got[key] for key in want} == want


def test_seep_p03_a_throw_in_first_a_regular_sweep_and_the_dealers_last_play_sweep_worth_nothing() -> None:
    result = result_of(P03)
    assert result == {
        "throw_ins": 1,
        "card_points": {"A": 33, "B": 67},
        "team_scores": {"A": 83, "B": 67},
        "deal_margin": {"team": "A", "points": 16},
        "running_lead": {"team": "A", "points": 16},
        "baazi": None,
        "baazis_won": {"A": 0, "B": 0},
        "next_dealer": "S2",
        "match_over": False,
        "match_winner": None,
        "plays_checked": 48,
        "sweeps": {"A": {**no_sweeps(), "regular": 1}, "B": {**no_sweeps(), "last_play": 1}},
        "sweeps_found": [
            {"play": 15, "seat": "S1", "team": "A", "kind": "regular"},
            {"play": 48, "seat": "S2", "team": "B", "kind": "last_play"},
        ],
        "cards_captured": {"A": 21, "B": 31},
        "scoring_cards_captured": {
            "A": ["9S", "8S", "5S", "3S", "AH", "AC", "10D"],
            "B": ["KS", "QS", "JS", "10S", "7S", "6S", "4S", "2S", "AS", "AD"],
        },
        "last_capture": {"play": 48, "seat": "S2", "team": "B"},
        "cards_left_on_floor": [],
    }


@pytest.mark.parametrize(("example_id", "round_"), [(name, n) for name in FLOORS for n in range(1, 13)])
def test_the_floor_after_each_round_is_the_one_the_rules_file_shows(example_id: str, round_: int) -> None:
    assert floor_after(WORKED[example_id], 4 * round_) == FLOORS[example_id][round_ - 1]


def test_the_notation_of_seep_p01_and_seep_p02_is_the_json_of_examples_json() -> None:
    rows = [("3D >11 AH 7S", "QH", "8D", "AC >12 3H 8D")]
    assert plays_of(rows) == [{key: value for key, value in item.items() if key != "seat"} for item in P01["plays"][:4]]


# --- P1 the deal, P2 turns -----------------------------------------------------------------------------------------

# Dealer S1, so S2 bids and makes plays 1, 5, 9 ...; S3 plays 2, 6 ...; S4 3, 7 ...; S1 4, 8 ...
TWO_NINES: dict[str, Any] = {"floor": ["9H", "9D", "2C", "3C"], "hand": ["9S", "4S", "5S", "6S"], "bid": 9}


def test_p1_two_cards_of_one_value_on_the_starting_floor_stay_two_loose_cards_taken_as_two_sets() -> None:
    assert floor_after(complete(**TWO_NINES, prefix=[]), 0) == "9H 9D 2C 3C"
    assert floor_after(complete(**TWO_NINES, prefix=["9S x 9H 9D"]), 1) == "2C 3C"


def test_p2_a_seat_given_must_be_the_one_whose_turn_it_is() -> None:
    payload = complete(**TWO_NINES, prefix=["9S x 9H 9D", "5H x 2C 3C"])
    payload["plays"][1]["seat"] = "S3"
    assert floor_after(payload, 2) == "(empty)"
    payload["plays"][5]["seat"] = "S2"
    violation = refusal(payload)
    assert (violation.code, violation.field, violation.extra) == (
        "play_out_of_turn",
        "plays[5].seat",
        {"expected_seat": "S3"},
    )
    assert violation.detail == "Play 6 is S3's (play runs counter-clockwise from the bidder S2), not S2's."


@pytest.mark.parametrize("count", [47, 49, 0])
def test_p2_a_deal_has_exactly_48_plays(count: int) -> None:
    payload = complete(**TWO_NINES, prefix=[])
    payload["plays"] = (payload["plays"] * 2)[:count]
    violation = refusal(payload)
    assert (violation.code, violation.field) == ("play_count_invalid", "plays")


# --- P3 the first play ---------------------------------------------------------------------------------------------


def test_p3_the_first_play_may_build_the_bid_value_with_a_card_of_another_value() -> None:
    # 4S + 2C + 3C make 9; the loose nines join the new house by themselves (P8), and S2 keeps 9S.
    assert floor_after(complete(**TWO_NINES, prefix=["4S >9 2C 3C"]), 1) == "[9=: 4S 2C 3C 9H 9D / S2]"


@pytest.mark.parametrize(
    ("first", "field"),
    [
        ("4S", "plays[0].card"),
        ("5S x 2C 3C", "plays[0].card"),
        ({"card": "6S", "action": "build", "with": ["2C", "3C"], "house": 11}, "plays[0].house"),
    ],
)
def test_p3_a_first_play_not_of_the_bid_value_is_refused(first: Any, field: str) -> None:
    violation = refusal(complete(**TWO_NINES, prefix=[first]))
    assert (violation.code, violation.field, violation.extra) == ("first_play_not_bid_value", field, {"bid": 9})


def test_p3_the_message_says_what_the_first_play_may_be() -> None:
    violation = refusal(complete(**TWO_NINES, prefix=["4S"]))
    assert violation.detail == (
        "The bid was 9: the first play must build a house of 9, or capture or throw a 9; 4S is neither."
    )


def test_p3_the_first_play_comes_from_the_bidders_four_cards() -> None:
    violation = refusal(complete(**TWO_NINES, prefix=[{"card": "9C", "action": "capture"}]))
    assert (violation.code, violation.field) == ("bidder_hand_mismatch", "plays[0].card")
    assert violation.detail == "The first play comes from the bidder's four cards (9S 4S 5S 6S); 9C is not one of them."


def test_p3_no_other_seat_plays_one_of_the_bidders_four_cards() -> None:
    payload = complete(**TWO_NINES, prefix=["9S x 9H 9D"])
    third_card = next(k for k, item in enumerate(payload["plays"]) if item["card"] == "4S")
    payload["plays"][1], payload["plays"][third_card] = payload["plays"][third_card], payload["plays"][1]
    violation = refusal(payload)
    assert (violation.code, violation.field) == ("bidder_hand_mismatch", "plays[1].card")


# --- P4 throw --------------------------------------------------------------------------------------------------

OWNED_NINE: dict[str, Any] = {"floor": ["4C", "5C", "KD", "2H"], "hand": ["9S", "9H", "3S", "6S"], "bid": 9}
# 9S into a house of 9 with 4C + 5C (cemented: two sets); S2 keeps 9H. Then three throws that cannot capture.
OWNED_NINE_OPENING = ["9S >9 4C 5C", "7D", "8D", "QC"]


def test_p4_a_card_that_cannot_capture_is_thrown_loose() -> None:
    payload = complete(**OWNED_NINE, prefix=OWNED_NINE_OPENING)
    assert floor_after(payload, 4) == "KD 2H 7D 8D QC [9=: 9S 4C 5C / S2]"


@pytest.mark.parametrize(
    ("prefix", "k", "words"),
    [
        (["9S x 9H 9D", "5H"], 1, "5H can capture on this floor (2C + 3C make 5)"),
        (["9S"], 0, "9S can capture on this floor (9H)"),
    ],
)
def test_p4_a_card_that_could_capture_may_not_be_thrown(prefix: list[str], k: int, words: str) -> None:
    violation = refusal(complete(**TWO_NINES, prefix=prefix))
    assert (violation.code, violation.field) == ("capture_required", f"plays[{k}].action")
    assert violation.detail == f"{words}, so it may not be thrown loose."


def test_p4_a_card_that_could_take_a_house_may_not_be_thrown() -> None:
    violation = refusal(complete(**OWNED_NINE, prefix=[*OWNED_NINE_OPENING, "9H"]))
    assert (violation.code, violation.field) == ("capture_required", "plays[4].action")
    assert "(the house of 9)" in violation.detail


def test_p4_an_owner_may_throw_loose_unless_the_house_rule_says_otherwise() -> None:
    payload = complete(**OWNED_NINE, prefix=[*OWNED_NINE_OPENING, "6S"])
    assert floor_after(payload, 5) == "KD 2H 7D 8D QC 6S [9=: 9S 4C 5C / S2]"
    violation = refusal(payload, owner_may_throw_loose=False)
    assert (violation.code, violation.field, violation.extra) == (
        "owner_may_not_throw",
        "plays[4].action",
        {"house": 9},
    )
    assert violation.detail == (
        "S2 owns the house of 9, so may not throw a loose card; capture, build, cement or raise instead."
    )


def test_p4_with_the_house_rule_off_a_seat_owning_nothing_still_throws() -> None:
    payload = complete(**OWNED_NINE, prefix=OWNED_NINE_OPENING)
    assert floor_after(payload, 4, owner_may_throw_loose=False) == "KD 2H 7D 8D QC [9=: 9S 4C 5C / S2]"


# --- P5 capture -------------------------------------------------------------------------------------------------

OVERLAP: dict[str, Any] = {"floor": ["2H", "3H", "4H", "5D"], "hand": ["9S", "AS", "KS", "QS"], "bid": 9}


@pytest.mark.parametrize(("takes", "left"), [(["4H", "5D"], "2H 3H"), (["2H", "3H", "4H"], "5D")])
def test_p5_where_sets_overlap_any_choice_that_leaves_no_set_is_legal(takes: list[str], left: str) -> None:
    payload = complete(**OVERLAP, prefix=[{"card": "9S", "action": "capture", "takes": takes}])
    assert floor_after(payload, 1) == left


def test_p5_left_out_takes_with_several_legal_choices_is_ambiguous() -> None:
    violation = refusal(complete(**OVERLAP, prefix=[{"card": "9S", "action": "capture"}]))
    assert (violation.code, violation.field) == ("play_ambiguous", "plays[0].takes")
    assert violation.detail == "9S can take 2H + 3H + 4H or 4H + 5D; list the cards taken."
    assert violation.extra == {"choices": [["2H", "3H", "4H"], ["4H", "5D"]]}


def test_p5_left_out_takes_with_one_legal_choice_is_inferred() -> None:
    terse = complete(**TWO_NINES, prefix=[{"card": "9S", "action": "capture"}])
    full = complete(**TWO_NINES, prefix=["9S x 9H 9D"])
    assert normalized(terse) == normalized(full)
    assert normalized(terse)["plays"][0] == {"seat": "S2", "card": "9S", "action": "capture", "takes": ["9H", "9D"]}


def test_p5_a_capture_must_take_every_set_worth_its_card() -> None:
    violation = refusal(complete(**TWO_NINES, prefix=["9S x 9H"]))
    assert (violation.code, violation.field, violation.extra) == (
        "capture_incomplete",
        "plays[0].takes",
        {"cards": ["9D"]},
    )
    assert violation.detail == "A capture with 9S must take every set worth 9: 9D is still left loose."


def test_p5_with_capture_must_take_all_sets_off_a_capture_takes_the_sets_named() -> None:
    assert floor_after(complete(**TWO_NINES, prefix=["9S x 9H"]), 1, capture_must_take_all_sets=False) == "9D 2C 3C"


@pytest.mark.parametrize(
    ("second", "code", "field"),
    [
        ("KD x 2C", "nothing_to_capture", "plays[1].action"),
        ("5H x 2C 9H", "card_not_on_floor", "plays[1].takes[1]"),
        ("5H x 2C", "capture_sets_invalid", "plays[1].takes"),
        ({"card": "5H", "action": "capture", "takes": []}, "capture_incomplete", "plays[1].takes"),
        ({"card": "5H", "action": "capture", "takes": ["2C", "2C"]}, "duplicate_card", "plays[1].takes[1]"),
        ({"card": "5H", "action": "capture", "takes": ["1C"]}, "invalid_card", "plays[1].takes[0]"),
    ],
)
def test_p5_a_capture_that_breaks_the_rule_is_refused_on_its_field(second: Any, code: str, field: str) -> None:
    violation = refusal(complete(**TWO_NINES, prefix=["9S x 9H 9D", second]))
    assert (violation.code, violation.field) == (code, field)


def test_p5_with_the_sets_rule_off_an_empty_capture_with_no_house_takes_nothing_and_is_refused() -> None:
    payload = complete(**TWO_NINES, prefix=["9S x 9H 9D", {"card": "5H", "action": "capture", "takes": []}])
    violation = refusal(payload, capture_must_take_all_sets=False)
    assert (violation.code, violation.field) == ("nothing_to_capture", "plays[1].takes")


def test_p5_the_captured_cards_go_to_the_capturers_side() -> None:
    result = result_of(P01)
    assert result["cards_captured"] == {"A": 41, "B": 11}
    assert sum(result["cards_captured"].values()) == 52


# --- P6 build ------------------------------------------------------------------------------------------------------

AFTER_NINES = ["9S x 9H 9D"]  # leaves 2C 3C loose, S3 to play


def test_p6_a_build_makes_a_house_its_builder_owns_while_he_keeps_a_card_of_its_value() -> None:
    payload = complete(**TWO_NINES, prefix=[*AFTER_NINES, "4D >9 2C 3C"], holds={"S3": ["9C"]})
    assert floor_after(payload, 2) == "[9: 4D 2C 3C / S3]"


def test_p6_a_build_with_the_house_left_out_takes_the_only_value_its_cards_make() -> None:
    terse = complete(
        **TWO_NINES,
        prefix=[*AFTER_NINES, {"card": "4D", "action": "build", "with": ["2C", "3C"]}],
        holds={"S3": ["9C"]},
    )
    assert normalized(terse)["plays"][1] == {
        "seat": "S3",
        "card": "4D",
        "action": "build",
        "with": ["2C", "3C"],
        "house": 9,
    }


@pytest.mark.parametrize(
    ("second", "code", "field"),
    [
        ({"card": "9C", "action": "build", "with": []}, "house_needs_floor_card", "plays[1].with"),
        ({"card": "4D", "action": "build", "with": ["2C"], "house": 9}, "build_sets_invalid", "plays[1].with"),
        ({"card": "4D", "action": "build", "with": ["2C"]}, "build_sets_invalid", "plays[1].with"),
        (
            {"card": "4D", "action": "build", "with": ["2C", "3C"], "house": 8},
            "house_value_out_of_range",
            "plays[1].house",
        ),
        ({"card": "4D", "action": "build", "with": ["2C", "9H"], "house": 15}, "card_not_on_floor", "plays[1].with[1]"),
        ({"card": "4D", "action": "build", "with": ["1D"]}, "invalid_card", "plays[1].with[0]"),
    ],
)
def test_p6_a_build_that_breaks_the_rule_is_refused_on_its_field(second: Any, code: str, field: str) -> None:
    violation = refusal(complete(**TWO_NINES, prefix=[*AFTER_NINES, second], holds={"S3": ["9C"]}))
    assert (violation.code, violation.field) == (code, field)


def test_p6_the_builder_must_keep_another_card_of_the_value() -> None:
    payload = complete(**TWO_NINES, prefix=[*AFTER_NINES, "4D >9 2C 3C"], lacks={"S3": "9"})
    violation = refusal(payload)
    assert (violation.code, violation.field, violation.extra) == (
        "capture_card_not_kept",
        "plays[1].card",
        {"house": 9},
    )
    assert violation.detail == (
        "S3 owns the house of 9 and must keep a 9 to capture it; after this play S3 holds none."
    )


def test_p6_a_house_built_by_the_first_play_needs_a_second_card_of_its_value_among_the_bidders_first_four() -> None:
    # S2's only other nine is dealt after the first play, so right after it S2 holds none.
    payload = complete(
        floor=["4C", "5C", "KD", "2H"],
        hand=["9S", "3S", "6S", "AS"],
        bid=9,
        prefix=["9S >9 4C 5C"],
        holds={"S2": ["9H"]},
    )
    violation = refusal(payload)
    assert (violation.code, violation.field) == ("capture_card_not_kept", "plays[0].card")


# --- P7 cement, P9 ownership, P10 raise --------------------------------------------------------------------------

# S2 builds a plain house of 9 (4S + 2C + 3C) keeping 9S and 9H; S3, S4 and S1 follow.
HOUSE: dict[str, Any] = {"floor": ["2C", "3C", "KD", "8D"], "hand": ["4S", "9S", "9H", "AH"], "bid": 9}
HOUSE_FIRST = "4S >9 2C 3C"


def test_p7_an_opponent_who_adds_to_a_house_becomes_one_more_owner_and_cements_it() -> None:
    payload = complete(**HOUSE, prefix=[HOUSE_FIRST, "9C >9"], holds={"S3": ["9D"]})
    assert floor_after(payload, 2) == "KD 8D [9=: 4S 2C 3C 9C / S2,S3]"


def test_p7_an_opponent_who_adds_must_keep_a_card_of_the_value() -> None:
    violation = refusal(complete(**HOUSE, prefix=[HOUSE_FIRST, "9C >9"], lacks={"S3": "9"}))
    assert (violation.code, violation.field) == ("capture_card_not_kept", "plays[1].card")


def test_p7_a_partner_adds_freely_even_his_last_card_of_the_value() -> None:
    payload = complete(**HOUSE, prefix=[HOUSE_FIRST, "7C", {"card": "9D", "action": "cement", "with": []}])
    assert floor_after(payload, 3) == "KD 8D 7C [9=: 4S 2C 3C 9D / S2]"


def test_p7_a_cement_needs_a_standing_house_of_its_value() -> None:
    violation = refusal(
        complete(**HOUSE, prefix=[HOUSE_FIRST, {"card": "10C", "action": "cement", "with": []}], holds={"S3": ["10D"]})
    )
    assert (violation.code, violation.field) == ("house_not_found", "plays[1].house")
    assert violation.detail == "There is no house of 10 on the floor to cement; to start one, use build."


def test_p9_an_owner_may_not_spend_his_last_card_of_the_value_on_anything_but_the_capture() -> None:
    payload = complete(
        floor=["2C", "3C", "KD", "8D"],
        hand=["4S", "9S", "AH", "AS"],
        bid=9,
        prefix=[HOUSE_FIRST, "7C", "QH", "5S", {"card": "9S", "action": "cement", "with": []}],
        lacks={"S2": "9"},
    )
    violation = refusal(payload)
    assert (violation.code, violation.field) == ("capture_card_not_kept", "plays[4].card")


def test_p9_an_owner_captures_his_house_with_his_last_card_of_the_value() -> None:
    payload = complete(
        floor=["2C", "3C", "KD", "8D"],
        hand=["4S", "9S", "AH", "AS"],
        bid=9,
        prefix=[HOUSE_FIRST, "7C", "QH", "5S", "9S x"],
    )
    assert floor_after(payload, 5) == "KD 8D 7C QH 5S"


def test_p10_a_raise_makes_the_raiser_the_only_owner() -> None:
    payload = complete(**HOUSE, prefix=[HOUSE_FIRST, "AD ^9"], holds={"S3": ["10D"]})
    assert floor_after(payload, 2) == "KD 8D [10: 4S 2C 3C AD / S3]"


def test_p10_a_partner_may_raise_and_the_old_owner_is_released() -> None:
    payload = complete(**HOUSE, prefix=[HOUSE_FIRST, "7C", "AC ^9"], holds={"S4": ["10D"]})
    assert floor_after(payload, 3) == "KD 8D 7C [10: 4S 2C 3C AC / S4]"


def test_p10_a_raise_onto_the_value_of_a_standing_house_combines_the_two_cemented() -> None:
    payload = complete(**HOUSE, prefix=[HOUSE_FIRST, "2H >10 8D", "AD ^9"], holds={"S3": ["10D"], "S4": ["10S"]})
    assert floor_after(payload, 3) == "KD [10=: 2H 8D 4S 2C 3C AD / S3,S4]"


def test_p10_a_raise_with_the_house_left_out_and_one_house_standing_raises_it() -> None:
    payload = complete(**HOUSE, prefix=[HOUSE_FIRST, {"card": "AD", "action": "raise"}], holds={"S3": ["10D"]})
    assert normalized(payload)["plays"][1] == {"seat": "S3", "card": "AD", "action": "raise", "house": 9}


@pytest.mark.parametrize(
    ("prefix", "holds", "code", "field"),
    [
        (
            [HOUSE_FIRST, "2H >10 8D", {"card": "AD", "action": "raise"}],
            {"S3": ["10D"], "S4": ["10S"]},
            "play_ambiguous",
            "plays[2].house",
        ),
        ([{"card": "AH", "action": "raise"}], {}, "house_not_found", "plays[0].house"),
        ([HOUSE_FIRST, "AD ^10"], {"S3": ["10D"]}, "house_not_found", "plays[1].house"),
        (
            [HOUSE_FIRST, "9C >9", "AC ^9"],
            {"S3": ["9D"], "S4": ["10D"]},
            "cemented_house_cannot_be_raised",
            "plays[2].house",
        ),
        ([HOUSE_FIRST, "5D ^9"], {}, "house_value_out_of_range", "plays[1].card"),
        ([HOUSE_FIRST, "7C", "QH", "5S", "AH ^9"], {}, "own_house_cannot_be_raised", "plays[4].house"),
        ([HOUSE_FIRST, "AD ^9"], {"S1": ["10D", "10S", "10H", "10C"]}, "capture_card_not_kept", "plays[1].card"),
        ([HOUSE_FIRST, {"card": "AD", "action": "raise", "with": ["KD"]}], {}, "invalid", "plays[1].with"),
    ],
)
def test_p10_a_raise_that_breaks_the_rule_is_refused_on_its_field(
    prefix: list[Any], holds: dict[str, list[str]], code: str, field: str
) -> None:
    violation = refusal(complete(**HOUSE, prefix=prefix, holds=holds))
    assert (violation.code, violation.field) == (code, field)


def test_p10_the_raise_messages_say_what_is_allowed() -> None:
    cemented = refusal(complete(**HOUSE, prefix=[HOUSE_FIRST, "9C >9", "AC ^9"], holds={"S3": ["9D"]}))
    assert cemented.detail == (
        "The house of 9 is cemented: it can be added to with sets worth 9, or captured, but not raised."
    )
    too_high = refusal(complete(**HOUSE, prefix=[HOUSE_FIRST, "5D ^9"]))
    assert too_high.detail == "5D would raise the house of 9 to 14; a house is worth at most 13."
    own = refusal(complete(**HOUSE, prefix=[HOUSE_FIRST, "7C", "QH", "5S", "AH ^9"]))
    assert own.detail == "S2 owns the house of 9 and may not raise it; another player may."


# --- P8 loose cards of a house's value ---------------------------------------------------------------------------

SET_BESIDE: dict[str, Any] = {"floor": ["2C", "3C", "5H", "4D"], "hand": ["4S", "9S", "9H", "AH"], "bid": 9}


def test_p8_a_loose_set_worth_the_house_may_stay_beside_it_or_join_it() -> None:
    assert floor_after(complete(**SET_BESIDE, prefix=[HOUSE_FIRST]), 1) == "5H 4D [9: 4S 2C 3C / S2]"
    joined = complete(**SET_BESIDE, prefix=["4S >9 2C 3C 5H 4D"])
    assert floor_after(joined, 1, loose_sets_join_house="compulsory") == "[9=: 4S 2C 3C 5H 4D / S2]"


def test_p8_with_loose_sets_join_house_compulsory_a_set_left_beside_the_house_is_refused() -> None:
    violation = refusal(complete(**SET_BESIDE, prefix=[HOUSE_FIRST]), loose_sets_join_house="compulsory")
    assert (violation.code, violation.field, violation.extra) == (
        "house_set_left_loose",
        "plays[0].with",
        {"house": 9, "cards": ["5H", "4D"]},
    )
    assert violation.detail == "Loose cards that add up to 9 (5H + 4D) must go into the house of 9."


def test_p8_a_raise_that_leaves_a_loose_set_worth_the_new_value_is_refused_when_sets_must_join() -> None:
    payload = complete(
        floor=["2C", "3C", "6H", "4D"],
        hand=["4S", "9S", "9H", "AH"],
        bid=9,
        prefix=[HOUSE_FIRST, "AD ^9"],
        holds={"S3": ["10D"]},
    )
    assert floor_after(payload, 2) == "6H 4D [10: 4S 2C 3C AD / S3]"
    violation = refusal(payload, loose_sets_join_house="compulsory")
    assert (violation.code, violation.field) == ("house_set_left_loose", "plays[1].card")


# --- P11 sweeps, P12 the end, P13 card points --------------------------------------------------------------------


def test_p11_the_first_play_sweep_is_worth_25_to_the_bidders_side() -> None:
    result = result_of(P02)
    assert result["sweeps_found"] == [{"play": 1, "seat": "S4", "team": "B", "kind": "first_play"}]
    assert result["team_scores"] == {"A": 54, "B": 71}


def test_p11_the_sweep_values_are_the_house_rules() -> None:
    result = result_of(P03, sweep_points=40, last_play_sweep_points=10)
    assert result["team_scores"] == {"A": 73, "B": 77}


def test_p11_taking_a_house_that_was_all_the_floor_held_is_a_sweep_unless_the_house_rule_says_not() -> None:
    deal = next(
        sim
        for sim in simulated(300)
        if any(sim.payload["plays"][play - 1]["takes"] == [] for play, _, kind in sim.sweeps if kind == "regular")
    )
    house_only = [play for play, _, kind in deal.sweeps if deal.payload["plays"][play - 1]["takes"] == []]
    counted = result_of(deal.payload)["sweeps_found"]
    not_counted = result_of(deal.payload, house_only_sweep_counts=False)["sweeps_found"]
    assert [sweep["play"] for sweep in counted] == [play for play, _, _ in deal.sweeps]
    assert [sweep["play"] for sweep in not_counted] == [play for play, _, _ in deal.sweeps if play not in house_only]


def test_p12_the_loose_cards_left_at_the_end_go_to_the_side_of_the_last_capture() -> None:
    result = result_of(P01)
    assert result["last_capture"] == {"play": 44, "seat": "S1", "team": "A"}
    assert result["cards_left_on_floor"] == ["KC", "4H", "6C", "JH", "7C", "8H", "3S"]


def test_p13_under_the_majority_preset_the_ten_of_diamonds_is_2_and_the_side_with_more_cards_gets_4() -> None:
    result = result_of(P01, card_points="ten_of_diamonds_2_majority_4")
    assert result["card_points"] == {"A": 86, "B": 14}


# --- totals sent with the plays (step 5), and the order of the checks ---------------------------------------------


def with_totals(**totals: Any) -> dict[str, Any]:
    return {**copy.deepcopy(P01), **totals}


P01_SWEEPS = {"A": no_sweeps(), "B": {**no_sweeps(), "regular": 1}}
P01_CARDS = EXAMPLES["seep-p01"]["expected"]["deals"][0]["scoring_cards_captured"]


def test_totals_that_agree_with_the_plays_are_accepted() -> None:
    shuffled = {team: list(reversed(cards)) for team, cards in P01_CARDS.items()}
    assert result_of(with_totals(card_points={"A": 82, "B": 18}, sweeps=P01_SWEEPS))["team_scores"] == {
        "A": 82,
        "B": 68,
    }
    assert result_of(with_totals(scoring_cards_captured=shuffled, sweeps={"B": {"regular": 1}}))["card_points"] == {
        "A": 82,
        "B": 18,
    }


@pytest.mark.parametrize(
    ("totals", "field", "detail"),
    [
        ({"card_points": {"A": 80, "B": 20}}, "card_points", "The plays give card points A 82, B 18, not A 80, B 20."),
        (
            {"scoring_cards_captured": {"A": [*P01_CARDS["A"], "10D"], "B": P01_CARDS["B"][:-1]}},
            "scoring_cards_captured",
            None,
        ),
        ({"sweeps": {"A": {"regular": 1}}}, "sweeps", None),
        ({"card_points": {"A": 82, "B": 18}, "sweeps": {}}, "sweeps", None),
    ],
)
def test_totals_that_disagree_with_the_plays_are_refused(
    totals: dict[str, Any], field: str, detail: str | None
) -> None:
    violation = refusal(with_totals(**totals))
    assert (violation.code, violation.field) == ("plays_totals_mismatch", field)
    if detail:
        assert violation.detail == detail
        assert violation.extra == {"from_plays": {"A": 82, "B": 18}}


def test_card_points_are_checked_against_the_plays_before_the_sweeps() -> None:
    violation = refusal(with_totals(card_points={"A": 80, "B": 20}, sweeps={}))
    assert violation.field == "card_points"


def test_the_majority_preset_takes_a_card_majority_that_agrees_with_the_plays() -> None:
    preset = {"card_points": "ten_of_diamonds_2_majority_4"}
    assert result_of(with_totals(scoring_cards_captured=P01_CARDS, card_majority="A"), **preset)["card_points"] == {
        "A": 86,
        "B": 14,
    }
    violation = refusal(with_totals(scoring_cards_captured=P01_CARDS, card_majority="B"), **preset)
    assert (violation.code, violation.field, violation.extra) == (
        "plays_totals_mismatch",
        "card_majority",
        {"from_plays": "A"},
    )


def test_the_checks_of_s7_on_totals_come_before_the_plays() -> None:
    violation = refusal(with_totals(card_points={"A": 80, "B": 25}, floor=["AH"]))
    assert (violation.code, violation.field) == ("card_points_total_mismatch", "card_points")


def test_the_bid_is_checked_before_the_plays() -> None:
    payload = copy.deepcopy(P01)
    payload["bid"]["value"] = 12
    payload["plays"] = payload["plays"][:3]
    violation = refusal(payload)
    assert (violation.code, violation.field) == ("bid_card_not_in_hand", "bid.value")


def test_the_shape_of_every_play_is_checked_before_the_first_play_is_refereed() -> None:
    payload = copy.deepcopy(P01)
    payload["plays"][1] = {"card": "QH", "action": "capture"}  # illegal: nothing worth 12 on the floor
    payload["plays"][39]["action"] = "pass"
    violation = refusal(payload)
    assert (violation.code, violation.field) == ("invalid", "plays[39].action")


def test_the_first_illegal_play_is_refused_with_its_play_number() -> None:
    payload = copy.deepcopy(P01)
    payload["plays"][17] = {"card": "QC", "action": "capture"}  # 9H 8C: nothing worth 12 yet
    violation = refusal(payload)
    assert (violation.code, violation.field) == ("nothing_to_capture", "plays[17].action")
    assert violation.detail == "Nothing on the floor is worth 12: QC can only be thrown loose or used in a house."


# --- the floor, the bidder's hand and the shape of the plays (steps 2 and 3) --------------------------------------


def mutated(change: Any) -> dict[str, Any]:
    payload: dict[str, Any] = copy.deepcopy(P01)
    change(payload)
    return payload


@pytest.mark.parametrize(
    ("change", "code", "field"),
    [
        (lambda p: p["bid"].pop("bidder_hand"), "bidder_hand_required", "bid.bidder_hand"),
        (lambda p: p.pop("floor"), "floor_size_invalid", "floor"),
        (lambda p: p.update(floor=["AH", "3H", "KS"]), "floor_size_invalid", "floor"),
        (lambda p: p.update(floor="AH 3H KS 7S"), "invalid", "floor"),
        (lambda p: p["floor"].__setitem__(2, "1S"), "invalid_card", "floor[2]"),
        (lambda p: p["floor"].__setitem__(1, "AH"), "duplicate_card", "floor[1]"),
        (lambda p: p["floor"].__setitem__(1, "JH"), "duplicate_card", "bid.bidder_hand[0]"),
        (lambda p: p.update(plays={"0": "3D"}), "invalid", "plays"),
        (lambda p: p["plays"].__setitem__(3, "AC"), "invalid", "plays[3]"),
        (lambda p: p["plays"][3].update(note="x"), "invalid", "plays[3].note"),
        (lambda p: p["plays"][3].pop("action"), "invalid", "plays[3].action"),
        (lambda p: p["plays"][3].update(action="pass"), "invalid", "plays[3].action"),
        (lambda p: p["plays"][3].update(seat="S3"), "play_out_of_turn", "plays[3].seat"),
        (lambda p: p["plays"][3].pop("card"), "invalid", "plays[3].card"),
        (lambda p: p["plays"][3].update(card="ZZ"), "invalid_card", "plays[3].card"),
        (lambda p: p["plays"][3].update(card="JKR"), "invalid_card", "plays[3].card"),
        (lambda p: p["plays"][3].update(card="QH"), "duplicate_card", "plays[3].card"),
        (lambda p: p["plays"][3].update(card="KS"), "duplicate_card", "plays[3].card"),
        (lambda p: p["plays"][1].update(takes=[]), "invalid", "plays[1].takes"),
        (lambda p: p["plays"][7].update(**{"with": []}), "invalid", "plays[7].with"),
        (lambda p: p["plays"][1].update(house=12), "invalid", "plays[1].house"),
        (lambda p: p["plays"][7].update(house=12), "invalid", "plays[7].house"),
        (lambda p: p["plays"][0].update(house="11"), "invalid", "plays[0].house"),
        (lambda p: p["plays"][0].update(house=True), "invalid", "plays[0].house"),
        (lambda p: p["plays"][0].update(**{"with": "AH"}), "invalid", "plays[0].with"),
        (lambda p: p["plays"][0].update(**{"with": ["AH", "3D"]}), "duplicate_card", "plays[0].with[1]"),
    ],
)
def test_a_malformed_floor_or_play_is_refused_with_its_code_and_field(change: Any, code: str, field: str) -> None:
    violation = refusal(mutated(change))
    assert (violation.code, violation.field) == (code, field)


def test_a_floor_without_plays_is_refused() -> None:
    payload = {
        "dealer": "S1",
        "bid": {"value": 11},
        "card_points": {"A": 50, "B": 50},
        "floor": ["AH", "3H", "KS", "7S"],
    }
    violation = refusal(payload)
    assert (violation.code, violation.field) == ("invalid", "floor")


def test_a_deal_with_plays_needs_no_totals_and_a_deal_without_them_still_does() -> None:
    violation = refusal({"dealer": "S1", "bid": {"value": 11}})
    assert (violation.code, violation.field) == ("invalid", "card_points")


# --- inference: a terse entry and a full one give the same result -------------------------------------------------


@pytest.mark.parametrize(("payload", "keep"), [(P01, (9,)), (P02, ()), (P03, (11, 12))])
def test_a_terse_entry_gives_the_result_and_the_normalized_input_of_the_full_one(
    payload: dict[str, Any], keep: tuple[int, ...]
) -> None:
    short = terse(payload, keep)
    assert result_of(short) == result_of(payload)
    assert normalized(short) == normalized(payload)


def test_the_normalized_input_fills_in_every_seat_and_keeps_the_plays_as_given() -> None:
    written = normalized(P01)
    assert written["plays"] == P01["plays"]
    assert written["floor"] == P01["floor"]
    assert "sweeps" not in written and "card_points" not in written


def test_captures_left_out_where_the_floor_allows_one_choice_are_filled_in() -> None:
    short = copy.deepcopy(P02)
    for item in short["plays"]:
        if item["action"] == "capture" and item["takes"] == []:
            del item["takes"]
    assert normalized(short) == normalized(P02)


def test_cards_are_read_in_lower_case_and_with_t_for_ten() -> None:
    lower = copy.deepcopy(P02)
    for item in lower["plays"]:
        item["card"] = item["card"].lower().replace("10", "t")
        item["seat"] = item["seat"].lower()
    assert normalized(lower) == normalized(P02)


# --- the simulator: thousands of legal deals, then each made illegal once ----------------------------------------

SIMULATED = 2000


def test_thousands_of_simulated_legal_deals_are_accepted_and_add_up() -> None:
    for sim in simulated(SIMULATED):
        result = result_of(sim.payload)
        assert sum(result["card_points"].values()) == 100
        assert result["cards_captured"] == {team: len(cards) for team, cards in sim.captured.items()}
        assert [(s["play"], s["seat"], s["kind"]) for s in result["sweeps_found"]] == sim.sweeps
        assert (result["last_capture"]["play"], result["last_capture"]["seat"]) == sim.last_capture
        swept = {s["play"] - 1 for s in result["sweeps_found"]}
        assert all(k + 1 not in swept for k in swept), "after a sweep the floor is empty: no sweep follows one"


def test_the_simulated_deals_use_every_kind_of_play() -> None:
    actions = {item["action"] for sim in simulated(SIMULATED) for item in sim.payload["plays"]}
    assert actions == {"throw", "capture", "build", "cement", "raise"}


def inject(sim: SimulatedDeal, rng: random.Random) -> tuple[dict[str, Any], str, str] | None:
    """One illegal change at one play, the code and field it must be refused with; None when the deal offers no
    play of the kind chosen."""
    payload = copy.deepcopy(sim.payload)
    plays = payload["plays"]
    kind = rng.choice(["throw_a_capture", "capture_a_throw", "take_nothing", "house_of_8", "take_a_held_card"])
    if kind == "throw_a_capture":
        candidates = [k for k, p in enumerate(plays) if k and p["action"] == "capture" and p["takes"]]
    elif kind in ("capture_a_throw", "house_of_8"):
        candidates = [k for k, p in enumerate(plays) if k and p["action"] == "throw"]
    else:
        candidates = [k for k, p in enumerate(plays) if k and p["action"] == "capture" and p["takes"]]
    if not candidates:
        return None
    k = rng.choice(candidates)
    card = plays[k]["card"]
    if kind == "throw_a_capture":
        plays[k] = {"card": card, "action": "throw"}
        return payload, "capture_required", f"plays[{k}].action"
    if kind == "capture_a_throw":
        plays[k] = {"card": card, "action": "capture"}
        return payload, "nothing_to_capture", f"plays[{k}].action"
    if kind == "house_of_8":
        plays[k] = {"card": card, "action": rng.choice(["build", "cement"]), "with": [], "house": 8}
        return payload, "house_value_out_of_range", f"plays[{k}].house"
    if kind == "take_nothing":
        plays[k]["takes"] = []
        return payload, "capture_incomplete", f"plays[{k}].takes"
    later = plays[k + 1]["card"] if k < 47 else None
    if later is None:
        return None
    plays[k]["takes"] = [*plays[k]["takes"], later]
    return payload, "card_not_on_floor", f"plays[{k}].takes[{len(plays[k]['takes']) - 1}]"


def test_the_simulated_deals_each_made_illegal_at_one_play_are_refused_there_with_the_right_code() -> None:
    rng, checked = random.Random(7), 0
    for sim in simulated(SIMULATED)[:1000]:
        injected = inject(sim, rng)
        if injected is None:
            continue
        payload, code, field = injected
        violation = refusal(payload)
        assert (violation.code, violation.field) == (code, field)
        checked += 1
    assert checked > 900


# --- properties ----------------------------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_any_simulated_deal_is_accepted_and_its_cards_and_points_add_up(seed: int) -> None:
    sim = simulate(random.Random(seed))
    result = result_of(sim.payload)
    assert sum(result["cards_captured"].values()) == 52
    assert sum(result["card_points"].values()) == 100
    majority = result_of(sim.payload, card_points="ten_of_diamonds_2_majority_4")
    assert sum(majority["card_points"].values()) == 100


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.randoms(use_true_random=False))
def test_the_order_of_the_cards_named_in_a_play_does_not_matter(seed: int, shuffler: random.Random) -> None:
    sim = simulate(random.Random(seed))
    shuffled = copy.deepcopy(sim.payload)
    for item in shuffled["plays"]:
        for key in ("takes", "with"):
            if key in item:
                shuffler.shuffle(item[key])
    assert result_of(shuffled) == result_of(sim.payload)


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_the_normalized_input_of_a_simulated_deal_parses_back_to_itself(seed: int) -> None:
    sim = simulate(random.Random(seed))
    written = normalized(sim.payload)
    assert normalized(written) == written
    assert result_of(written) == result_of(sim.payload)


# --- the arithmetic of sets (games/rules/seep/floor.py) -----------------------------------------------------------


def test_cards_that_split_into_sets_of_two_house_values_are_two_readings() -> None:
    # 9 9 9 3 3 3 is four nines or three twelves: a build naming these without `house` would be ambiguous.
    assert house_values_for([9, 9, 9, 3, 3, 3]) == [9, 12]
    assert house_values_for([4, 2, 3]) == [9]
    assert house_values_for([4, 2]) == []


def test_the_choices_of_a_capture_are_every_packing_of_whole_sets_that_leaves_none() -> None:
    cards = [parse_card(code) for code in ("2C", "3D", "5H", "6S")]
    # seep.md P5: on 2 3 5 6 a jack takes 2 + 3 + 6, or 5 + 6.
    assert [[card.code for card in choice] for choice in capture_choices(cards, 11)] == [
        ["2C", "3D", "6S"],
        ["5H", "6S"],
    ]
    assert capture_choices(cards, 12) == [()]  # no set worth 12: a queen could only take a house
    assert splits_into_sets([8, 8, 8, 4, 4, 4], 12) and not splits_into_sets([8, 8, 8], 12)
