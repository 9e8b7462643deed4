"""Twenty-Eight's deal result and match (twenty_eight.md §T.4-§T.6): exact game points, bands, the pair, the end."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules.twenty_eight.helpers import bid, dbl, deal, pas, play, play_one, rdbl, refusal, refused

TIERED = [
    {"from": 14, "to": 19, "win": 1, "lose": 1},
    {"from": 20, "to": 23, "win": 2, "lose": 2},
    {"from": 24, "to": 27, "win": 3, "lose": 3},
    {"from": 28, "to": 28, "win": 4, "lose": 4},
]


def by_s2(points: int, card_points: int, *extra_calls: dict[str, Any], **keys: Any) -> dict[str, Any]:
    """S2 (team B) wins the auction at ``points``; a bid of 28 ends it at once."""
    passes = pas("S3", "S4", "S1") if points < 28 else []
    return deal("S1", [bid("S2", points), *passes, *extra_calls], card_points, **keys)


def test_every_result_key_of_a_made_contract() -> None:
    assert play_one(by_s2(16, 18)) == {
        "contract": {"bidder": "S2", "team": "B", "points": 16, "trump": None, "doubling": "none", "round": 1},
        "target": 16,
        "pair": None,
        "bidding_team_card_points": 18,
        "made": True,
        "band": "14-28",
        "game_points_delta": {"A": 0, "B": 1},
        "game_points_after": {"A": 0, "B": 1},
        "next_dealer": "S2",
        "match_over": False,
        "match_winner": None,
    }


@pytest.mark.parametrize(("card_points", "made"), [(15, False), (16, True), (28, True), (0, False)])
def test_exactly_the_bid_makes_it(card_points: int, made: bool) -> None:
    result = play_one(by_s2(16, card_points))
    assert (result["made"], result["game_points_delta"]["B"]) == (made, 1 if made else -1)


def test_only_the_bidding_teams_total_moves() -> None:
    _, results = play([by_s2(16, 10), deal("S2", [bid("S3", 18), *pas("S4", "S1", "S2")], 20)])
    assert [result["game_points_after"] for result in results] == [{"A": 0, "B": -1}, {"A": 1, "B": -1}]
    assert [result["game_points_delta"] for result in results] == [{"A": 0, "B": -1}, {"A": 1, "B": 0}]


@pytest.mark.parametrize(
    ("points", "band", "win"), [(14, "14-19", 1), (19, "14-19", 1), (20, "20-23", 2), (27, "24-27", 3), (28, "28", 4)]
)
def test_a_tiered_band_table_pays_by_the_bid(points: int, band: str, win: int) -> None:
    made = play_one(by_s2(points, points), bands=TIERED)
    lost = play_one(by_s2(points, points - 1), bands=TIERED)
    assert (made["band"], made["game_points_delta"]["B"], lost["game_points_delta"]["B"]) == (band, win, -win)


@pytest.mark.parametrize(
    ("calls", "card_points", "delta"),
    [
        ((), 9, -2),  # 18 < 20: under half the bid
        ((), 10, -1),  # exactly half is not under half
        ((dbl("S1"),), 9, -4),
        ((dbl("S1"), rdbl("S4")), 9, -8),
        ((dbl("S1"), rdbl("S4")), 20, 4),
    ],
)
def test_half_the_bid_doubles_a_loss_on_top_of_doubles(
    calls: tuple[dict[str, Any], ...], card_points: int, delta: int
) -> None:
    result = play_one(by_s2(20, card_points, *calls), allow_double=True, half_call_doubles_loss=True)
    assert result["game_points_delta"] == {"A": 0, "B": delta}


def test_without_the_half_bid_rule_a_tiny_score_loses_one() -> None:
    assert play_one(by_s2(20, 0))["game_points_delta"] == {"A": 0, "B": -1}


# --- the pair ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("points", "seat", "target", "adjustment"),
    [
        (20, "S4", 16, -4),  # the bidders' pair lowers the target
        (16, "S4", 14, -2),  # never below the minimum bid
        (20, "S1", 24, 4),  # the opponents' pair raises it
        (26, "S3", 28, 2),  # never above 28
    ],
)
def test_the_pair_moves_the_target(points: int, seat: str, target: int, adjustment: int) -> None:
    result = play_one(by_s2(points, target, trump="hearts", pair={"seat": seat}), pair_rule=True)
    team = "B" if seat in ("S2", "S4") else "A"
    assert (result["target"], result["pair"], result["made"]) == (
        target,
        {"seat": seat, "team": team, "adjustment": adjustment},
        True,
    )
    assert play_one(by_s2(points, target - 1, trump="hearts", pair={"seat": seat}), pair_rule=True)["made"] is False


def test_the_band_is_that_of_the_bid_not_the_target() -> None:
    result = play_one(by_s2(20, 16, trump="hearts", pair={"seat": "S4"}), pair_rule=True, bands=TIERED)
    assert (result["band"], result["game_points_delta"]["B"]) == ("20-23", 2)


def test_a_pair_needs_its_setting_and_the_trump() -> None:
    assert refused(by_s2(20, 20, trump="hearts", pair={"seat": "S4"})) == ("variant_not_enabled", "pair")
    assert refused(by_s2(20, 20, pair={"seat": "S4"}), pair_rule=True) == ("trump_missing", "trump")
    assert refused(by_s2(20, 20, trump="hearts", pair={"seat": "S5"}), pair_rule=True) == ("invalid", "pair.seat")


@pytest.mark.parametrize("trump", ["no_trumps", "stars", 3, "NT"])
def test_the_trump_is_a_suit_word(trump: object) -> None:
    violation = refusal(by_s2(16, 16, trump=trump))
    assert (violation.code, violation.field, violation.extra) == (
        "invalid_trump",
        "trump",
        {"allowed": ["clubs", "diamonds", "hearts", "spades"]},
    )


@pytest.mark.parametrize(("spelling", "word"), [("H", "hearts"), ("heart", "hearts"), (" Spades ", "spades")])
def test_a_trump_may_be_spelled_as_a_phone_sends_it(spelling: str, word: str) -> None:
    assert play_one(by_s2(16, 16, trump=spelling))["contract"]["trump"] == word


# --- card points --------------------------------------------------------------------------------------------------


def test_card_points_by_team_give_the_bidders_figure() -> None:
    result = play_one(deal("S1", [bid("S2", 16), *pas("S3", "S4", "S1")], card_points_by_team={"A": 11, "B": 17}))
    assert (result["bidding_team_card_points"], result["made"]) == (17, True)


@pytest.mark.parametrize(
    ("keys", "code", "field"),
    [
        ({}, "card_points_out_of_range", "bidding_team_card_points"),
        ({"bidding_team_card_points": 29}, "card_points_out_of_range", "bidding_team_card_points"),
        ({"bidding_team_card_points": -1}, "card_points_out_of_range", "bidding_team_card_points"),
        ({"bidding_team_card_points": 12.5}, "card_points_out_of_range", "bidding_team_card_points"),
        ({"card_points_by_team": {"A": 30, "B": -2}}, "card_points_out_of_range", "card_points_by_team.A"),
        ({"card_points_by_team": {"A": 11, "B": 16}}, "card_points_total_mismatch", "card_points_by_team"),
        ({"card_points_by_team": {"A": 11}}, "invalid", "card_points_by_team"),
        (
            {"card_points_by_team": {"A": 11, "B": 17}, "bidding_team_card_points": 18},
            "card_points_inconsistent",
            "bidding_team_card_points",
        ),
    ],
)
def test_card_point_refusals(keys: dict[str, Any], code: str, field: str) -> None:
    assert refused(deal("S1", [bid("S2", 16), *pas("S3", "S4", "S1")], **keys)) == (code, field)


def test_the_total_message_names_the_sum() -> None:
    violation = refusal(deal("S1", [bid("S2", 16), *pas("S3", "S4", "S1")], card_points_by_team={"A": 10, "B": 17}))
    assert violation.detail == "Card points add up to 27; all teams together must have exactly 28."


# --- the match ---------------------------------------------------------------------------------------------------


def test_the_match_is_won_at_plus_six_and_further_deals_are_refused() -> None:
    # The first speaker bids and makes 16 every deal: B in deals 1, 3, 5 ..., A in 2, 4, 6 ...; B reaches +6 first.
    deals = [deal(dealer, [bid(first, 16), *pas(*rest)], 20) for dealer, first, rest in ROTATION * 3]
    _, results = play(deals[:11])
    assert [result["match_over"] for result in results] == [False] * 10 + [True]
    assert (results[-1]["game_points_after"], results[-1]["match_winner"], results[-1]["next_dealer"]) == (
        {"A": 5, "B": 6},
        "B",
        None,
    )
    violation = refusal(deals[:12])
    assert (violation.code, violation.field, violation.extra) == (
        "match_already_finished",
        None,
        {"match_winner": "B", "winners": ["B"]},
    )
    assert violation.detail == "Team B reached +6 and won; start a new match."


ROTATION = [
    ("S1", "S2", ("S3", "S4", "S1")),
    ("S2", "S3", ("S4", "S1", "S2")),
    ("S3", "S4", ("S1", "S2", "S3")),
    ("S4", "S1", ("S2", "S3", "S4")),
]


def test_a_team_at_minus_the_target_loses() -> None:
    losing = [deal("S1", [bid("S2", 16), *pas("S3", "S4", "S1")], 0) for _ in range(2)]
    _, results = play(losing, target_game_points=2)
    assert (results[-1]["game_points_after"], results[-1]["match_winner"]) == ({"A": 0, "B": -2}, "A")
    violation = refusal([*losing, losing[0]], target_game_points=2)
    assert violation.detail == "Team B fell to -2 and lost; team A won. Start a new match."


def test_without_the_minus_limit_a_team_sinks_on() -> None:
    losing = [deal("S1", [bid("S2", 16), *pas("S3", "S4", "S1")], 0) for _ in range(3)]
    state, results = play(losing, target_game_points=2, lose_at_minus_target=False)
    assert (results[-1]["game_points_after"], state.match_over) == ({"A": 0, "B": -3}, False)


def test_totals_are_not_capped_at_the_target() -> None:
    _, results = play([by_s2(20, 20, dbl("S1"), rdbl("S2"))], allow_double=True, target_game_points=2)
    assert (results[0]["game_points_after"], results[0]["match_winner"]) == ({"A": 0, "B": 4}, "B")


def test_any_seat_may_deal_unless_the_order_is_enforced() -> None:
    second = deal("S3", [bid("S4", 16), *pas("S1", "S2", "S3")], 16)
    assert play([by_s2(16, 16), second])[1][1]["next_dealer"] == "S4"
    violation = refusal([by_s2(16, 16), second], enforce_dealer_order=True)
    assert (violation.code, violation.field, violation.extra["expected_dealer"]) == (
        "dealer_out_of_turn",
        "dealer",
        "S2",
    )
    assert violation.detail == "S2 deals this deal: the deal passes to the right."


@pytest.mark.parametrize("dealer", ["S5", "", None, 1])
def test_a_dealer_that_is_no_seat_is_unknown(dealer: object) -> None:
    assert refused(deal(dealer, [bid("S2", 16)], 16)) == ("dealer_unknown", "dealer")  # type: ignore[arg-type]


def test_the_dealer_is_checked_before_the_auction() -> None:
    second = deal("S3", [bid("S2", 16)], 16)
    assert refused([by_s2(16, 16), second], enforce_dealer_order=True)[0] == "dealer_out_of_turn"
