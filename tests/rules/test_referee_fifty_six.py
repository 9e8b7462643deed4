"""The 56 table referee (shared/rules/fifty_six.md §F.9a): hand-built deals, revokes, refusals, properties."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules.errors import RuleViolation
from games.rules.fifty_six.engine import ENGINE
from games.rules.fifty_six.settings import FiftySixRules
from tests.strategies import any_json
from tests.support.referee_fifty_six import BIDDER_REVOKE, FOUR
from tests.support.trick_notation import replace, trick
from tests.support.tricks import Played, fifty_six_play

POINTS = {"J": 3, "9": 2, "A": 1, "10": 1}


def rules(players: int = 4, **settings_: Any) -> FiftySixRules:
    return ENGINE.rules_from_settings(settings_, players)


def auction(bidder: str, points: int, trump: str, players: int) -> list[dict[str, Any]]:
    """``bidder`` (the dealer's right) bids, everyone else passes."""
    seats = [f"S{k}" for k in range(1, players + 1)]
    k = seats.index(bidder)
    others = seats[k + 1 :] + seats[:k]
    return [{"seat": bidder, "call": "bid", "points": points, "trump": trump}] + [
        {"seat": seat, "call": "pass"} for seat in others
    ]


def with_tricks(
    tricks: list[Any], dealer: str = "S1", bid: int = 28, trump: str = "hearts", players: int = 4, **extra: Any
) -> dict[str, Any]:
    seats = [f"S{k}" for k in range(1, players + 1)]
    bidder = seats[(seats.index(dealer) + 1) % players]
    return {"dealer": dealer, "auction": auction(bidder, bid, trump, players), "tricks": tricks, **extra}


def play_one(payload: dict[str, Any], the_rules: FiftySixRules | None = None, state: Any = None) -> dict[str, Any]:
    the_rules = the_rules or rules()
    state = state or ENGINE.initial_state(the_rules)
    return ENGINE.play_deal(state, ENGINE.parse_deal(payload, the_rules), the_rules).result


def refusal(payload: Any, the_rules: FiftySixRules | None = None, state: Any = None) -> RuleViolation:
    the_rules = the_rules or rules()
    state = state or ENGINE.initial_state(the_rules)
    with pytest.raises(RuleViolation) as raised:
        ENGINE.play_deal(state, ENGINE.parse_deal(payload, the_rules), the_rules)
    return raised.value


def winners(result: dict[str, Any]) -> list[str]:
    return [entry["winner"] for entry in result["tricks"]]


FOUR_WINNERS = ["S2", "S3", "S3", "S3", "S3", "S1", "S2", "S3", "S4", "S4", "S4", "S1"]

# S1 (a defender) plays the 10 of diamonds on spades at trick 4 while holding AS (trick 5) and 9S (trick 9).
DEFENDER_REVOKE = [
    *FOUR[:3],
    trick("S3 JS", "S4 JS", "S1 10D", "S2 9S"),
    *FOUR[4:8],
    trick("S3 KD", "S4 AD", "S1 9S", "S2 QD"),
    *FOUR[9:],
]

# 8 players in four pairs (T1 S1+S5, T2 S2+S6, T3 S3+S7, T4 S4+S8), 64 cards, dealer S8: S1 bids spades.
EIGHT = [
    trick("S1 JS", "S2 9S", "S3 JS", "S4 AS", "S5 9S", "S6 AS", "S7 10S", "S8 10S"),  # 14
    trick("S1 KS", "S2 QS", "S3 8S", "S4 7S", "S5 KS", "S6 QS", "S7 8S", "S8 7S"),  # 0
    trick("S1 7H", "S2 JH", "S3 8H", "S4 9H", "S5 QH", "S6 AH", "S7 KH", "S8 10H"),  # 7
    trick("S2 8H", "S3 JH", "S4 7H", "S5 9H", "S6 QH", "S7 AH", "S8 KH", "S1 10H"),  # 7
    trick("S3 9D", "S4 JD", "S5 JD", "S6 7D", "S7 8D", "S8 QD", "S1 KD", "S2 10D"),  # 9
    trick("S4 AD", "S5 9D", "S6 AD", "S7 10D", "S8 KD", "S1 QD", "S2 8D", "S3 7D"),  # 5
    trick("S5 JC", "S6 JC", "S7 9C", "S8 9C", "S1 AC", "S2 AC", "S3 10C", "S4 10C"),  # 14
    trick("S5 KC", "S6 QC", "S7 KC", "S8 QC", "S1 8C", "S2 8C", "S3 7C", "S4 7C"),  # 0
]


# --- hand-built deals ------------------------------------------------------------------------------------------


def test_a_four_player_deal_gives_every_trick_and_56_card_points() -> None:
    result = play_one(with_tricks(FOUR))
    assert winners(result) == FOUR_WINNERS
    assert result["tricks"][0] == {"number": 1, "leader": "S2", "winner": "S2", "cards": FOUR[0]}
    assert result["card_points_by_team"] == {"A": 25, "B": 31}
    assert sum(result["card_points_by_team"].values()) == 56
    assert result["reneges_found"] == []
    assert result["decided_by_revoke"] is None
    assert (result["made"], result["band"], result["tables_after"]) == (True, "28-39", {"A": 11, "B": 13})


def test_the_same_deal_with_the_summary_sent_along_agrees() -> None:
    summary = play_one({"dealer": "S1", "auction": auction("S2", 28, "hearts", 4), "bidding_team_card_points": 31})
    both = play_one(with_tricks(FOUR, bidding_team_card_points=31, card_points_by_team={"A": 25, "B": 31}))
    assert {key: both[key] for key in summary} == summary


def test_an_eight_player_deal_with_the_64_card_pack_gives_56_card_points() -> None:
    result = play_one(with_tricks(EIGHT, dealer="S8", trump="spades", players=8), rules(8))
    assert winners(result) == ["S1", "S1", "S2", "S3", "S4", "S5", "S5", "S5"]
    assert result["card_points_by_team"] == {"T1": 33, "T2": 7, "T3": 7, "T4": 9}
    assert sum(result["card_points_by_team"].values()) == 56
    assert result["made"] is True
    assert result["tables_after"] == {"T1": 15, "T2": 11, "T3": 11, "T4": 11}


def test_when_everyone_follows_the_highest_card_of_the_suit_led_wins_whatever_the_trump() -> None:
    for trump in ("clubs", "no_trumps"):
        result = play_one(with_tricks(EIGHT, dealer="S8", trump=trump, players=8), rules(8))
        assert winners(result) == ["S1", "S1", "S2", "S3", "S4", "S5", "S5", "S5"]


def test_a_trump_played_by_a_seat_void_in_the_suit_led_wins_the_trick() -> None:
    # 4 players, spades trump, 32-card pack (J 9 A 10, 8 tricks). S3 holds no heart and trumps the first trick.
    tricks = [
        trick("S2 JH", "S3 10S", "S4 9H", "S1 AH"),
        trick("S3 JS", "S4 9S", "S1 AS", "S2 JH"),
        trick("S3 JS", "S4 9S", "S1 AS", "S2 10H"),
        trick("S3 10S", "S4 9D", "S1 AD", "S2 10D"),
        trick("S3 JD", "S4 9D", "S1 AD", "S2 10D"),
        trick("S3 JD", "S4 9H", "S1 AH", "S2 10H"),
        trick("S3 JC", "S4 9C", "S1 AC", "S2 10C"),
        trick("S3 JC", "S4 9C", "S1 AC", "S2 10C"),
    ]
    result = play_one(with_tricks(tricks, trump="spades"), rules(4, four_player_pack=32))
    assert winners(result) == ["S3"] * 8
    assert result["card_points_by_team"] == {"A": 56, "B": 0}
    assert result["reneges_found"] == []


@pytest.mark.parametrize(
    ("revoke_rule", "made", "tables"),
    [
        ("report", True, {"A": 11, "B": 13}),
        ("forfeit_deal", False, {"A": 14, "B": 10}),
    ],
)
def test_a_revoke_by_the_bidding_team(revoke_rule: str, made: bool, tables: dict[str, int]) -> None:
    result = play_one(with_tricks(BIDDER_REVOKE), rules(4, revoke_rule=revoke_rule))
    assert result["reneges_found"] == [
        {"seat": "S2", "trick": 4, "led_suit": "spades", "card_played": "KC", "held_card": "KS"}
    ]
    assert winners(result) == FOUR_WINNERS
    assert result["card_points_by_team"] == {"A": 25, "B": 31}  # enough for 28, whatever the rule
    assert (result["made"], result["tables_after"]) == (made, tables)
    forfeit = {"seat": "S2", "team": "B", "trick": 4} if revoke_rule == "forfeit_deal" else None
    assert result["decided_by_revoke"] == forfeit


@pytest.mark.parametrize(
    ("revoke_rule", "made", "tables"),
    [
        ("report", False, {"A": 14, "B": 10}),
        ("forfeit_deal", True, {"A": 11, "B": 13}),
    ],
)
def test_a_revoke_by_a_defender(revoke_rule: str, made: bool, tables: dict[str, int]) -> None:
    result = play_one(with_tricks(DEFENDER_REVOKE, bid=33), rules(4, revoke_rule=revoke_rule))
    assert result["reneges_found"] == [
        {"seat": "S1", "trick": 4, "led_suit": "spades", "card_played": "10D", "held_card": "AS"}
    ]
    assert result["card_points_by_team"] == {"A": 24, "B": 32}  # one short of 33
    assert (result["made"], result["tables_after"]) == (made, tables)


def test_under_forfeit_deal_the_first_revoke_decides_when_both_sides_revoke() -> None:
    # At trick 4 S1 (a defender) and then S2 (a bidder) both fail to follow spades while holding some.
    both = [
        *BIDDER_REVOKE[:3],
        trick("S3 JS", "S4 JS", "S1 10D", "S2 KC"),
        *BIDDER_REVOKE[4:8],
        trick("S3 KD", "S4 AD", "S1 9S", "S2 QD"),
        *BIDDER_REVOKE[9:],
    ]
    result = play_one(with_tricks(both), rules(4, revoke_rule="forfeit_deal"))
    assert [(r["seat"], r["trick"]) for r in result["reneges_found"]] == [("S1", 4), ("S2", 4)]
    assert result["decided_by_revoke"] == {"seat": "S1", "team": "A", "trick": 4}
    assert result["made"] is True


# --- refusals ----------------------------------------------------------------------------------------------------


REFUSALS = [
    ("a 7 with four players", replace(FOUR, (0, 1), "S3 7H"), {}, "card_not_in_pack", "tricks[0][1]"),
    ("a king in the 32-card pack", FOUR, {"four_player_pack": 32}, "card_not_in_pack", "tricks[1][2]"),
    ("a third copy of a card", replace(FOUR, (0, 3), "S1 JH"), {}, "card_count_exceeds_pack", "tricks[0][3]"),
    ("a seat twice in a trick", replace(FOUR, (0, 3), "S2 AH"), {}, "play_out_of_turn", "tricks[0][3]"),
    (
        "a seat before its turn",
        [trick("S2 JH", "S4 JH", "S3 9H", "S1 AH"), *FOUR[1:]],
        {},
        "play_out_of_turn",
        "tricks[0][1]",
    ),
    (
        "the first trick not led by the dealer's right",
        [trick("S3 9H", "S4 JH", "S1 AH", "S2 JH"), *FOUR[1:]],
        {},
        "wrong_leader",
        "tricks[0]",
    ),
    (
        "a trick not led by the last winner",
        [*FOUR[:6], trick("S2 JD", "S3 AD", "S4 10D", "S1 9D"), *FOUR[7:]],
        {},
        "wrong_leader",
        "tricks[6]",
    ),
    ("a trick short of a card", [*FOUR[:11], FOUR[11][:3]], {}, "trick_count_invalid", "tricks[11]"),
    ("too few tricks", FOUR[:11], {}, "trick_count_invalid", "tricks"),
    (
        "a trick beyond the hands",
        [*FOUR, trick("S1 9D", "S2 9D", "S3 9D", "S4 9D")],
        {},
        "hand_size_invalid",
        "tricks[12]",
    ),
]


@pytest.mark.parametrize(
    ("tricks", "settings_", "code", "field"), [case[1:] for case in REFUSALS], ids=[case[0] for case in REFUSALS]
)
def test_tricks_that_cannot_have_been_played_are_refused(
    tricks: list[Any], settings_: dict[str, Any], code: str, field: str
) -> None:
    violation = refusal(with_tricks(tricks), rules(4, **settings_))
    assert (violation.code, violation.field) == (code, field)


def test_refusal_messages_name_the_pack_and_the_leader() -> None:
    assert refusal(with_tricks(REFUSALS[0][1])).detail == "The 48-card pack of 4 players has no 7♥."
    assert refusal(with_tricks(REFUSALS[5][1])).detail == (
        "The leader is wrong: S2, the dealer's right, leads the first trick; this trick is led by S3."
    )


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ({"bidding_team_card_points": 30}, "bidding_team_card_points"),
        ({"card_points_by_team": {"A": 26, "B": 30}}, "card_points_by_team"),
    ],
)
def test_card_points_sent_with_the_tricks_must_agree_with_them(extra: dict[str, Any], field: str) -> None:
    violation = refusal(with_tricks(FOUR, **extra))
    assert (violation.code, violation.field) == ("card_points_inconsistent", field)
    assert violation.extra["from_tricks"] == {"A": 25, "B": 31}


def test_the_detail_of_a_disagreement_names_the_team() -> None:
    assert refusal(with_tricks(FOUR, bidding_team_card_points=30)).detail == (
        "Team B is entered as 30 and the tricks give it 31."
    )


def test_card_points_that_do_not_total_56_are_refused_before_the_tricks() -> None:
    violation = refusal(with_tricks(FOUR, card_points_by_team={"A": 25, "B": 30}))
    assert (violation.code, violation.field) == ("card_points_total_mismatch", "card_points_by_team")


def test_a_redealt_all_pass_deal_has_no_tricks() -> None:
    payload = {
        "dealer": "S1",
        "auction": [{"seat": s, "call": "pass"} for s in ("S2", "S3", "S4", "S1")],
        "tricks": FOUR,
    }
    violation = refusal(payload, rules(4, all_pass_rule="redeal"))
    assert (violation.code, violation.field) == ("invalid", "tricks")


def test_the_forced_28_no_trumps_is_refereed_like_any_contract() -> None:
    payload = {
        "dealer": "S1",
        "auction": [{"seat": s, "call": "pass"} for s in ("S2", "S3", "S4", "S1")],
        "tricks": FOUR,
    }
    result = play_one(payload)
    assert result["contract"]["forced"] is True
    assert result["card_points_by_team"] == {"A": 25, "B": 31}
    assert result["made"] is True


def test_a_seat_whose_team_is_out_may_not_play() -> None:
    the_rules = rules(6)
    state = ENGINE.state_from_json(
        {
            "tables": {"T1": 0, "T2": 18, "T3": 18},
            "eliminated": [{"team": "T1", "reason": "no_tables_left"}],
            "next_dealer": "S2",
            "match_over": False,
            "match_winner": None,
        },
        the_rules,
    )
    # S2 deals, S3 leads among S2 S3 S5 S6 (12 cards each from 48); S4 (T1) is out.
    payload = {
        "dealer": "S2",
        "auction": auction("S3", 28, "hearts", 6)[:1] + [{"seat": s, "call": "pass"} for s in ("S5", "S6", "S2")],
        "tricks": [trick("S3 JH", "S4 9H")],
    }
    violation = refusal(payload, the_rules, state)
    assert (violation.code, violation.field) == ("play_out_of_turn", "tricks[0][1]")
    assert violation.detail == "S4 does not play this deal; the cards come from S2, S3, S5, S6."


def test_revoke_rule_is_a_setting_with_report_as_default() -> None:
    assert ENGINE.settings_json(rules(4))["revoke_rule"] == "report"
    assert ENGINE.settings_json(rules(4, revoke_rule="forfeit_deal"))["revoke_rule"] == "forfeit_deal"
    with pytest.raises(RuleViolation) as raised:
        rules(4, revoke_rule="lose_two")
    assert (raised.value.code, raised.value.field) == ("invalid", "settings.revoke_rule")
    the_rules = rules(4, revoke_rule="forfeit_deal")
    assert ENGINE.rules_from_settings(ENGINE.settings_json(the_rules), 4) == the_rules


def test_tricks_round_trip_through_deal_json() -> None:
    lower = [[{"seat": p["seat"].lower(), "card": p["card"].lower()} for p in t] for t in FOUR]
    parsed = ENGINE.parse_deal(with_tricks(lower), rules())
    written = ENGINE.deal_json(parsed)
    assert written["tricks"] == FOUR
    assert ENGINE.parse_deal(written, rules()) == parsed
    assert "tricks" not in ENGINE.deal_json(
        ENGINE.parse_deal(
            {"dealer": "S1", "auction": auction("S2", 28, "hearts", 4), "bidding_team_card_points": 31}, rules()
        )
    )


@pytest.mark.parametrize(
    ("tricks", "field", "code"),
    [
        ("all", "tricks", "invalid"),
        ([{"seat": "S2"}], "tricks[0]", "invalid"),
        ([[{"seat": "S7", "card": "JH"}]], "tricks[0][0].seat", "invalid"),
        ([[{"seat": "S2", "card": 11}]], "tricks[0][0].card", "invalid_card"),
    ],
)
def test_malformed_tricks_are_refused_on_their_field(tricks: Any, field: str, code: str) -> None:
    with pytest.raises(RuleViolation) as raised:
        ENGINE.parse_deal(with_tricks(tricks), rules())
    assert (raised.value.code, raised.value.field) == (code, field)


# --- properties ------------------------------------------------------------------------------------------------


@st.composite
def random_deals(draw: Any) -> tuple[FiftySixRules, dict[str, Any], random.Random, int]:
    players = draw(st.sampled_from([4, 6, 8]))
    four_player_pack = draw(st.sampled_from([48, 32]))
    layout = draw(st.sampled_from(["pairs", "two_sides"]))
    the_rules = rules(players, four_player_pack=four_player_pack, team_layout=layout)
    dealer = draw(st.integers(0, players - 1))
    bid = draw(st.integers(28, 56))
    trump = draw(st.sampled_from(["clubs", "diamonds", "hearts", "spades", "no_trumps"]))
    rng = draw(st.randoms(use_true_random=False))
    return (
        the_rules,
        {"dealer": f"S{dealer + 1}", "bid": bid, "trump": trump, "players": players},
        rng,
        four_player_pack,
    )


def played_deal(case: tuple[Any, ...], renege_at: int | None = None) -> tuple[dict[str, Any], Played]:
    _, spec, rng, four_player_pack = case
    players = spec["players"]
    played = fifty_six_play(players, four_player_pack, spec["dealer"], spec["trump"], rng, renege_at=renege_at)
    payload = with_tricks(played.tricks, dealer=spec["dealer"], bid=spec["bid"], trump=spec["trump"], players=players)
    return payload, played


@settings(max_examples=60, deadline=None)
@given(random_deals())
def test_random_legal_plays_are_accepted_with_56_card_points_and_no_revoke(case: tuple[Any, ...]) -> None:
    the_rules = case[0]
    payload, played = played_deal(case)
    result = play_one(payload, the_rules)
    assert winners(result) == played.winners
    assert sum(result["card_points_by_team"].values()) == 56
    assert result["reneges_found"] == []
    team = result["contract"]["team"]
    assert result["made"] == (result["card_points_by_team"][team] >= payload["auction"][0]["points"])
    parsed = ENGINE.parse_deal(payload, the_rules)
    assert ENGINE.parse_deal(ENGINE.deal_json(parsed), the_rules) == parsed


@settings(max_examples=60, deadline=None)
@given(random_deals(), st.integers(0, 11), st.sampled_from(["report", "forfeit_deal"]))
def test_playing_an_off_suit_card_instead_of_following_is_reported_as_that_seats_revoke(
    case: tuple[Any, ...], at: int, revoke_rule: str
) -> None:
    the_rules = ENGINE.rules_from_settings(
        {**ENGINE.settings_json(case[0]), "revoke_rule": revoke_rule}, case[1]["players"]
    )
    payload, played = played_deal(case, renege_at=at % 8)
    result = play_one(payload, the_rules)
    if played.renege is None:
        assert result["reneges_found"] == []
        return
    assert result["reneges_found"] == [played.renege]
    assert sum(result["card_points_by_team"].values()) == 56
    bidders = result["contract"]["team"]
    by_points = result["card_points_by_team"][bidders] >= payload["auction"][0]["points"]
    revoker_is_bidder = the_rules.team_of[played.renege["seat"]] == bidders
    expected = by_points if revoke_rule == "report" else not revoker_is_bidder
    assert result["made"] == expected


plays = st.fixed_dictionaries(
    {
        "seat": st.sampled_from(["S1", "S2", "S3", "S4", "s2", "S9", 3, None]),
        "card": st.sampled_from(["JH", "9H", "AH", "10s", "TD", "7C", "8H", "JKR", "x", 10, None]),
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
@given(trick_values, st.sampled_from([4, 6, 8]), st.sampled_from([None, 0, 31, "31"]))
def test_any_json_in_tricks_gives_a_result_or_a_rule_violation(tricks: Any, players: int, points: Any) -> None:
    the_rules = rules(players)
    payload = with_tricks(tricks, players=players)
    if points is not None:
        payload["bidding_team_card_points"] = points
    try:
        ENGINE.play_deal(ENGINE.initial_state(the_rules), ENGINE.parse_deal(payload, the_rules), the_rules)
    except RuleViolation as violation:
        assert violation.code and violation.detail
