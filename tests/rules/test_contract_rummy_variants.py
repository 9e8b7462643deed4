"""Contract Rummy's issue-20 house rules (contract_rummy.md §R.4, §R.5, §R.7, R-A13): two players, off by default."""

from __future__ import annotations

import pytest

from games.rules.contract_rummy.engine import ENGINE
from tests.support.contract_rummy import make_rules, play, points_deal, refusal, setup_refusal

TWO = {"allow_two_players": True}
APP = {**TWO, "non_dealer_extra_card": True, "cards_dealt": [10, 10, 10, 12, 12, 14, 14]}


def test_ru_v01_two_players_the_non_dealer_goes_out_and_the_deal_alternates() -> None:
    rules = make_rules(2, **APP)
    state, results = play(
        [{"dealer": "S1", "went_out": "S2", "cards_left": {"S1": ["KS", "9H", "9D", "AC"], "S2": []}}], rules
    )
    assert results[0]["penalties"] == {"S1": 43, "S2": 0}
    assert (results[0]["cards_dealt"], results[0]["next_dealer"]) == (10, "S2")
    assert ENGINE.state_json(state)["next_deal"] == {"number": 2, "contract": {"sets": 1, "runs": 1}, "cards_dealt": 10}


def test_the_deal_goes_back_to_the_first_dealer_after_the_second() -> None:
    _, results = play(
        [points_deal("S1", "S2", {"S1": 20, "S2": 0}), points_deal("S2", "S1", {"S1": 0, "S2": 7})],
        make_rules(2, **TWO),
    )
    assert [result["next_dealer"] for result in results] == ["S2", "S1"]
    assert results[1]["totals_after"] == {"S1": 20, "S2": 7}


def test_two_players_without_the_setting_are_refused_on_players() -> None:
    violation = setup_refusal({"players": 2}, players=2)
    assert (violation.code, violation.field) == ("player_count_out_of_range", "players")
    assert violation.detail == "Contract Rummy needs 3 to 8 players; 2 were given."
    assert violation.extra == {"minimum": 3, "maximum": 8}


def test_with_the_setting_one_player_is_still_too_few() -> None:
    violation = setup_refusal(TWO, players=1)
    assert (violation.code, violation.detail, violation.extra) == (
        "player_count_out_of_range",
        "Contract Rummy needs 2 to 8 players; 1 were given.",
        {"minimum": 2, "maximum": 8},
    )


@pytest.mark.parametrize("players", [3, 4, 8])
def test_the_non_dealer_extra_card_conflicts_with_three_or_more_players(players: int) -> None:
    violation = setup_refusal({"non_dealer_extra_card": True, "allow_two_players": True}, players=players)
    assert (violation.code, violation.field) == ("settings_conflict", "settings.non_dealer_extra_card")
    assert violation.detail == (
        f"Only a two-player game deals the non-dealer an extra card; this match seats {players}."
    )
    assert violation.extra == {"setting": "non_dealer_extra_card", "conflicts_with": {"players": players}}


def test_two_players_take_the_packs_of_three_or_four() -> None:
    assert (make_rules(2, **TWO).decks, make_rules(2, **TWO).jokers) == (1, 1)
    assert (make_rules(2, preset="pagat", **TWO).decks, make_rules(2, preset="pagat", **TWO).jokers) == (2, 1)
    assert (make_rules(2, preset="bicycle", **TWO).decks, make_rules(2, preset="bicycle", **TWO).jokers) == (2, 1)


def test_the_pack_check_counts_the_non_dealers_extra_card_exactly() -> None:
    # 2 x 20 + 1 extra + 1 up-card + 11 stock = 53: one pack and a joker, exactly.
    exact = {**TWO, "cards_dealt": [20] * 7, "minimum_stock_after_deal": 11}
    make_rules(2, **exact, non_dealer_extra_card=True)
    violation = setup_refusal({**exact, "minimum_stock_after_deal": 12, "non_dealer_extra_card": True}, players=2)
    assert (violation.code, violation.field) == ("not_enough_cards", "settings.decks")
    assert violation.extra == {"needed": 54, "available": 53, "decks_needed": 2}
    assert violation.detail == (
        "2 players need at least 54 cards (2 x 20 dealt in deals 1-7, 1 more for the "
        "non-dealer, 1 up-card, 12 stock cards); 1 pack + 1 joker has 53. Use 2 packs."
    )
    make_rules(2, **{**exact, "minimum_stock_after_deal": 12})  # without the extra card 53 cards suffice


def test_exactly_one_of_two_players_goes_out() -> None:
    violation = refusal({"dealer": "S1", "went_out": "S1", "cards_left": {"S1": [], "S2": []}}, make_rules(2, **TWO))
    assert (violation.code, violation.field) == ("exactly_one_player_out", "cards_left.S2")
