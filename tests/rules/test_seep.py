"""Seep (shared/rules/seep.md): one table-driven test per rule sentence of §S.4-§S.7 and per house rule."""

from __future__ import annotations

from typing import Any

import pytest

from games.rules.errors import RuleViolation
from games.rules.registry import get_engine
from games.rules.seep.state import SeepState
from tests.examples import example_params, examples_for

ENGINE = get_engine("seep")
SEATS = ("S1", "S2", "S3", "S4")
POINT_CARDS = [f"{rank}S" for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")] + [
    "AH",
    "AD",
    "AC",
    "10D",
]


def right_of(seat: str) -> str:
    return SEATS[(SEATS.index(seat) + 1) % 4] if seat in SEATS else "S2"


def sweeps(a: tuple[int, int, int] = (0, 0, 0), b: tuple[int, int, int] = (0, 0, 0)) -> dict[str, Any]:
    kinds = ("regular", "first_play", "last_play")
    return {"A": dict(zip(kinds, a, strict=True)), "B": dict(zip(kinds, b, strict=True))}


def deal(
    dealer: str = "S1",
    a: int = 50,
    b: int | None = None,
    *,
    value: int = 9,
    hand: list[Any] | None = None,
    sweep: Any = None,
    **extra: Any,
) -> dict[str, Any]:
    """A deal payload: card points A-B (B defaults to 100 - A), a 9 bid by the dealer's right. ``hand`` and ``sweep``
    take anything, as the refusal tests send what a client should not."""
    bid: dict[str, Any] = {"bidder": right_of(dealer), "value": value}
    if hand is not None:
        bid["bidder_hand"] = hand
    payload: dict[str, Any] = {"dealer": dealer, "bid": bid, "card_points": {"A": a, "B": 100 - a if b is None else b}}
    if sweep is not None:
        payload["sweeps"] = sweep
    payload.update(extra)
    return payload


def play(payloads: list[dict[str, Any]], **settings: Any) -> tuple[SeepState, list[dict[str, Any]]]:
    rules = ENGINE.rules_from_settings(settings, 4)
    state = ENGINE.initial_state(rules)
    results = []
    for payload in payloads:
        outcome = ENGINE.play_deal(state, ENGINE.parse_deal(payload, rules), rules)
        state = outcome.state
        results.append(outcome.result)
    return state, results


def refusal(payloads: list[dict[str, Any]], **settings: Any) -> RuleViolation:
    """Play every deal but the last, which must be refused; the refusal leaves the state as it was."""
    rules = ENGINE.rules_from_settings(settings, 4)
    state, _ = play(payloads[:-1], **settings)
    with pytest.raises(RuleViolation) as caught:
        ENGINE.play_deal(state, ENGINE.parse_deal(payloads[-1], rules), rules)
    assert play(payloads[:-1], **settings)[0] == state
    return caught.value


def lead(team: str | None, points: int) -> dict[str, Any]:
    return {"team": team, "points": points}


# --- examples ----------------------------------------------------------------------------------------------------


# The play-level settings of §S.7a at their defaults; the examples written before §S.7a leave them out.
PLAY_LEVEL_DEFAULTS = {
    "capture_must_take_all_sets": True,
    "owner_may_throw_loose": True,
    "house_only_sweep_counts": True,
    "loose_sets_join_house": "optional",
}


@pytest.mark.parametrize("case", example_params("seep"))
def test_the_defaults_are_the_settings_of_the_worked_examples(case: dict[str, Any]) -> None:
    assert ENGINE.settings_json(ENGINE.rules_from_settings({}, 4)) == {**PLAY_LEVEL_DEFAULTS, **case["settings"]}


def test_the_engine_names_its_rules_file_and_teams() -> None:
    rules = ENGINE.rules_from_settings({}, 4)
    assert (ENGINE.key, ENGINE.rules_file) == ("seep", "seep.md")
    assert ENGINE.teams(rules) == {"A": ["S1", "S3"], "B": ["S2", "S4"]}


def test_a_deal_result_has_the_keys_of_the_examples() -> None:
    _, [result] = play([deal("S1", 62, hand=["JH", "4C", "KS", "2C"], value=11)])
    assert result == {
        "throw_ins": 0,
        "card_points": {"A": 62, "B": 38},
        "team_scores": {"A": 62, "B": 38},
        "deal_margin": lead("A", 24),
        "running_lead": lead("A", 24),
        "baazi": None,
        "baazis_won": {"A": 0, "B": 0},
        "next_dealer": "S2",
        "match_over": False,
        "match_winner": None,
    }


# --- §S.2 / §S.4 per-deal score -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "points"),
    [
        ("AS", 1),
        ("2S", 2),
        ("5S", 5),
        ("9S", 9),
        ("10S", 10),
        ("JS", 11),
        ("QS", 12),
        ("KS", 13),
        ("AH", 1),
        ("AD", 1),
        ("AC", 1),
        ("10D", 6),
    ],
)
def test_spades_score_their_capture_value_other_aces_one_and_the_ten_of_diamonds_six(card: str, points: int) -> None:
    others = [code for code in POINT_CARDS if code != card]
    _, [result] = play([deal(card_points=None, scoring_cards_captured={"A": [card], "B": others})])
    assert result["card_points"] == {"A": points, "B": 100 - points}


def test_listed_point_cards_are_added_up_per_team() -> None:
    captured = {
        "A": ["KS", "QS", "JS", "10S", "9S", "AH", "AC", "10D"],
        "B": ["8S", "7S", "6S", "5S", "4S", "3S", "2S", "AS", "AD"],
    }
    _, [result] = play([deal(card_points=None, scoring_cards_captured=captured)])
    assert result["team_scores"] == {"A": 63, "B": 37}


@pytest.mark.parametrize(
    ("a", "sweep", "scores"),
    [
        (62, sweeps(), (62, 38)),
        (40, sweeps(a=(1, 0, 0), b=(2, 0, 0)), (90, 160)),
        (40, sweeps(b=(0, 1, 0)), (40, 85)),
        (40, sweeps(a=(0, 0, 1)), (40, 60)),
        (30, sweeps(a=(2, 0, 1), b=(1, 1, 0)), (130, 145)),
    ],
)
def test_a_team_scores_its_card_points_plus_50_a_regular_sweep_25_a_first_play_sweep_and_0_a_last_play_sweep(
    a: int,
    sweep: dict[str, Any],
    scores: tuple[int, int],
) -> None:
    _, [result] = play([deal("S1", a, sweep=sweep)])
    assert result["team_scores"] == {"A": scores[0], "B": scores[1]}


@pytest.mark.parametrize(("a", "margin"), [(62, lead("A", 24)), (50, lead(None, 0)), (30, lead("B", 40))])
def test_the_deal_margin_is_team_a_score_minus_team_b_score(a: int, margin: dict[str, Any]) -> None:
    _, [result] = play([deal("S1", a)])
    assert result["deal_margin"] == margin


def test_missing_sweeps_count_as_none() -> None:
    _, [result] = play([deal("S1", 70, sweep={"A": {"regular": 1}})])
    assert result["team_scores"] == {"A": 120, "B": 30}


# --- §S.5 running lead, baazi, 9-point rule ------------------------------------------------------------------------


def test_margins_accumulate_into_the_running_lead() -> None:
    _, results = play([deal("S1", 70), deal("S2", 65)])
    assert [r["running_lead"] for r in results] == [lead("A", 40), lead("A", 70)]


@pytest.mark.parametrize(
    ("deals", "winner"),
    [
        ([deal("S1", 70), deal("S2", 80)], "A"),
        ([deal("S1", 30), deal("S1", 20)], "B"),
    ],
)
def test_a_lead_of_exactly_100_wins_the_baazi_and_the_lead_goes_back_to_zero(
    deals: list[dict[str, Any]],
    winner: str,
) -> None:
    state, results = play(deals)
    assert results[-1]["baazi"] == {"winner": winner, "reason": "lead_reached"}
    assert results[-1]["running_lead"] == lead(None, 0)
    assert ENGINE.state_json(state)["baazis_won"] == {"A": int(winner == "A"), "B": int(winner == "B")}


def test_a_lead_of_99_wins_nothing() -> None:
    _, results = play([deal("S1", 62), deal("S1", 100, sweep=sweeps(b=(0, 1, 0)))])
    assert results[-1]["team_scores"] == {"A": 100, "B": 25}
    assert (results[-1]["running_lead"], results[-1]["baazi"]) == (lead("A", 99), None)


def test_the_lead_beyond_100_is_dropped() -> None:
    _, results = play([deal("S1", 85), deal("S2", 80)])
    assert results[-1]["running_lead"] == lead(None, 0)
    assert results[-1]["baazi"] == {"winner": "A", "reason": "lead_reached"}


@pytest.mark.parametrize(("a", "winner"), [(92, "A"), (100, "A"), (8, "B"), (0, "B")])
def test_a_team_under_nine_points_loses_the_baazi(a: int, winner: str) -> None:
    _, [result] = play([deal("S1", a)])
    assert result["baazi"] == {"winner": winner, "reason": "opponent_below_minimum"}
    assert result["baazis_won"] == {"A": int(winner == "A"), "B": int(winner == "B")}


def test_a_team_on_exactly_nine_points_plays_on() -> None:
    _, [result] = play([deal("S1", 91)])
    assert (result["baazi"], result["running_lead"]) == (None, lead("A", 82))


def test_sweeps_count_toward_the_nine_point_minimum() -> None:
    _, [result] = play([deal("S1", 95, sweep=sweeps(b=(1, 0, 0)))])
    assert result["team_scores"] == {"A": 95, "B": 55}
    assert (result["baazi"], result["running_lead"]) == (None, lead("A", 40))


def test_the_nine_point_rule_holds_even_when_the_under_nine_team_was_ahead() -> None:
    _, results = play([deal("S1", 90), deal("S2", 55), deal("S2", 8)])
    assert results[1]["running_lead"] == lead("A", 90)
    assert results[2]["baazi"] == {"winner": "B", "reason": "opponent_below_minimum"}


def test_the_under_nine_deal_margin_is_discarded_and_the_lead_starts_from_zero() -> None:
    _, results = play([deal("S1", 60), deal("S2", 5)])
    assert results[1]["deal_margin"] == lead("B", 90)
    assert results[1]["running_lead"] == lead(None, 0)


def test_the_nine_point_rule_decides_the_baazi_before_the_lead_does() -> None:
    _, results = play([deal("S1", 85), deal("S2", 92)])
    assert results[1]["baazi"] == {"winner": "A", "reason": "opponent_below_minimum"}
    assert results[1]["baazis_won"] == {"A": 1, "B": 0}


def test_baazis_won_accumulate_across_baazis() -> None:
    state, results = play([deal("S1", 5), deal("S3", 95), deal("S2", 2)])
    assert [r["baazis_won"] for r in results] == [{"A": 0, "B": 1}, {"A": 1, "B": 1}, {"A": 1, "B": 2}]
    assert ENGINE.state_json(state)["deals_played"] == 3


# --- §S.6 dealer rotation ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dealer", "a", "next_dealer"),
    [
        ("S1", 50, "S1"),
        ("S2", 50, "S2"),
        ("S1", 40, "S1"),
        ("S3", 40, "S3"),
        ("S2", 60, "S2"),
        ("S4", 60, "S4"),
        ("S1", 60, "S2"),
        ("S3", 60, "S4"),
        ("S2", 40, "S3"),
        ("S4", 40, "S1"),
    ],
)
def test_the_same_dealer_deals_again_while_his_side_is_behind_or_level_and_passes_right_when_it_leads(
    dealer: str,
    a: int,
    next_dealer: str,
) -> None:
    state, [result] = play([deal(dealer, a)])
    assert result["next_dealer"] == next_dealer == ENGINE.state_json(state)["next_dealer"]


@pytest.mark.parametrize(
    ("dealer", "a", "next_dealer"),
    [
        ("S1", 60, "S4"),
        ("S1", 40, "S3"),
        ("S2", 60, "S4"),
        ("S2", 40, "S1"),
        ("S3", 60, "S2"),
        ("S3", 40, "S1"),
        ("S4", 60, "S2"),
        ("S4", 40, "S3"),
    ],
)
def test_after_a_baazi_the_partner_of_the_would_be_dealer_deals(dealer: str, a: int, next_dealer: str) -> None:
    _, [result] = play([deal(dealer, a)], baazi_lead=20)
    assert result["baazi"] is not None
    assert result["next_dealer"] == next_dealer


def test_after_the_baazi_of_the_second_example_s4_deals() -> None:
    _, results = play([deal("S1", 70), deal("S2", 65), deal("S2", 65)])
    assert [r["next_dealer"] for r in results] == ["S2", "S2", "S4"]


@pytest.mark.parametrize(("basis", "next_dealer"), [("baazi_loser", "S1"), ("raw_difference", "S4")])
def test_after_a_nine_point_baazi_the_would_be_dealer_follows_the_after_baazi_dealer_basis(
    basis: str,
    next_dealer: str,
) -> None:
    # A leads by 90; S2 (team B) deals; A scores 8: B wins the baazi although the raw lead (+6) still favours A.
    _, results = play([deal("S1", 90), deal("S2", 55), deal("S2", 8)], after_baazi_dealer_basis=basis)
    assert results[2]["baazi"] == {"winner": "B", "reason": "opponent_below_minimum"}
    assert results[2]["next_dealer"] == next_dealer


def test_after_a_baazi_reached_by_the_lead_both_bases_agree() -> None:
    for basis in ("baazi_loser", "raw_difference"):
        _, results = play([deal("S1", 70), deal("S2", 65), deal("S2", 65)], after_baazi_dealer_basis=basis)
        assert results[-1]["next_dealer"] == "S4"


def test_a_throw_in_scores_nothing_is_counted_and_does_not_move_the_deal() -> None:
    throw_ins = [{"bidder": "S2", "bidder_hand": ["2C", "3D", "8S", "AH"]}, {"bidder_hand": ["7C", "7D", "AS", "5H"]}]
    state, [result] = play([deal("S1", 50, throw_ins=throw_ins)])
    assert (result["throw_ins"], result["next_dealer"], result["team_scores"]) == (2, "S1", {"A": 50, "B": 50})
    assert ENGINE.state_json(state)["deals_played"] == 1


def test_the_next_dealer_is_null_before_the_first_deal() -> None:
    rules = ENGINE.rules_from_settings({}, 4)
    assert ENGINE.state_json(ENGINE.initial_state(rules)) == {
        "running_lead": lead(None, 0),
        "baazis_won": {"A": 0, "B": 0},
        "next_dealer": None,
        "next_dealer_reason": None,
        "deals_played": 0,
        "match_over": False,
        "match_winner": None,
        "match_drawn": False,
    }


# --- §S.5 step 6 / S-A11 match end ---------------------------------------------------------------------------------


def test_an_open_match_never_ends() -> None:
    state, _ = play([deal("S1", 5)] * 40)
    assert ENGINE.state_json(state)["baazis_won"] == {"A": 0, "B": 40}
    assert ENGINE.state_json(state)["match_over"] is False


def test_first_to_n_baazis_ends_when_a_team_wins_its_nth_baazi() -> None:
    settings = {"baazi_lead": 20, "match_end": {"type": "first_to_baazis", "count": 2}}
    _, results = play([deal("S1", 60), deal("S4", 40), deal("S3", 40)], **settings)
    assert [r["match_over"] for r in results] == [False, False, True]
    assert results[-1]["match_winner"] == "B"
    state, results = play([deal("S1", 60), deal("S4", 60)], **settings)
    final = ENGINE.state_json(state)
    assert (final["match_over"], final["match_winner"], final["next_dealer"]) == (True, "A", None)
    assert results[-1]["next_dealer"] is None


def test_a_fixed_number_of_baazis_ends_after_that_many_and_the_team_with_more_wins() -> None:
    settings = {"baazi_lead": 20, "match_end": {"type": "fixed_baazis", "count": 3}}
    state, results = play([deal("S1", 60), deal("S4", 40), deal("S3", 60)], **settings)
    final = ENGINE.state_json(state)
    assert [r["match_over"] for r in results] == [False, False, True]
    assert (final["match_over"], final["match_winner"], final["match_drawn"]) == (True, "A", False)


def test_an_equal_split_of_a_fixed_number_of_baazis_is_a_drawn_match() -> None:
    settings = {"baazi_lead": 20, "match_end": {"type": "fixed_baazis", "count": 2}}
    state, _ = play([deal("S1", 60), deal("S4", 40)], **settings)
    final = ENGINE.state_json(state)
    assert (final["match_over"], final["match_winner"], final["match_drawn"], final["next_dealer"]) == (
        True,
        None,
        True,
        None,
    )


@pytest.mark.parametrize(
    ("settings", "deals", "message"),
    [
        (
            {"match_end": {"type": "first_to_baazis", "count": 2}},
            [deal("S1", 5), deal("S3", 5)],
            "This match ended when team B won its 2nd baazi; start a new match to record more deals.",
        ),
        (
            {"match_end": {"type": "first_to_baazis", "count": 1}},
            [deal("S1", 95)],
            "This match ended when team A won its 1st baazi; start a new match to record more deals.",
        ),
        (
            {"match_end": {"type": "fixed_baazis", "count": 3}},
            [deal("S1", 5), deal("S3", 95), deal("S2", 95)],
            "This match of 3 baazis ended with team A winning 2-1; start a new match to record more deals.",
        ),
        (
            {"match_end": {"type": "fixed_baazis", "count": 2}},
            [deal("S1", 5), deal("S3", 95)],
            "This match of 2 baazis ended level at 1-1; start a new match to record more deals.",
        ),
    ],
)
def test_a_deal_after_the_match_is_over_is_refused(
    settings: dict[str, Any],
    deals: list[dict[str, Any]],
    message: str,
) -> None:
    violation = refusal([*deals, deal("S1", 50)], **settings)
    assert (violation.code, violation.field, violation.detail) == ("match_already_finished", None, message)


# --- §S.7 legality checks ------------------------------------------------------------------------------------------

HAND = ["JH", "4C", "KS", "2C"]
LOW_HAND = ["2C", "3D", "8S", "AH"]
ALL_BUT_7S = [code for code in POINT_CARDS if code != "7S"]

# (name, settings, deals (the last one is refused), code, field relative to the deal)
REFUSALS: list[tuple[str, dict[str, Any], list[dict[str, Any]], str, str | None]] = [
    ("dealer not a seat", {}, [deal("S5")], "dealer_unknown", "dealer"),
    ("dealer a number", {}, [deal(dealer="S1") | {"dealer": 1}], "dealer_unknown", "dealer"),
    (
        "dealer out of turn",
        {"enforce_dealer_order": True},
        [deal("S1", 62), deal("S3")],
        "dealer_out_of_turn",
        "dealer",
    ),
    ("bidder not the dealer's right", {}, [deal("S1", bid={"bidder": "S3", "value": 9})], "wrong_bidder", "bid.bidder"),
    ("bidder the dealer", {}, [deal("S2", bid={"bidder": "S2", "value": 9})], "wrong_bidder", "bid.bidder"),
    ("bidder not a seat", {}, [deal("S1", bid={"bidder": "S7", "value": 9})], "wrong_bidder", "bid.bidder"),
    (
        "throw-in by the wrong seat",
        {},
        [deal("S1", throw_ins=[{"bidder": "S4", "bidder_hand": LOW_HAND}])],
        "wrong_bidder",
        "throw_ins[0].bidder",
    ),
    ("bid 8", {}, [deal(value=8)], "bid_out_of_range", "bid.value"),
    ("bid 14", {}, [deal(value=14)], "bid_out_of_range", "bid.value"),
    ("bid as a string", {}, [deal(bid={"bidder": "S2", "value": "12"})], "bid_out_of_range", "bid.value"),
    ("bid as a float", {}, [deal(bid={"bidder": "S2", "value": 11.0})], "bid_out_of_range", "bid.value"),
    ("bid as a boolean", {}, [deal(bid={"bidder": "S2", "value": True})], "bid_out_of_range", "bid.value"),
    ("bid without its card", {}, [deal(value=12, hand=["2H", "5C", "9D", "KS"])], "bid_card_not_in_hand", "bid.value"),
    ("bid with a low hand", {}, [deal(value=9, hand=LOW_HAND)], "bid_card_not_in_hand", "bid.value"),
    (
        "throw-in holding a 10",
        {},
        [deal(throw_ins=[{"bidder": "S2", "bidder_hand": ["10S", "2C", "3D", "4H"]}])],
        "throw_in_not_allowed",
        "throw_ins[0].bidder_hand",
    ),
    (
        "second throw-in holding a king",
        {},
        [deal(throw_ins=[{"bidder_hand": LOW_HAND}, {"bidder_hand": ["KD", "2C", "3D", "4H"]}])],
        "throw_in_not_allowed",
        "throw_ins[1].bidder_hand",
    ),
    ("bid hand of 3", {}, [deal(hand=["9C", "4C", "KS"])], "hand_size_invalid", "bid.bidder_hand"),
    ("bid hand of 5", {}, [deal(hand=["9C", "4C", "KS", "2C", "3C"])], "hand_size_invalid", "bid.bidder_hand"),
    (
        "throw-in hand of 2",
        {},
        [deal(throw_ins=[{"bidder_hand": ["2C", "3C"]}])],
        "hand_size_invalid",
        "throw_ins[0].bidder_hand",
    ),
    ("unknown card", {}, [deal(hand=["9C", "1H", "KS", "2C"])], "invalid_card", "bid.bidder_hand[1]"),
    ("joker", {}, [deal(hand=["9C", "JKR", "KS", "2C"])], "invalid_card", "bid.bidder_hand[1]"),
    ("card not a string", {}, [deal(hand=["9C", 9, "KS", "2C"])], "invalid_card", "bid.bidder_hand[1]"),
    (
        "non-point card captured",
        {},
        [deal(card_points=None, scoring_cards_captured={"A": ["5H"], "B": POINT_CARDS})],
        "invalid_card",
        "scoring_cards_captured.A[0]",
    ),
    ("same card twice in a hand", {}, [deal(hand=["9C", "4C", "9c", "2C"])], "duplicate_card", "bid.bidder_hand[2]"),
    (
        "point card for both teams",
        {},
        [deal(card_points=None, scoring_cards_captured={"A": ["10D"], "B": POINT_CARDS})],
        "duplicate_card",
        "scoring_cards_captured.B[16]",
    ),
    (
        "point card twice for one team",
        {},
        [deal(card_points=None, scoring_cards_captured={"A": ["AS", "as"], "B": []})],
        "duplicate_card",
        "scoring_cards_captured.A[1]",
    ),
    ("card points above 100", {}, [deal(a=101, b=-1)], "card_points_out_of_range", "card_points.A"),
    ("card points negative", {}, [deal(a=50, b=-1)], "card_points_out_of_range", "card_points.B"),
    (
        "card points as a string",
        {},
        [deal(card_points={"A": "50", "B": 50})],
        "card_points_out_of_range",
        "card_points.A",
    ),
    (
        "card points as a fraction",
        {},
        [deal(card_points={"A": 50, "B": 49.5})],
        "card_points_out_of_range",
        "card_points.B",
    ),
    ("card points adding up to 105", {}, [deal(a=55, b=50)], "card_points_total_mismatch", "card_points"),
    ("card points adding up to 99", {}, [deal(a=49, b=50)], "card_points_total_mismatch", "card_points"),
    (
        "a point card missing",
        {},
        [deal(card_points=None, scoring_cards_captured={"A": ALL_BUT_7S, "B": []})],
        "scoring_cards_incomplete",
        "scoring_cards_captured",
    ),
    (
        "no point cards",
        {},
        [deal(card_points=None, scoring_cards_captured={})],
        "scoring_cards_incomplete",
        "scoring_cards_captured",
    ),
    ("negative sweeps", {}, [deal(sweep=sweeps(a=(-1, 0, 0)))], "sweep_count_invalid", "sweeps.A.regular"),
    ("sweeps as a string", {}, [deal(sweep={"B": {"first_play": "1"}})], "sweep_count_invalid", "sweeps.B.first_play"),
    ("sweeps as a fraction", {}, [deal(sweep={"A": {"last_play": 0.5}})], "sweep_count_invalid", "sweeps.A.last_play"),
    ("sweeps null", {}, [deal(sweep={"A": {"regular": None}})], "sweep_count_invalid", "sweeps.A.regular"),
    (
        "first-play sweep for the dealer's side",
        {},
        [deal("S1", sweep=sweeps(a=(0, 1, 0)))],
        "first_play_sweep_wrong_team",
        "sweeps.A.first_play",
    ),
    (
        "first-play sweep for the dealer's side (S2)",
        {},
        [deal("S2", sweep=sweeps(b=(0, 1, 0)))],
        "first_play_sweep_wrong_team",
        "sweeps.B.first_play",
    ),
    (
        "last-play sweep for the bidder's side",
        {},
        [deal("S1", sweep=sweeps(b=(0, 0, 1)))],
        "last_play_sweep_wrong_team",
        "sweeps.B.last_play",
    ),
    (
        "last-play sweep for the bidder's side (S4)",
        {},
        [deal("S4", sweep=sweeps(a=(0, 0, 1)))],
        "last_play_sweep_wrong_team",
        "sweeps.A.last_play",
    ),
    (
        "two first-play sweeps",
        {},
        [deal("S1", sweep=sweeps(b=(0, 2, 0)))],
        "too_many_first_or_last_sweeps",
        "sweeps.B.first_play",
    ),
    (
        "two last-play sweeps",
        {},
        [deal("S1", sweep=sweeps(a=(0, 0, 2)))],
        "too_many_first_or_last_sweeps",
        "sweeps.A.last_play",
    ),
    ("24 regular sweeps", {}, [deal(sweep=sweeps(a=(12, 0, 0), b=(12, 0, 0)))], "too_many_sweeps", "sweeps"),
    ("a huge sweep count", {}, [deal(sweep=sweeps(a=(10**30, 0, 0)))], "too_many_sweeps", "sweeps"),
]


@pytest.mark.parametrize(
    ("settings", "deals", "code", "field"), [case[1:] for case in REFUSALS], ids=[case[0] for case in REFUSALS]
)
def test_an_illegal_deal_is_refused_with_its_code_and_field(
    settings: dict[str, Any],
    deals: list[dict[str, Any]],
    code: str,
    field: str | None,
) -> None:
    violation = refusal(deals, **settings)
    assert (violation.code, violation.field) == (code, field)
    assert violation.detail


@pytest.mark.parametrize(
    ("deals", "settings", "message"),
    [
        (
            [deal("S1", bid={"bidder": "S3", "value": 9})],
            {},
            "With S1 dealing, the house bid is made by S2 (the dealer's right), not S3.",
        ),
        ([deal(value=8)], {}, "A house bid must be 9, 10, 11, 12 or 13 (king); 8 is not allowed."),
        (
            [deal(value=12, hand=["2H", "5C", "9D", "KS"])],
            {},
            "A bid of 12 needs a queen among the bidder's four cards; this hand allows a bid of 9 or 13.",
        ),
        (
            [deal(value=11, hand=["QH", "10C", "9D", "KS"])],
            {},
            "A bid of 11 needs a jack among the bidder's four cards; this hand allows a bid of 9, 10, 12 or 13.",
        ),
        (
            [deal(value=9, hand=LOW_HAND)],
            {},
            "A bid of 9 needs a 9 among the bidder's four cards; this hand has no card "
            "above 8, so it must be thrown in and dealt again.",
        ),
        (
            [deal(throw_ins=[{"bidder": "S2", "bidder_hand": ["10S", "2C", "3D", "4H"]}])],
            {},
            "A throw-in is only allowed when none of the four cards is above 8; this hand holds 10♠, "
            "so S2 must bid 10.",
        ),
        ([deal(hand=["9C", "4C", "KS"])], {}, "The bidder holds exactly 4 cards at the bid; 3 were given."),
        (
            [deal(a=55, b=50)],
            {},
            "Card points add up to 105; the two teams' card points must total exactly 100 "
            "(sweep bonuses are entered separately).",
        ),
        (
            [deal(card_points=None, scoring_cards_captured={"A": ALL_BUT_7S, "B": []})],
            {},
            "The 17 point cards (13 spades, 3 other aces, 10 of diamonds) must each be given to one team; missing: 7S.",
        ),
        (
            [deal("S1", sweep=sweeps(a=(0, 1, 0)))],
            {},
            "The first play of a deal is the bidder's (S2, team B), so only "
            "team B can score the 25-point first-play sweep.",
        ),
        (
            [deal("S1", sweep=sweeps(b=(0, 0, 1)))],
            {},
            "The last (48th) play of a deal is the dealer's (S1, team A), so only team A can record a last-play sweep.",
        ),
        ([deal("S1", sweep=sweeps(b=(0, 2, 0)))], {}, "There is only one first play and one last play in a deal."),
        (
            [deal("S1", 62), deal("S3")],
            {"enforce_dealer_order": True},
            "Team A leads, so S1's turn to deal passed to the right: S2 deals now, not S3.",
        ),
        (
            [deal("S1", 50), deal("S2")],
            {"enforce_dealer_order": True},
            "The running lead is level, so S1 deals again: S1 deals now, not S2.",
        ),
        (
            [deal("S1", 40), deal("S4")],
            {"enforce_dealer_order": True},
            "Team A is behind, so S1 deals again: S1 deals now, not S4.",
        ),
        (
            [deal("S1", 60), deal("S1")],
            {"enforce_dealer_order": True, "baazi_lead": 20},
            "The baazi is over, so the deal went to S4, the partner of S2: S4 deals now, not S1.",
        ),
    ],
)
def test_a_refusal_tells_the_table_what_would_be_legal(
    deals: list[dict[str, Any]],
    settings: dict[str, Any],
    message: str,
) -> None:
    assert refusal(deals, **settings).detail == message


def test_the_bid_card_refusal_lists_the_legal_bids() -> None:
    violation = refusal([deal(value=12, hand=["2H", "5C", "9D", "KS"])])
    assert violation.extra["legal_bids"] == [9, 13]


def test_23_regular_sweeps_are_accepted() -> None:
    _, [result] = play([deal("S1", 50, sweep=sweeps(a=(12, 0, 1), b=(11, 1, 0)))])
    assert result["team_scores"] == {"A": 650, "B": 625}


def test_a_throw_in_with_no_card_above_8_and_a_matching_bid_are_accepted() -> None:
    _, [result] = play([deal(value=13, hand=["KS", "2C", "3D", "4H"], throw_ins=[{"bidder_hand": LOW_HAND}])])
    assert result["throw_ins"] == 1


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ([], None),
        ("deal", None),
        (None, None),
        (7, None),
        (deal() | {"client_deal_id": "x"}, "client_deal_id"),
        ({k: v for k, v in deal().items() if k != "dealer"}, "dealer"),
        (deal() | {"dealer": None}, "dealer"),
        ({k: v for k, v in deal().items() if k != "bid"}, "bid"),
        (deal() | {"bid": [9]}, "bid"),
        (deal() | {"bid": {"bidder": "S2", "value": 9, "suit": "S"}}, "bid.suit"),
        (deal() | {"bid": {"bidder": "S2"}}, "bid.value"),
        (deal() | {"bid": {"bidder": "S2", "value": 9, "bidder_hand": "9C 4C KS 2C"}}, "bid.bidder_hand"),
        (deal() | {"scoring_cards_captured": {"A": [], "B": POINT_CARDS}}, "scoring_cards_captured"),
        (deal() | {"card_points": None}, "card_points"),
        (deal() | {"card_points": [50, 50]}, "card_points"),
        (deal() | {"card_points": {"A": 100}}, "card_points.B"),
        (deal() | {"card_points": {"A": 50, "B": 50, "C": 0}}, "card_points.C"),
        (deal(card_points=None, scoring_cards_captured={"A": "KS", "B": []}), "scoring_cards_captured.A"),
        (deal(card_points=None, scoring_cards_captured={"A": [], "C": []}), "scoring_cards_captured.C"),
        (deal(card_points=None, scoring_cards_captured=["KS"]), "scoring_cards_captured"),
        (deal(sweep=[0, 0]), "sweeps"),
        (deal(sweep={"C": {}}), "sweeps.C"),
        (deal(sweep={"A": 2}), "sweeps.A"),
        (deal(sweep={"A": {"double": 1}}), "sweeps.A.double"),
        (deal(throw_ins={"bidder_hand": LOW_HAND}), "throw_ins"),
        (deal(throw_ins=[LOW_HAND]), "throw_ins[0]"),
        (deal(throw_ins=[{"bidder": "S2"}]), "throw_ins[0].bidder_hand"),
        (deal(throw_ins=[{"bidder_hand": LOW_HAND, "value": 9}]), "throw_ins[0].value"),
        (deal(card_majority="A"), "card_majority"),
    ],
)
def test_a_malformed_deal_is_refused_as_invalid_on_its_field(payload: Any, field: str | None) -> None:
    rules = ENGINE.rules_from_settings({}, 4)
    with pytest.raises(RuleViolation) as caught:
        ENGINE.parse_deal(payload, rules)
    assert (caught.value.code, caught.value.field) == ("invalid", field)


def test_cards_and_seats_are_accepted_in_lower_case_and_with_t_for_ten() -> None:
    rules = ENGINE.rules_from_settings({}, 4)
    throw_ins = [{"bidder": "s2", "bidder_hand": ["tc", "2d", "3h", "4s"]}]
    payload = deal("s1", value=10, hand=["th", "4c", "ks", "2C"], throw_ins=throw_ins)
    payload["bid"]["bidder"] = "s2"
    with pytest.raises(RuleViolation) as caught:
        ENGINE.play_deal(ENGINE.initial_state(rules), ENGINE.parse_deal(payload, rules), rules)
    assert caught.value.code == "throw_in_not_allowed"
    payload["throw_ins"] = [{"bidder": "s2", "bidder_hand": ["8c", "2d", "3h", "4s"]}]
    parsed = ENGINE.parse_deal(payload, rules)
    assert ENGINE.deal_json(parsed) == {
        "dealer": "S1",
        "throw_ins": [{"bidder": "S2", "bidder_hand": ["8C", "2D", "3H", "4S"]}],
        "bid": {"bidder": "S2", "value": 10, "bidder_hand": ["10H", "4C", "KS", "2C"]},
        "card_points": {"A": 50, "B": 50},
        "sweeps": sweeps(),
    }


def test_a_left_out_bidder_is_the_dealers_right() -> None:
    rules = ENGINE.rules_from_settings({}, 4)
    parsed = ENGINE.parse_deal({"dealer": "S4", "bid": {"value": 9}, "card_points": {"A": 50, "B": 50}}, rules)
    assert ENGINE.deal_json(parsed)["bid"] == {"bidder": "S1", "value": 9}


# --- §S.9 house rules ----------------------------------------------------------------------------------------------


def test_sweep_values_are_house_rules() -> None:
    settings = {"sweep_points": 40, "first_play_sweep_points": 50, "last_play_sweep_points": 50}
    _, [result] = play([deal("S1", 40, sweep=sweeps(a=(1, 0, 1), b=(0, 1, 0)))], **settings)
    assert result["team_scores"] == {"A": 130, "B": 110}


@pytest.mark.parametrize(("baazi_lead", "deals_to_baazi"), [(30, 1), (100, 2), (500, 10)])
def test_the_baazi_lead_is_a_house_rule(baazi_lead: int, deals_to_baazi: int) -> None:
    _, results = play([deal("S1", 75)] * deals_to_baazi, baazi_lead=baazi_lead)
    assert [r["baazi"] is not None for r in results] == [False] * (deals_to_baazi - 1) + [True]


def test_a_minimum_team_score_of_zero_switches_the_nine_point_rule_off() -> None:
    _, results = play([deal("S1", 95), deal("S2", 100)], minimum_team_score=0)
    assert (results[0]["baazi"], results[0]["running_lead"]) == (None, lead("A", 90))
    assert results[1]["baazi"] == {"winner": "A", "reason": "lead_reached"}


def test_a_higher_minimum_team_score_loses_the_baazi_sooner() -> None:
    _, [result] = play([deal("S1", 80)], minimum_team_score=25)
    assert result["baazi"] == {"winner": "A", "reason": "opponent_below_minimum"}


def test_the_lead_beyond_the_baazi_carries_over_when_the_house_rule_says_so() -> None:
    _, results = play([deal("S1", 85), deal("S2", 80)], lead_beyond_baazi_carries_over=True)
    assert results[1]["baazi"] == {"winner": "A", "reason": "lead_reached"}
    assert results[1]["running_lead"] == lead("A", 30)


def test_a_carried_over_lead_of_a_whole_baazi_settles_one_baazi_per_deal() -> None:
    sweep = sweeps(a=(5, 0, 0))
    _, results = play([deal("S1", 60, sweep=sweep), deal("S4", 50)], lead_beyond_baazi_carries_over=True)
    assert results[0]["running_lead"] == lead("A", 170)
    assert results[1]["running_lead"] == lead("A", 70)
    assert results[1]["baazis_won"] == {"A": 2, "B": 0}


def test_the_nine_point_rule_resets_the_lead_even_when_the_excess_carries_over() -> None:
    _, results = play([deal("S1", 60), deal("S2", 95)], lead_beyond_baazi_carries_over=True)
    assert results[1]["running_lead"] == lead(None, 0)


MAJORITY = {"card_points": "ten_of_diamonds_2_majority_4"}
SPADES = POINT_CARDS[:13]
OTHERS = POINT_CARDS[13:]


@pytest.mark.parametrize(("majority", "points"), [("A", (95, 5)), ("B", (91, 9)), ("tied", (93, 7))])
def test_the_majority_preset_gives_the_ten_of_diamonds_two_and_four_to_the_side_with_more_cards(
    majority: str,
    points: tuple[int, int],
) -> None:
    captured = {"A": SPADES, "B": OTHERS}
    _, [result] = play([deal(card_points=None, scoring_cards_captured=captured, card_majority=majority)], **MAJORITY)
    assert result["card_points"] == {"A": points[0], "B": points[1]}


def test_the_majority_preset_still_takes_totals_adding_up_to_100() -> None:
    _, [result] = play([deal("S1", 60)], **MAJORITY)
    assert result["team_scores"] == {"A": 60, "B": 40}
    assert refusal([deal("S1", 60, 41)], **MAJORITY).code == "card_points_total_mismatch"


@pytest.mark.parametrize(
    ("extra", "settings"),
    [
        ({"card_majority": None}, MAJORITY),
        ({"card_majority": "C"}, MAJORITY),
        ({"card_majority": ["A"]}, MAJORITY),
        ({"card_majority": "A"}, {}),
    ],
)
def test_card_majority_goes_with_listed_cards_under_the_majority_preset_only(
    extra: dict[str, Any],
    settings: dict[str, Any],
) -> None:
    rules = ENGINE.rules_from_settings(settings, 4)
    payload = deal(card_points=None, scoring_cards_captured={"A": SPADES, "B": OTHERS}, **extra)
    with pytest.raises(RuleViolation) as caught:
        ENGINE.parse_deal(payload, rules)
    assert (caught.value.code, caught.value.field) == ("invalid", "card_majority")


def test_without_enforce_dealer_order_any_dealer_is_accepted() -> None:
    _, results = play([deal("S1", 62), deal("S3", 50)])
    assert results[1]["next_dealer"] == "S4"


def test_with_enforce_dealer_order_the_first_dealer_is_free_and_the_computed_one_is_accepted() -> None:
    _, results = play([deal("S3", 62), deal("S4", 40), deal("S4", 40)], enforce_dealer_order=True)
    assert [r["next_dealer"] for r in results] == ["S4", "S4", "S1"]


# --- settings -------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("settings", "field"),
    [
        ("baazi_lead=100", "settings"),
        ({"sweep_point": 50}, "settings.sweep_point"),
        ({"sweep_points": -1}, "settings.sweep_points"),
        ({"sweep_points": "50"}, "settings.sweep_points"),
        ({"first_play_sweep_points": True}, "settings.first_play_sweep_points"),
        ({"last_play_sweep_points": 2.5}, "settings.last_play_sweep_points"),
        ({"baazi_lead": 0}, "settings.baazi_lead"),
        ({"baazi_lead": None}, "settings.baazi_lead"),
        ({"minimum_team_score": 51}, "settings.minimum_team_score"),
        ({"lead_beyond_baazi_carries_over": "yes"}, "settings.lead_beyond_baazi_carries_over"),
        ({"enforce_dealer_order": 1}, "settings.enforce_dealer_order"),
        ({"card_points": "all_cards_1"}, "settings.card_points"),
        ({"after_baazi_dealer_basis": "winner"}, "settings.after_baazi_dealer_basis"),
        ({"match_end": "open"}, "settings.match_end"),
        ({"match_end": {"type": "first_to"}}, "settings.match_end.type"),
        ({"match_end": {}}, "settings.match_end.type"),
        ({"match_end": {"type": "first_to_baazis"}}, "settings.match_end.count"),
        ({"match_end": {"type": "fixed_baazis", "count": 0}}, "settings.match_end.count"),
        ({"match_end": {"type": "fixed_baazis", "count": "3"}}, "settings.match_end.count"),
        ({"match_end": {"type": "open", "count": 3}}, "settings.match_end.count"),
        ({"match_end": {"type": "open", "until": 3}}, "settings.match_end.until"),
        ({"capture_must_take_all_sets": "yes"}, "settings.capture_must_take_all_sets"),
        ({"owner_may_throw_loose": 0}, "settings.owner_may_throw_loose"),
        ({"house_only_sweep_counts": None}, "settings.house_only_sweep_counts"),
        ({"loose_sets_join_house": "always"}, "settings.loose_sets_join_house"),
    ],
)
def test_a_bad_setting_is_refused_as_invalid_on_its_field(settings: Any, field: str) -> None:
    with pytest.raises(RuleViolation) as caught:
        ENGINE.rules_from_settings(settings, 4)
    assert (caught.value.code, caught.value.field) == ("invalid", field)


@pytest.mark.parametrize(
    ("settings", "count"), [({}, 3), ({}, 5), ({}, 6), ({}, 2), ({"players": 6}, 4), ({"players": "4"}, 4)]
)
def test_seep_is_played_by_exactly_four_players(settings: dict[str, Any], count: int) -> None:
    with pytest.raises(RuleViolation) as caught:
        ENGINE.rules_from_settings(settings, count)
    assert (caught.value.code, caught.value.field) == ("player_count_invalid", "players")
    assert caught.value.detail.startswith("Seep is played by exactly four players: S1 and S3 against S2 and S4.")


def test_the_players_setting_is_accepted_when_it_is_four() -> None:
    assert ENGINE.rules_from_settings({"players": 4}, 4) == ENGINE.rules_from_settings({}, 4)


@pytest.mark.parametrize(
    "settings",
    [
        {},
        {"baazi_lead": 500, "sweep_points": 25, "first_play_sweep_points": 50, "last_play_sweep_points": 50},
        {"minimum_team_score": 0, "lead_beyond_baazi_carries_over": True, "enforce_dealer_order": True},
        {"card_points": "ten_of_diamonds_2_majority_4", "after_baazi_dealer_basis": "raw_difference"},
        {"match_end": {"type": "first_to_baazis", "count": 3}},
        {"match_end": {"type": "fixed_baazis", "count": 4}},
        {"match_end": {"type": "open", "count": None}},
        {
            "capture_must_take_all_sets": False,
            "owner_may_throw_loose": False,
            "house_only_sweep_counts": False,
            "loose_sets_join_house": "compulsory",
        },
    ],
)
def test_settings_round_trip_with_every_default_filled_in(settings: dict[str, Any]) -> None:
    rules = ENGINE.rules_from_settings(settings, 4)
    written = ENGINE.settings_json(rules)
    assert ENGINE.rules_from_settings(written, 4) == rules
    assert set(written) == set(examples_for("seep")[0]["settings"]) | set(PLAY_LEVEL_DEFAULTS)
    for name, value in settings.items():
        if name != "match_end" or value.get("count") is not None:
            assert written[name] == value
