"""Contract Rummy (shared/rules/contract_rummy.md): setup, scoring, progression and every refusal of §R.5.

Meld entry checks live in test_contract_rummy_melds.py, hypothesis properties in test_contract_rummy_properties.py.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from games.rules.contract_rummy.engine import ENGINE
from games.rules.errors import RuleViolation
from games.rules.registry import get_engine
from tests.examples import example_params, run_example
from tests.support.contract_rummy import full_match, make_rules, play, points_deal, refusal, setup_refusal, simple_deal

SEED_CONTRACTS = [(2, 0), (1, 1), (0, 2), (3, 0), (2, 1), (1, 2), (0, 3)]


RU01 = {
    "dealer": "S1",
    "went_out": "S3",
    "cards_left": {"S1": ["AS", "KD", "7C"], "S2": ["JKR", "2H", "10S"], "S3": [], "S4": ["QH", "QS", "5D", "AH"]},
}


# --- The worked examples, with P-seats renamed in error fields and messages too --------------------------------------


def _renamed(text: str | None) -> str | None:
    return None if text is None else re.sub(r"\bP(\d+)\b", r"S\1", text)


@pytest.mark.parametrize("case", example_params("contract_rummy"))
def test_every_worked_example_gives_its_results_state_and_refusal(case: dict[str, Any]) -> None:
    state, results, violation = run_example(case)
    expected = case["expected"]
    for got, want in zip(results, expected["deals"], strict=True):
        assert {key: got.get(key) for key in want} == want
    if state is not None:  # None when the match could not even be set up (ru-04)
        assert {key: ENGINE.state_json(state).get(key) for key in expected["final"]} == expected["final"]
    error = expected.get("error")
    if error:
        assert violation is not None
        assert (violation.code, violation.field) == (error["code"], _renamed(error["field"]))
        assert violation.detail == _renamed(error["message"])
    else:
        assert violation is None


# --- Match setup: players, packs, presets, settings (§R.4, §R.7) ---------------------------------------------


def test_the_registry_serves_this_engine_and_nobody_plays_in_teams() -> None:
    assert get_engine("contract_rummy") is ENGINE
    assert ENGINE.key == "contract_rummy"
    assert ENGINE.rules_file == "contract_rummy.md"
    assert ENGINE.teams(make_rules()) is None


@pytest.mark.parametrize("players", [0, 1, 2, 9, 12])
def test_contract_rummy_needs_three_to_eight_players(players: int) -> None:
    violation = setup_refusal({}, players)
    assert (violation.code, violation.field) == ("player_count_out_of_range", "players")
    assert violation.detail == f"Contract Rummy needs 3 to 8 players; {players} were given."


@pytest.mark.parametrize("players", ["4", None, 4.0, True])
def test_a_player_count_that_is_not_a_whole_number_is_refused(players: Any) -> None:
    violation = setup_refusal({}, players)
    assert (violation.code, violation.field) == ("player_count_invalid", "players")


@pytest.mark.parametrize(
    ("preset", "players", "decks", "jokers", "cards_dealt"),
    [
        ("seed", 3, 1, 1, [10, 10, 10, 10, 12, 12, 12]),
        ("seed", 4, 1, 1, [10, 10, 10, 10, 12, 12, 12]),
        ("seed", 5, 2, 2, [10, 10, 10, 10, 12, 12, 12]),
        ("seed", 6, 2, 2, [10, 10, 10, 10, 12, 12, 12]),
        ("seed", 8, 2, 2, [10, 10, 10, 10, 12, 12, 12]),
        ("pagat", 3, 2, 2, [10, 10, 10, 12, 12, 12, 12]),
        ("pagat", 4, 2, 3, [10, 10, 10, 12, 12, 12, 12]),
        ("pagat", 5, 2, 4, [10, 10, 10, 12, 12, 12, 12]),
        ("pagat", 8, 2, 7, [10, 10, 10, 12, 12, 12, 12]),
        ("bicycle", 3, 2, 1, [10, 10, 10, 10, 12, 12, 12]),
        ("bicycle", 4, 2, 1, [10, 10, 10, 10, 12, 12, 12]),
        ("bicycle", 5, 3, 2, [10, 10, 10, 10, 12, 12, 12]),
        ("bicycle", 8, 3, 2, [10, 10, 10, 10, 12, 12, 12]),
    ],
)
def test_each_preset_sets_packs_by_player_count_and_the_cards_dealt(
    preset: str, players: int, decks: int, jokers: int, cards_dealt: list[int]
) -> None:
    settings = ENGINE.settings_json(make_rules(players, preset=preset))
    assert (settings["decks"], settings["jokers"], settings["cards_dealt"]) == (decks, jokers, cards_dealt)
    assert settings["min_run_length"] == 4
    assert settings["preset"] == preset


def test_the_default_is_the_seed_preset_with_the_seed_contracts_and_penalties() -> None:
    assert ENGINE.settings_json(make_rules(4)) == {
        "preset": "seed",
        "players": 4,
        "decks": 1,
        "jokers": 1,
        "deals": 7,
        "cards_dealt": [10, 10, 10, 10, 12, 12, 12],
        "contracts": [{"sets": s, "runs": r} for s, r in SEED_CONTRACTS],
        "min_set_length": 3,
        "min_run_length": 4,
        "distinct_suits_in_sets": True,
        "contract_runs_distinct_suits": True,
        "penalty_points": {"number_cards": "face_value", "J": 10, "Q": 10, "K": 10, "A": 15, "JOKER": 15},
        "winner_rule": "lowest_total_ties_share",
        "minimum_stock_after_deal": 1,
        "allow_no_winner_deal": False,
        "enforce_dealer_order": False,
        "allow_two_players": False,  # §R.7, issue 20: off by default
        "non_dealer_extra_card": False,
    }


def test_a_preset_can_then_be_adjusted_setting_by_setting() -> None:
    rules = make_rules(4, preset="pagat", jokers=1, min_run_length=3, cards_dealt=[10] * 7)
    settings = ENGINE.settings_json(rules)
    assert (settings["preset"], settings["decks"], settings["jokers"]) == ("pagat", 2, 1)
    assert settings["min_run_length"] == 3
    assert settings["cards_dealt"] == [10] * 7


def test_five_players_cannot_be_dealt_twelve_cards_each_from_one_pack_and_a_joker() -> None:
    violation = setup_refusal({"decks": 1, "jokers": 1}, 5)
    assert (violation.code, violation.field) == ("not_enough_cards", "settings.decks")
    assert violation.detail == (
        "5 players need at least 62 cards (5 x 12 dealt in deals 5-7, 1 up-card, 1 stock card); "
        "1 pack + 1 joker has 53. Use 2 packs."
    )
    assert violation.extra == {"needed": 62, "available": 53, "decks_needed": 2}


@pytest.mark.parametrize(
    ("players", "house", "feasible"),
    [
        (4, {}, True),  # 4 x 12 + 2 = 50 <= 53
        (4, {"minimum_stock_after_deal": 4}, True),  # 53 <= 53
        (4, {"minimum_stock_after_deal": 5}, False),  # 54 > 53
        (4, {"jokers": 0, "minimum_stock_after_deal": 3}, True),  # 52 <= 52
        (8, {"jokers": 0}, True),  # 98 <= 104
        (8, {"cards_dealt": [13] * 7}, True),  # 106 <= 106
        (8, {"cards_dealt": [13] * 7, "jokers": 1}, False),  # 106 > 105
        (3, {"cards_dealt": [17] * 7}, True),  # 53 <= 53
        (3, {"cards_dealt": [17] * 7, "jokers": 0}, False),  # 53 > 52
    ],
)
def test_the_pack_must_cover_every_hand_the_up_card_and_the_stock(
    players: int, house: dict[str, Any], feasible: bool
) -> None:
    if feasible:
        make_rules(players, **house)
    else:
        assert setup_refusal(house, players).code == "not_enough_cards"


def test_the_feasibility_message_names_the_deals_with_the_largest_hand_and_the_pack_needed() -> None:
    violation = setup_refusal({"preset": "pagat", "decks": 1, "jokers": 0}, 5)
    assert violation.detail == (
        "5 players need at least 62 cards (5 x 12 dealt in deals 4-7, 1 up-card, 1 stock card); "
        "1 pack has 52. Use 2 packs."
    )


def test_the_seed_pack_for_five_players_is_two_packs_and_two_jokers() -> None:
    rules = make_rules(5)
    assert (rules.decks, rules.jokers) == (2, 2)


@pytest.mark.parametrize(
    ("house", "field"),
    [
        ({"house": 1}, "settings.house"),
        ({"preset": "hoyle"}, "settings.preset"),
        ({"players": 5}, "settings.players"),
        ({"players": "4"}, "settings.players"),
        ({"decks": 0}, "settings.decks"),
        ({"decks": "2"}, "settings.decks"),
        ({"decks": 7}, "settings.decks"),
        ({"jokers": -1}, "settings.jokers"),
        ({"jokers": 1.5}, "settings.jokers"),
        ({"deals": 0}, "settings.deals"),
        ({"deals": True}, "settings.deals"),
        ({"deals": 6}, "settings.cards_dealt"),
        ({"deals": 6, "cards_dealt": [10] * 6}, "settings.contracts"),
        ({"cards_dealt": [10] * 6}, "settings.cards_dealt"),
        ({"cards_dealt": "10"}, "settings.cards_dealt"),
        ({"cards_dealt": [10, 10, 0, 10, 12, 12, 12]}, "settings.cards_dealt[2]"),
        ({"cards_dealt": [10, 10, 10, 10, 12, 12, "12"]}, "settings.cards_dealt[6]"),
        ({"contracts": [{"sets": 2, "runs": 0}] * 6}, "settings.cards_dealt"),
        ({"contracts": [[2, 0]] * 7}, "settings.contracts[0]"),
        ({"contracts": [{"sets": 2}] + [{"sets": 2, "runs": 0}] * 6}, "settings.contracts[0].runs"),
        (
            {"contracts": [{"sets": 2, "runs": 0}, {"sets": 5, "runs": 0}] + [{"sets": 2, "runs": 0}] * 5},
            "settings.contracts[1].sets",
        ),
        ({"contracts": [{"sets": 0, "runs": 0}] * 7}, "settings.contracts[0]"),
        ({"contracts": [{"sets": 1, "runs": 1, "melds": 2}] * 7}, "settings.contracts[0].melds"),
        ({"min_set_length": 2}, "settings.min_set_length"),
        ({"min_set_length": 5}, "settings.min_set_length"),
        ({"min_run_length": 2}, "settings.min_run_length"),
        ({"min_run_length": 14}, "settings.min_run_length"),
        ({"distinct_suits_in_sets": "yes"}, "settings.distinct_suits_in_sets"),
        ({"contract_runs_distinct_suits": 1}, "settings.contract_runs_distinct_suits"),
        ({"penalty_points": 15}, "settings.penalty_points"),
        ({"penalty_points": {"A": 0}}, "settings.penalty_points.A"),
        ({"penalty_points": {"A": "15"}}, "settings.penalty_points.A"),
        ({"penalty_points": {"JOKER": True}}, "settings.penalty_points.JOKER"),
        ({"penalty_points": {"number_cards": "pips"}}, "settings.penalty_points.number_cards"),
        ({"penalty_points": {"K": "face_value"}}, "settings.penalty_points.K"),
        ({"penalty_points": {"1": 1}}, "settings.penalty_points.1"),
        ({"winner_rule": "highest_total"}, "settings.winner_rule"),
        ({"minimum_stock_after_deal": -1}, "settings.minimum_stock_after_deal"),
        ({"allow_no_winner_deal": None}, "settings.allow_no_winner_deal"),
        ({"enforce_dealer_order": "false"}, "settings.enforce_dealer_order"),
    ],
)
def test_an_unknown_setting_or_a_bad_value_is_refused_on_its_field(house: dict[str, Any], field: str) -> None:
    violation = setup_refusal(house)
    assert (violation.code, violation.field) == ("invalid", field)


@pytest.mark.parametrize("house", [[], "seed", 7])
def test_settings_that_are_not_an_object_are_refused(house: Any) -> None:
    violation = setup_refusal(house)
    assert (violation.code, violation.field) == ("invalid", "settings")


def test_a_shorter_game_takes_its_length_from_the_contracts_given() -> None:
    rules = make_rules(4, contracts=[{"sets": 2, "runs": 0}] * 3, cards_dealt=[10, 10, 12])
    assert rules.deals == 3
    state, results = play([simple_deal("S1"), simple_deal("S2"), simple_deal("S3", went_out="S1")], rules)
    assert [result["cards_dealt"] for result in results] == [10, 10, 12]
    assert ENGINE.state_json(state)["match_over"] is True


@pytest.mark.parametrize("preset", ["seed", "pagat", "bicycle"])
@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
def test_the_settings_round_trip_with_defaults_filled_in(preset: str, players: int) -> None:
    rules = make_rules(players, preset=preset)
    assert ENGINE.rules_from_settings(ENGINE.settings_json(rules), players) == rules


def test_custom_settings_round_trip() -> None:
    rules = make_rules(
        6,
        preset="bicycle",
        decks=4,
        jokers=0,
        deals=2,
        cards_dealt=[11, 9],
        contracts=[{"sets": 1, "runs": 1}, {"sets": 0, "runs": 4}],
        min_set_length=4,
        min_run_length=5,
        distinct_suits_in_sets=False,
        contract_runs_distinct_suits=False,
        penalty_points={"number_cards": 5, "10": 10, "JOKER": 50},
        winner_rule="lowest_total_then_last_deal",
        minimum_stock_after_deal=0,
        allow_no_winner_deal=True,
        enforce_dealer_order=True,
    )
    settings = ENGINE.settings_json(rules)
    assert settings["penalty_points"] == {"number_cards": 5, "10": 10, "J": 10, "Q": 10, "K": 10, "A": 15, "JOKER": 50}
    assert ENGINE.rules_from_settings(settings, 6) == rules


def test_the_worked_examples_settings_are_accepted_as_written() -> None:
    settings = {
        "players": 4,
        "decks": 1,
        "jokers": 1,
        "deals": 7,
        "cards_dealt": [10, 10, 10, 10, 12, 12, 12],
        "contracts": [{"sets": s, "runs": r} for s, r in SEED_CONTRACTS],
        "min_set_length": 3,
        "min_run_length": 4,
        "penalty_points": {"number_cards": "face_value", "J": 10, "Q": 10, "K": 10, "A": 15, "JOKER": 15},
        "winner_rule": "lowest_total_ties_share",
        "minimum_stock_after_deal": 1,
    }
    assert ENGINE.rules_from_settings(settings, 4) == make_rules(4)


# --- Scoring (§R.3) ----------------------------------------------------------------------------------------------


def test_the_player_who_went_out_scores_zero_and_the_others_the_cards_in_hand() -> None:
    state, [result] = play([RU01])
    assert result == {
        "contract": {"sets": 2, "runs": 0},
        "contract_text": "two sets",
        "cards_dealt": 10,
        "went_out": "S3",
        "penalties": {"S1": 32, "S2": 27, "S3": 0, "S4": 40},
        "totals_after": {"S1": 32, "S2": 27, "S3": 0, "S4": 40},
        "next_dealer": "S2",
        "match_over": False,
        "winners": [],
    }
    assert ENGINE.state_json(state)["totals"] == {"S1": 32, "S2": 27, "S3": 0, "S4": 40}


@pytest.mark.parametrize(
    ("card", "penalty"),
    [
        ("AS", 15),
        ("AH", 15),
        ("JKR", 15),
        ("KD", 10),
        ("QC", 10),
        ("JH", 10),
        ("10S", 10),
        ("9D", 9),
        ("5C", 5),
        ("2H", 2),
        ("th", 10),
        ("as", 15),
        ("joker", 15),
    ],
)
def test_kings_queens_jacks_score_ten_aces_and_jokers_fifteen_number_cards_face_value(card: str, penalty: int) -> None:
    _, [result] = play([{"dealer": "S1", "went_out": "S2", "cards_left": {"S1": [card], "S3": ["2C"], "S4": ["3C"]}}])
    assert result["penalties"] == {"S1": penalty, "S2": 0, "S3": 2, "S4": 3}


def test_an_ace_scores_fifteen_even_when_it_was_used_low() -> None:
    _, [result] = play(
        [
            {
                "dealer": "S1",
                "went_out": "S2",
                "penalty_points": {"S3": 2, "S4": 3},
                "cards_left": {"S1": ["AD", "2D", "3D"]},
            }
        ]
    )
    assert result["penalties"]["S1"] == 20


def test_penalties_from_cards_equal_the_same_penalties_entered_as_numbers() -> None:
    state_cards, [from_cards] = play([RU01])
    state_points, [from_points] = play([points_deal("S1", "S3", {"S1": 32, "S2": 27, "S4": 40})])
    assert from_cards == from_points
    assert ENGINE.state_json(state_cards) == ENGINE.state_json(state_points)


def test_cards_and_penalty_points_may_both_be_sent_when_they_agree() -> None:
    _, [result] = play([{**RU01, "penalty_points": {"S1": 32, "S2": 27, "S3": 0, "S4": 40}}])
    assert result["penalties"] == {"S1": 32, "S2": 27, "S3": 0, "S4": 40}


def test_cards_for_some_players_and_points_for_others_may_be_mixed() -> None:
    payload = {"dealer": "S1", "went_out": "S3", "cards_left": {"S1": ["AS"]}, "penalty_points": {"S2": 7, "S4": 11}}
    _, [result] = play([payload])
    assert result["penalties"] == {"S1": 15, "S2": 7, "S3": 0, "S4": 11}


def test_a_house_penalty_table_changes_the_card_values() -> None:
    rules = make_rules(penalty_points={"number_cards": 5, "10": 10, "JOKER": 50, "A": 20})
    payload = {"dealer": "S1", "went_out": "S2", "cards_left": {"S1": ["2C", "9C"], "S3": ["10C", "JKR"], "S4": ["AC"]}}
    _, [result] = play([payload], rules)
    assert result["penalties"] == {"S1": 10, "S2": 0, "S3": 60, "S4": 20}


def test_running_totals_add_up_deal_by_deal() -> None:
    state, results = play(
        [
            points_deal("S1", "S3", {"S1": 32, "S2": 27, "S4": 40}),
            points_deal("S2", "S1", {"S2": 5, "S3": 60, "S4": 2}),
        ]
    )
    assert results[1]["totals_after"] == {"S1": 32, "S2": 32, "S3": 60, "S4": 42}
    assert ENGINE.state_json(state)["totals"] == {"S1": 32, "S2": 32, "S3": 60, "S4": 42}


# --- Progression: deals, contracts, dealer, end of the match (§R.2, §R.3) ------------------------------------------


def test_each_deal_has_the_seed_contract_and_cards_dealt() -> None:
    _, results = play([simple_deal(f"S{index % 4 + 1}") for index in range(7)])
    assert [(r["contract"]["sets"], r["contract"]["runs"]) for r in results] == SEED_CONTRACTS
    assert [r["cards_dealt"] for r in results] == [10, 10, 10, 10, 12, 12, 12]
    assert [r["contract_text"] for r in results] == [
        "two sets",
        "one set and one run",
        "two runs",
        "three sets",
        "two sets and one run",
        "one set and two runs",
        "three runs",
    ]


def test_the_pagat_preset_deals_twelve_cards_from_the_fourth_deal() -> None:
    _, results = play([simple_deal(f"S{index % 4 + 1}") for index in range(7)], make_rules(preset="pagat"))
    assert [r["cards_dealt"] for r in results] == [10, 10, 10, 12, 12, 12, 12]


def test_the_state_announces_the_next_deal_until_all_seven_are_played() -> None:
    rules = make_rules()
    state = ENGINE.initial_state(rules)
    assert ENGINE.state_json(state) == {
        "totals": {"S1": 0, "S2": 0, "S3": 0, "S4": 0},
        "next_deal": {"number": 1, "contract": {"sets": 2, "runs": 0}, "cards_dealt": 10},
        "next_dealer": None,
        "match_over": False,
        "winners": [],
        "deals_played": 0,
        "last_penalties": None,
    }
    state, _ = play([simple_deal(f"S{index % 4 + 1}") for index in range(6)], rules)
    assert ENGINE.state_json(state)["next_deal"] == {"number": 7, "contract": {"sets": 0, "runs": 3}, "cards_dealt": 12}
    state, _ = play([simple_deal(f"S{index % 4 + 1}") for index in range(7)], rules)
    assert ENGINE.state_json(state)["next_deal"] is None


@pytest.mark.parametrize(("dealer", "following"), [("S1", "S2"), ("S2", "S3"), ("S4", "S1")])
def test_the_deal_passes_to_the_left(dealer: str, following: str) -> None:
    state, [result] = play([simple_deal(dealer)])
    assert result["next_dealer"] == following
    assert ENGINE.state_json(state)["next_dealer"] == following


def test_without_dealer_enforcement_any_dealer_is_accepted_and_the_next_follows_him() -> None:
    _, results = play([simple_deal("S1"), simple_deal("S4")])
    assert results[1]["next_dealer"] == "S1"


def test_with_dealer_enforcement_the_dealer_must_be_the_left_of_the_previous_dealer() -> None:
    rules = make_rules(enforce_dealer_order=True)
    violation = refusal(simple_deal("S4"), rules, before=[simple_deal("S1"), simple_deal("S2")])
    assert (violation.code, violation.field) == ("dealer_out_of_turn", "dealer")
    assert violation.detail == "S3 deals deal 3 (the deal passes to the left); S4 was entered."
    assert violation.extra == {"expected_dealer": "S3", "expected": "S3"}  # expected: deprecated, kept beside
    play([simple_deal("S3"), simple_deal("S4"), simple_deal("S1")], rules)  # any first dealer, then in turn


def test_a_match_is_seven_deals_and_the_lowest_total_wins() -> None:
    penalties = [{"S1": 10, "S2": 20, "S3": 30, "S4": 40}] * 7
    state, results = full_match(4, penalties, ["S1"] * 7)
    final = ENGINE.state_json(state)
    assert results[-1]["next_dealer"] is None
    assert results[-1]["match_over"] is True
    assert results[-1]["winners"] == ["S1"]
    assert final["totals"] == {"S1": 0, "S2": 140, "S3": 210, "S4": 280}
    assert (final["match_over"], final["winners"]) == (True, ["S1"])
    assert (final["next_dealer"], final["next_deal"]) == (None, None)
    assert all(not result["match_over"] for result in results[:-1])


def test_equal_lowest_totals_share_the_win() -> None:
    penalties = [{"S1": 10, "S2": 10, "S3": 30}] * 7
    went_out = ["S1", "S2"] * 3 + ["S3"]
    state, _ = full_match(3, penalties, went_out)
    final = ENGINE.state_json(state)
    assert final["totals"] == {"S1": 40, "S2": 40, "S3": 180}
    assert final["winners"] == ["S1", "S2"]


def test_the_last_deal_tie_break_is_a_house_rule() -> None:
    penalties = [{"S1": 10, "S2": 10, "S3": 30}] * 6 + [{"S1": 20, "S2": 10, "S3": 10}]
    went_out = ["S1", "S2", "S1", "S2", "S1", "S3", "S3"]
    shared, _ = full_match(3, penalties, went_out)
    assert ENGINE.state_json(shared)["totals"] == {"S1": 50, "S2": 50, "S3": 150}
    assert ENGINE.state_json(shared)["winners"] == ["S1", "S2"]
    broken, _ = full_match(3, penalties, went_out, make_rules(3, winner_rule="lowest_total_then_last_deal"))
    assert ENGINE.state_json(broken)["winners"] == ["S2"]  # 10 in the last deal against S1's 20


@pytest.mark.parametrize("players", [3, 8])
def test_a_full_match_with_three_or_eight_players(players: int) -> None:
    seats = [f"S{k}" for k in range(1, players + 1)]
    penalties = [{seat: 2 + 3 * index + deal for index, seat in enumerate(seats)} for deal in range(7)]
    went_out = [seats[(deal * 3) % players] for deal in range(7)]
    state, results = full_match(players, penalties, went_out)
    final = ENGINE.state_json(state)
    expected = {seat: sum(p[seat] for p, out in zip(penalties, went_out, strict=True) if out != seat) for seat in seats}
    assert final["totals"] == expected
    assert final["winners"] == [seat for seat in seats if expected[seat] == min(expected.values())]
    assert [r["next_dealer"] for r in results] == [seats[(deal + 1) % players] for deal in range(6)] + [None]


def test_an_eighth_deal_is_refused() -> None:
    penalties = [{"S1": 10, "S2": 20, "S3": 30, "S4": 40}] * 7
    state, _ = full_match(4, penalties, ["S3"] * 7)
    rules = make_rules()
    with pytest.raises(RuleViolation) as caught:
        ENGINE.play_deal(state, ENGINE.parse_deal(simple_deal("S4"), rules), rules)
    assert (caught.value.code, caught.value.field) == ("match_already_finished", None)
    assert caught.value.detail == "Contract Rummy has 7 deals and all 7 are recorded; S3 won with 0."


def test_without_the_house_rule_a_deal_always_has_a_player_out() -> None:
    violation = refusal({"dealer": "S1", "penalty_points": {"S1": 5, "S2": 5, "S3": 5, "S4": 5}})
    assert (violation.code, violation.field) == ("went_out_missing", "went_out")
    assert violation.detail == "Mark the player who went out."


def test_with_the_house_rule_a_washed_deal_scores_every_hand() -> None:
    rules = make_rules(allow_no_winner_deal=True)
    _, [result] = play(
        [{"dealer": "S1", "went_out": None, "penalty_points": {"S1": 5, "S2": 6, "S3": 7, "S4": 8}}], rules
    )
    assert result["penalties"] == {"S1": 5, "S2": 6, "S3": 7, "S4": 8}
    assert result["went_out"] is None
    violation = refusal({"dealer": "S1", "penalty_points": {"S1": 0, "S2": 6, "S3": 7, "S4": 8}}, rules)
    assert (violation.code, violation.field) == ("went_out_missing", "went_out")


# --- Refusals (§R.5) -------------------------------------------------------------------------------------------------


def test_a_second_player_with_no_cards_is_refused() -> None:
    violation = refusal(
        {"dealer": "S1", "went_out": "S1", "cards_left": {"S1": [], "S2": [], "S3": ["5H"], "S4": ["KD"]}}
    )
    assert (violation.code, violation.field) == ("exactly_one_player_out", "cards_left.S2")
    assert violation.detail == (
        "Exactly one player goes out in a deal: S1 is marked out, but S2 is also reported with no cards. "
        "Enter S2's remaining cards."
    )


def test_a_second_player_with_zero_points_is_refused() -> None:
    violation = refusal(points_deal("S1", "S1", {"S2": 5, "S3": 0, "S4": 9}))
    assert (violation.code, violation.field) == ("exactly_one_player_out", "penalty_points.S3")


@pytest.mark.parametrize(
    ("payload", "field", "detail"),
    [
        (
            {"dealer": "S1", "went_out": "S3", "cards_left": {"S3": ["4H"]}},
            "cards_left.S3",
            "S3 is marked as going out, so S3 has no cards left; remove 4H or pick the player who really went out.",
        ),
        (
            points_deal("S1", "S3", {"S1": 5, "S2": 5, "S3": 12, "S4": 7}),
            "penalty_points.S3",
            "S3 is marked as going out, so S3 scores 0, not 12; enter 0 or pick the player who really went out.",
        ),
    ],
)
def test_the_player_who_went_out_has_no_cards_and_no_points(payload: dict[str, Any], field: str, detail: str) -> None:
    violation = refusal(payload)
    assert (violation.code, violation.field, violation.detail) == ("went_out_with_cards", field, detail)


@pytest.mark.parametrize(
    ("points", "house"),
    [
        (1, {}),
        (-3, {}),
        (2.5, {}),
        (1000, {}),
        (4, {"penalty_points": {"number_cards": 5}}),
        (7, {"penalty_points": {"number_cards": 5, "J": 5, "Q": 5, "K": 5, "A": 5, "JOKER": 25}}),
    ],
)
def test_an_impossible_penalty_is_refused(points: Any, house: dict[str, Any]) -> None:
    violation = refusal(points_deal("S1", "S3", {"S1": 15, "S2": points, "S4": 15}), make_rules(**house))
    assert (violation.code, violation.field) == ("penalty_impossible", "penalty_points.S2")


def test_a_penalty_of_one_names_the_smallest_possible_penalty() -> None:
    violation = refusal(points_deal("S1", "S3", {"S1": 15, "S2": 1, "S4": 15}))
    assert violation.detail == (
        "S2 did not go out, so S2 still holds at least one card, worth 2 or more; a penalty of 1 cannot happen."
    )


@pytest.mark.parametrize("points", [2, 3, 11, 15, 200, 12.0])
def test_any_whole_penalty_from_two_up_is_possible(points: Any) -> None:
    _, [result] = play([points_deal("S1", "S3", {"S1": 15, "S2": points, "S4": 15})])
    assert result["penalties"]["S2"] == int(points)


def test_cards_and_points_that_disagree_are_refused() -> None:
    violation = refusal(
        {
            "dealer": "S1",
            "went_out": "S3",
            "cards_left": {"S2": ["KH", "5C"]},
            "penalty_points": {"S1": 15, "S2": 20, "S4": 15},
        }
    )
    assert (violation.code, violation.field) == ("penalty_mismatch", "penalty_points.S2")
    assert violation.detail == "S2's cards (KH 10 + 5C 5) are worth 15, not 20."
    assert violation.extra == {"cards_value": 15, "entered": 20}


@pytest.mark.parametrize(
    ("cards_left", "house", "field", "detail"),
    [
        (
            {"S1": ["JKR"], "S2": ["JKR"], "S4": ["2C"]},
            {},
            "cards_left.S2[0]",
            "JKR is reported 2 times, but this match's pack has only 1 of it.",
        ),
        (
            {"S1": ["AS", "2C"], "S2": ["3C"], "S4": ["as"]},
            {},
            "cards_left.S4[0]",
            "AS is reported 2 times, but this match's pack has only 1 of it.",
        ),
        (
            {"S1": ["JKR", "JKR"], "S2": ["JKR"], "S4": ["2C"]},
            {"decks": 2, "jokers": 2},
            "cards_left.S2[0]",
            "JKR is reported 3 times, but this match's pack has only 2 of it.",
        ),
        (
            {"S1": ["2C"], "S2": ["JKR"], "S4": ["3C"]},
            {"jokers": 0},
            "cards_left.S2[0]",
            "JKR is reported, but this match is played without jokers.",
        ),
        (
            {"S1": ["QH", "QH"], "S2": ["2C"], "S4": ["3C"]},
            {},
            "cards_left.S1[1]",
            "QH is reported 2 times, but this match's pack has only 1 of it.",
        ),
    ],
)
def test_a_card_reported_more_often_than_the_pack_holds_is_refused(
    cards_left: dict[str, list[str]], house: dict[str, Any], field: str, detail: str
) -> None:
    violation = refusal({"dealer": "S1", "went_out": "S3", "cards_left": cards_left}, make_rules(**house))
    assert (violation.code, violation.field, violation.detail) == ("card_count_exceeds_pack", field, detail)


def test_the_pack_count_includes_the_melds_of_the_player_who_went_out() -> None:
    payload = {
        "dealer": "S1",
        "went_out": "S3",
        "cards_left": {"S1": ["5H"], "S2": ["2C"], "S4": ["3C"]},
        "melds": [{"type": "set", "cards": ["5H", "5S", "5D"]}, {"type": "set", "cards": ["9H", "9S", "9D"]}],
    }
    violation = refusal(payload)
    assert (violation.code, violation.field) == ("card_count_exceeds_pack", "melds[0].cards[0]")


def test_two_packs_hold_two_of_each_card() -> None:
    payload = {"dealer": "S1", "went_out": "S3", "cards_left": {"S1": ["5H", "JKR"], "S2": ["5H", "JKR"], "S4": ["3C"]}}
    _, [result] = play([payload], make_rules(decks=2, jokers=2))
    assert result["penalties"] == {"S1": 20, "S2": 20, "S3": 0, "S4": 3}


@pytest.mark.parametrize(
    ("payload", "code", "field"),
    [
        ({"dealer": "S1", "went_out": "S3", "cards_left": {"S1": ["AS", "1H"]}}, "invalid_card", "cards_left.S1[1]"),
        ({"dealer": "S1", "went_out": "S3", "cards_left": {"S1": ["AS", 5]}}, "invalid_card", "cards_left.S1[1]"),
        ({"dealer": "S1", "went_out": "S3", "cards_left": {"S1": "AS KD"}}, "invalid", "cards_left.S1"),
        ({"dealer": "S1", "went_out": "S5"}, "unknown_player", "went_out"),
        ({"dealer": "S1", "went_out": "P3"}, "unknown_player", "went_out"),
        ({"dealer": "S9", "went_out": "S3"}, "unknown_player", "dealer"),
        ({"dealer": 1, "went_out": "S3"}, "unknown_player", "dealer"),
        ({"went_out": "S3"}, "invalid", "dealer"),
        ({"dealer": None, "went_out": "S3"}, "invalid", "dealer"),
        ({"dealer": "S1", "went_out": "S3", "cards_left": {"S5": ["AS"]}}, "unknown_player", "cards_left.S5"),
        ({"dealer": "S1", "went_out": "S3", "penalty_points": {"X": 4}}, "unknown_player", "penalty_points.X"),
        ({"dealer": "S1", "went_out": "S3", "penalty_points": {"S2": 4, "s2": 4}}, "invalid", "penalty_points.s2"),
        ({"dealer": "S1", "went_out": "S3", "penalty_points": {"S2": "4"}}, "invalid", "penalty_points.S2"),
        ({"dealer": "S1", "went_out": "S3", "penalty_points": {"S2": None}}, "invalid", "penalty_points.S2"),
        ({"dealer": "S1", "went_out": "S3", "penalty_points": {"S2": True}}, "invalid", "penalty_points.S2"),
        ({"dealer": "S1", "went_out": "S3", "penalty_points": {"S2": 2.5}}, "penalty_impossible", "penalty_points.S2"),
        ({"dealer": "S1", "went_out": "S3", "penalty_points": [4, 5]}, "invalid", "penalty_points"),
        ({"dealer": "S1", "went_out": "S3", "cards_left": ["AS"]}, "invalid", "cards_left"),
        ({"dealer": "S1", "went_out": "S3", "bid": 4}, "invalid", "bid"),
        ({"dealer": "S1", "went_out": "S3", "client_deal_id": "x"}, "invalid", "client_deal_id"),
        ([], "invalid", None),
        ("deal", "invalid", None),
        (None, "invalid", None),
    ],
)
def test_a_malformed_deal_is_refused_on_its_field(payload: Any, code: str, field: str | None) -> None:
    with pytest.raises(RuleViolation) as caught:
        ENGINE.parse_deal(payload, make_rules())
    assert (caught.value.code, caught.value.field) == (code, field)


def test_an_invalid_card_message_says_how_to_write_cards() -> None:
    with pytest.raises(RuleViolation) as caught:
        ENGINE.parse_deal({"dealer": "S1", "went_out": "S3", "cards_left": {"S1": ["1H"]}}, make_rules())
    assert caught.value.detail == (
        "'1H' is not a card: use A, 2-10, J, Q, K followed by S, H, D or C, or JKR for a joker."
    )


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({"dealer": "S1", "went_out": "S3", "cards_left": {"S1": ["AS"], "S2": ["2C"]}}, "cards_left.S4"),
        ({"dealer": "S1", "went_out": "S3", "penalty_points": {"S1": 4, "S4": 5}}, "penalty_points.S2"),
        ({"dealer": "S1", "went_out": "S3"}, "cards_left.S1"),
    ],
)
def test_every_player_who_did_not_go_out_needs_cards_or_points(payload: dict[str, Any], field: str) -> None:
    violation = refusal(payload)
    assert (violation.code, violation.field) == ("invalid", field)


def test_a_refused_deal_leaves_the_state_as_it_was() -> None:
    rules = make_rules()
    state, _ = play([RU01], rules)
    before = ENGINE.state_json(state)
    with pytest.raises(RuleViolation):
        ENGINE.play_deal(state, ENGINE.parse_deal(points_deal("S2", "S1", {"S2": 1, "S3": 5, "S4": 5}), rules), rules)
    assert ENGINE.state_json(state) == before
    state, results = play([RU01, points_deal("S2", "S1", {"S2": 2, "S3": 5, "S4": 5})], rules)
    assert results[1]["totals_after"] == {"S1": 32, "S2": 29, "S3": 5, "S4": 45}


# --- Round trips -----------------------------------------------------------------------------------------------------


def test_a_deal_normalizes_to_canonical_cards_and_parses_back_equal() -> None:
    rules = make_rules()
    payload = {
        "dealer": "s1",
        "went_out": "s3",
        "cards_left": {"s1": ["as", "Td", " 7c "], "S2": ["joker"]},
        "penalty_points": {"S4": 40.0},
        "melds": [{"type": "set", "cards": ["5h", "5s", "jkr"], "jokers": ["5d"]}],
    }
    deal = ENGINE.parse_deal(payload, rules)
    data = ENGINE.deal_json(deal)
    assert data == {
        "dealer": "S1",
        "went_out": "S3",
        "cards_left": {"S1": ["AS", "10D", "7C"], "S2": ["JKR"]},
        "penalty_points": {"S4": 40},
        "melds": [{"type": "set", "cards": ["5H", "5S", "JKR"], "jokers": ["5D"]}],
    }
    assert ENGINE.parse_deal(data, rules) == deal


def test_a_points_only_deal_round_trips_with_nulls_for_what_was_not_entered() -> None:
    rules = make_rules()
    deal = ENGINE.parse_deal(points_deal("S1", "S3", {"S4": 5, "S1": 4, "S2": 3}), rules)
    data = ENGINE.deal_json(deal)
    assert data == {
        "dealer": "S1",
        "went_out": "S3",
        "cards_left": None,
        "penalty_points": {"S1": 4, "S2": 3, "S4": 5},
        "melds": None,
    }
    assert ENGINE.parse_deal(data, rules) == deal


def test_the_state_round_trips_through_json_at_every_step() -> None:
    rules = make_rules(winner_rule="lowest_total_then_last_deal")
    state = ENGINE.initial_state(rules)
    assert ENGINE.state_from_json(ENGINE.state_json(state), rules) == state
    for index in range(7):
        state = ENGINE.play_deal(state, ENGINE.parse_deal(simple_deal(f"S{index % 4 + 1}"), rules), rules).state
        assert ENGINE.state_from_json(ENGINE.state_json(state), rules) == state


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        {"totals": {"S1": 0}},
        {"totals": {"S1": 0, "S2": 0, "S3": 0, "S4": "0"}},
        {"totals": {"S1": 0, "S2": 0, "S3": 0, "S4": 0}, "deals_played": 9},
        {"totals": {"S1": 0, "S2": 0, "S3": 0, "S4": 0}, "next_dealer": "S7"},
    ],
)
def test_a_corrupt_stored_state_is_refused(data: Any) -> None:
    with pytest.raises(RuleViolation):
        ENGINE.state_from_json(data, make_rules())


def test_a_twenty_deal_house_match_folds_the_same_deal_twenty_times_to_its_end() -> None:
    """(Folding speed is measured by bench/engines.py.)"""
    rules = make_rules(deals=20, cards_dealt=[10] * 20, contracts=[{"sets": 2, "runs": 0}] * 20)
    deal = ENGINE.parse_deal(RU01, rules)
    state = ENGINE.initial_state(rules)
    for _ in range(20):
        state = ENGINE.play_deal(state, deal, rules).state
    final = ENGINE.state_json(state)
    assert final["totals"] == {"S1": 640, "S2": 540, "S3": 0, "S4": 800}
    assert (final["deals_played"], final["match_over"], final["winners"]) == (20, True, ["S3"])
