"""56's issue-20 house rules (fifty_six.md §F.2, §F.3, §F.3a, §F.9, §F.9a, F-A18..F-A22): each off by default."""

from __future__ import annotations

from typing import Any

import pytest

from games.rules.errors import RuleViolation
from tests.rules.test_fifty_six import ENGINE, bid, dbl, deal, one, pas, play, rdbl, refused, rules


def state_with_tables(the_rules: Any, **tables: int) -> Any:
    """A match before any deal with one team's tables set; the difference went to the first other team (tables are
    conserved)."""
    data = ENGINE.state_json(ENGINE.initial_state(the_rules))
    (team, count), = tables.items()
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
    assert (result["transfers"], result["tables_after"]) == ([{"from": "A", "to": "B", "owed": 4, "tables": 4}],
                                                             {"A": 8, "B": 16})


def test_without_the_setting_the_same_redouble_is_out_of_turn() -> None:
    violation = refused(rules(), [deal("S1", [bid("S2", 30), dbl("S3"), *pas("S4"), rdbl("S2")], 33)])
    assert (violation.code, violation.field) == ("call_out_of_turn", "auction[3]")
    assert violation.extra == {"seat": "S2", "expected_seat": "S1"}


def test_a_partner_who_passed_may_redouble_out_of_turn_before_the_closing_pass() -> None:
    auction = [bid("S2", 30), dbl("S3"), *pas("S4", "S1"), rdbl("S4")]
    result = one(rules(redouble_out_of_turn=True, passed_player_may_bid_again=False), deal("S1", auction, 20))
    assert (result["contract"]["bidder"], result["contract"]["doubling"], result["made"]) == ("S2", "redoubled",
                                                                                              False)
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
    assert (violation.code, violation.field, violation.extra["expected_seat"]) == ("call_out_of_turn",
                                                                                   "auction[1]", "S3")


def test_a_seat_out_of_the_match_cannot_redouble_out_of_turn() -> None:
    six = rules(6, redouble_out_of_turn=True)
    data = ENGINE.state_json(ENGINE.initial_state(six))
    data.update(tables={"T1": 0, "T2": 18, "T3": 18}, eliminated=[{"team": "T1", "reason": "no_tables_left"}],
                active_seats=["S2", "S3", "S5", "S6"], next_deal_cards={"deck_size": 48, "cards_per_player": 12})
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
    assert violation.extra == {"seat": "S3", "legal": ["pass"], "team": "A", "tables_held": 1, "could_cost": 2,
                               "band": "28-39"}


def test_a_bid_beyond_the_tables_names_the_bids_still_affordable() -> None:
    state = state_with_tables(LIMITED, B=2)
    violation = refusal_at(LIMITED, state, deal("S1", [bid("S2", 40)], 42))
    assert violation.detail == ("Team B holds 2 tables; a bid of 40 could cost it 3 (band 40-47), so B may bid 28 to "
                                "39 or pass.")
    assert violation.extra["legal"] == ["bid 28 to 39", "pass"]


def test_a_double_needs_the_doubled_win_of_the_standing_bid() -> None:
    two_tables = state_with_tables(LIMITED, A=2)
    assert result_at(LIMITED, two_tables, deal("S1", [bid("S2", 30), dbl("S3"), *pas("S4", "S1", "S2")], 33))[
        "contract"]["doubling"] == "doubled"
    one_table = state_with_tables(LIMITED, A=1)
    violation = refusal_at(LIMITED, one_table, deal("S1", [bid("S2", 30), dbl("S3")], 33))
    assert (violation.code, violation.field, violation.extra["could_cost"]) == ("call_not_affordable",
                                                                                "auction[1]", 2)
    assert violation.detail == "Team A holds 1 table; a double of 30 could cost it 2 (band 28-39), so A can only pass."


def test_a_redouble_needs_four_times_the_loss() -> None:
    the_rules = rules(calls_limited_by_tables=True)
    enough = state_with_tables(the_rules, B=8)
    result = result_at(the_rules, enough, deal("S1", [bid("S2", 30), dbl("S3"), rdbl("S4")], 20))
    assert result["transfers"] == [{"from": "B", "to": "A", "owed": 8, "tables": 8}]
    short = state_with_tables(the_rules, B=7)
    violation = refusal_at(the_rules, short, deal("S1", [bid("S2", 30), dbl("S3"), rdbl("S4")], 20))
    assert (violation.code, violation.field, violation.extra["could_cost"]) == ("call_not_affordable",
                                                                                "auction[2]", 8)
    assert violation.extra["legal"] == ["bid 31 to 56", "pass"]


def test_with_double_mode_add_the_double_and_redouble_costs_are_those_of_f4() -> None:
    the_rules = rules(calls_limited_by_tables=True, double_mode="add")
    # a double of 30: win 1 + 1 = 2; a redouble of 30: lose 2 + 2 = 4
    assert refusal_at(the_rules, state_with_tables(the_rules, A=1),
                      deal("S1", [bid("S2", 30), dbl("S3")], 33)).extra["could_cost"] == 2
    assert refusal_at(the_rules, state_with_tables(the_rules, B=3),
                      deal("S1", [bid("S2", 30), dbl("S3"), rdbl("S4")], 33)).extra["could_cost"] == 4
    result = result_at(the_rules, state_with_tables(the_rules, B=4), deal("S1", [bid("S2", 30), dbl("S3"),
                                                                                 rdbl("S4")], 20))
    assert result["transfers"] == [{"from": "B", "to": "A", "owed": 4, "tables": 4}]


def test_with_three_teams_a_bid_must_cover_the_loss_to_each_other_team() -> None:
    six = rules(6, calls_limited_by_tables=True)
    violation = refusal_at(six, state_with_tables(six, T2=5), deal("S1", [bid("S2", 40)], 42))
    assert (violation.code, violation.extra["could_cost"], violation.extra["tables_held"]) == (
        "call_not_affordable", 6, 5)
    result = result_at(six, state_with_tables(six, T2=6), deal("S1", [bid("S2", 40), *pas("S3", "S4", "S5", "S6",
                                                                                         "S1")], 10))
    assert result["transfers"] == [{"from": "T2", "to": "T3", "owed": 3, "tables": 3},
                                   {"from": "T2", "to": "T1", "owed": 3, "tables": 3}]


def test_the_forced_all_pass_contract_is_never_refused_and_pays_what_it_can() -> None:
    state = state_with_tables(LIMITED, B=1)
    result = result_at(LIMITED, state, deal("S1", pas("S2", "S3", "S4", "S1"), 10))
    assert result["contract"]["forced"] is True
    assert result["transfers"] == [{"from": "B", "to": "A", "owed": 2, "tables": 1}]
    assert result["eliminated"] == [{"team": "B", "reason": "could_not_pay_in_full"}]


def test_an_out_of_turn_redouble_is_limited_like_any_redouble() -> None:
    the_rules = rules(calls_limited_by_tables=True, redouble_out_of_turn=True)
    violation = refusal_at(the_rules, state_with_tables(the_rules, B=7),
                           deal("S1", [bid("S2", 30), dbl("S3"), *pas("S4"), rdbl("S2")], 33))
    assert (violation.code, violation.field) == ("call_not_affordable", "auction[3]")


# --- F-A21: eight players with the 48-card pack --------------------------------------------------------------------


def test_56_v22_eight_players_with_48_cards_are_dealt_6_each() -> None:
    eight = rules(8, eight_player_pack=48)
    assert ENGINE.state_json(ENGINE.initial_state(eight))["next_deal_cards"] == {"deck_size": 48,
                                                                                 "cards_per_player": 6}
    state, results = play(eight, [deal("S1", [bid("S2", 30, "clubs"), *pas("S3", "S4", "S5", "S6", "S7", "S8",
                                                                           "S1")], 31)])
    assert results[0]["transfers"] == [{"from": "T3", "to": "T2", "owed": 1, "tables": 1},
                                       {"from": "T4", "to": "T2", "owed": 1, "tables": 1},
                                       {"from": "T1", "to": "T2", "owed": 1, "tables": 1}]
    assert results[0]["tables_after"] == {"T1": 11, "T2": 15, "T3": 11, "T4": 11}
    assert ENGINE.state_json(state)["next_deal_cards"] == {"deck_size": 48, "cards_per_player": 6}


@pytest.mark.parametrize(("players", "cards"), [(4, (48, 12)), (6, (48, 8)), (8, (64, 8))])
def test_the_eight_player_pack_changes_nothing_for_fewer_players_or_by_default(players: int, cards: tuple) -> None:
    the_rules = rules(players, eight_player_pack=48) if players < 8 else rules(players)
    assert ENGINE.state_json(ENGINE.initial_state(the_rules))["next_deal_cards"] == {
        "deck_size": cards[0], "cards_per_player": cards[1]}


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
    assert violation.detail == ("calls_limited_by_tables cannot be combined with all_pass_rule first_speaker_must_bid: "
                                "a first speaker short of tables could neither pass nor bid.")
    assert violation.extra == {"setting": "calls_limited_by_tables",
                               "conflicts_with": {"all_pass_rule": "first_speaker_must_bid"}}


@pytest.mark.parametrize(("players", "limit"), [(4, 13), (6, 8), (8, 6)])
def test_the_redeal_threshold_is_bounded_by_the_player_count(players: int, limit: int) -> None:
    assert rules(players, redeal_hand_points_at_most=limit).redeal_hand_points_at_most == limit
    with pytest.raises(RuleViolation) as caught:
        rules(players, redeal_hand_points_at_most=limit + 1)
    violation = caught.value
    assert (violation.code, violation.field) == ("settings_conflict", "settings.redeal_hand_points_at_most")
    assert violation.extra == {"setting": "redeal_hand_points_at_most", "conflicts_with": {"players": players},
                               "maximum": limit}


@pytest.mark.parametrize("value", [-1, 2.5, "2", True])
def test_a_negative_or_fractional_redeal_threshold_is_invalid(value: Any) -> None:
    with pytest.raises(RuleViolation) as caught:
        rules(redeal_hand_points_at_most=value)
    assert (caught.value.code, caught.value.field) == ("invalid", "settings.redeal_hand_points_at_most")


def test_the_other_combinations_are_accepted() -> None:
    rules(calls_limited_by_tables=True, redouble_out_of_turn=True, passed_player_may_bid_again=False)
    rules(4, four_player_pack=32, redeal_hand_points_at_most=7, eight_player_pack=48,
          trump_lead_rule="after_trump_played")
    rules(calls_limited_by_tables=True, all_pass_rule="redeal")
