"""56: properties (hypothesis) and round trips. An independent model of §F.3 generates legal auctions."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.rules.engine import DealOutcome
from games.rules.errors import RuleViolation
from games.rules.fifty_six.engine import ENGINE
from games.rules.fifty_six.settings import FiftySixRules
from games.rules.fifty_six.state import FiftySixState
from tests.strategies import any_json
from tests.support.fifty_six_auction import TRUMPS, AuctionModel, model_for

AUCTION_CODES = {
    "call_out_of_turn",
    "opening_bid_required",
    "bid_out_of_range",
    "bid_not_higher",
    "invalid_trump",
    "double_not_allowed",
    "redouble_not_allowed",
    "auction_closed",
    "passed_player_may_not_bid",
    "plus_bid_invalid",
    "invalid",
}
SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def draw_auction(data: st.DataObject, model: AuctionModel, stop_early: bool = False) -> list[dict[str, Any]]:
    calls: list[dict[str, Any]] = []
    while not model.closed:
        if stop_early and data.draw(st.integers(0, 6)) == 0:
            break
        call = data.draw(st.sampled_from(model.options()))
        model.apply(call)
        calls.append(call)
    return calls


rules_strategy = st.builds(
    lambda players, layout, tables, mode, all_pass, elimination, again: ENGINE.rules_from_settings(
        {
            "team_layout": layout,
            "starting_tables": tables,
            "double_mode": mode,
            "all_pass_rule": all_pass,
            "elimination": elimination,
            "passed_player_may_bid_again": again,
        },
        players,
    ),
    st.sampled_from([4, 6, 8]),
    st.sampled_from(["pairs", "two_sides"]),
    st.integers(1, 8),
    st.sampled_from(["multiply", "add"]),
    st.sampled_from(["first_speaker_team_plays_28_no_trumps", "first_speaker_must_bid", "redeal"]),
    st.sampled_from(["at_zero_tables", "when_cannot_pay"]),
    st.booleans(),
)


@SETTINGS
@given(rules_strategy, st.data())
def test_tables_are_conserved_across_any_sequence_of_legal_deals(rules: FiftySixRules, data: st.DataObject) -> None:
    state: FiftySixState = ENGINE.initial_state(rules)
    total = rules.starting_tables * len(rules.team_names)
    for _ in range(data.draw(st.integers(1, 12))):
        if state.match_over:
            break
        active = list(state.active_seats)
        dealer = state.next_dealer or data.draw(st.sampled_from(active))
        auction = draw_auction(data, model_for(rules, active, dealer))
        payload = {"dealer": dealer, "auction": auction, "bidding_team_card_points": data.draw(st.integers(0, 56))}
        parsed = ENGINE.parse_deal(payload, rules)
        assert ENGINE.parse_deal(ENGINE.deal_json(parsed), rules) == parsed
        outcome = ENGINE.play_deal(state, parsed, rules)
        state, result = outcome.state, outcome.result
        snapshot = ENGINE.state_json(state)
        assert sum(snapshot["tables"].values()) == total
        assert result["tables_after"] == snapshot["tables"]
        assert all(count >= 0 for count in snapshot["tables"].values())
        assert all(snapshot["tables"][out["team"]] == 0 for out in snapshot["eliminated"])
        assert all(transfer["tables"] <= transfer["owed"] for transfer in result["transfers"])
        seats = snapshot["active_seats"]
        if not snapshot["match_over"]:
            teams = [rules.team_of[seat] for seat in seats]
            assert all(teams[k] != teams[(k + 1) % len(teams)] for k in range(len(teams)))
            assert snapshot["next_dealer"] in seats
            assert (
                snapshot["next_deal_cards"]["deck_size"] >= len(seats) * snapshot["next_deal_cards"]["cards_per_player"]
            )
        else:
            assert len({rules.team_of[seat] for seat in seats}) == 1
            assert snapshot["next_dealer"] is None
        assert ENGINE.state_from_json(snapshot, rules) == state


@SETTINGS
@given(rules_strategy, st.data())
def test_a_legal_auction_generated_call_by_call_is_always_accepted(rules: FiftySixRules, data: st.DataObject) -> None:
    dealer = data.draw(st.sampled_from(rules.seats))
    model = model_for(rules, list(rules.seats), dealer)
    auction = draw_auction(data, model)
    outcome = ENGINE.play_deal(
        ENGINE.initial_state(rules),
        ENGINE.parse_deal({"dealer": dealer, "auction": auction, "bidding_team_card_points": 30}, rules),
        rules,
    )
    contract = outcome.result["contract"]
    if model.standing is None:
        assert contract is None if rules.all_pass_rule == "redeal" else contract["forced"] is True
    else:
        assert (contract["bidder"], contract["points"], contract["doubling"]) == (*model.standing, model.doubling)


call_strategy = st.fixed_dictionaries(
    {
        "seat": st.sampled_from([f"S{k}" for k in range(1, 9)]),
        "call": st.sampled_from(["bid", "pass", "double", "redouble"]),
    },
    optional={"points": st.integers(20, 60), "trump": st.sampled_from([*TRUMPS, "stars"])},
)


@SETTINGS
@given(rules_strategy, st.data(), call_strategy)
def test_an_illegal_next_call_is_always_refused_with_a_code_on_that_call(
    rules: FiftySixRules, data: st.DataObject, call: dict[str, Any]
) -> None:
    if call["call"] != "bid":
        call = {"seat": call["seat"], "call": call["call"]}
    dealer = data.draw(st.sampled_from(rules.seats))
    model = model_for(rules, list(rules.seats), dealer)
    prefix = draw_auction(data, model, stop_early=True)
    payload = {"dealer": dealer, "auction": [*prefix, call], "bidding_team_card_points": 30}
    try:
        ENGINE.play_deal(ENGINE.initial_state(rules), ENGINE.parse_deal(payload, rules), rules)
        refusal = None
    except RuleViolation as violation:
        refusal = violation
    if model.is_legal(call):
        assert refusal is None or (refusal.code, refusal.field) == ("auction_incomplete", "auction")
    else:
        assert refusal is not None
        assert refusal.code in AUCTION_CODES
        assert refusal.field is not None and refusal.field.startswith(f"auction[{len(prefix)}]")


json_values = any_json(
    words=["S1", "S2", "s3", "bid", "pass", "double", "redouble", "hearts", "NT", "A", "T1", "plus"],
    keys=["seat", "call", "points", "trump", "plus", "convention", "dealer", "auction", "A", "B", "T1", "x"],
    integers=(-100, 100),
    nan=False,
    text_size=6,
    list_size=5,
    dict_size=5,
    max_leaves=25,
)
VALID = {
    "dealer": "S1",
    "auction": [
        {"seat": "S2", "call": "bid", "points": 32, "trump": "hearts"},
        {"seat": "S3", "call": "pass"},
        {"seat": "S4", "call": "pass"},
        {"seat": "S1", "call": "pass"},
    ],
    "bidding_team_card_points": 35,
}


def mutate(base: Any, path: list[int], value: Any) -> Any:
    """Replace one element somewhere inside ``base`` (chosen by ``path``) with ``value``."""
    if not path or not isinstance(base, (dict, list)) or not base:
        return value
    if isinstance(base, dict):
        key = sorted(base)[path[0] % len(base)]
        return {**base, key: mutate(base[key], path[1:], value)}
    index = path[0] % len(base)
    return [*base[:index], mutate(base[index], path[1:], value), *base[index + 1 :]]


@SETTINGS
@given(
    st.sampled_from([4, 6, 8]),
    st.one_of(json_values, st.builds(mutate, st.just(VALID), st.lists(st.integers(0, 9), max_size=4), json_values)),
)
def test_any_json_payload_gives_a_deal_outcome_or_a_rule_violation(players: int, payload: Any) -> None:
    rules = ENGINE.rules_from_settings({}, players)
    try:
        outcome = ENGINE.play_deal(ENGINE.initial_state(rules), ENGINE.parse_deal(payload, rules), rules)
    except RuleViolation as violation:
        assert violation.code
        return
    assert isinstance(outcome, DealOutcome)


@SETTINGS
@given(
    st.one_of(
        json_values,
        st.dictionaries(
            st.sampled_from(
                ["players", "team_layout", "starting_tables", "bands", "double_mode", "teams", "four_player_pack"]
            ),
            json_values,
            max_size=3,
        ),
    ),
    st.one_of(st.sampled_from([4, 6, 8]), json_values),
)
def test_any_json_settings_give_rules_or_a_rule_violation(settings_payload: Any, players: Any) -> None:
    try:
        rules = ENGINE.rules_from_settings(settings_payload, players)
    except RuleViolation as violation:
        assert violation.code in {"invalid", "player_count_invalid", "team_layout_invalid"}
        return
    assert ENGINE.rules_from_settings(ENGINE.settings_json(rules), players) == rules


@SETTINGS
@given(json_values)
def test_any_json_state_is_read_back_or_refused(data: Any) -> None:
    rules = ENGINE.rules_from_settings({}, 6)
    try:
        ENGINE.state_from_json(data, rules)
    except RuleViolation as violation:
        assert violation.code == "invalid"


@pytest.mark.parametrize(
    "settings_payload",
    [
        {},
        {
            "team_layout": "two_sides",
            "double_mode": "add",
            "all_pass_rule": "redeal",
            "elimination": "when_cannot_pay",
            "passed_player_may_bid_again": False,
            "four_player_pack": 32,
            "enforce_dealer_order": True,
            "starting_tables": 20,
            "bands": [{"from": 28, "to": 56, "win": 1, "lose": 1}],
        },
        {"all_pass_rule": "first_speaker_must_bid", "shortfall_distribution": "round_robin_from_payers_right"},
    ],
)
@pytest.mark.parametrize("players", [4, 6, 8])
def test_settings_json_reads_back_to_equal_rules(settings_payload: dict[str, Any], players: int) -> None:
    rules = ENGINE.rules_from_settings(settings_payload, players)
    again = ENGINE.rules_from_settings(ENGINE.settings_json(rules), players)
    assert again == rules
    assert ENGINE.settings_json(again) == ENGINE.settings_json(rules)


def test_the_state_before_any_deal_accepts_any_dealer_and_reads_back() -> None:
    rules = ENGINE.rules_from_settings({}, 8)
    snapshot = ENGINE.state_json(ENGINE.initial_state(rules))
    assert snapshot == {
        "tables": {"T1": 12, "T2": 12, "T3": 12, "T4": 12},
        "eliminated": [],
        "active_seats": ["S1", "S2", "S3", "S4", "S5", "S6", "S7", "S8"],
        "next_deal_cards": {"deck_size": 64, "cards_per_player": 8},
        "next_dealer": None,
        "match_over": False,
        "match_winner": None,
    }
    assert ENGINE.state_from_json(snapshot, rules) == ENGINE.initial_state(rules)


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("tables", {"T1": 13, "T2": 12, "T3": 12, "T4": 12}),
        ("tables", {"T1": 12}),
        ("eliminated", [{"team": "T9"}]),
        ("active_seats", ["S1"]),
        ("next_dealer", "S9"),
        ("match_winner", "T1"),
        ("next_deal_cards", None),
    ],
)
def test_a_damaged_state_is_refused(key: str, value: Any) -> None:
    rules = ENGINE.rules_from_settings({}, 8)
    snapshot = {**ENGINE.state_json(ENGINE.initial_state(rules)), key: value}
    with pytest.raises(RuleViolation) as caught:
        ENGINE.state_from_json(snapshot, rules)
    assert (caught.value.code, caught.value.field) == ("invalid", f"state.{key}")


def test_a_deal_is_answered_in_canonical_form_and_reads_back_equal() -> None:
    rules = ENGINE.rules_from_settings({}, 6)
    payload = {
        "dealer": " s1",
        "auction": [
            {"seat": "s2", "call": "BID", "points": 28, "trump": "D"},
            {"seat": "S3", "call": "bid", "plus": 4, "trump": "nt"},
            {"seat": "S4", "call": "Double"},
            {"seat": "S5", "call": "pass", "points": None},
            {"seat": "S6", "call": "redouble"},
        ],
        "card_points_by_team": {"t3": 36, "T1": 14, "T2": 6},
    }
    parsed = ENGINE.parse_deal(payload, rules)
    assert ENGINE.deal_json(parsed) == {
        "dealer": "S1",
        "auction": [
            {"seat": "S2", "call": "bid", "points": 28, "trump": "diamonds"},
            {"seat": "S3", "call": "bid", "points": 32, "trump": "no_trumps", "plus": 4, "convention": "plus"},
            {"seat": "S4", "call": "double"},
            {"seat": "S5", "call": "pass"},
            {"seat": "S6", "call": "redouble"},
        ],
        "bidding_team_card_points": None,
        "card_points_by_team": {"T1": 14, "T2": 6, "T3": 36},
    }
    assert ENGINE.parse_deal(ENGINE.deal_json(parsed), rules) == parsed
    result = ENGINE.play_deal(ENGINE.initial_state(rules), parsed, rules).result
    assert result["contract"] == {
        "bidder": "S3",
        "team": "T3",
        "points": 32,
        "trump": "no_trumps",
        "doubling": "redoubled",
        "forced": False,
    }
    assert result["transfers"] == [
        {"from": "T1", "to": "T3", "owed": 4, "tables": 4},
        {"from": "T2", "to": "T3", "owed": 4, "tables": 4},
    ]


def test_a_result_has_exactly_the_keys_of_the_api() -> None:
    rules = ENGINE.rules_from_settings({}, 4)
    result = ENGINE.play_deal(ENGINE.initial_state(rules), ENGINE.parse_deal(VALID, rules), rules).result
    assert set(result) == {
        "contract",
        "made",
        "band",
        "transfers",
        "tables_after",
        "eliminated",
        "active_seats_after",
        "next_dealer",
        "match_winner",
    }
    assert set(result["contract"]) == {"bidder", "team", "points", "trump", "doubling", "forced"}


def test_ten_thousand_deals_of_a_balanced_cycle_leave_every_table_in_play() -> None:
    """(Folding speed is measured by bench/engines.py.)"""
    rules = ENGINE.rules_from_settings({"starting_tables": 999}, 6)
    seats = list(rules.seats)
    # Each team bids 40 doubled twice in a cycle of six deals, making it once and failing once: no drift.
    deals = []
    for k, dealer in enumerate(seats):
        order = seats[k + 1 :] + seats[: k + 1]
        auction = [
            {"seat": order[0], "call": "bid", "points": 30 + k, "trump": "spades"},
            {"seat": order[1], "call": "bid", "points": 40, "trump": "hearts"},
            {"seat": order[2], "call": "double"},
        ] + [{"seat": seat, "call": "pass"} for seat in order[3:] + order[:2]]
        card_points = 45 if k < 3 else 20
        deals.append(
            ENGINE.parse_deal({"dealer": dealer, "auction": auction, "bidding_team_card_points": card_points}, rules)
        )
    state = ENGINE.initial_state(rules)
    for index in range(10_000):
        state = ENGINE.play_deal(state, deals[index % len(deals)], rules).state
    assert sum(dict(state.tables).values()) == 999 * 3
