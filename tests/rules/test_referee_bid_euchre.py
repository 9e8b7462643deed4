"""The Bid Euchre table referee (shared/rules/bid_euchre.md §E.7a): hand-built deals, refusals, properties."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules.bid_euchre.checks import check_play
from games.rules.bid_euchre.scoring import settle_deal
from games.rules.errors import RuleViolation
from tests.strategies import any_json
from tests.support.bid_euchre import ENGINE, deal, left_of, play, play_one, refusal, rules
from tests.support.referee_bid_euchre import CLEAN, LONE, RENEGE, with_tricks
from tests.support.trick_notation import replace, trick
from tests.support.tricks import Played, bid_euchre_play

# Double deck, hearts trump: identical cards in one trick, the first played wins.
DOUBLE = [
    trick("S1 JH", "S2 JH", "S3 9H", "S4 9H"),
    trick("S1 JD", "S2 JD", "S3 10H", "S4 10H"),
    trick("S1 AH", "S2 AH", "S3 QH", "S4 QH"),
    trick("S1 KH", "S2 KH", "S3 9D", "S4 9D"),
    trick("S1 AC", "S2 AC", "S3 9C", "S4 10C"),
    trick("S1 KC", "S2 9C", "S3 KC", "S4 10C"),
    trick("S1 QC", "S2 QC", "S3 JC", "S4 JC"),
    trick("S1 AS", "S2 9S", "S3 AS", "S4 9S"),
    trick("S1 KS", "S2 KS", "S3 10S", "S4 10S"),
    trick("S1 QS", "S2 JS", "S3 QS", "S4 JS"),
    trick("S1 AD", "S2 AD", "S3 10D", "S4 10D"),
    trick("S1 KD", "S2 QD", "S3 KD", "S4 QD"),
]


def winners(result: dict[str, Any]) -> list[str]:
    return [entry["winner"] for entry in result["tricks"]]


# --- hand-built deals --------------------------------------------------------------------------------------------


def test_a_clean_deal_with_both_bowers_is_refereed_trick_by_trick() -> None:
    result = play_one(with_tricks(CLEAN))
    assert winners(result) == ["S3", "S1", "S1", "S2", "S2", "S2"]
    assert [entry["leader"] for entry in result["tricks"]] == ["S1", "S3", "S1", "S1", "S2", "S2"]
    assert result["tricks"][0] == {"number": 1, "leader": "S1", "winner": "S3", "cards": CLEAN[0]}
    assert result["tricks_won"] == {"A": 3, "B": 3}
    assert result["reneges_found"] == []
    assert (result["made"], result["deal_points"], result["renege_penalties"]) == (
        True,
        {"A": 3, "B": 3},
        {"A": 0, "B": 0},
    )
    assert result["scores_after"] == {"A": 3, "B": 3}


def test_the_tricks_give_the_same_score_as_the_summary_they_agree_with() -> None:
    summary = play_one(deal("S4", (3, "-", "-", "-"), tricks=(3, 3)))
    both = play_one(with_tricks(CLEAN) | {"tricks_won": {"A": 3, "B": 3}})
    assert {key: both[key] for key in summary} == summary


def test_the_left_bower_belongs_to_the_trump_suit_so_it_does_not_follow_its_own_suit() -> None:
    # With diamonds trump, JH is the left bower: on a hearts lead S3 plays JH (a trump, not a heart) while
    # holding the 9 of hearts, which it plays later: a renege.
    tricks = [
        trick("S1 JD", "S2 9D", "S3 10D", "S4 QD"),
        trick("S1 AH", "S2 KH", "S3 JH", "S4 QH"),  # S3 trumps in with the left bower
        trick("S3 9H", "S4 10H", "S1 AC", "S2 9C"),
        trick("S4 AS", "S1 9S", "S2 10S", "S3 JS"),
        trick("S4 QS", "S1 KS", "S2 JC", "S3 10C"),
        trick("S1 KD", "S2 AD", "S3 QC", "S4 KC"),
    ]
    result = play_one(with_tricks(tricks, trump="diamonds"))
    assert winners(result) == ["S1", "S3", "S4", "S4", "S1", "S2"]
    assert result["reneges_found"] == [
        {"seat": "S3", "trick": 2, "led_suit": "hearts", "card_played": "JH", "held_card": "9H"}
    ]


def test_the_left_bower_led_calls_for_trumps() -> None:
    # Hearts trump: S1 leads JD (a trump); S2 plays AD, a diamond, while holding the 9 of hearts: a renege.
    tricks = [
        trick("S1 JD", "S2 AD", "S3 10H", "S4 QH"),
        trick("S1 JH", "S2 9H", "S3 KH", "S4 AH"),
        trick("S1 AS", "S2 9S", "S3 10S", "S4 JS"),
        trick("S1 AC", "S2 9C", "S3 10C", "S4 JC"),
        trick("S1 KD", "S2 9D", "S3 10D", "S4 QD"),
        trick("S1 KC", "S2 QC", "S3 KS", "S4 QS"),
    ]
    result = play_one(with_tricks(tricks))
    assert winners(result)[0] == "S1"
    assert result["reneges_found"] == [
        {"seat": "S2", "trick": 1, "led_suit": "hearts", "card_played": "AD", "held_card": "9H"}
    ]


def test_a_renege_is_proven_by_the_card_of_the_suit_led_played_two_tricks_later() -> None:
    result = play_one(with_tricks(RENEGE))
    assert result["reneges_found"] == [
        {"seat": "S4", "trick": 3, "led_suit": "clubs", "card_played": "KD", "held_card": "QC"}
    ]
    assert result["tricks_won"] == {"A": 3, "B": 3}
    assert result["renege_penalties"] == {"A": 0, "B": -2}
    assert result["scores_after"] == {"A": 3, "B": 1}


def test_a_renege_found_and_also_reported_is_charged_once() -> None:
    result = play_one(with_tricks(RENEGE, reneges=("S4",)))
    assert result["renege_penalties"] == {"A": 0, "B": -2}


def test_a_reported_renege_the_tricks_do_not_show_is_still_charged_beside_the_found_one() -> None:
    result = play_one(with_tricks(RENEGE, reneges=("S1",)))
    assert result["renege_penalties"] == {"A": -2, "B": -2}


def test_each_renege_found_costs_the_renege_penalty_setting() -> None:
    result = play_one(with_tricks(RENEGE), rules(renege_penalty=5))
    assert result["renege_penalties"] == {"A": 0, "B": -5}


def test_a_lone_hand_is_played_without_the_partner_in_tricks_of_three() -> None:
    result = play_one(with_tricks(LONE, said=("pb", "-", "-", "-")))
    assert winners(result) == ["S1", "S1", "S1", "S1", "S4", "S2"]
    assert all(len(entry["cards"]) == 3 for entry in result["tricks"])
    assert result["tricks_won"] == {"A": 4, "B": 2}
    assert (result["made"], result["deal_points"]) == (False, {"A": -6, "B": 2})
    assert result["reneges_found"] == []


def test_the_partner_of_a_lone_bidder_may_not_play() -> None:
    tricks = [trick("S1 JH", "S2 9H", "S3 10H", "S4 AH"), *LONE[1:]]
    violation = refusal(with_tricks(tricks, said=("moon", "-", "-", "-")))
    assert (violation.code, violation.field) == ("play_out_of_turn", "tricks[0][2]")
    assert violation.detail == "S3 does not play this deal; the cards come from S1, S2, S4."


def test_a_double_deck_deal_gives_a_trick_to_the_first_of_two_identical_cards() -> None:
    result = play_one(with_tricks(DOUBLE), rules(deck="double_48"))
    assert winners(result) == ["S1"] * 12  # S2's identical right bower, left bower, ace... come second
    assert result["tricks_won"] == {"A": 12, "B": 0}
    assert result["reneges_found"] == []
    assert result["deal_points"] == {"A": 12, "B": 0}


def test_identical_cards_are_won_by_the_first_even_for_the_other_team() -> None:
    # Dealer S1: S2 bids and leads; S2 and S3 (the other team) both play every card twice: S2's came first.
    full = [
        trick("S2 AC", "S3 AC", "S4 9C", "S1 10C"),
        *[
            trick(f"S2 {a}", f"S3 {b}", f"S4 {c}", f"S1 {d}")
            for a, b, c, d in (
                ("JH", "JH", "9H", "9H"),
                ("JD", "JD", "10H", "10H"),
                ("AH", "AH", "QH", "QH"),
                ("KH", "KH", "9D", "9D"),
                ("KC", "KC", "9C", "10C"),
                ("QC", "QC", "JC", "JC"),
                ("AS", "AS", "9S", "9S"),
                ("KS", "KS", "10S", "10S"),
                ("QS", "QS", "JS", "JS"),
                ("AD", "AD", "10D", "10D"),
                ("KD", "KD", "QD", "QD"),
            )
        ],
    ]
    result = play_one(deal("S1", (3, "-", "-", "-"), tricks=None) | {"tricks": full}, rules(deck="double_48"))
    assert winners(result) == ["S2"] * 12
    assert result["tricks_won"] == {"A": 0, "B": 12}


def test_the_joker_is_the_highest_trump_when_the_variant_is_on() -> None:
    tricks = [
        trick("S1 JH", "S2 JKR", "S3 9H", "S4 10H"),
        *[
            trick(f"S2 {a}", f"S3 {b}", f"S4 {c}", f"S1 {d}")
            for a, b, c, d in (
                ("JD", "QH", "KH", "AH"),
                ("AS", "9S", "10S", "JS"),
                ("AC", "9C", "10C", "JC"),
                ("AD", "9D", "10D", "QD"),
                ("KS", "QS", "KC", "QC"),
            )
        ],
    ]
    result = play_one(with_tricks(tricks), rules(deck="with_joker_25"))
    assert winners(result) == ["S2"] * 6  # the joker over the right bower, then the left bower over the ace
    assert result["tricks_won"] == {"A": 0, "B": 6}
    assert result["reneges_found"] == []


def test_with_no_trumps_there_are_no_bowers_and_the_joker_is_a_suit_of_its_own_that_wins() -> None:
    the_rules = rules(deck="with_joker_25", allow_no_trump=True)
    tricks = [
        trick("S1 AD", "S2 JD", "S3 9D", "S4 10D"),  # JD is a plain diamond: the ace wins
        trick("S1 JKR", "S2 9H", "S3 10H", "S4 JH"),  # the joker led: nobody can follow it
        trick("S1 AH", "S2 QH", "S3 KH", "S4 9S"),
        trick("S1 AS", "S2 10S", "S3 JS", "S4 QS"),
        trick("S1 AC", "S2 9C", "S3 10C", "S4 JC"),
        trick("S1 KD", "S2 QD", "S3 KC", "S4 QC"),
    ]
    result = play_one(with_tricks(tricks, trump="no_trumps"), the_rules)
    assert winners(result) == ["S1"] * 6
    assert result["reneges_found"] == []


# --- refusals ----------------------------------------------------------------------------------------------------


REFUSALS = [
    ("a card not in the pack", replace(CLEAN, (0, 1), "S2 8H"), {}, "card_not_in_pack", "tricks[0][1]"),
    ("a joker without the joker variant", replace(CLEAN, (0, 1), "S2 JKR"), {}, "variant_not_enabled", "tricks[0][1]"),
    ("a card twice in a single pack", replace(CLEAN, (2, 3), "S4 AC"), {}, "card_count_exceeds_pack", "tricks[2][3]"),
    (
        "a third copy in a double pack",
        [*DOUBLE[:4], trick("S1 AC", "S2 AC", "S3 AC", "S4 10C"), *DOUBLE[5:]],
        {"deck": "double_48"},
        "card_count_exceeds_pack",
        "tricks[4][2]",
    ),
    ("a seat playing twice in a trick", replace(CLEAN, (0, 3), "S2 10H"), {}, "play_out_of_turn", "tricks[0][3]"),
    (
        "a seat playing before its turn",
        [trick("S1 AH", "S3 JD", "S2 9H", "S4 10H"), *CLEAN[1:]],
        {},
        "play_out_of_turn",
        "tricks[0][1]",
    ),
    (
        "the first trick not led by the winning bidder",
        [trick("S2 9H", "S3 JD", "S4 10H", "S1 AH"), *CLEAN[1:]],
        {},
        "wrong_leader",
        "tricks[0]",
    ),
    (
        "a trick not led by the winner of the one before",
        [CLEAN[0], trick("S1 JH", "S2 QH", "S3 KH", "S4 AS"), *CLEAN[2:]],
        {},
        "wrong_leader",
        "tricks[1]",
    ),
    ("a trick short of a card", [*CLEAN[:3], CLEAN[3][:3], *CLEAN[4:]], {}, "trick_count_invalid", "tricks[3]"),
    ("an empty trick", [*CLEAN[:5], []], {}, "trick_count_invalid", "tricks[5]"),
    ("too few tricks", CLEAN[:5], {}, "trick_count_invalid", "tricks"),
    ("no tricks at all", [], {}, "trick_count_invalid", "tricks"),
    (
        "a trick more than the hands hold",
        [*CLEAN, trick("S2 9D", "S3 9C", "S4 9S", "S1 10S")],
        {},
        "hand_size_invalid",
        "tricks[6]",
    ),
    ("six tricks in a double-deck deal", CLEAN, {"deck": "double_48"}, "trick_count_invalid", "tricks"),
]


@pytest.mark.parametrize(
    ("tricks", "settings_", "code", "field"), [case[1:] for case in REFUSALS], ids=[case[0] for case in REFUSALS]
)
def test_tricks_that_cannot_have_been_played_are_refused(
    tricks: list[Any], settings_: dict[str, Any], code: str, field: str
) -> None:
    violation = refusal(with_tricks(tricks), rules(**settings_))
    assert (violation.code, violation.field) == (code, field)
    assert violation.detail


def test_refusal_messages_say_what_was_expected() -> None:
    assert refusal(with_tricks(REFUSALS[0][1])).detail == "The 24-card pack has no 8♥."
    assert refusal(with_tricks(REFUSALS[2][1])).detail == (
        "The 24-card pack has only 1 A♣; it is played once too often here."
    )
    wrong = refusal(with_tricks(REFUSALS[6][1]))
    assert wrong.detail == "The leader is wrong: the winning bidder S1 leads the first trick; this trick is led by S2."
    assert wrong.extra == {"expected_leader": "S1"}
    later = refusal(with_tricks(REFUSALS[7][1]))
    assert later.detail == "The leader is wrong: S3 won trick 1 and leads trick 2; this trick is led by S1."
    assert refusal(with_tricks(REFUSALS[5][1])).detail == ("It is S2's turn, not S3's: this trick goes S1, S2, S3, S4.")
    assert refusal(with_tricks(REFUSALS[10][1])).detail == (
        "5 tricks are entered; every card is played, so this deal has 6 tricks."
    )


def test_tricks_won_sent_with_the_tricks_must_agree_with_them() -> None:
    violation = refusal(with_tricks(CLEAN) | {"tricks_won": {"A": 4, "B": 2}})
    assert (violation.code, violation.field) == ("tricks_inconsistent", "tricks_won")
    assert violation.detail == "tricks_won says A 4, B 2, but the tricks entered give A 3, B 3."
    assert violation.extra == {"from_tricks": {"A": 3, "B": 3}}


def test_tricks_won_sent_with_the_tricks_is_still_range_checked_first() -> None:
    violation = refusal(with_tricks(CLEAN) | {"tricks_won": {"A": 7, "B": 0}})
    assert (violation.code, violation.field) == ("tricks_out_of_range", "tricks_won.A")


def test_a_passed_out_deal_and_an_ace_no_face_claim_have_no_tricks() -> None:
    passed = {
        "dealer": "S4",
        "auction": [{"seat": s, "call": "pass"} for s in ("S1", "S2", "S3", "S4")],
        "tricks": CLEAN,
    }
    violation = refusal(passed)
    assert (violation.code, violation.field) == ("invalid", "tricks")
    with pytest.raises(RuleViolation) as raised:
        ENGINE.parse_deal(
            {"dealer": "S4", "ace_no_face": {"seat": "S1", "hand": ["AS"]}, "tricks": CLEAN}, rules(ace_no_face=True)
        )
    assert (raised.value.code, raised.value.field) == ("invalid", "tricks")


def test_the_trump_is_checked_before_the_tricks() -> None:
    payload = deal("S4", (3, "-", "-", "-"), trump=None, tricks=None) | {"tricks": CLEAN}
    assert refusal(payload).code == "trump_missing"


@pytest.mark.parametrize(
    ("tricks", "field"),
    [
        ({"1": []}, "tricks"),
        (["S1 AH"], "tricks[0]"),
        ([["S1 AH"]], "tricks[0][0]"),
        ([[{"seat": "S5", "card": "AH"}]], "tricks[0][0].seat"),
        ([[{"seat": None, "card": "AH"}]], "tricks[0][0].seat"),
        ([[{"card": "AH"}]], "tricks[0][0].seat"),
        ([[{"seat": "S1", "card": "AH", "when": 1}]], "tricks[0][0].when"),
    ],
)
def test_malformed_tricks_are_refused_on_the_field_at_fault(tricks: Any, field: str) -> None:
    with pytest.raises(RuleViolation) as raised:
        ENGINE.parse_deal(with_tricks(tricks), rules())
    assert (raised.value.code, raised.value.field) == ("invalid", field)


def test_a_card_that_is_not_a_card_is_invalid_card() -> None:
    with pytest.raises(RuleViolation) as raised:
        ENGINE.parse_deal(with_tricks([[{"seat": "S1", "card": "ZZ"}]]), rules())
    assert (raised.value.code, raised.value.field) == ("invalid_card", "tricks[0][0].card")


def test_tricks_round_trip_through_deal_json_in_canonical_form() -> None:
    lower = [[{"seat": p["seat"].lower(), "card": p["card"].lower().replace("10", "t")} for p in t] for t in CLEAN]
    parsed = ENGINE.parse_deal(with_tricks(lower), rules())
    written = ENGINE.deal_json(parsed)
    assert written["tricks"] == CLEAN
    assert ENGINE.parse_deal(written, rules()) == parsed


def test_a_deal_without_tricks_is_written_back_without_them() -> None:
    parsed = ENGINE.parse_deal(deal(), rules())
    assert "tricks" not in ENGINE.deal_json(parsed)
    assert "reneges_found" not in play_one(deal())


def test_the_state_after_a_refereed_deal_round_trips() -> None:
    state, _ = play([with_tricks(RENEGE)])
    assert ENGINE.state_from_json(ENGINE.state_json(state), rules()) == state


# --- properties ----------------------------------------------------------------------------------------------------

KINDS = {"number": None, "partners_best": "pb", "shoot_the_moon": "moon"}


@st.composite
def random_deals(draw: Any) -> tuple[Any, dict[str, Any], random.Random]:
    deck = draw(st.sampled_from(["single_24", "with_joker_25", "double_48"]))
    no_trump = draw(st.booleans())
    the_rules = rules(deck=deck, allow_no_trump=no_trump)
    rng = draw(st.randoms(use_true_random=False))
    dealer = draw(st.sampled_from(["S1", "S2", "S3", "S4"]))
    bidder_step = draw(st.integers(0, 3))
    kind = draw(st.sampled_from(list(KINDS)))
    trump = draw(st.sampled_from(["spades", "hearts", "diamonds", "clubs", *(["no_trumps"] if no_trump else [])]))
    said: list[Any] = ["-"] * 4
    said[bidder_step] = KINDS[kind] or draw(st.integers(3, the_rules.max_number_bid))
    bidder = left_of(dealer, bidder_step + 1)
    return the_rules, {"dealer": dealer, "said": tuple(said), "trump": trump, "kind": kind, "bidder": bidder}, rng


def played_deal(
    the_rules: Any, spec: dict[str, Any], rng: random.Random, renege_at: int | None = None
) -> tuple[dict[str, Any], Played]:
    played = bid_euchre_play(
        the_rules.deck,
        the_rules.tricks_per_deal,
        spec["bidder"],
        spec["trump"],
        rng,
        lone=spec["kind"] != "number",
        renege_at=renege_at,
    )
    payload = deal(spec["dealer"], spec["said"], trump=spec["trump"], tricks=None) | {"tricks": played.tricks}
    return payload, played


@settings(max_examples=60, deadline=None)
@given(random_deals())
def test_random_legal_plays_are_accepted_with_all_tricks_taken_and_no_renege(case: tuple[Any, ...]) -> None:
    the_rules, spec, rng = case
    payload, played = played_deal(the_rules, spec, rng)
    result = play_one(payload, the_rules)
    assert winners(result) == played.winners
    assert sum(result["tricks_won"].values()) == the_rules.tricks_per_deal
    assert result["reneges_found"] == []
    assert result["renege_penalties"] == {"A": 0, "B": 0}
    parsed = ENGINE.parse_deal(payload, the_rules)
    assert ENGINE.parse_deal(ENGINE.deal_json(parsed), the_rules) == parsed


@settings(max_examples=60, deadline=None)
@given(random_deals(), st.integers(0, 10))
def test_playing_an_off_suit_card_instead_of_following_is_reported_as_that_seats_renege(
    case: tuple[Any, ...], at: int
) -> None:
    the_rules, spec, rng = case
    payload, played = played_deal(the_rules, spec, rng, renege_at=at % the_rules.tricks_per_deal)
    result = play_one(payload, the_rules)
    if played.renege is None:  # nobody at that trick held both the suit led and another suit
        assert result["reneges_found"] == []
        return
    assert result["reneges_found"] == [played.renege]
    team = "A" if played.renege["seat"] in ("S1", "S3") else "B"
    assert result["renege_penalties"][team] == -the_rules.renege_penalty
    assert sum(result["tricks_won"].values()) == the_rules.tricks_per_deal


plays = st.fixed_dictionaries(
    {
        "seat": st.sampled_from(["S1", "S2", "S3", "S4", "s2", "S5", 3, None]),
        "card": st.sampled_from(["AH", "JD", "JH", "9C", "10s", "TD", "JKR", "8H", "2C", "x", 10, None]),
    }
)
trick_values = any_json(
    keys=["seat", "card", "x"],
    any_text_keys=False,
    integers=(-2, 8),
    floats=False,
    text_size=3,
    leaves=[plays],
    list_size=6,
    dict_size=3,
    max_leaves=30,
)


@settings(max_examples=150, deadline=None)
@given(trick_values, st.sampled_from(["single_24", "with_joker_25", "double_48"]), st.booleans())
def test_any_json_in_tricks_gives_a_result_or_a_rule_violation(tricks: Any, deck: str, summary: bool) -> None:
    the_rules = rules(deck=deck)
    payload = with_tricks(tricks) | ({"tricks_won": {"A": 3, "B": 3}} if summary else {})
    try:
        ENGINE.play_deal(ENGINE.initial_state(the_rules), ENGINE.parse_deal(payload, the_rules), the_rules)
    except RuleViolation as violation:
        assert violation.code and violation.detail


def test_check_play_then_settle_deal_without_the_record_scores_the_tricks_too() -> None:
    the_rules = rules()
    parsed = ENGINE.parse_deal(with_tricks(RENEGE), the_rules)
    state = ENGINE.initial_state(the_rules)
    report = settle_deal(state, parsed, check_play(state, parsed, the_rules).contract, the_rules)
    assert (report.outcome, report.tricks_won, report.renege_penalties) == ("played", (3, 3), (0, -2))
