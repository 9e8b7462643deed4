"""56's issue-20 house rules (fifty_six.md §F.2, §F.3, §F.3a, §F.9, §F.9a, F-A18..F-A22): each off by default."""

from __future__ import annotations

from typing import Any

import pytest

from games.rules.cards import parse_card
from games.rules.errors import RuleViolation
from games.rules.fifty_six.auction import Contract
from games.rules.fifty_six.engine import ENGINE
from games.rules.fifty_six.referee import find_trump_leads
from games.rules.tricks import Play, Record, TrickResult
from tests.support.fifty_six import bid, dbl, deal, one, pas, play, rdbl, refused, rules


def state_with_tables(the_rules: Any, **tables: int) -> Any:
    """A match before any deal with one team's tables set; the difference went to the first other team (tables are
    conserved)."""
    data = ENGINE.state_json(ENGINE.initial_state(the_rules))
    ((team, count),) = tables.items()
    other = next(name for name in data["tables"] if name != team)
    data["tables"][other] += data["tables"][team] - count
    data["tables"][team] = count
    return ENGINE.state_from_json(data, the_rules)


def refusal_at(the_rules: Any, state: Any, payload: dict[str, Any]) -> RuleViolation:
    with pytest.raises(RuleViolation) as caught:
        ENGINE.play_deal(state, ENGINE.parse_deal(payload, the_rules), the_rules)
    return caught.value


def result_at(the_rules: Any, state: Any, payload: dict[str, Any]) -> dict[str, Any]:
    return ENGINE.play_deal(state, ENGINE.parse_deal(payload, the_rules), the_rules).result


# --- F-A18: redouble out of turn -----------------------------------------------------------------------------------

OUT_OF_TURN = rules(redouble_out_of_turn=True)


def test_56_v01_the_bidder_redoubles_out_of_turn_after_the_double() -> None:
    result = one(OUT_OF_TURN, deal("S1", [bid("S2", 30), dbl("S3"), *pas("S4"), rdbl("S2")], 33))
    assert result["contract"]["doubling"] == "redoubled"
    assert (result["transfers"], result["tables_after"]) == (
        [{"from": "A", "to": "B", "owed": 4, "tables": 4}],
        {"A": 8, "B": 16},
    )


def test_without_the_setting_the_same_redouble_is_out_of_turn() -> None:
    violation = refused(rules(), [deal("S1", [bid("S2", 30), dbl("S3"), *pas("S4"), rdbl("S2")], 33)])
    assert (violation.code, violation.field) == ("call_out_of_turn", "auction[3]")
    assert violation.extra == {"seat": "S2", "expected_seat": "S1"}


def test_a_partner_who_passed_may_redouble_out_of_turn_before_the_closing_pass() -> None:
    auction = [bid("S2", 30), dbl("S3"), *pas("S4", "S1"), rdbl("S4")]
    result = one(rules(redouble_out_of_turn=True, passed_player_may_bid_again=False), deal("S1", auction, 20))
    assert (result["contract"]["bidder"], result["contract"]["doubling"], result["made"]) == ("S2", "redoubled", False)
    assert result["transfers"] == [{"from": "B", "to": "A", "owed": 8, "tables": 8}]


def test_a_redouble_after_the_closing_pass_is_auction_closed() -> None:
    violation = refused(OUT_OF_TURN, [deal("S1", [bid("S2", 30), dbl("S3"), *pas("S4", "S1", "S2"), rdbl("S4")], 33)])
    assert (violation.code, violation.field) == ("auction_closed", "auction[5]")


def test_a_redouble_out_of_turn_still_needs_a_double_and_the_doubled_team() -> None:
    no_double = refused(OUT_OF_TURN, [deal("S1", [bid("S2", 30), *pas("S3"), rdbl("S2")], 33)])
    assert (no_double.code, no_double.field) == ("redouble_not_allowed", "auction[2]")
    wrong_team = refused(OUT_OF_TURN, [deal("S1", [bid("S2", 30), dbl("S3"), rdbl("S1")], 33)])
    assert (wrong_team.code, wrong_team.field) == ("redouble_not_allowed", "auction[2]")


def test_bids_passes_and_doubles_keep_their_turns_under_the_setting() -> None:
    violation = refused(OUT_OF_TURN, [deal("S1", [bid("S2", 30), dbl("S4")], 33)])
    assert (violation.code, violation.field, violation.extra["expected_seat"]) == (
        "call_out_of_turn",
        "auction[1]",
        "S3",
    )


def test_a_seat_out_of_the_match_cannot_redouble_out_of_turn() -> None:
    six = rules(6, redouble_out_of_turn=True)
    data = ENGINE.state_json(ENGINE.initial_state(six))
    data.update(
        tables={"T1": 0, "T2": 18, "T3": 18},
        eliminated=[{"team": "T1", "reason": "no_tables_left"}],
        active_seats=["S2", "S3", "S5", "S6"],
        next_deal_cards={"deck_size": 48, "cards_per_player": 12},
    )
    state = ENGINE.state_from_json(data, six)
    violation = refusal_at(six, state, deal("S6", [bid("S2", 30), dbl("S3"), rdbl("S4")], 33))
    assert (violation.code, violation.field) == ("call_out_of_turn", "auction[2]")


# --- F-A19: calls limited by the tables held -----------------------------------------------------------------------

LIMITED = rules(calls_limited_by_tables=True, starting_tables=3)


def test_56_v07_b_bids_40_with_exactly_3_tables_and_a_with_1_table_may_only_pass() -> None:
    first = deal("S1", [bid("S2", 40, "clubs"), *pas("S3", "S4", "S1")], 42)
    _, results = play(LIMITED, [first])
    assert results[0]["tables_after"] == {"A": 1, "B": 5}
    violation = refused(LIMITED, [first, deal("S2", [bid("S3", 28, "spades")], 30)])
    assert (violation.code, violation.field) == ("call_not_affordable", "auction[0]")
    assert violation.detail == "Team A holds 1 table; a bid of 28 could cost it 2 (band 28-39), so A can only pass."
    assert violation.extra == {
        "seat": "S3",
        "legal": ["pass"],
        "calls_left": {"highest_bid": 0, "pass": True, "double": False, "redouble": False},
        "team": "A",
        "tables_held": 1,
        "could_cost": 2,
        "band": "28-39",
    }


def test_a_bid_beyond_the_tables_names_the_bids_still_affordable() -> None:
    state = state_with_tables(LIMITED, B=2)
    violation = refusal_at(LIMITED, state, deal("S1", [bid("S2", 40)], 42))
    assert violation.detail == (
        "Team B holds 2 tables; a bid of 40 could cost it 3 (band 40-47), so B may bid 28 to 39 or pass."
    )
    assert violation.extra["legal"] == ["bid 28 to 39", "pass"]
    assert violation.extra["calls_left"] == {"highest_bid": 39, "pass": True, "double": False, "redouble": False}


def test_a_double_needs_the_doubled_win_of_the_standing_bid() -> None:
    two_tables = state_with_tables(LIMITED, A=2)
    assert (
        result_at(LIMITED, two_tables, deal("S1", [bid("S2", 30), dbl("S3"), *pas("S4", "S1", "S2")], 33))["contract"][
            "doubling"
        ]
        == "doubled"
    )
    one_table = state_with_tables(LIMITED, A=1)
    violation = refusal_at(LIMITED, one_table, deal("S1", [bid("S2", 30), dbl("S3")], 33))
    assert (violation.code, violation.field, violation.extra["could_cost"]) == ("call_not_affordable", "auction[1]", 2)
    assert violation.detail == "Team A holds 1 table; a double of 30 could cost it 2 (band 28-39), so A can only pass."


def test_a_redouble_needs_four_times_the_loss() -> None:
    the_rules = rules(calls_limited_by_tables=True)
    enough = state_with_tables(the_rules, B=8)
    result = result_at(the_rules, enough, deal("S1", [bid("S2", 30), dbl("S3"), rdbl("S4")], 20))
    assert result["transfers"] == [{"from": "B", "to": "A", "owed": 8, "tables": 8}]
    short = state_with_tables(the_rules, B=7)
    violation = refusal_at(the_rules, short, deal("S1", [bid("S2", 30), dbl("S3"), rdbl("S4")], 20))
    assert (violation.code, violation.field, violation.extra["could_cost"]) == ("call_not_affordable", "auction[2]", 8)
    assert violation.extra["legal"] == ["bid 31 to 56", "pass"]


def test_with_double_mode_add_the_double_and_redouble_costs_are_those_of_f4() -> None:
    the_rules = rules(calls_limited_by_tables=True, double_mode="add")
    # a double of 30: win 1 + 1 = 2; a redouble of 30: lose 2 + 2 = 4
    assert (
        refusal_at(the_rules, state_with_tables(the_rules, A=1), deal("S1", [bid("S2", 30), dbl("S3")], 33)).extra[
            "could_cost"
        ]
        == 2
    )
    assert (
        refusal_at(
            the_rules, state_with_tables(the_rules, B=3), deal("S1", [bid("S2", 30), dbl("S3"), rdbl("S4")], 33)
        ).extra["could_cost"]
        == 4
    )
    result = result_at(
        the_rules, state_with_tables(the_rules, B=4), deal("S1", [bid("S2", 30), dbl("S3"), rdbl("S4")], 20)
    )
    assert result["transfers"] == [{"from": "B", "to": "A", "owed": 4, "tables": 4}]


def test_with_three_teams_a_bid_must_cover_the_loss_to_each_other_team() -> None:
    six = rules(6, calls_limited_by_tables=True)
    violation = refusal_at(six, state_with_tables(six, T2=5), deal("S1", [bid("S2", 40)], 42))
    assert (violation.code, violation.extra["could_cost"], violation.extra["tables_held"]) == (
        "call_not_affordable",
        6,
        5,
    )
    result = result_at(
        six, state_with_tables(six, T2=6), deal("S1", [bid("S2", 40), *pas("S3", "S4", "S5", "S6", "S1")], 10)
    )
    assert result["transfers"] == [
        {"from": "T2", "to": "T3", "owed": 3, "tables": 3},
        {"from": "T2", "to": "T1", "owed": 3, "tables": 3},
    ]


def test_the_forced_all_pass_contract_is_never_refused_and_pays_what_it_can() -> None:
    state = state_with_tables(LIMITED, B=1)
    result = result_at(LIMITED, state, deal("S1", pas("S2", "S3", "S4", "S1"), 10))
    assert result["contract"]["forced"] is True
    assert result["transfers"] == [{"from": "B", "to": "A", "owed": 2, "tables": 1}]
    assert result["eliminated"] == [{"team": "B", "reason": "could_not_pay_in_full"}]


def test_an_out_of_turn_redouble_is_limited_like_any_redouble() -> None:
    the_rules = rules(calls_limited_by_tables=True, redouble_out_of_turn=True)
    violation = refusal_at(
        the_rules, state_with_tables(the_rules, B=7), deal("S1", [bid("S2", 30), dbl("S3"), *pas("S4"), rdbl("S2")], 33)
    )
    assert (violation.code, violation.field) == ("call_not_affordable", "auction[3]")


# --- F-A21: eight players with the 48-card pack --------------------------------------------------------------------


def test_56_v22_eight_players_with_48_cards_are_dealt_6_each() -> None:
    eight = rules(8, eight_player_pack=48)
    assert ENGINE.state_json(ENGINE.initial_state(eight))["next_deal_cards"] == {"deck_size": 48, "cards_per_player": 6}
    state, results = play(
        eight, [deal("S1", [bid("S2", 30, "clubs"), *pas("S3", "S4", "S5", "S6", "S7", "S8", "S1")], 31)]
    )
    assert results[0]["transfers"] == [
        {"from": "T3", "to": "T2", "owed": 1, "tables": 1},
        {"from": "T4", "to": "T2", "owed": 1, "tables": 1},
        {"from": "T1", "to": "T2", "owed": 1, "tables": 1},
    ]
    assert results[0]["tables_after"] == {"T1": 11, "T2": 15, "T3": 11, "T4": 11}
    assert ENGINE.state_json(state)["next_deal_cards"] == {"deck_size": 48, "cards_per_player": 6}


@pytest.mark.parametrize(("players", "cards"), [(4, (48, 12)), (6, (48, 8)), (8, (64, 8))])
def test_the_eight_player_pack_changes_nothing_for_fewer_players_or_by_default(
    players: int, cards: tuple[Any, ...]
) -> None:
    the_rules = rules(players, eight_player_pack=48) if players < 8 else rules(players)
    assert ENGINE.state_json(ENGINE.initial_state(the_rules))["next_deal_cards"] == {
        "deck_size": cards[0],
        "cards_per_player": cards[1],
    }


def test_eight_player_pack_is_64_or_48() -> None:
    with pytest.raises(RuleViolation) as caught:
        rules(8, eight_player_pack=32)
    assert (caught.value.code, caught.value.field) == ("invalid", "settings.eight_player_pack")


# --- §F.9 settings_conflict ----------------------------------------------------------------------------------------


def test_calls_limited_by_tables_conflicts_with_a_first_speaker_who_must_bid() -> None:
    with pytest.raises(RuleViolation) as caught:
        rules(calls_limited_by_tables=True, all_pass_rule="first_speaker_must_bid")
    violation = caught.value
    assert (violation.code, violation.field) == ("settings_conflict", "settings.calls_limited_by_tables")
    assert violation.detail == (
        "calls_limited_by_tables cannot be combined with all_pass_rule first_speaker_must_bid: "
        "a first speaker short of tables could neither pass nor bid."
    )
    assert violation.extra == {
        "setting": "calls_limited_by_tables",
        "conflicts_with": {"all_pass_rule": "first_speaker_must_bid"},
    }


@pytest.mark.parametrize(("players", "limit"), [(4, 13), (6, 8), (8, 6)])
def test_the_redeal_threshold_is_bounded_by_the_player_count(players: int, limit: int) -> None:
    assert rules(players, redeal_hand_points_at_most=limit).redeal_hand_points_at_most == limit
    with pytest.raises(RuleViolation) as caught:
        rules(players, redeal_hand_points_at_most=limit + 1)
    violation = caught.value
    assert (violation.code, violation.field) == ("settings_conflict", "settings.redeal_hand_points_at_most")
    assert violation.extra == {
        "setting": "redeal_hand_points_at_most",
        "conflicts_with": {"players": players},
        "maximum": limit,
    }


@pytest.mark.parametrize("value", [-1, 2.5, "2", True])
def test_a_negative_or_fractional_redeal_threshold_is_invalid(value: Any) -> None:
    with pytest.raises(RuleViolation) as caught:
        rules(redeal_hand_points_at_most=value)
    assert (caught.value.code, caught.value.field) == ("invalid", "settings.redeal_hand_points_at_most")


def test_the_other_combinations_are_accepted() -> None:
    rules(calls_limited_by_tables=True, redouble_out_of_turn=True, passed_player_may_bid_again=False)
    rules(
        4, four_player_pack=32, redeal_hand_points_at_most=7, eight_player_pack=48, trump_lead_rule="after_trump_played"
    )
    rules(calls_limited_by_tables=True, all_pass_rule="redeal")


# --- §F.3a, F-A20: automatic redeals ------------------------------------------------------------------------------

WEAK = ["KS", "KS", "QS", "QS", "KH", "KH", "QH", "QH", "KD", "QD", "10C", "AC"]  # worth 2
NO_JACK_B = {
    "S2": ["9S", "9S", "AS", "AS", "10S", "10S", "KS", "KS", "QS", "QS", "9H", "9H"],
    "S4": ["AH", "AH", "10H", "10H", "KH", "KH", "QH", "QH", "9D", "9D", "AD", "AD"],
}
REDEALS = rules(redeal_hand_points_at_most=2, redeal_team_without_jack=True, enforce_dealer_order=True)


def weak_hand(seat: str = "S3", hand: list[str] | None = None, dealer: str = "S1", **extra: Any) -> dict[str, Any]:
    return {
        "dealer": dealer,
        "redeal": {"reason": "hand_at_or_below_threshold", "seat": seat, "hand": hand if hand is not None else WEAK},
        **extra,
    }


def no_jack(team: str = "B", hands: dict[str, list[str]] | None = None) -> dict[str, Any]:
    return {
        "dealer": "S1",
        "redeal": {"reason": "team_without_jack", "team": team, "hands": hands if hands is not None else NO_JACK_B},
    }


def test_56_v12_a_weak_hand_is_thrown_in_and_the_same_dealer_deals_again() -> None:
    state, results = play(REDEALS, [weak_hand(), deal("S1", [bid("S2", 32), *pas("S3", "S4", "S1")], 35)])
    assert results[0] == {
        "contract": None,
        "made": None,
        "band": None,
        "transfers": [],
        "tables_after": {"A": 12, "B": 12},
        "eliminated": [],
        "active_seats_after": ["S1", "S2", "S3", "S4"],
        "next_dealer": "S1",
        "match_winner": None,
        "redeal": {"reason": "hand_at_or_below_threshold", "seat": "S3"},
    }
    assert results[1]["tables_after"] == {"A": 11, "B": 13}
    assert ENGINE.state_json(state)["next_dealer"] == "S2"


def test_after_a_redeal_record_another_dealer_is_out_of_turn() -> None:
    violation = refused(REDEALS, [weak_hand(), deal("S2", [bid("S3", 32), *pas("S4", "S1", "S2")], 35)])
    assert (violation.code, violation.field, violation.extra["expected_dealer"]) == (
        "dealer_out_of_turn",
        "dealer",
        "S1",
    )


def test_a_team_without_a_jack_has_the_deal_thrown_in() -> None:
    result = one(REDEALS, no_jack())
    assert (result["redeal"], result["next_dealer"], result["transfers"]) == (
        {"reason": "team_without_jack", "team": "B"},
        "S1",
        [],
    )


def test_a_redeal_record_reads_back_as_sent_in_canonical_cards() -> None:
    payload = weak_hand(hand=[card.lower() for card in WEAK])
    assert ENGINE.deal_json(ENGINE.parse_deal(payload, REDEALS)) == weak_hand()
    assert ENGINE.deal_json(ENGINE.parse_deal(no_jack(), REDEALS)) == no_jack()


def test_a_hand_worth_one_point_more_than_the_threshold_is_not_a_redeal() -> None:
    hand = [*WEAK[:-1], "10S"]  # KS KS ... 10C 10S: worth 2, still fine; swap a king for an ace: worth 3
    assert one(REDEALS, weak_hand(hand=hand))["redeal"]["seat"] == "S3"
    violation = refused(REDEALS, [weak_hand(hand=["AS", *WEAK[1:]])])
    assert (violation.code, violation.field) == ("redeal_not_allowed", "redeal.hand")
    assert violation.detail == "S3's hand is worth 3 card points; this match redeals only for 2 or fewer."
    assert violation.extra == {"hand_points": 3, "maximum": 2}


def test_a_jack_in_a_hand_of_the_team_refuses_the_team_claim_on_that_hand() -> None:
    hands = {"S2": NO_JACK_B["S2"], "S4": [*NO_JACK_B["S4"][:-1], "JC"]}
    violation = refused(REDEALS, [no_jack(hands=hands)])
    assert (violation.code, violation.field, violation.extra) == (
        "redeal_not_allowed",
        "redeal.hands.S4",
        {"card": "JC"},
    )
    assert violation.detail == ("S4 holds J♣; this match redeals only when no player of team B holds a jack.")


@pytest.mark.parametrize(
    ("the_rules", "payload", "code", "field"),
    [
        (REDEALS, weak_hand() | {"redeal": {"reason": "weak", "seat": "S3", "hand": WEAK}}, "invalid", "redeal.reason"),
        (rules(redeal_team_without_jack=True), weak_hand(), "variant_not_enabled", "redeal"),
        (rules(redeal_hand_points_at_most=2), no_jack(), "variant_not_enabled", "redeal"),
        (REDEALS, weak_hand(auction=[]), "invalid", "auction"),
        (REDEALS, weak_hand(bidding_team_card_points=30), "invalid", "bidding_team_card_points"),
        (REDEALS, weak_hand(seat="S9"), "invalid", "redeal.seat"),
        (REDEALS, no_jack(team="C"), "invalid", "redeal.team"),
        (REDEALS, no_jack(hands={"S2": NO_JACK_B["S2"]}), "invalid", "redeal.hands"),
        (REDEALS, no_jack(hands={**NO_JACK_B, "S1": WEAK}), "invalid", "redeal.hands"),
        (REDEALS, weak_hand(hand=WEAK[:11]), "hand_size_invalid", "redeal.hand"),
        (REDEALS, no_jack(hands={**NO_JACK_B, "S2": NO_JACK_B["S2"][:8]}), "hand_size_invalid", "redeal.hands.S2"),
        (REDEALS, weak_hand(hand=["7C", *WEAK[1:]]), "card_not_in_pack", "redeal.hand[0]"),
        (REDEALS, weak_hand(hand=[*WEAK[:-1], "KS"]), "card_count_exceeds_pack", "redeal.hand"),
        (
            REDEALS,
            no_jack(hands={**NO_JACK_B, "S4": [*NO_JACK_B["S4"][:-1], "9S"]}),
            "card_count_exceeds_pack",
            "redeal.hands",
        ),
    ],
)
def test_every_refusal_of_a_redeal_record(the_rules: Any, payload: dict[str, Any], code: str, field: str) -> None:
    violation = refused(the_rules, [payload])
    assert (violation.code, violation.field) == (code, field)


def test_every_hand_size_is_checked_before_any_card_of_the_team() -> None:
    hands = {"S2": ["7C", *NO_JACK_B["S2"][1:]], "S4": NO_JACK_B["S4"][:11]}
    violation = refused(REDEALS, [no_jack(hands=hands)])
    assert (violation.code, violation.field, violation.extra) == (
        "hand_size_invalid",
        "redeal.hands.S4",
        {"expected": 12, "given": 11},
    )


def test_the_refusal_of_a_redeal_whose_setting_is_off_names_the_setting() -> None:
    violation = refused(rules(redeal_hand_points_at_most=2), [no_jack()])
    assert violation.detail == ("Redeals for a team without a jack are not enabled for this match; enter the auction.")
    assert violation.extra == {"setting": "redeal_team_without_jack"}


def test_a_redeal_record_by_a_dealer_out_of_turn_is_refused_before_the_claim() -> None:
    violation = refused(REDEALS, [weak_hand(), weak_hand(dealer="S2", hand=["AS", *WEAK[1:]])])
    assert (violation.code, violation.field) == ("dealer_out_of_turn", "dealer")


def test_eight_players_with_the_48_card_pack_show_six_card_hands() -> None:
    eight = rules(8, eight_player_pack=48, redeal_hand_points_at_most=1)
    assert one(eight, weak_hand(hand=["KS", "QS", "KH", "QH", "KD", "AC"]))["redeal"]["seat"] == "S3"
    violation = refused(eight, [weak_hand(hand=["KS", "QS", "KH", "QH", "KD", "7C"])])
    assert (violation.code, violation.field) == ("card_not_in_pack", "redeal.hand[5]")


def test_a_redeal_record_is_a_deal_that_moves_no_tables() -> None:
    state, _ = play(REDEALS, [weak_hand(), weak_hand(), no_jack()])
    assert ENGINE.state_json(state)["tables"] == {"A": 12, "B": 12}


# --- §F.9a, F-A22: trumps not to be led before one is played ------------------------------------------------------

V19 = (
    "1 S2:AH S3:JH S4:9H S1:10H; 2 S3:AC S4:JC S1:10C S2:10C; 3 S4:10S S1:9D S2:JS S3:AS; 4 S2:AH S3:JH S4:JC "
    "S1:9H; 5 S3:AC S4:AD S1:9D S2:AD; 6 S3:9C S4:JS S1:JD S2:10D; 7 S4:9S S1:10D S2:AS S3:9S; 8 S4:10S S1:10H "
    "S2:JD S3:9C"
)
V19_TRICKS = [
    [{"seat": play.split(":")[0], "card": play.split(":")[1]} for play in part.split()[1:]] for part in V19.split("; ")
]


def v19(trump: str = "spades", **settings: Any) -> dict[str, Any]:
    the_rules = rules(four_player_pack=32, **settings)
    return one(
        the_rules, {"dealer": "S1", "auction": [bid("S2", 28, trump), *pas("S3", "S4", "S1")], "tricks": V19_TRICKS}
    )


def test_56_v19_s4_leads_a_spade_at_trick_3_before_any_spade_was_played() -> None:
    result = v19(trump_lead_rule="after_trump_played")
    assert result["trump_leads_found"] == [{"seat": "S4", "trick": 3, "card_led": "10S", "held_card": "JC"}]
    assert (result["card_points_by_team"], result["reneges_found"], result["made"]) == ({"A": 21, "B": 35}, [], True)
    assert result["transfers"] == [{"from": "A", "to": "B", "owed": 1, "tables": 1}]


def test_56_v19_under_forfeit_deal_the_early_trump_lead_fails_the_bidding_team() -> None:
    result = v19(trump_lead_rule="after_trump_played", revoke_rule="forfeit_deal")
    assert (result["made"], result["transfers"]) == (False, [{"from": "B", "to": "A", "owed": 2, "tables": 2}])
    assert result["decided_by_revoke"] == {"seat": "S4", "team": "B", "trick": 3}


def test_under_any_time_the_result_has_no_trump_leads_found() -> None:
    result = v19(revoke_rule="forfeit_deal")
    assert "trump_leads_found" not in result
    assert (result["made"], result["decided_by_revoke"]) == (True, None)


def _record(*tricks: str) -> Record:
    """Tricks written "S1:JS S2:9H ...", each won by its first seat (the winner does not matter here)."""
    results = []
    for number, text in enumerate(tricks, start=1):
        plays = tuple(Play(play.split(":")[0], parse_card(play.split(":")[1], "card")) for play in text.split())
        results.append(TrickResult(number, plays[0].seat, plays[0].seat, plays))
    return Record(tuple(results), ())


def _contract(trump: str) -> Contract:
    return Contract("S2", "B", 28, trump, "none", False)


def test_the_rule_never_applies_to_a_no_trumps_contract() -> None:
    assert find_trump_leads(_record("S1:JS S2:9H", "S1:AH S2:9S"), _contract("no_trumps")) == ()


def test_a_leader_holding_nothing_but_trumps_may_lead_one() -> None:
    assert find_trump_leads(_record("S1:JS S2:9H", "S1:9S S2:AH"), _contract("spades")) == ()


def test_a_trump_played_on_another_suit_breaks_trumps_for_later_leads() -> None:
    record = _record("S1:AH S2:9S", "S2:JS S1:AD", "S2:KH S1:QD")
    assert find_trump_leads(record, _contract("spades")) == ()
    early = _record("S1:AH S2:9H", "S2:JS S1:AD", "S2:KH S1:QD")
    assert [lead.as_json() for lead in find_trump_leads(early, _contract("spades"))] == [
        {"seat": "S2", "trick": 2, "card_led": "JS", "held_card": "KH"}
    ]
