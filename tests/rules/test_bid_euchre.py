"""Bid Euchre (shared/rules/bid_euchre.md): one test per rule sentence of §E.2-§E.5 and §E.7, exact values."""

from __future__ import annotations

from typing import Any

import pytest

from games.rules.bid_euchre.settings import BidEuchreRules
from games.rules.errors import RuleViolation
from tests.support.bid_euchre import ENGINE, calls, deal, passed_out, play, play_one, refusal, rules


def state_at(a: int, b: int, next_dealer: str | None = None, tiebreak: bool = False) -> Any:
    return ENGINE.state_from_json(
        {
            "scores": {"A": a, "B": b},
            "tiebreak_deal_required": tiebreak,
            "next_dealer": next_dealer,
            "match_over": False,
            "match_winner": None,
        },
        rules(),
    )


def play_from(state: Any, payload: dict[str, Any], the_rules: Any = None) -> tuple[dict[str, Any], Any]:
    the_rules = the_rules if the_rules is not None else rules()
    outcome = ENGINE.play_deal(state, ENGINE.parse_deal(payload, the_rules), the_rules)
    return outcome.result, outcome.state


def claim(seat: str, hand: list[str], dealer: str = "S4") -> dict[str, Any]:
    return {"dealer": dealer, "ace_no_face": {"seat": seat, "hand": hand}}


# --- §E.2 scoring --------------------------------------------------------------------------------------------

SCORING_CASES = [
    # (id, settings, auction from S1 (dealer S4), tricks A-B, made, points A, points B)
    ("a made bid scores the tricks taken and the defenders theirs", {}, (3, "-", "-", "-"), (4, 2), True, 4, 2),
    ("a bid made exactly scores its tricks", {}, (5, "-", "-", "-"), (5, 1), True, 5, 1),
    ("a bid of three taking all six scores six", {}, (3, "-", "-", "-"), (6, 0), True, 6, 0),
    ("a set bid loses the number bid", {}, (4, "-", "-", "-"), (3, 3), False, -4, 3),
    (
        "a set bid loses the number bid under contract_value too",
        {"lone_failure_penalty": "contract_value"},
        (4, "-", "-", "-"),
        (3, 3),
        False,
        -4,
        3,
    ),
    ("team B making its bid scores its tricks", {}, ("-", 3, "-", "-"), (1, 5), True, 1, 5),
    ("team B set loses its bid while A scores its tricks", {}, ("-", 5, "-", "-"), (2, 4), False, 2, -5),
    ("partner's best taking all six scores twelve", {}, ("pb", "-", "-", "-"), (6, 0), True, 12, 0),
    ("a failed partner's best loses six by default", {}, ("pb", "-", "-", "-"), (5, 1), False, -6, 1),
    (
        "a failed partner's best loses twelve under contract_value",
        {"lone_failure_penalty": "contract_value"},
        ("pb", "-", "-", "-"),
        (5, 1),
        False,
        -12,
        1,
    ),
    ("shooting the moon taking all six scores twenty-four", {}, ("moon", "-", "-", "-"), (6, 0), True, 24, 0),
    ("a failed moon loses six by default", {}, ("moon", "-", "-", "-"), (4, 2), False, -6, 2),
    (
        "a failed moon loses twenty-four under contract_value",
        {"lone_failure_penalty": "contract_value"},
        ("moon", "-", "-", "-"),
        (4, 2),
        False,
        -24,
        2,
    ),
    (
        "a plain six where allowed scores six when made",
        {"allow_plain_six": True},
        (6, "-", "-", "-"),
        (6, 0),
        True,
        6,
        0,
    ),
    (
        "a plain six where allowed loses six when set",
        {"allow_plain_six": True},
        (6, "-", "-", "-"),
        (5, 1),
        False,
        -6,
        1,
    ),
    (
        "without defenders_score_tricks the defenders score nothing on a made bid",
        {"defenders_score_tricks": False},
        (3, "-", "-", "-"),
        (4, 2),
        True,
        4,
        0,
    ),
    (
        "without defenders_score_tricks the defenders score nothing on a set",
        {"defenders_score_tricks": False},
        (4, "-", "-", "-"),
        (3, 3),
        False,
        -4,
        0,
    ),
    (
        "partners_best_points sets the value of partner's best",
        {"partners_best_points": 10},
        ("pb", "-", "-", "-"),
        (6, 0),
        True,
        10,
        0,
    ),
    (
        "shoot_the_moon_points sets the value lost under contract_value",
        {"shoot_the_moon_points": 30, "lone_failure_penalty": "contract_value"},
        ("moon", "-", "-", "-"),
        (5, 1),
        False,
        -30,
        1,
    ),
    (
        "double deck partner's best scores twenty-four",
        {"deck": "double_48"},
        ("pb", "-", "-", "-"),
        (12, 0),
        True,
        24,
        0,
    ),
    ("double deck moon scores forty-eight", {"deck": "double_48"}, ("moon", "-", "-", "-"), (12, 0), True, 48, 0),
    ("double deck bids go up to eleven", {"deck": "double_48"}, (11, "-", "-", "-"), (11, 1), True, 11, 1),
    (
        "double deck failed partner's best loses twelve by default",
        {"deck": "double_48"},
        ("pb", "-", "-", "-"),
        (11, 1),
        False,
        -12,
        1,
    ),
    (
        "double deck failed moon loses forty-eight under contract_value",
        {"deck": "double_48", "lone_failure_penalty": "contract_value"},
        ("moon", "-", "-", "-"),
        (11, 1),
        False,
        -48,
        1,
    ),
]


@pytest.mark.parametrize("case", SCORING_CASES, ids=[case[0] for case in SCORING_CASES])
def test_each_contract_kind_scores_as_the_table_of_e2_says(case: tuple[Any, ...]) -> None:
    _, settings, said, tricks, made, points_a, points_b = case
    result = play_one(deal("S4", said, tricks=tricks), rules(**settings))
    assert result["outcome"] == "played"
    assert result["made"] is made
    assert result["deal_points"] == {"A": points_a, "B": points_b}
    assert result["renege_penalties"] == {"A": 0, "B": 0}
    assert result["scores_after"] == {"A": points_a, "B": points_b}


@pytest.mark.parametrize(
    ("said", "contract"),
    [
        ((3, "-", "-", "-"), {"bidder": "S1", "team": "A", "kind": "number", "trump": "hearts", "tricks_bid": 3}),
        (
            ("-", "pb", "-", "-"),
            {"bidder": "S2", "team": "B", "kind": "partners_best", "trump": "hearts", "tricks_bid": 6},
        ),
        (
            ("-", "-", "-", "moon"),
            {"bidder": "S4", "team": "B", "kind": "shoot_the_moon", "trump": "hearts", "tricks_bid": 6},
        ),
    ],
)
def test_the_result_names_the_contract_its_bidder_team_kind_trump_and_tricks(
    said: tuple[Any, ...], contract: dict[str, Any]
) -> None:
    tricks = (0, 6) if contract["team"] == "B" else (4, 2)
    assert play_one(deal("S4", said, tricks=tricks))["contract"] == contract


def test_the_result_and_state_have_exactly_the_api_keys() -> None:
    state, results = play([deal()])
    assert set(results[0]) == {
        "outcome",
        "contract",
        "made",
        "deal_points",
        "renege_penalties",
        "scores_after",
        "next_dealer",
        "match_winner",
        "tiebreak_deal_required",
    }
    assert set(ENGINE.state_json(state)) == {
        "scores",
        "tiebreak_deal_required",
        "next_dealer",
        "match_over",
        "match_winner",
    }


# --- reneges -------------------------------------------------------------------------------------------------

RENEGE_CASES = [
    ("a defender's renege costs the defenders two", {}, (3, "-", "-", "-"), (3, 3), ("S4",), (3, 1), (0, -2)),
    (
        "a bidder's renege costs the bidders two on top of the made contract",
        {},
        (3, "-", "-", "-"),
        (4, 2),
        ("S3",),
        (2, 2),
        (-2, 0),
    ),
    ("each renege costs again", {}, (3, "-", "-", "-"), (4, 2), ("S2", "S4", "S2"), (4, -4), (0, -6)),
    ("reneges by both sides cost both", {}, (3, "-", "-", "-"), (4, 2), ("S1", "S2"), (2, 0), (-2, -2)),
    ("a renege adds to a set", {}, (5, "-", "-", "-"), (4, 2), ("S1",), (-7, 2), (-2, 0)),
    ("renege_penalty sets the cost", {"renege_penalty": 3}, (3, "-", "-", "-"), (4, 2), ("S4",), (4, -1), (0, -3)),
    (
        "a renege_penalty of zero costs nothing",
        {"renege_penalty": 0},
        (3, "-", "-", "-"),
        (4, 2),
        ("S4",),
        (4, 2),
        (0, 0),
    ),
    ("the lone bidder himself can renege", {}, ("moon", "-", "-", "-"), (6, 0), ("S1",), (22, 0), (-2, 0)),
    ("a defender of a lone hand can renege", {}, ("pb", "-", "-", "-"), (6, 0), ("S2",), (12, -2), (0, -2)),
]


@pytest.mark.parametrize("case", RENEGE_CASES, ids=[case[0] for case in RENEGE_CASES])
def test_each_renege_costs_the_offending_team_the_renege_penalty_on_top_of_the_deal(case: tuple[Any, ...]) -> None:
    _, settings, said, tricks, reneges, scores, penalties = case
    plain = play_one(deal("S4", said, tricks=tricks), rules(**settings))
    result = play_one(deal("S4", said, tricks=tricks, reneges=reneges), rules(**settings))
    assert result["made"] == plain["made"]
    assert result["deal_points"] == plain["deal_points"]
    assert result["renege_penalties"] == {"A": penalties[0], "B": penalties[1]}
    assert result["scores_after"] == {"A": scores[0], "B": scores[1]}


@pytest.mark.parametrize(
    ("said", "reneges", "field"),
    [
        (("pb", "-", "-", "-"), ("S3",), "reneges[0]"),
        (("moon", "-", "-", "-"), ("S2", "S3"), "reneges[1]"),
        (("-", "-", "-", "pb"), ("S2",), "reneges[0]"),
    ],
)
def test_the_sitting_out_partner_of_a_lone_bidder_cannot_renege(
    said: tuple[Any, ...], reneges: tuple[Any, ...], field: str
) -> None:
    violation = refusal(deal("S4", said, tricks=(3, 3), reneges=reneges))
    assert (violation.code, violation.field) == ("renege_invalid", field)
    assert "sat out this lone hand and cannot renege" in violation.detail


@pytest.mark.parametrize("seat", ["S5", "", "north", 3, None])
def test_a_renege_by_an_unknown_seat_is_refused(seat: object) -> None:
    payload = deal()
    payload["reneges"] = [{"seat": seat}]
    violation = refusal(payload)
    assert (violation.code, violation.field) == ("renege_invalid", "reneges[0]")


def test_nobody_can_renege_in_a_passed_out_deal() -> None:
    payload = passed_out("S4") | {"reneges": [{"seat": "S1"}]}
    assert (refusal(payload).code, refusal(payload).field) == ("renege_invalid", "reneges[0]")


# --- §E.3 the auction ----------------------------------------------------------------------------------------


def test_the_dealers_left_calls_first_and_the_dealer_last() -> None:
    result = play_one(deal("S2", ("-", "-", "-", 4), tricks=(2, 4)))
    assert result["contract"]["bidder"] == "S2"
    violation = refusal({"dealer": "S2", "auction": calls("S2", 3, "-", "-", "-", first="S2")})
    assert (violation.code, violation.field) == ("call_out_of_turn", "auction[0]")
    assert violation.detail == (
        "It is S3's turn (bidding goes clockwise from the dealer's left, once round, dealer last)."
    )


def test_partners_may_outbid_each_other_and_the_highest_call_wins() -> None:
    result = play_one(deal("S4", (3, "-", 5, "-"), tricks=(5, 1)))
    assert result["contract"]["bidder"] == "S3"
    assert result["contract"]["tricks_bid"] == 5
    result = play_one(deal("S4", (3, "pb", "-", "moon"), tricks=(0, 6)))
    assert result["contract"]["kind"] == "shoot_the_moon"
    assert result["deal_points"] == {"A": 0, "B": 24}


def test_the_ladder_puts_partners_best_above_five_and_the_moon_above_partners_best() -> None:
    assert play_one(deal("S4", (5, "pb", "-", "-"), tricks=(0, 6)))["contract"]["kind"] == "partners_best"
    assert play_one(deal("S4", ("pb", "moon", "-", "-"), tricks=(0, 6)))["contract"]["kind"] == "shoot_the_moon"


def test_when_all_four_pass_the_deal_is_thrown_in_and_passes_left() -> None:
    state, results = play([deal("S4"), passed_out("S1")])
    assert results[1] == {
        "outcome": "passed_out",
        "contract": None,
        "made": None,
        "deal_points": {"A": 0, "B": 0},
        "renege_penalties": {"A": 0, "B": 0},
        "scores_after": {"A": 4, "B": 2},
        "next_dealer": "S2",
        "match_winner": None,
        "tiebreak_deal_required": False,
    }
    assert ENGINE.state_json(state)["next_dealer"] == "S2"


@pytest.mark.parametrize("key", ["trump", "tricks_won"])
def test_a_passed_out_deal_has_no_trump_and_no_tricks(key: str) -> None:
    payload = passed_out("S4") | {key: {"trump": "hearts", "tricks_won": {"A": 3, "B": 3}}[key]}
    violation = refusal(payload)
    assert (violation.code, violation.field) == ("invalid", key)


def test_stick_the_dealer_makes_the_dealer_bid_after_three_passes() -> None:
    stick = rules(stick_the_dealer=True)
    violation = refusal(passed_out("S4"), stick)
    assert (violation.code, violation.field) == ("dealer_must_bid", "auction[3]")
    assert violation.detail == (
        "Stick the dealer is on: the other three passed, so dealer S4 must bid at least 3 and name trump."
    )
    assert play_one(deal("S4", ("-", "-", "-", 3), tricks=(3, 3)), stick)["contract"]["bidder"] == "S4"


def test_stick_the_dealer_lets_the_dealer_pass_when_someone_bid() -> None:
    result = play_one(deal("S4", (3, "-", "-", "-")), rules(stick_the_dealer=True))
    assert result["contract"]["bidder"] == "S1"


def test_without_stick_the_dealer_the_dealer_may_pass_a_deal_out() -> None:
    assert play_one(passed_out("S4"))["outcome"] == "passed_out"


AUCTION_REFUSALS = [
    # (id, settings, dealer, calls, code, field)
    ("the dealer may not call first", {}, "S1", calls("S1", 3, first="S1"), "call_out_of_turn", "auction[0]"),
    (
        "a seat may not skip the next one",
        {},
        "S1",
        calls("S1", 3) + calls("S1", "-", first="S4"),
        "call_out_of_turn",
        "auction[1]",
    ),
    (
        "a player may not call twice",
        {},
        "S1",
        calls("S1", 3, "-") + calls("S1", 4, first="S2"),
        "already_called",
        "auction[2]",
    ),
    (
        "a fifth call in a single round is refused",
        {},
        "S1",
        calls("S1", 3, "-", "-", "-", "-"),
        "auction_closed",
        "auction[4]",
    ),
    ("a bid below the minimum is refused", {}, "S1", calls("S1", 2), "bid_out_of_range", "auction[0]"),
    ("a bid of zero is refused", {}, "S1", calls("S1", "-", 0), "bid_out_of_range", "auction[1]"),
    ("a bid above the tricks of a deal is refused", {}, "S1", calls("S1", 7), "bid_out_of_range", "auction[0]"),
    ("minimum_bid raises the lowest bid", {"minimum_bid": 4}, "S1", calls("S1", 3), "bid_out_of_range", "auction[0]"),
    (
        "a double-deck bid above twelve is refused",
        {"deck": "double_48"},
        "S1",
        calls("S1", 13),
        "bid_out_of_range",
        "auction[0]",
    ),
    ("a plain six is refused by default", {}, "S1", calls("S1", 6), "plain_six_not_allowed", "auction[0]"),
    (
        "a plain twelve is refused in the double deck by default",
        {"deck": "double_48"},
        "S1",
        calls("S1", 12),
        "plain_six_not_allowed",
        "auction[0]",
    ),
    ("an equal bid is not higher", {}, "S1", calls("S1", 3, 3), "bid_not_higher", "auction[1]"),
    ("a lower bid is not higher", {}, "S1", calls("S1", 4, "-", 3), "bid_not_higher", "auction[2]"),
    ("a number after partner's best is not higher", {}, "S1", calls("S1", "pb", 5), "bid_not_higher", "auction[1]"),
    (
        "a plain six is below partner's best",
        {"allow_plain_six": True},
        "S1",
        calls("S1", "pb", 6),
        "bid_not_higher",
        "auction[1]",
    ),
    (
        "partner's best after the moon is not higher",
        {},
        "S1",
        calls("S1", "moon", "pb"),
        "bid_not_higher",
        "auction[1]",
    ),
    ("a second moon is not higher", {}, "S1", calls("S1", "moon", "-", "moon"), "bid_not_higher", "auction[2]"),
    (
        "the dealer must bid with stick the dealer",
        {"stick_the_dealer": True},
        "S1",
        calls("S1", "-", "-", "-", "-"),
        "dealer_must_bid",
        "auction[3]",
    ),
    ("an unfinished auction is refused", {}, "S1", calls("S1", 3, "-"), "auction_incomplete", "auction"),
    ("an empty auction is refused", {}, "S1", [], "auction_incomplete", "auction"),
]


@pytest.mark.parametrize(
    ("settings", "dealer", "auction", "code", "field"),
    [case[1:] for case in AUCTION_REFUSALS],
    ids=[case[0] for case in AUCTION_REFUSALS],
)
def test_every_illegal_call_is_refused_with_its_code_and_the_call(
    settings: dict[str, Any], dealer: str, auction: list[Any], code: str, field: str
) -> None:
    payload = {"dealer": dealer, "auction": auction, "trump": "hearts", "tricks_won": {"A": 3, "B": 3}}
    violation = refusal(payload, rules(**settings))
    assert (violation.code, violation.field) == (code, field)


@pytest.mark.parametrize(
    ("auction", "detail"),
    [
        (calls("S1", 2), "The lowest bid is 3 tricks; bid 3, 4 or 5, partner's best, shoot the moon, or pass."),
        (calls("S1", 6), "A bid of 6 must be 'partner's best' (12 points) or 'shoot the moon' (24 points)."),
        (calls("S1", "moon", "pb"), "Shoot the moon is the highest bid; after it S3 can only pass."),
        (
            calls("S1", 4, 4),
            "The standing bid is S2's bid of 4; S3 may bid 5, partner's best, shoot the moon, or pass.",
        ),
        (calls("S1", 3, "-"), "The auction is not finished: S4 and the dealer S1 still have to call."),
        (calls("S1", 3, "-", "-"), "The auction is not finished: the dealer S1 still has to call."),
        (calls("S1", 3, "-", "-", "-", "-"), "Everyone has had their one call; the auction is over."),
    ],
)
def test_refusal_messages_say_what_would_have_been_legal(auction: list[Any], detail: str) -> None:
    assert refusal({"dealer": "S1", "auction": auction}).detail == detail


def test_the_first_illegal_call_is_the_one_reported() -> None:
    violation = refusal({"dealer": "S1", "auction": calls("S1", 2, 1, 0)})
    assert violation.field == "auction[0]"


def test_a_plain_six_is_a_legal_bid_with_allow_plain_six_and_ranks_above_five() -> None:
    result = play_one(deal("S4", (5, 6, "-", "-"), tricks=(0, 6)), rules(allow_plain_six=True))
    assert result["contract"] == {"bidder": "S2", "team": "B", "kind": "number", "trump": "hearts", "tricks_bid": 6}


# --- continuous bidding --------------------------------------------------------------------------------------

CONTINUOUS = {"bidding": "continuous"}


def test_continuous_bidding_goes_round_until_everyone_else_has_passed() -> None:
    auction = calls("S4", 3, 4, "-", "-", 5, "-")
    result = play_one(
        {"dealer": "S4", "auction": auction, "trump": "spades", "tricks_won": {"A": 5, "B": 1}}, rules(**CONTINUOUS)
    )
    assert result["contract"]["bidder"] == "S1"
    assert result["contract"]["tricks_bid"] == 5


def test_continuous_bidding_skips_players_who_passed() -> None:
    # S2 and S4 passed, so after S1 bids again the turn goes to S3, and after S3 back to S1.
    auction = [*calls("S4", 3, "-", 4, "-", 5), {"seat": "S3", "call": "partners_best"}, {"seat": "S1", "call": "pass"}]
    result = play_one(
        {"dealer": "S4", "auction": auction, "trump": "spades", "tricks_won": {"A": 6, "B": 0}}, rules(**CONTINUOUS)
    )
    assert result["contract"] == {
        "bidder": "S3",
        "team": "A",
        "kind": "partners_best",
        "trump": "spades",
        "tricks_bid": 6,
    }


@pytest.mark.parametrize(
    ("auction", "code", "field"),
    [
        ([*calls("S4", 3, "-", "-", 4), {"seat": "S2", "call": "bid", "tricks": 5}], "already_called", "auction[4]"),
        ([*calls("S4", 3, "-", "-", 4), {"seat": "S4", "call": "bid", "tricks": 5}], "call_out_of_turn", "auction[4]"),
        ([*calls("S4", 3, "-", "-", "-"), {"seat": "S1", "call": "bid", "tricks": 4}], "auction_closed", "auction[4]"),
        (calls("S4", 3, 4, "-", "-"), "auction_incomplete", "auction"),
        (calls("S4", 3, 3), "bid_not_higher", "auction[1]"),
    ],
)
def test_continuous_bidding_refuses_illegal_calls(auction: list[Any], code: str, field: str) -> None:
    violation = refusal({"dealer": "S4", "auction": auction}, rules(**CONTINUOUS))
    assert (violation.code, violation.field) == (code, field)


def test_continuous_bidding_names_the_next_caller_when_unfinished() -> None:
    violation = refusal({"dealer": "S4", "auction": calls("S4", 3, 4, "-", "-")}, rules(**CONTINUOUS))
    assert violation.extra["to_call"] == ["S1"]


def test_continuous_bidding_all_passing_throws_the_deal_in() -> None:
    assert play_one(passed_out("S4"), rules(**CONTINUOUS))["outcome"] == "passed_out"


def test_continuous_bidding_with_stick_the_dealer_forces_the_dealer() -> None:
    violation = refusal(passed_out("S4"), rules(stick_the_dealer=True, **CONTINUOUS))
    assert (violation.code, violation.field) == ("dealer_must_bid", "auction[3]")


# --- trump and tricks ----------------------------------------------------------------------------------------


def test_a_played_deal_needs_its_trump() -> None:
    violation = refusal(deal(trump=None))
    assert (violation.code, violation.field) == ("trump_missing", "trump")
    assert violation.detail == "Name the trump suit chosen by S1."


def test_no_trumps_needs_allow_no_trump() -> None:
    violation = refusal(deal(trump="no_trumps"))
    assert (violation.code, violation.field) == ("invalid_trump", "trump")
    assert play_one(deal(trump="no_trumps"), rules(allow_no_trump=True))["contract"]["trump"] == "no_trumps"


@pytest.mark.parametrize(
    ("given", "canonical"), [("Hearts", "hearts"), (" SPADES ", "spades"), ("d", "diamonds"), ("C", "clubs")]
)
def test_the_trump_is_read_in_any_case_and_answered_as_a_suit_word(given: str, canonical: str) -> None:
    assert play_one(deal(trump=given))["contract"]["trump"] == canonical


@pytest.mark.parametrize("trump", ["stars", "", 4, ["hearts"], {"suit": "hearts"}])
def test_an_unknown_trump_is_refused(trump: Any) -> None:
    violation = refusal(deal(trump=trump))
    assert (violation.code, violation.field) == ("invalid_trump", "trump")


@pytest.mark.parametrize(
    ("tricks", "field"),
    [
        ({"A": 7, "B": -1}, "tricks_won.A"),
        ({"A": 3, "B": -1}, "tricks_won.B"),
        ({"A": "3", "B": 3}, "tricks_won.A"),
        ({"A": 3.0, "B": 3}, "tricks_won.A"),
        ({"A": True, "B": 5}, "tricks_won.A"),
        ({"A": 3, "B": None}, "tricks_won.B"),
    ],
)
def test_tricks_are_whole_numbers_from_zero_to_six(tricks: dict[str, Any], field: str) -> None:
    payload = deal() | {"tricks_won": tricks}
    violation = refusal(payload)
    assert (violation.code, violation.field) == ("tricks_out_of_range", field)


def test_the_two_teams_tricks_add_up_to_six() -> None:
    violation = refusal(deal(tricks=(4, 3)))
    assert (violation.code, violation.field) == ("tricks_total_mismatch", "tricks_won")
    assert violation.detail == (
        "Tricks add up to 7; in a 24-card deal the two teams take exactly 6 tricks between them."
    )


def test_the_double_deck_tricks_add_up_to_twelve() -> None:
    double = rules(deck="double_48")
    assert refusal(deal(tricks=(4, 2)), double).code == "tricks_total_mismatch"
    assert play_one(deal(tricks=(8, 4)), double)["deal_points"] == {"A": 8, "B": 4}
    assert refusal(deal(tricks=(13, 0)), double).code == "tricks_out_of_range"


def test_a_played_deal_needs_the_tricks_won() -> None:
    violation = refusal(deal(tricks=None))
    assert (violation.code, violation.field) == ("invalid", "tricks_won")


# --- ace no face ---------------------------------------------------------------------------------------------

ANF = rules(ace_no_face=True)


def test_an_ace_no_face_claim_throws_the_hand_in_and_the_deal_passes_left() -> None:
    _state, results = play([claim("S2", ["AS", "9H", "10H", "9D", "10C", "AD"])], ANF)
    assert results[0] == {
        "outcome": "ace_no_face_redeal",
        "contract": None,
        "made": None,
        "deal_points": {"A": 0, "B": 0},
        "renege_penalties": {"A": 0, "B": 0},
        "scores_after": {"A": 0, "B": 0},
        "next_dealer": "S1",
        "match_winner": None,
        "tiebreak_deal_required": False,
    }


def test_ace_no_face_must_be_switched_on() -> None:
    violation = refusal(claim("S2", ["AS", "9H", "10H", "9D", "10C", "AD"]))
    assert (violation.code, violation.field) == ("variant_not_enabled", "ace_no_face")
    assert violation.detail == ("Ace-no-face redeals are not enabled for this match; the hand must be bid or passed.")


@pytest.mark.parametrize(
    ("hand", "holds"),
    [
        (["AS", "KH", "10H", "9D", "10C", "AD"], "holds K♥"),
        (["AS", "9H", "QD", "9D", "10C", "AD"], "holds Q♦"),
        (["AS", "9H", "10H", "JC", "10C", "AD"], "holds J♣"),
        (["9S", "9H", "10H", "9D", "10C", "10D"], "has no ace"),
    ],
)
def test_ace_no_face_needs_an_ace_and_no_jack_queen_or_king(hand: list[str], holds: str) -> None:
    violation = refusal(claim("S2", hand), ANF)
    assert (violation.code, violation.field) == ("ace_no_face_not_allowed", "ace_no_face.hand")
    assert violation.detail == f"Ace-no-face needs at least one ace and no jack, queen or king; this hand {holds}."


@pytest.mark.parametrize(
    ("settings", "seat", "hand", "code", "field"),
    [
        ({}, "S2", ["AS", "9H", "10H", "9D", "10C"], "hand_size_invalid", "ace_no_face.hand"),
        ({}, "S2", ["AS", "9H", "10H", "9D", "10C", "AD", "AC"], "hand_size_invalid", "ace_no_face.hand"),
        (
            {"deck": "with_joker_25"},
            "S2",
            ["AS", "9H", "10H", "9D", "10C", "AD", "AC"],
            "hand_size_invalid",
            "ace_no_face.hand",
        ),
        ({}, "S2", ["AS", "2H", "10H", "9D", "10C", "AD"], "card_count_exceeds_pack", "ace_no_face.hand[1]"),
        ({}, "S2", ["AS", "9H", "10H", "9D", "9H", "AD"], "card_count_exceeds_pack", "ace_no_face.hand[4]"),
        (
            {"deck": "double_48"},
            "S2",
            ["AS", "AS", "AS", "9D", "10C", "AD", "9S", "9S", "10S", "10S", "9C", "9C"],
            "card_count_exceeds_pack",
            "ace_no_face.hand[2]",
        ),
        ({}, "S2", ["AS", "JKR", "10H", "9D", "10C", "AD"], "variant_not_enabled", "ace_no_face.hand[1]"),
        ({}, "S2", ["AS", "XX", "10H", "9D", "10C", "AD"], "invalid_card", "ace_no_face.hand[1]"),
    ],
)
def test_a_claimed_hand_must_be_a_hand_from_the_pack(
    settings: dict[str, Any], seat: str, hand: list[Any], code: str, field: str
) -> None:
    violation = refusal(claim(seat, hand), rules(ace_no_face=True, **settings))
    assert (violation.code, violation.field) == (code, field)


def test_the_pack_message_says_how_many_of_the_card_it_holds() -> None:
    twice = refusal(claim("S2", ["AS", "9H", "10H", "9D", "9H", "AD"]), ANF)
    assert twice.detail == "The 24-card pack has only 1 9♥."
    assert twice.extra == {"card": "9H", "in_pack": 1}
    absent = refusal(claim("S2", ["AS", "2H", "10H", "9D", "10C", "AD"]), ANF)
    assert absent.detail == "The 24-card pack has no 2♥."


def test_with_the_joker_the_dealer_claims_with_seven_cards_and_the_joker_is_no_face_card() -> None:
    joker = rules(ace_no_face=True, deck="with_joker_25")
    result = play_one(claim("S4", ["AS", "JKR", "10H", "9D", "10C", "AD", "9C"], dealer="S4"), joker)
    assert result["outcome"] == "ace_no_face_redeal"
    assert refusal(claim("S4", ["AS", "JKR", "10H", "9D", "10C", "AD"], dealer="S4"), joker).code == (
        "hand_size_invalid"
    )


def test_double_deck_claims_have_twelve_cards_and_may_repeat_a_card() -> None:
    double = rules(ace_no_face=True, deck="double_48")
    hand = ["AS", "AS", "9D", "9D", "10C", "AD", "9S", "9S", "10S", "10S", "9C", "9C"]
    assert play_one(claim("S1", hand), double)["outcome"] == "ace_no_face_redeal"


def test_claimed_cards_are_read_in_lower_case_and_with_t_for_ten() -> None:
    parsed = ENGINE.parse_deal(claim("s2", ["as", "9h", "th", "9d", "Tc", "ad"], dealer="s4"), ANF)
    assert ENGINE.deal_json(parsed) == claim("S2", ["AS", "9H", "10H", "9D", "10C", "AD"])


@pytest.mark.parametrize("key", ["auction", "trump", "tricks_won", "reneges"])
def test_an_ace_no_face_deal_has_no_auction_or_play(key: str) -> None:
    filled = {
        "auction": calls("S4", 3, "-", "-", "-"),
        "trump": "hearts",
        "tricks_won": {"A": 3, "B": 3},
        "reneges": [{"seat": "S1"}],
    }
    payload = claim("S2", ["AS", "9H", "10H", "9D", "10C", "AD"]) | {key: filled[key]}
    violation = refusal(payload, ANF)
    assert (violation.code, violation.field) == ("invalid", key)


# --- §E.4 match progression ----------------------------------------------------------------------------------


def test_the_first_team_to_thirty_two_wins_even_as_defenders() -> None:
    result, state = play_from(state_at(30, 0), deal("S4", ("-", 3, "-", "-"), tricks=(2, 4)))
    assert result["scores_after"] == {"A": 32, "B": 4}
    assert result["match_winner"] == "A"
    assert result["next_dealer"] is None
    assert ENGINE.state_json(state) == {
        "scores": {"A": 32, "B": 4},
        "tiebreak_deal_required": False,
        "next_dealer": None,
        "match_over": True,
        "match_winner": "A",
    }


def test_below_the_target_the_match_goes_on() -> None:
    result, state = play_from(state_at(27, 0), deal(tricks=(4, 2)))
    assert (result["match_winner"], result["next_dealer"]) == (None, "S1")
    assert ENGINE.state_json(state)["match_over"] is False


def test_both_over_the_target_with_different_scores_the_higher_wins() -> None:
    result, _ = play_from(state_at(31, 28), deal("S4", ("-", 3, "-", "-"), tricks=(2, 4)))
    assert result["scores_after"] == {"A": 33, "B": 32}
    assert result["match_winner"] == "A"


def test_with_bidders_win_the_bidding_side_wins_when_both_reach_the_target() -> None:
    bidders = rules(simultaneous_target="bidders_win")
    result, _ = play_from(state_at(31, 28), deal("S4", ("-", 3, "-", "-"), tricks=(2, 4)), bidders)
    assert result["match_winner"] == "B"
    result, _ = play_from(state_at(30, 30), deal(tricks=(3, 3)), bidders)
    assert (result["match_winner"], result["tiebreak_deal_required"]) == ("A", False)


def test_both_over_the_target_with_equal_scores_a_tiebreak_deal_decides() -> None:
    result, state = play_from(state_at(30, 30), deal("S4", (3, "-", "-", "-"), tricks=(3, 3)))
    assert result["scores_after"] == {"A": 33, "B": 33}
    assert (result["match_winner"], result["tiebreak_deal_required"], result["next_dealer"]) == (None, True, "S1")
    assert ENGINE.state_json(state)["match_over"] is False
    # a passed-out deal does not break the tie
    result, state = play_from(state, passed_out("S1"))
    assert (result["match_winner"], result["tiebreak_deal_required"]) == (None, True)
    # a tied tie-break deal asks for another
    result, state = play_from(state, deal("S2", (3, "-", "-", "-"), tricks=(3, 3)))
    assert (result["scores_after"], result["tiebreak_deal_required"]) == ({"A": 36, "B": 36}, True)
    result, state = play_from(state, deal("S3", ("-", "-", 3, "-"), tricks=(2, 4)))
    assert result["scores_after"] == {"A": 38, "B": 40}
    assert (result["match_winner"], result["tiebreak_deal_required"]) == ("B", False)
    assert ENGINE.state_json(state)["match_winner"] == "B"


def test_a_set_that_drops_one_team_below_the_target_lets_the_other_win() -> None:
    result, _ = play_from(state_at(33, 33, tiebreak=True), deal(said=(5, "-", "-", "-"), tricks=(4, 2)))
    assert result["scores_after"] == {"A": 28, "B": 35}
    assert result["match_winner"] == "B"


def test_target_score_sets_the_winning_line() -> None:
    _, results = play([deal(tricks=(5, 1)), deal("S1", ("-", 4, "-", "-"), tricks=(5, 1))], rules(target_score=10))
    assert results[1]["scores_after"] == {"A": 10, "B": 2}
    assert results[1]["match_winner"] == "A"


def test_scores_may_go_below_zero() -> None:
    _, results = play([deal(said=(5, "-", "-", "-"), tricks=(2, 4), reneges=("S1",))])
    assert results[0]["scores_after"] == {"A": -7, "B": 4}


@pytest.mark.parametrize(
    "payload",
    [
        deal("S1"),
        passed_out("S1"),
        claim("S2", ["AS", "9H", "10H", "9D", "10C", "AD"], dealer="S1"),
    ],
)
def test_a_finished_match_refuses_every_further_deal(payload: dict[str, Any]) -> None:
    the_rules = rules(ace_no_face=True, target_score=4)
    state, results = play([deal("S4", tricks=(4, 2))], the_rules)
    assert results[0]["match_winner"] == "A"
    with pytest.raises(RuleViolation) as raised:
        ENGINE.play_deal(state, ENGINE.parse_deal(payload, the_rules), the_rules)
    assert (raised.value.code, raised.value.field) == ("match_already_finished", None)
    assert raised.value.detail == ("Team A reached 4 and won this match; start a new match to record more deals.")


def test_the_deal_passes_to_the_left_after_every_deal() -> None:
    the_rules = rules(ace_no_face=True)
    _, results = play(
        [
            deal("S1", ("-", "-", "-", 3), tricks=(3, 3)),
            passed_out("S2"),
            claim("S1", ["AS", "9H", "10H", "9D", "10C", "AD"], dealer="S3"),
            deal("S4"),
        ],
        the_rules,
    )
    assert [result["next_dealer"] for result in results] == ["S2", "S3", "S4", "S1"]


def test_next_dealer_is_null_before_the_first_deal() -> None:
    assert ENGINE.state_json(ENGINE.initial_state(rules())) == {
        "scores": {"A": 0, "B": 0},
        "tiebreak_deal_required": False,
        "next_dealer": None,
        "match_over": False,
        "match_winner": None,
    }


def test_with_enforce_dealer_order_the_deal_must_pass_to_the_left() -> None:
    strict = rules(enforce_dealer_order=True)
    violation = refusal(deal("S3"), strict, before=[deal("S4")])
    assert (violation.code, violation.field) == ("dealer_out_of_turn", "dealer")
    assert violation.detail == "S1 deals this hand: the deal passes to the left."
    play([deal("S2"), deal("S3")], strict)  # any dealer for the first deal


def test_without_enforce_dealer_order_any_dealer_is_accepted() -> None:
    _, results = play([deal("S4"), deal("S2", ("-", "-", "-", 3), tricks=(3, 3))])
    assert results[1]["next_dealer"] == "S3"


# --- §E.7 settings -------------------------------------------------------------------------------------------

DEFAULTS = {
    "target_score": 32,
    "deck": "single_24",
    "tricks_per_deal": 6,
    "minimum_bid": 3,
    "allow_plain_six": False,
    "allow_no_trump": False,
    "bidding": "single_round",
    "partners_best_points": 12,
    "shoot_the_moon_points": 24,
    "lone_failure_penalty": "bid",
    "defenders_score_tricks": True,
    "renege_penalty": 2,
    "stick_the_dealer": False,
    "ace_no_face": False,
    "joker": False,
    "simultaneous_target": "higher_score_wins_equal_replays",
    "enforce_dealer_order": False,
    # §E.7's second table (issue 20), each off by default.
    "allow_low_no_trump": False,
    "made_contract_scores": "tricks_taken",
    "extra_moon_calls": False,
    "triple_moon_points": 32,
    "quadruple_moon_points": 48,
    "renege_award": 0,
    "renege_ends_deal": False,
}


def test_every_setting_has_the_default_of_e7() -> None:
    assert ENGINE.settings_json(rules()) == DEFAULTS
    assert rules() == BidEuchreRules()


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("target_score", 42),
        ("deck", "double_48"),
        ("deck", "with_joker_25"),
        ("minimum_bid", 4),
        ("allow_plain_six", True),
        ("allow_no_trump", True),
        ("bidding", "continuous"),
        ("partners_best_points", 16),
        ("shoot_the_moon_points", 30),
        ("lone_failure_penalty", "contract_value"),
        ("defenders_score_tricks", False),
        ("renege_penalty", 4),
        ("stick_the_dealer", True),
        ("ace_no_face", True),
        ("joker", True),
        ("simultaneous_target", "bidders_win"),
        ("enforce_dealer_order", True),
        ("tricks_per_deal", 6),
        ("allow_low_no_trump", True),
        ("made_contract_scores", "tricks_bid"),
        ("extra_moon_calls", True),
        ("triple_moon_points", 30),
        ("quadruple_moon_points", 40),
        ("renege_award", 4),
        ("renege_ends_deal", True),
    ],
)
def test_each_setting_can_be_changed_and_round_trips(name: str, value: object) -> None:
    changed = rules(**{name: value})
    assert ENGINE.settings_json(changed)[name] == value
    assert ENGINE.rules_from_settings(ENGINE.settings_json(changed), 4) == changed


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("target_score", 0),
        ("target_score", "32"),
        ("target_score", True),
        ("deck", "single_32"),
        ("deck", None),
        ("minimum_bid", 0),
        ("minimum_bid", 6),
        ("allow_plain_six", "yes"),
        ("allow_no_trump", 1),
        ("bidding", "twice_round"),
        ("partners_best_points", -12),
        ("shoot_the_moon_points", 2.5),
        ("lone_failure_penalty", "double"),
        ("defenders_score_tricks", None),
        ("renege_penalty", -2),
        ("stick_the_dealer", "true"),
        ("ace_no_face", 0),
        ("joker", "no"),
        ("simultaneous_target", "replay"),
        ("enforce_dealer_order", []),
        ("tricks_per_deal", 7),
        ("tricks_per_deal", "6"),
        ("tricks_per_deal", 6.0),
        ("colour", "red"),
    ],
)
def test_a_bad_setting_is_refused_on_its_name(name: str, value: object) -> None:
    with pytest.raises(RuleViolation) as raised:
        rules(**{name: value})
    assert (raised.value.code, raised.value.field) == ("invalid", f"settings.{name}")


def test_the_double_deck_plays_twelve_tricks_to_fifty_two_with_scaled_lone_bids() -> None:
    double = ENGINE.settings_json(rules(deck="double_48"))
    assert (
        double["tricks_per_deal"],
        double["target_score"],
        double["partners_best_points"],
        double["shoot_the_moon_points"],
        double["minimum_bid"],
    ) == (12, 52, 24, 48, 3)
    assert ENGINE.settings_json(rules(deck="double_48", target_score=40))["target_score"] == 40
    assert ENGINE.settings_json(rules(deck="double_48", tricks_per_deal=12))["tricks_per_deal"] == 12


def test_the_joker_setting_goes_with_the_25_card_deck() -> None:
    assert ENGINE.settings_json(rules(joker=True))["deck"] == "with_joker_25"
    assert ENGINE.settings_json(rules(deck="with_joker_25"))["joker"] is True
    for settings in (
        {"joker": True, "deck": "single_24"},
        {"joker": False, "deck": "with_joker_25"},
        {"joker": True, "deck": "double_48"},
    ):
        with pytest.raises(RuleViolation) as raised:
            rules(**settings)
        assert (raised.value.code, raised.value.field) == ("invalid", "settings.joker")


def test_minimum_bid_may_be_six_only_with_allow_plain_six() -> None:
    assert rules(minimum_bid=6, allow_plain_six=True).minimum_bid == 6
    assert rules(deck="double_48", minimum_bid=11).minimum_bid == 11


@pytest.mark.parametrize("count", [2, 3, 5, 6, 8])
def test_bid_euchre_is_played_by_exactly_four_players(count: int) -> None:
    with pytest.raises(RuleViolation) as raised:
        ENGINE.rules_from_settings({}, count)
    assert (raised.value.code, raised.value.field) == ("player_count_invalid", "players")
    assert raised.value.detail == "Bid Euchre is played by four players: S1+S3 against S2+S4."


def test_the_teams_are_partners_opposite() -> None:
    assert ENGINE.teams(rules()) == {"A": ["S1", "S3"], "B": ["S2", "S4"]}


@pytest.mark.parametrize("settings", [None, [], "defaults", 3])
def test_settings_must_be_an_object(settings: object) -> None:
    with pytest.raises(RuleViolation) as raised:
        ENGINE.rules_from_settings(settings, 4)  # type: ignore[arg-type]
    assert raised.value.code == "invalid"


# --- reading the deal ----------------------------------------------------------------------------------------

SHAPE_REFUSALS: list[tuple[Any, str, str | None]] = [
    (None, "invalid", None),
    ([], "invalid", None),
    ({"auction": []}, "invalid", "dealer"),
    ({"dealer": "S9", "auction": []}, "invalid", "dealer"),
    ({"dealer": 1, "auction": []}, "invalid", "dealer"),
    ({"dealer": "S1"}, "invalid", "auction"),
    ({"dealer": "S1", "auction": {"S2": "pass"}}, "invalid", "auction"),
    ({"dealer": "S1", "auction": ["pass"]}, "invalid", "auction[0]"),
    ({"dealer": "S1", "auction": [{"seat": "S2"}]}, "invalid", "auction[0].call"),
    ({"dealer": "S1", "auction": [{"seat": "S2", "call": "double"}]}, "invalid", "auction[0].call"),
    ({"dealer": "S1", "auction": [{"call": "pass"}]}, "invalid", "auction[0].seat"),
    ({"dealer": "S1", "auction": [{"seat": "S7", "call": "pass"}]}, "invalid", "auction[0].seat"),
    ({"dealer": "S1", "auction": [{"seat": "S2", "call": "bid"}]}, "invalid", "auction[0].tricks"),
    ({"dealer": "S1", "auction": [{"seat": "S2", "call": "bid", "tricks": "3"}]}, "invalid", "auction[0].tricks"),
    ({"dealer": "S1", "auction": [{"seat": "S2", "call": "bid", "tricks": 3.5}]}, "invalid", "auction[0].tricks"),
    ({"dealer": "S1", "auction": [{"seat": "S2", "call": "pass", "tricks": 3}]}, "invalid", "auction[0].tricks"),
    ({"dealer": "S1", "auction": [{"seat": "S2", "call": "pass", "trump": "H"}]}, "invalid", "auction[0].trump"),
    ({"dealer": "S1", "auction": [], "tricks_won": [3, 3]}, "invalid", "tricks_won"),
    ({"dealer": "S1", "auction": [], "tricks_won": {"A": 3}}, "invalid", "tricks_won.B"),
    ({"dealer": "S1", "auction": [], "tricks_won": {"A": 3, "B": 3, "C": 0}}, "invalid", "tricks_won.C"),
    ({"dealer": "S1", "auction": [], "reneges": "S2"}, "invalid", "reneges"),
    ({"dealer": "S1", "auction": [], "reneges": ["S2"]}, "invalid", "reneges[0]"),
    ({"dealer": "S1", "auction": [], "reneges": [{"seat": "S2", "trick": 3}]}, "invalid", "reneges[0]"),
    ({"dealer": "S1", "ace_no_face": "S2"}, "invalid", "ace_no_face"),
    ({"dealer": "S1", "ace_no_face": {"seat": "S2"}}, "invalid", "ace_no_face.hand"),
    ({"dealer": "S1", "ace_no_face": {"hand": []}}, "invalid", "ace_no_face.seat"),
    ({"dealer": "S1", "ace_no_face": {"seat": "S2", "hand": [], "why": 1}}, "invalid", "ace_no_face.why"),
    ({"dealer": "S1", "ace_no_face": {"seat": "S2", "hand": [7]}}, "invalid_card", "ace_no_face.hand[0]"),
    ({"dealer": "S1", "auction": [], "tricks": "all"}, "invalid", "tricks"),
    ({"dealer": "S1", "auction": [], "notes": "x"}, "invalid", "notes"),
]


@pytest.mark.parametrize(("payload", "code", "field"), SHAPE_REFUSALS)
def test_a_malformed_deal_is_refused_on_the_field_at_fault(payload: object, code: str, field: str | None) -> None:
    with pytest.raises(RuleViolation) as raised:
        ENGINE.parse_deal(payload, rules(ace_no_face=True))  # type: ignore[arg-type]
    assert (raised.value.code, raised.value.field) == (code, field)


def test_the_trick_by_trick_entry_is_parsed_and_refereed_in_test_referee_bid_euchre() -> None:
    with pytest.raises(RuleViolation) as raised:
        ENGINE.parse_deal(deal() | {"tricks": [[{"seat": "S1", "card": "AH", "note": 1}]]}, rules())
    assert (raised.value.code, raised.value.field) == ("invalid", "tricks[0][0].note")


def test_seats_and_calls_are_read_in_any_case_and_answered_canonically() -> None:
    payload = {
        "dealer": "s4",
        "auction": [
            {"seat": "s1", "call": "BID", "tricks": 3},
            {"seat": "s2", "call": "Pass"},
            {"seat": "S3", "call": "pass"},
            {"seat": "S4", "call": "pass"},
        ],
        "trump": "HEARTS",
        "tricks_won": {"A": 4, "B": 2},
        "reneges": [{"seat": "s2"}],
    }
    assert ENGINE.deal_json(ENGINE.parse_deal(payload, rules())) == deal(reneges=("S2",))


@pytest.mark.parametrize(
    "payload",
    [
        deal(),
        deal(reneges=("S2", "S2")),
        passed_out("S3"),
        deal(trump=None, tricks=None),
        claim("S2", ["AS", "9H", "10H", "9D", "10C", "AD"]),
        {
            "dealer": "S1",
            "auction": calls("S1", "pb", "moon", "-", "-"),
            "trump": "no_trumps",
            "tricks_won": {"A": 0, "B": 6},
            "reneges": [],
        },
    ],
)
def test_deal_json_fills_defaults_and_parses_back_to_the_same_deal(payload: dict[str, Any]) -> None:
    the_rules = rules(ace_no_face=True)
    parsed = ENGINE.parse_deal(payload, the_rules)
    normal = ENGINE.deal_json(parsed)
    assert ENGINE.parse_deal(normal, the_rules) == parsed
    if "ace_no_face" not in payload:
        assert "reneges" in normal


def test_the_state_round_trips_through_json() -> None:
    the_rules = rules(target_score=10)
    state, _ = play([deal(), deal("S1", (4, "-", "-", "-"), tricks=(3, 3)), deal("S2", tricks=(5, 1))], the_rules)
    assert ENGINE.state_from_json(ENGINE.state_json(state), the_rules) == state
    initial = ENGINE.initial_state(the_rules)
    assert ENGINE.state_from_json(ENGINE.state_json(initial), the_rules) == initial


@pytest.mark.parametrize(
    "data",
    [
        None,
        {},
        {"scores": {"A": 1}},
        {"scores": {"A": "1", "B": 0}},
        {"scores": {"A": 1, "B": 0}, "next_dealer": "S9"},
        {"scores": {"A": 1, "B": 0}, "match_winner": "C"},
        {"scores": {"A": 1, "B": 0}, "tiebreak_deal_required": "no"},
    ],
)
def test_a_damaged_state_is_refused(data: object) -> None:
    with pytest.raises(RuleViolation):
        ENGINE.state_from_json(data, rules())  # type: ignore[arg-type]


def test_a_refused_deal_leaves_the_state_as_it_was() -> None:
    state, _ = play([deal()])
    before = ENGINE.state_json(state)
    with pytest.raises(RuleViolation):
        ENGINE.play_deal(state, ENGINE.parse_deal(deal("S1", tricks=(5, 2)), rules()), rules())
    assert ENGINE.state_json(state) == before


@pytest.mark.parametrize(
    ("said", "partner"),
    [
        (("pb", "-", "-", "-"), "S3"),
        (("moon", "-", "-", "-"), "S3"),
        (("moon", "triple_moon", "-", "-"), "S4"),
        (("moon", "triple_moon", "quadruple_moon", "-"), "S1"),
    ],
)
def test_the_entry_facts_name_the_calls_whose_callers_partner_sits_out(said: tuple[str, ...], partner: str) -> None:
    """entry.partner_sits_out, the fact the page reads to leave the partner out of the tricks: exactly the calls
    after which the referee refuses the partner's renege (a number bid's partner plays and may renege)."""
    extra = rules(extra_moon_calls=True)
    sits_out = ENGINE.entry_facts(extra)["partner_sits_out"]
    assert sits_out == ["partners_best", "shoot_the_moon", "triple_moon", "quadruple_moon"]
    lone = refusal(deal("S4", said, tricks=(3, 3), reneges=(partner,)), extra)
    assert lone.code == "renege_invalid" and lone.extra["sitting_out"] == partner
    assert [c["call"] for c in deal("S4", said)["auction"] if c["call"] != "pass"][-1] in sits_out
    plain = play_one(deal("S4", (3, "-", "-", "-"), tricks=(4, 2), reneges=("S3",)), extra)
    assert plain["renege_penalties"]["A"] == -2  # S3 played and reneged: the default penalty
