"""56 (shared/rules/fifty_six.md): one test per rule sentence of §F.3-§F.7 and each house rule of §F.9."""

from __future__ import annotations

from typing import Any

import pytest

from games.rules.errors import RuleViolation
from games.rules.fifty_six.engine import ENGINE
from tests.support.fifty_six import (
    SEATS,
    after,
    bid,
    dbl,
    deal,
    one,
    pas,
    play,
    rdbl,
    refused,
    rules,
    simple,
    won_by,
)


# -- match setup (§F.1, F-A1, §F.7, §F.9) ---------------------------------------------------------------------------
@pytest.mark.parametrize("count", [0, 2, 3, 5, 7, 9, 10, -4, "4", 4.0, True, None, [4]])
def test_fifty_six_is_played_by_four_six_or_eight_players(count: Any) -> None:
    with pytest.raises(RuleViolation) as caught:
        ENGINE.rules_from_settings({}, count)
    assert (caught.value.code, caught.value.field) == ("player_count_invalid", "players")
    assert caught.value.detail == "56 is played by 4, 6 or 8 players."


def test_a_players_setting_that_disagrees_with_the_seated_players_is_refused() -> None:
    with pytest.raises(RuleViolation) as caught:
        ENGINE.rules_from_settings({"players": 6}, 4)
    assert (caught.value.code, caught.value.field) == ("player_count_invalid", "settings.players")
    assert rules(6, players=6).players == 6


@pytest.mark.parametrize(
    ("players", "layout", "teams"),
    [
        (4, "pairs", {"A": ["S1", "S3"], "B": ["S2", "S4"]}),
        (4, "two_sides", {"A": ["S1", "S3"], "B": ["S2", "S4"]}),
        (6, "pairs", {"T1": ["S1", "S4"], "T2": ["S2", "S5"], "T3": ["S3", "S6"]}),
        (8, "pairs", {"T1": ["S1", "S5"], "T2": ["S2", "S6"], "T3": ["S3", "S7"], "T4": ["S4", "S8"]}),
        (6, "two_sides", {"A": ["S1", "S3", "S5"], "B": ["S2", "S4", "S6"]}),
        (8, "two_sides", {"A": ["S1", "S3", "S5", "S7"], "B": ["S2", "S4", "S6", "S8"]}),
    ],
)
def test_teams_are_pairs_n_over_2_seats_apart_or_two_sides_of_odd_and_even_seats(
    players: int, layout: str, teams: dict[str, list[str]]
) -> None:
    r = rules(players, team_layout=layout)
    assert ENGINE.teams(r) == teams
    assert rules(players, team_layout=layout, teams=teams) == r


@pytest.mark.parametrize(
    ("players", "layout", "teams"),
    [
        (6, "pairs", {"T1": ["S1", "S2"], "T2": ["S3", "S4"], "T3": ["S5", "S6"]}),
        (6, "two_sides", {"T1": ["S1", "S4"], "T2": ["S2", "S5"], "T3": ["S3", "S6"]}),
        (4, "pairs", {"A": ["S1", "S2"], "B": ["S3", "S4"]}),
        (4, "pairs", "A=S1+S3"),
    ],
)
def test_teams_that_do_not_alternate_or_have_the_wrong_size_are_refused(players: int, layout: str, teams: Any) -> None:
    with pytest.raises(RuleViolation) as caught:
        rules(players, team_layout=layout, teams=teams)
    assert (caught.value.code, caught.value.field) == ("team_layout_invalid", "settings.teams")
    if players == 6 and layout == "pairs":
        assert caught.value.detail == "Seat the teams alternately: T1 S1+S4, T2 S2+S5, T3 S3+S6."


def test_every_setting_has_its_default() -> None:
    assert ENGINE.settings_json(rules(4)) == {
        "players": 4,
        "team_layout": "pairs",
        "starting_tables": 12,
        "double_mode": "multiply",
        "all_pass_rule": "first_speaker_team_plays_28_no_trumps",
        "elimination": "at_zero_tables",
        "shortfall_distribution": "round_robin_from_payers_right",
        "passed_player_may_bid_again": True,
        "bands": [
            {"from": 28, "to": 39, "win": 1, "lose": 2},
            {"from": 40, "to": 47, "win": 2, "lose": 3},
            {"from": 48, "to": 55, "win": 3, "lose": 4},
            {"from": 56, "to": 56, "win": 4, "lose": 5},
        ],
        "four_player_pack": 48,
        "enforce_dealer_order": False,
        "revoke_rule": "report",
        # §F.9's second table (issue 20), each off by default.
        "redouble_out_of_turn": False,
        "calls_limited_by_tables": False,
        "redeal_team_without_jack": False,
        "redeal_hand_points_at_most": None,
        "eight_player_pack": 64,
        "trump_lead_rule": "any_time",
    }


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("team_layout", "threes"),
        ("starting_tables", 0),
        ("starting_tables", "12"),
        ("starting_tables", True),
        ("double_mode", "square"),
        ("all_pass_rule", "dealer_plays"),
        ("elimination", "never"),
        ("shortfall_distribution", "proportional"),
        ("passed_player_may_bid_again", "yes"),
        ("four_player_pack", 36),
        ("four_player_pack", "48"),
        ("four_player_pack", 48.0),
        ("enforce_dealer_order", 1),
        ("bands", []),
        ("bands", "default"),
        ("players", "four"),
        ("revoke_rule", "lose_tables"),
        ("scoring_mode", "points"),
        ("tricks_per_deal", 12),
    ],
)
def test_a_bad_setting_is_refused_as_invalid_on_its_name(name: str, value: Any) -> None:
    with pytest.raises(RuleViolation) as caught:
        rules(4, **{name: value})
    assert (caught.value.code, caught.value.field) == ("invalid", f"settings.{name}")


@pytest.mark.parametrize(
    ("bands", "field"),
    [
        ([{"from": 28, "to": 39, "win": 1, "lose": 2}], "settings.bands"),
        ([{"from": 29, "to": 56, "win": 1, "lose": 2}], "settings.bands[0]"),
        (
            [{"from": 28, "to": 40, "win": 1, "lose": 2}, {"from": 40, "to": 56, "win": 2, "lose": 3}],
            "settings.bands[1]",
        ),
        ([{"from": 28, "to": 56, "win": 1, "lose": "2"}], "settings.bands[0].lose"),
        ([{"from": 28, "to": 56, "win": 1, "lose": 2, "bonus": 1}], "settings.bands[0].bonus"),
        ([{"from": 28, "to": 56, "win": 1}], "settings.bands[0].lose"),
        (["28-56"], "settings.bands[0]"),
        ([{"from": 40, "to": 30, "win": 1, "lose": 2}], "settings.bands[0]"),
    ],
)
def test_bands_must_cover_every_bid_from_28_to_56_once(bands: Any, field: str) -> None:
    with pytest.raises(RuleViolation) as caught:
        rules(4, bands=bands)
    assert (caught.value.code, caught.value.field) == ("invalid", field)


def test_edited_bands_change_the_band_and_the_amounts() -> None:
    bands = [{"from": 28, "to": 44, "win": 2, "lose": 3}, {"from": 45, "to": 56, "win": 5, "lose": 7}]
    r = rules(4, bands=bands)
    assert ENGINE.settings_json(r)["bands"] == bands
    made = one(r, simple("S2", 44, 44))
    assert (made["band"], made["transfers"]) == ("28-44", [{"from": "A", "to": "B", "owed": 2, "tables": 2}])
    failed = one(r, simple("S2", 45, 10))
    assert (failed["band"], failed["transfers"]) == ("45-56", [{"from": "B", "to": "A", "owed": 7, "tables": 7}])


# -- the auction (§F.3, §F.7) -------------------------------------------------------------------------------------
def test_the_first_call_belongs_to_the_seat_after_the_dealer() -> None:
    error = refused(rules(4), [deal("S1", [bid("S3", 30), *pas("S4", "S1", "S2")], 30)])
    assert (error.code, error.field) == ("call_out_of_turn", "auction[0]")
    assert error.extra["expected_seat"] == "S2"
    assert one(rules(4), deal("S4", [bid("S1", 30), *pas("S2", "S3", "S4")], 30))["contract"]["bidder"] == "S1"


def test_calls_then_go_round_in_seat_order() -> None:
    error = refused(rules(4), [deal("S1", [bid("S2", 30), *pas("S4", "S3", "S1")], 30)])
    assert (error.code, error.field) == ("call_out_of_turn", "auction[1]")
    assert error.detail == (
        "It is S3's turn to call (bidding goes to the right, counter-clockwise); S4 speaks after S3."
    )


def test_partners_may_outbid_each_other() -> None:
    result = one(rules(4), deal("S1", [bid("S2", 30), *pas("S3"), bid("S4", 34, "spades"), *pas("S1", "S2", "S3")], 34))
    assert result["contract"] == {
        "bidder": "S4",
        "team": "B",
        "points": 34,
        "trump": "spades",
        "doubling": "none",
        "forced": False,
    }


def test_a_bid_must_be_numerically_higher_than_the_standing_bid_whatever_the_suit() -> None:
    error = refused(rules(4), [deal("S1", [bid("S2", 32, "hearts"), bid("S3", 30, "spades")], 30)])
    assert (error.code, error.field) == ("bid_not_higher", "auction[1]")
    assert error.detail == "The standing bid is 32; S3 may bid 33 to 56, pass, or double."
    same = refused(rules(4), [deal("S1", [bid("S2", 32, "hearts"), bid("S3", 32, "no_trumps")], 30)])
    assert (same.code, same.field) == ("bid_not_higher", "auction[1]")


@pytest.mark.parametrize("points", [27, 57, 0, -30, 32.5, "32", None, True, [32]])
def test_a_bid_runs_from_28_to_56_whole_points(points: Any) -> None:
    error = refused(rules(4), [deal("S1", [*pas("S2"), bid("S3", points), *pas("S4", "S1", "S2")], 30)])
    assert (error.code, error.field) == ("bid_out_of_range", "auction[1]")


@pytest.mark.parametrize("points", [28, 56])
def test_28_and_56_are_bids(points: int) -> None:
    assert one(rules(4), simple("S2", points, 56))["contract"]["points"] == points


@pytest.mark.parametrize("trump", ["stars", "", 3, None, ["hearts"]])
def test_a_bid_names_a_trump_suit_or_no_trumps(trump: Any) -> None:
    error = refused(rules(4), [deal("S1", [bid("S2", 30, trump), *pas("S3", "S4", "S1")], 30)])
    assert (error.code, error.field) == ("invalid_trump", "auction[0]")


@pytest.mark.parametrize(
    ("given", "canonical"),
    [
        ("clubs", "clubs"),
        ("Diamonds", "diamonds"),
        ("H", "hearts"),
        ("spade", "spades"),
        ("NT", "no_trumps"),
        ("no trumps", "no_trumps"),
        ("No-Trumps", "no_trumps"),
    ],
)
def test_trumps_are_read_generously_and_answered_canonically(given: str, canonical: str) -> None:
    r = rules(4)
    parsed = ENGINE.parse_deal(deal("S1", [bid("S2", 30, given), *pas("S3", "S4", "S1")], 30), r)
    assert ENGINE.deal_json(parsed)["auction"][0]["trump"] == canonical


def test_any_opponent_may_double_the_standing_bid_even_after_a_pass() -> None:
    auction = [bid("S2", 32), *pas("S3", "S4"), dbl("S1"), *pas("S2", "S3", "S4")]
    result = one(rules(4), deal("S1", auction, 32))
    assert result["contract"]["doubling"] == "doubled"
    assert result["transfers"] == [{"from": "A", "to": "B", "owed": 2, "tables": 2}]


@pytest.mark.parametrize(
    ("auction", "detail"),
    [
        ([dbl("S2")], "S2 cannot double: nobody has bid yet; only an opponent's standing bid may be doubled."),
        (
            [bid("S2", 32), *pas("S3"), dbl("S4")],
            "S4 cannot double: the standing bid (32 hearts) belongs to S4's own team; only an opponent of the bidder "
            "may double.",
        ),
        (
            [bid("S2", 32), dbl("S3"), *pas("S4"), dbl("S1")],
            "S1 cannot double: the standing bid (32 hearts) is already doubled; a bid may be doubled only once.",
        ),
    ],
)
def test_double_needs_a_standing_bid_of_the_other_team_not_yet_doubled(auction: list[Any], detail: str) -> None:
    error = refused(rules(4), [deal("S1", auction, 30)])
    assert (error.code, error.field) == ("double_not_allowed", f"auction[{len(auction) - 1}]")
    assert error.detail == detail


def test_a_redoubled_bid_cannot_be_doubled_again() -> None:
    error = refused(rules(6), [deal("S1", [bid("S2", 40), dbl("S3"), *pas("S4"), rdbl("S5"), dbl("S6")], 40)])
    assert (error.code, error.field) == ("auction_closed", "auction[4]")


@pytest.mark.parametrize(
    ("auction", "index"),
    [
        ([rdbl("S2")], 0),
        ([bid("S2", 32), rdbl("S3")], 1),
        ([bid("S2", 32), dbl("S3"), rdbl("S4")], None),  # S4 is on the doubled team: legal
        ([bid("S2", 32), dbl("S3"), *pas("S4"), rdbl("S1")], 3),
        ([bid("S2", 32), dbl("S3"), bid("S4", 33), rdbl("S1")], 3),
    ],
)
def test_only_the_doubled_team_may_redouble(auction: list[Any], index: int | None) -> None:
    r = rules(4)
    if index is None:
        assert one(r, deal("S1", auction, 32))["contract"]["doubling"] == "redoubled"
        return
    error = refused(r, [deal("S1", auction, 30)])
    assert (error.code, error.field) == ("redouble_not_allowed", f"auction[{index}]")


def test_a_redouble_ends_the_auction_at_once() -> None:
    auction = [bid("S2", 40, "clubs"), dbl("S3"), rdbl("S4")]
    result = one(rules(4), deal("S1", auction, 45))
    assert result["contract"] == {
        "bidder": "S2",
        "team": "B",
        "points": 40,
        "trump": "clubs",
        "doubling": "redoubled",
        "forced": False,
    }
    error = refused(rules(4), [deal("S1", [*auction, *pas("S1")], 45)])
    assert (error.code, error.field) == ("auction_closed", "auction[3]")
    assert error.detail == (
        "The auction ended with S4's redouble: the contract is 40 clubs redoubled. No further calls are possible."
    )


def test_a_higher_bid_wipes_out_the_double() -> None:
    auction = [bid("S2", 32), dbl("S3"), bid("S4", 33), *pas("S1", "S2", "S3")]
    result = one(rules(4), deal("S1", auction, 40))
    assert result["contract"]["doubling"] == "none"
    assert result["contract"]["bidder"] == "S4"


@pytest.mark.parametrize("players", [4, 6, 8])
def test_the_auction_ends_after_one_pass_fewer_than_the_players(players: int) -> None:
    r = rules(players)
    closing = [*SEATS[players][2:], "S1"]
    result = one(r, deal("S1", [bid("S2", 30), *pas(*closing)], 30))
    assert result["made"] is True
    error = refused(r, [deal("S1", [bid("S2", 30), *pas(*closing, "S2")], 30)])
    assert (error.code, error.field) == ("auction_closed", f"auction[{players}]")
    short = refused(r, [deal("S1", [bid("S2", 30), *pas(*closing[:-1])], 30)])
    assert (short.code, short.field) == ("auction_incomplete", "auction")
    assert short.extra["waiting_for"] == ["S1"]


def test_the_auction_after_a_double_also_ends_after_the_closing_passes() -> None:
    incomplete = refused(rules(4), [deal("S1", [bid("S2", 32), dbl("S3"), *pas("S4", "S1")], 30)])
    assert (incomplete.code, incomplete.field) == ("auction_incomplete", "auction")
    assert incomplete.extra["waiting_for"] == ["S2"]


def test_an_unfinished_auction_says_who_must_still_call() -> None:
    error = refused(rules(4), [deal("S1", [bid("S2", 32)], 30)])
    assert (error.code, error.field) == ("auction_incomplete", "auction")
    assert error.detail == "The auction is not finished: after S2's 32 hearts, S3, S4 and S1 must still pass or call."
    empty = refused(rules(4), [deal("S1", [], 30)])
    assert (empty.code, empty.field) == ("auction_incomplete", "auction")


@pytest.mark.parametrize(
    ("players", "dealer", "first", "team"),
    [(4, "S1", "S2", "B"), (4, "S4", "S1", "A"), (6, "S2", "S3", "T3"), (8, "S8", "S1", "T1")],
)
def test_when_everyone_passes_the_first_speakers_team_plays_28_no_trumps(
    players: int, dealer: str, first: str, team: str
) -> None:
    order = [*after(dealer, players), dealer]
    result = one(rules(players), deal(dealer, pas(*order), 27))
    assert result["contract"] == {
        "bidder": first,
        "team": team,
        "points": 28,
        "trump": "no_trumps",
        "doubling": "none",
        "forced": True,
    }
    assert result["made"] is False
    assert result["band"] == "28-39"


def test_with_first_speaker_must_bid_the_first_speaker_may_not_pass() -> None:
    r = rules(6, all_pass_rule="first_speaker_must_bid")
    error = refused(r, [deal("S6", pas("S1", "S2", "S3", "S4", "S5", "S6"), 30)])
    assert (error.code, error.field) == ("opening_bid_required", "auction[0]")
    assert error.detail == (
        "S1 speaks first after dealer S6 and must open with a bid of at least 28; passing is not allowed."
    )
    assert one(r, deal("S6", [bid("S1", 28), *pas("S2", "S3", "S4", "S5", "S6")], 28))["made"] is True
    later_pass = one(r, deal("S6", [bid("S1", 28), *pas("S2"), bid("S3", 29), *pas("S4", "S5", "S6", "S1", "S2")], 28))
    assert later_pass["contract"]["bidder"] == "S3"


def test_with_redeal_an_all_pass_deal_moves_no_tables_and_passes_the_deal() -> None:
    r = rules(4, all_pass_rule="redeal")
    state, results = play(r, [deal("S1", pas("S2", "S3", "S4", "S1"))])
    assert results[0] == {
        "contract": None,
        "made": None,
        "band": None,
        "transfers": [],
        "tables_after": {"A": 12, "B": 12},
        "eliminated": [],
        "active_seats_after": ["S1", "S2", "S3", "S4"],
        "next_dealer": "S2",
        "match_winner": None,
    }
    assert ENGINE.state_json(state)["next_dealer"] == "S2"


def test_a_passed_player_may_bid_again_by_default() -> None:
    auction = [*pas("S2"), bid("S3", 30), *pas("S4", "S1"), bid("S2", 31), *pas("S3", "S4", "S1")]
    assert one(rules(4), deal("S1", auction, 31))["contract"]["bidder"] == "S2"


@pytest.mark.parametrize(
    "auction",
    [
        [*pas("S2"), bid("S3", 30), *pas("S4", "S1"), bid("S2", 31)],
        [*pas("S2"), bid("S3", 30), *pas("S4", "S1"), dbl("S2")],
        [bid("S2", 30), *pas("S3"), bid("S4", 31), *pas("S1", "S2"), dbl("S3")],
    ],
)
def test_with_passed_player_may_bid_again_off_a_passed_seat_may_only_pass(auction: list[Any]) -> None:
    error = refused(rules(4, passed_player_may_bid_again=False), [deal("S1", auction, 30)])
    assert (error.code, error.field) == ("passed_player_may_not_bid", f"auction[{len(auction) - 1}]")
    seat = auction[-1]["seat"]
    assert error.detail == f"{seat} passed earlier in this auction and may only pass now."


def test_a_plus_bid_is_stored_as_the_absolute_bid() -> None:
    r = rules(4)
    payload = deal(
        "S1",
        [
            bid("S2", 28, "diamonds"),
            {"seat": "S3", "call": "bid", "plus": 2, "trump": "diamonds"},
            *pas("S4", "S1", "S2"),
        ],
        30,
    )
    parsed = ENGINE.parse_deal(payload, r)
    assert ENGINE.deal_json(parsed)["auction"][1] == {
        "seat": "S3",
        "call": "bid",
        "points": 30,
        "trump": "diamonds",
        "plus": 2,
        "convention": "plus",
    }
    assert one(r, payload)["contract"]["points"] == 30


@pytest.mark.parametrize(
    ("auction", "detail"),
    [
        (
            [bid("S2", 55), {"seat": "S3", "call": "bid", "plus": 2, "trump": "spades"}],
            "Plus 2 on 55 would be 57; the highest bid is 56.",
        ),
        ([{"seat": "S2", "call": "bid", "plus": 2, "trump": "spades"}], None),
        ([bid("S2", 40), {"seat": "S3", "call": "bid", "plus": 0, "trump": "spades"}], None),
        ([bid("S2", 40), {"seat": "S3", "call": "bid", "plus": 2, "points": 43, "trump": "spades"}], None),
    ],
)
def test_a_plus_bid_must_land_above_the_standing_bid_and_at_most_56(auction: list[Any], detail: str | None) -> None:
    error = refused(rules(4), [deal("S1", auction, 30)])
    assert (error.code, error.field) == ("plus_bid_invalid", f"auction[{len(auction) - 1}]")
    if detail:
        assert error.detail == detail


def test_a_noes_bid_needs_a_trump_only_if_it_wins() -> None:
    r = rules(4)
    noes = {"seat": "S3", "call": "bid", "points": 30, "convention": "noes"}
    outbid = one(r, deal("S1", [bid("S2", 29), noes, bid("S4", 31), *pas("S1", "S2", "S3")], 31))
    assert outbid["contract"]["bidder"] == "S4"
    error = refused(r, [deal("S1", [bid("S2", 29), noes, *pas("S4", "S1", "S2")], 31)])
    assert (error.code, error.field) == ("invalid_trump", "auction[1]")
    named = one(r, deal("S1", [bid("S2", 29), {**noes, "trump": "clubs"}, *pas("S4", "S1", "S2")], 31))
    assert named["contract"]["trump"] == "clubs"


def test_a_noes_bid_needs_a_bid_standing_to_be_void_in() -> None:
    """F-A13: noes says its bidder is void in the suit last bid, so the first bid of an auction cannot be one (the
    auction's description says so to the page: conventions over_standing)."""
    r = rules(4)
    opening = {"seat": "S2", "call": "bid", "points": 30, "convention": "noes", "trump": "clubs"}
    error = refused(r, [deal("S1", [opening, *pas("S3", "S4", "S1")], 30)])
    assert (error.code, error.field) == ("invalid_trump", "auction[0]")
    assert error.detail == (
        "A noes bid says its bidder is void in the suit last bid, and no bid stands yet: name a trump suit or "
        "no-trumps for S2's bid of 30."
    )


@pytest.mark.parametrize(
    ("call", "field"),
    [
        ({"seat": "S2", "call": "raise"}, "auction[0].call"),
        ({"seat": "S9", "call": "pass"}, "auction[0].seat"),
        ({"call": "pass"}, "auction[0].seat"),
        ({"seat": "S2", "call": "pass", "points": 30}, "auction[0].points"),
        ({"seat": "S2", "call": "pass", "bid": 30}, "auction[0].bid"),
        ({"seat": "S2", "call": "bid", "points": 30, "trump": "hearts", "convention": "jump"}, "auction[0].convention"),
        ({"seat": "S2", "call": "bid", "points": 30, "trump": "hearts", "plus": "2"}, "auction[0].plus"),
        ("S2 pass", "auction[0]"),
    ],
)
def test_a_malformed_call_is_refused_as_invalid_on_its_field(call: Any, field: str) -> None:
    with pytest.raises(RuleViolation) as caught:
        ENGINE.parse_deal(deal("S1", [call], 30), rules(4))
    assert (caught.value.code, caught.value.field) == ("invalid", field)


# -- the result (§F.4) --------------------------------------------------------------------------------------------
def test_exactly_the_bid_makes_it() -> None:
    assert one(rules(4), simple("S2", 32, 32))["made"] is True
    assert one(rules(4), simple("S2", 32, 31))["made"] is False


MULTIPLY_TABLE = {  # band: (made none/doubled/redoubled, failed none/doubled/redoubled), §F.4
    "28-39": ((1, 2, 4), (2, 4, 8)),
    "40-47": ((2, 4, 8), (3, 6, 12)),
    "48-55": ((3, 6, 12), (4, 8, 16)),
    "56": ((4, 8, 16), (5, 10, 20)),
}
ADD_TABLE = {
    "28-39": ((1, 2, 3), (2, 3, 4)),
    "40-47": ((2, 3, 4), (3, 4, 5)),
    "48-55": ((3, 4, 5), (4, 5, 6)),
    "56": ((4, 5, 6), (5, 6, 7)),
}
BAND_BIDS = {"28-39": (28, 39), "40-47": (40, 47), "48-55": (48, 55), "56": (56,)}


@pytest.mark.parametrize("mode", ["multiply", "add"])
@pytest.mark.parametrize("band", list(BAND_BIDS))
@pytest.mark.parametrize("doubling", ["none", "doubled", "redoubled"])
@pytest.mark.parametrize("made", [True, False])
def test_each_band_and_multiplier_moves_its_tables(mode: str, band: str, doubling: str, made: bool) -> None:
    table = MULTIPLY_TABLE if mode == "multiply" else ADD_TABLE
    amount = table[band][0 if made else 1][("none", "doubled", "redoubled").index(doubling)]
    r = rules(4, double_mode=mode, starting_tables=50)
    for points in BAND_BIDS[band]:
        result = one(r, simple("S2", points, points if made else points - 1, doubling=doubling))
        assert result["band"] == band
        assert result["contract"]["doubling"] == doubling
        payer, receiver = ("A", "B") if made else ("B", "A")
        assert result["transfers"] == [{"from": payer, "to": receiver, "owed": amount, "tables": amount}]
        assert result["tables_after"] == {payer: 50 - amount, receiver: 50 + amount}


def test_a_made_contract_is_paid_by_every_other_active_team_in_order_from_the_bidder() -> None:
    result = one(rules(8), simple("S6", 40, 45, players=8))
    assert result["transfers"] == [
        {"from": "T3", "to": "T2", "owed": 2, "tables": 2},
        {"from": "T4", "to": "T2", "owed": 2, "tables": 2},
        {"from": "T1", "to": "T2", "owed": 2, "tables": 2},
    ]
    assert result["tables_after"] == {"T1": 10, "T2": 18, "T3": 10, "T4": 10}


def test_a_failed_contract_pays_every_other_active_team() -> None:
    result = one(rules(6), simple("S3", 40, 39, players=6))
    assert result["transfers"] == [
        {"from": "T3", "to": "T1", "owed": 3, "tables": 3},
        {"from": "T3", "to": "T2", "owed": 3, "tables": 3},
    ]
    assert result["tables_after"] == {"T1": 15, "T2": 15, "T3": 6}


def test_a_double_scales_every_transfer_of_the_deal() -> None:
    result = one(rules(6), simple("S3", 40, 45, players=6, doubling="doubled"))
    assert [transfer["owed"] for transfer in result["transfers"]] == [4, 4]
    assert result["tables_after"] == {"T1": 8, "T2": 8, "T3": 20}


def test_with_two_sides_there_is_exactly_one_other_team() -> None:
    result = one(rules(6, team_layout="two_sides"), simple("S3", 48, 20, players=6))
    assert result["contract"]["team"] == "A"
    assert result["transfers"] == [{"from": "A", "to": "B", "owed": 4, "tables": 4}]
    assert result["tables_after"] == {"A": 8, "B": 16}


def test_the_card_points_of_every_team_must_add_up_to_56() -> None:
    r = rules(6)
    good = one(
        r,
        simple("S3", 40, 0, players=6)
        | {"bidding_team_card_points": None, "card_points_by_team": {"T1": 10, "T2": 6, "T3": 40}},
    )
    assert good["made"] is True
    error = refused(r, [simple("S3", 40, 40, players=6) | {"card_points_by_team": {"T1": 10, "T2": 5, "T3": 40}}])
    assert (error.code, error.field) == ("card_points_total_mismatch", "card_points_by_team")
    assert error.detail == "Card points add up to 55; all teams together must have exactly 56."


def test_the_bidding_teams_entry_must_agree_with_the_teams_card_points() -> None:
    error = refused(rules(4), [simple("S2", 32, 35) | {"card_points_by_team": {"A": 23, "B": 33}}])
    assert (error.code, error.field) == ("card_points_inconsistent", "bidding_team_card_points")
    assert error.detail == "Team B is entered as 35 and as 33."


@pytest.mark.parametrize("points", [-1, 57, "30", 30.5, True, [30]])
def test_card_points_are_whole_numbers_from_0_to_56(points: Any) -> None:
    with pytest.raises(RuleViolation) as caught:
        ENGINE.parse_deal(simple("S2", 32, 0) | {"bidding_team_card_points": points}, rules(4))
    assert (caught.value.code, caught.value.field) == ("card_points_out_of_range", "bidding_team_card_points")
    with pytest.raises(RuleViolation) as by_team:
        ENGINE.parse_deal(simple("S2", 32, 30) | {"card_points_by_team": {"A": 26, "B": points}}, rules(4))
    assert (by_team.value.code, by_team.value.field) == ("card_points_out_of_range", "card_points_by_team.B")


def test_card_points_must_be_entered_when_a_contract_is_played() -> None:
    error = refused(rules(4), [deal("S1", won_by("S2", 32))])
    assert (error.code, error.field) == ("invalid", "bidding_team_card_points")


def test_card_points_by_team_name_exactly_the_teams_still_playing() -> None:
    with pytest.raises(RuleViolation) as unknown:
        ENGINE.parse_deal(simple("S2", 32, 30) | {"card_points_by_team": {"A": 26, "C": 30}}, rules(4))
    assert (unknown.value.code, unknown.value.field) == ("invalid", "card_points_by_team.C")
    missing = refused(rules(6), [simple("S3", 40, 40, players=6) | {"card_points_by_team": {"T1": 16, "T3": 40}}])
    assert (missing.code, missing.field) == ("invalid", "card_points_by_team")


# -- tables, shortfall, elimination, match end (§F.5, §F.6) -------------------------------------------------------
def test_a_team_short_of_tables_pays_two_creditors_round_robin_from_its_right() -> None:
    r = rules(6, starting_tables=5)
    # T2 (S2) fails 40 redoubled: owes 12 to each of T3 and T1 and holds 5: 3 to T3, 2 to T1.
    result = one(r, deal("S1", [bid("S2", 40), dbl("S3"), *pas("S4"), rdbl("S5")], 10))
    assert result["transfers"] == [
        {"from": "T2", "to": "T3", "owed": 12, "tables": 3},
        {"from": "T2", "to": "T1", "owed": 12, "tables": 2},
    ]
    assert result["tables_after"] == {"T1": 7, "T2": 0, "T3": 8}
    assert result["eliminated"] == [{"team": "T2", "reason": "could_not_pay_in_full"}]


def test_the_rules_file_example_sixteen_owed_and_five_held_gives_three_and_two() -> None:
    r = rules(6, starting_tables=5, bands=[{"from": 28, "to": 56, "win": 1, "lose": 4}])
    result = one(r, deal("S1", [bid("S2", 40), dbl("S3"), *pas("S4"), rdbl("S5")], 10))
    assert [(t["to"], t["owed"], t["tables"]) for t in result["transfers"]] == [("T3", 16, 3), ("T1", 16, 2)]


def test_a_team_short_of_tables_pays_three_creditors_round_robin_from_its_right() -> None:
    r = rules(8, starting_tables=7)
    # T3 (S7) fails 48: owes 4 to each of T4, T1, T2 and holds 7: 3, 2, 2 -- no creditor more than owed.
    result = one(r, simple("S7", 48, 20, players=8))
    assert result["transfers"] == [
        {"from": "T3", "to": "T4", "owed": 4, "tables": 3},
        {"from": "T3", "to": "T1", "owed": 4, "tables": 2},
        {"from": "T3", "to": "T2", "owed": 4, "tables": 2},
    ]
    assert result["tables_after"] == {"T1": 9, "T2": 9, "T3": 0, "T4": 10}
    assert result["eliminated"] == [{"team": "T3", "reason": "could_not_pay_in_full"}]


def test_a_payer_of_a_made_contract_pays_everything_it_has_and_no_more() -> None:
    r = rules(4, starting_tables=3)
    result = one(r, simple("S2", 56, 56))
    assert result["transfers"] == [{"from": "A", "to": "B", "owed": 4, "tables": 3}]
    assert result["tables_after"] == {"A": 0, "B": 6}
    assert result["eliminated"] == [{"team": "A", "reason": "could_not_pay_in_full"}]
    assert result["match_winner"] == "B"


def test_by_default_a_team_that_pays_its_last_table_exactly_is_out() -> None:
    result = one(rules(4, starting_tables=2), simple("S2", 32, 10))
    assert result["transfers"] == [{"from": "B", "to": "A", "owed": 2, "tables": 2}]
    assert result["eliminated"] == [{"team": "B", "reason": "no_tables_left"}]


def test_with_when_cannot_pay_a_team_at_zero_stays_until_it_cannot_pay() -> None:
    r = rules(4, starting_tables=2, elimination="when_cannot_pay")
    state, results = play(r, [simple("S2", 32, 10)])
    assert results[0]["eliminated"] == []
    assert results[0]["tables_after"] == {"A": 4, "B": 0}
    assert ENGINE.state_json(state)["match_over"] is False
    state, results = play(r, [simple("S3", 32, 40)], state)
    assert results[0]["transfers"] == [{"from": "B", "to": "A", "owed": 1, "tables": 0}]
    assert results[0]["eliminated"] == [{"team": "B", "reason": "could_not_pay_in_full"}]
    assert results[0]["match_winner"] == "A"


def test_a_team_at_zero_may_win_tables_back_under_when_cannot_pay() -> None:
    r = rules(4, starting_tables=2, elimination="when_cannot_pay")
    _, results = play(r, [simple("S2", 32, 10), simple("S4", 40, 40)])
    assert results[1]["tables_after"] == {"A": 2, "B": 2}


def test_six_players_drop_to_four_when_a_team_is_out() -> None:
    r = rules(6, starting_tables=4)
    state, results = play(r, [simple("S2", 32, 0, players=6)])
    assert results[0]["eliminated"] == [{"team": "T2", "reason": "no_tables_left"}]
    assert results[0]["active_seats_after"] == ["S1", "S3", "S4", "S6"]
    assert results[0]["next_dealer"] == "S3"  # S1 dealt; S2 is out
    assert ENGINE.state_json(state) == {
        "tables": {"T1": 6, "T2": 0, "T3": 6},
        "eliminated": [{"team": "T2", "reason": "no_tables_left"}],
        "active_seats": ["S1", "S3", "S4", "S6"],
        "next_deal_cards": {"deck_size": 48, "cards_per_player": 12},
        "next_dealer": "S3",
        "match_over": False,
        "match_winner": None,
    }
    # The next auction runs among S4, S6, S1, S3 (dealer S3), S5 being out.
    state, results = play(r, [deal("S3", [bid("S4", 30), *pas("S6", "S1", "S3")], 30)], state)
    assert results[0]["transfers"] == [{"from": "T3", "to": "T1", "owed": 1, "tables": 1}]
    assert results[0]["next_dealer"] == "S4"
    error = refused(r, [simple("S2", 32, 0, players=6), deal("S3", [bid("S4", 30), *pas("S5", "S6", "S1")], 30)])
    assert error.detail.startswith("It is S6's turn")
    assert (error.code, error.field) == ("call_out_of_turn", "auction[1]")


def test_eight_players_drop_to_six_with_the_sevens_and_eights_taken_out() -> None:
    r = rules(8, starting_tables=2)
    assert ENGINE.state_json(ENGINE.initial_state(r))["next_deal_cards"] == {"deck_size": 64, "cards_per_player": 8}
    state, results = play(r, [simple("S3", 32, 0, players=8)])
    assert results[0]["active_seats_after"] == ["S1", "S2", "S4", "S5", "S6", "S8"]
    assert ENGINE.state_json(state)["next_deal_cards"] == {"deck_size": 48, "cards_per_player": 8}
    assert results[0]["next_dealer"] == "S4"  # S2 dealt, S3 is out


def test_two_teams_may_go_out_in_one_deal_and_eight_players_drop_to_four() -> None:
    state, results = play(
        rules(8, starting_tables=3), [simple("S2", 28, 30, players=8), simple("S1", 40, 40, players=8)]
    )
    assert results[1]["eliminated"] == [
        {"team": "T3", "reason": "no_tables_left"},
        {"team": "T4", "reason": "no_tables_left"},
    ]
    assert results[1]["tables_after"] == {"T1": 8, "T2": 4, "T3": 0, "T4": 0}
    assert results[1]["active_seats_after"] == ["S1", "S2", "S5", "S6"]
    assert ENGINE.state_json(state)["next_deal_cards"] == {"deck_size": 48, "cards_per_player": 12}
    assert results[1]["next_dealer"] == "S1"  # S8 dealt


def test_every_other_team_may_go_out_in_one_deal() -> None:
    r = rules(8, starting_tables=1)
    _, results = play(r, [simple("S1", 32, 40, players=8)])
    assert results[0]["eliminated"] == [
        {"team": "T2", "reason": "no_tables_left"},
        {"team": "T3", "reason": "no_tables_left"},
        {"team": "T4", "reason": "no_tables_left"},
    ]
    assert results[0]["match_winner"] == "T1"
    _, results = play(rules(8, starting_tables=2), [simple("S1", 40, 40, players=8)])
    assert len(results[0]["eliminated"]) == 3


def test_the_match_ends_when_one_team_is_left() -> None:
    r = rules(4, starting_tables=1)
    state, results = play(r, [simple("S2", 32, 40)])
    assert results[0]["match_winner"] == "B"
    assert results[0]["next_dealer"] is None
    final = ENGINE.state_json(state)
    assert final["match_over"] is True
    assert final["match_winner"] == "B"
    assert final["next_dealer"] is None
    assert final["next_deal_cards"] is None
    assert final["active_seats"] == ["S2", "S4"]
    error = refused(r, [simple("S2", 32, 40), simple("S4", 32, 40)])
    assert (error.code, error.field) == ("match_already_finished", None)
    assert error.detail.startswith("Team B has won")


def test_three_teams_play_on_after_the_first_elimination_and_end_at_the_second() -> None:
    r = rules(6, starting_tables=2)
    _state, results = play(
        r, [simple("S2", 32, 0, players=6), simple("S4", 40, 10, players=6, active=["S1", "S3", "S4", "S6"])]
    )
    assert results[0]["eliminated"] == [{"team": "T2", "reason": "could_not_pay_in_full"}]
    assert results[0]["tables_after"] == {"T1": 3, "T2": 0, "T3": 3}
    assert results[1]["eliminated"] == [{"team": "T1", "reason": "no_tables_left"}]
    assert results[1]["match_winner"] == "T3"
    assert results[1]["tables_after"] == {"T1": 0, "T2": 0, "T3": 6}


def test_with_a_32_card_pack_four_players_hold_eight_cards() -> None:
    r = rules(4, four_player_pack=32)
    assert ENGINE.state_json(ENGINE.initial_state(r))["next_deal_cards"] == {"deck_size": 32, "cards_per_player": 8}
    r6 = rules(6, four_player_pack=32, starting_tables=2)
    assert ENGINE.state_json(ENGINE.initial_state(r6))["next_deal_cards"] == {"deck_size": 48, "cards_per_player": 8}
    state, _ = play(r6, [simple("S2", 32, 0, players=6)])
    assert ENGINE.state_json(state)["next_deal_cards"] == {"deck_size": 32, "cards_per_player": 8}


@pytest.mark.parametrize(("dealer", "expected"), [("S1", "S2"), ("S4", "S1")])
def test_the_deal_passes_to_the_right_after_every_deal_including_an_all_pass(dealer: str, expected: str) -> None:
    _, results = play(rules(4), [deal(dealer, pas(*after(dealer, 4), dealer), 28)])
    assert results[0]["next_dealer"] == expected


def test_the_dealer_must_still_be_in_the_match() -> None:
    r = rules(6, starting_tables=2)
    error = refused(r, [simple("S2", 32, 0, players=6), deal("S5", [bid("S6", 30), *pas("S1", "S3", "S4")], 30)])
    assert (error.code, error.field) == ("dealer_not_active", "dealer")
    assert error.detail == "S5's team (T2) is out; S3 deals next."


def test_with_enforce_dealer_order_only_the_next_active_seat_may_deal() -> None:
    r = rules(4, enforce_dealer_order=True)
    assert len(play(r, [simple("S3", 32, 40)])[1]) == 1  # any dealer before the first deal
    error = refused(r, [simple("S3", 32, 40), simple("S2", 32, 40)])
    assert (error.code, error.field) == ("dealer_out_of_turn", "dealer")
    assert error.extra["next_dealer"] == "S3"
    assert len(play(r, [simple("S3", 32, 40), simple("S4", 32, 40)])[1]) == 2


def test_without_enforce_dealer_order_any_active_seat_may_deal() -> None:
    assert len(play(rules(4), [simple("S3", 32, 40), simple("S2", 32, 40)])[1]) == 2


@pytest.mark.parametrize(("dealer", "field"), [("S5", "dealer"), (None, "dealer"), (4, "dealer")])
def test_the_dealer_must_be_a_seat(dealer: Any, field: str) -> None:
    with pytest.raises(RuleViolation) as caught:
        ENGINE.parse_deal({"dealer": dealer, "auction": []}, rules(4))
    assert (caught.value.code, caught.value.field) == ("invalid", field)


def test_tricks_that_are_not_a_list_are_refused_the_referee_is_tested_in_test_referee_fifty_six() -> None:
    with pytest.raises(RuleViolation) as caught:
        ENGINE.parse_deal(simple("S2", 32, 30) | {"tricks": {}}, rules(4))
    assert (caught.value.code, caught.value.field) == ("invalid", "tricks")
