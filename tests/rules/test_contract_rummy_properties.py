"""Contract Rummy: hypothesis properties (totals, one player out, pack counts, untrusted JSON, round trips)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.rules.cards import RANKS, SUITS
from games.rules.contract_rummy.engine import ENGINE
from games.rules.contract_rummy.settings import ContractRummyRules
from games.rules.engine import DealOutcome
from games.rules.errors import RuleViolation
from tests.strategies import any_json

CARD_CODES = [f"{rank}{suit}" for rank in RANKS for suit in SUITS] + ["JKR"]
PENALTY = {"A": 15, "J": 10, "Q": 10, "K": 10, "JK": 15, **{str(pips): pips for pips in range(2, 11)}}  # §R.3
RULES_BY_PLAYERS = {players: ENGINE.rules_from_settings({}, players) for players in range(3, 9)}
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def match_deals(draw: st.DrawFn) -> tuple[int, list[tuple[str, str, dict[str, int]]]]:
    """A player count and up to 7 deals: (dealer, went_out, penalty points of the others)."""
    players = draw(st.integers(3, 8))
    seats = [f"S{k}" for k in range(1, players + 1)]
    deals = []
    for _ in range(draw(st.integers(0, 7))):
        went_out = draw(st.sampled_from(seats))
        points = {seat: draw(st.integers(2, 150)) for seat in seats if seat != went_out}
        deals.append((draw(st.sampled_from(seats)), went_out, points))
    return players, deals


@FAST
@given(match_deals())
def test_totals_equal_the_sum_of_the_penalties(case: tuple[int, list[tuple[str, str, dict[str, int]]]]) -> None:
    players, deals = case
    rules = RULES_BY_PLAYERS[players]
    state = ENGINE.initial_state(rules)
    summed: Counter[str] = Counter()
    for dealer, went_out, points in deals:
        outcome = ENGINE.play_deal(
            state, ENGINE.parse_deal({"dealer": dealer, "went_out": went_out, "penalty_points": points}, rules), rules
        )
        state = outcome.state
        summed.update(outcome.result["penalties"])
        assert outcome.result["totals_after"] == {seat: summed[seat] for seat in rules.seats}
        # exactly one player scores 0: the one who went out
        assert [seat for seat, value in outcome.result["penalties"].items() if value == 0] == [went_out]
    final = ENGINE.state_json(state)
    assert final["totals"] == {seat: summed[seat] for seat in rules.seats}
    assert final["match_over"] is (len(deals) == 7)
    if final["match_over"]:
        lowest = min(final["totals"].values())
        assert final["winners"] == [seat for seat in rules.seats if final["totals"][seat] == lowest]
    assert ENGINE.state_from_json(final, rules) == state


@st.composite
def hands(draw: st.DrawFn) -> tuple[int, str, dict[str, list[str]]]:
    """A player count and hands for the players who did not go out, from any cards (possibly too many copies)."""
    players = draw(st.integers(3, 8))
    seats = [f"S{k}" for k in range(2, players + 1)]  # S1 went out
    cards_left = {seat: draw(st.lists(st.sampled_from(CARD_CODES), min_size=1, max_size=6)) for seat in seats}
    return players, "S1", cards_left


@FAST
@given(hands())
def test_penalties_from_cards_are_the_card_values_unless_a_card_exceeds_the_pack(
    case: tuple[int, str, dict[str, list[str]]],
) -> None:
    players, went_out, cards_left = case
    rules = RULES_BY_PLAYERS[players]
    counts = Counter(card for cards in cards_left.values() for card in cards)
    too_many = any(count > (rules.jokers if card == "JKR" else rules.decks) for card, count in counts.items())
    payload = {"dealer": "S2", "went_out": went_out, "cards_left": cards_left}
    try:
        outcome = ENGINE.play_deal(ENGINE.initial_state(rules), ENGINE.parse_deal(payload, rules), rules)
    except RuleViolation as violation:
        assert too_many
        assert violation.code == "card_count_exceeds_pack"
        return
    assert not too_many
    values = {code: PENALTY[code[:-1]] for code in CARD_CODES}
    assert outcome.result["penalties"] == {
        went_out: 0,
        **{seat: sum(values[card] for card in cards) for seat, cards in cards_left.items()},
    }


@st.composite
def overfull_hands(draw: st.DrawFn) -> tuple[ContractRummyRules, dict[str, Any]]:
    """A deal where one card appears once more than the pack holds, spread over the hands and the melds."""
    players = draw(st.integers(3, 8))
    rules = ENGINE.rules_from_settings(
        {"decks": draw(st.integers(2, 3)), "jokers": draw(st.integers(0, 3))}
        if players > 4 or draw(st.booleans())
        else {},
        players,
    )
    card = draw(st.sampled_from(CARD_CODES))
    copies = (rules.jokers if card == "JKR" else rules.decks) + 1
    seats = [f"S{k}" for k in range(1, players + 1)]
    went_out = draw(st.sampled_from(seats))
    holders = [seat for seat in seats if seat != went_out]
    cards_left: dict[str, list[str]] = {}
    for _ in range(copies):
        seat = draw(st.sampled_from(holders))
        cards_left.setdefault(seat, []).append(card.lower() if draw(st.booleans()) else card)
    points = {seat: draw(st.integers(2, 60)) for seat in holders if seat not in cards_left}
    payload: dict[str, Any] = {
        "dealer": draw(st.sampled_from(seats)),
        "went_out": went_out,
        "cards_left": cards_left,
        "penalty_points": points,
    }
    return rules, payload


@FAST
@given(overfull_hands())
def test_a_card_reported_more_often_than_the_pack_holds_is_always_refused(
    case: tuple[ContractRummyRules, dict[str, Any]],
) -> None:
    rules, payload = case
    try:
        ENGINE.play_deal(ENGINE.initial_state(rules), ENGINE.parse_deal(payload, rules), rules)
    except RuleViolation as violation:
        assert violation.code == "card_count_exceeds_pack"
    else:
        raise AssertionError("an over-full pack was accepted")


JSON = any_json(
    words=["S1", "s2", "S9", "P1", "AS", "10h", "JKR", "1H", "set", "run", "face_value", ""],
    keys=["S1", "S2", "S3", "S4", "S5", "type", "cards", "jokers", "x"],
    integers=(-(10**6), 10**6),
    text_size=6,
    list_size=4,
    dict_size=4,
    max_leaves=12,
)
DEAL_KEYS = ["dealer", "went_out", "cards_left", "penalty_points", "melds"]
NEAR_DEAL = st.fixed_dictionaries({}, optional=dict.fromkeys(DEAL_KEYS, JSON))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(JSON, NEAR_DEAL), st.integers(3, 8), st.integers(0, 7))
def test_any_json_payload_gives_a_deal_outcome_or_a_rule_violation(payload: Any, players: int, played: int) -> None:
    rules = RULES_BY_PLAYERS[players]
    state = ENGINE.initial_state(rules)
    filler = {"dealer": "S1", "went_out": "S2", "penalty_points": {f"S{k}": 5 for k in range(1, players + 1) if k != 2}}
    for _ in range(played):
        state = ENGINE.play_deal(state, ENGINE.parse_deal(filler, rules), rules).state
    try:
        deal = ENGINE.parse_deal(payload, rules)
    except RuleViolation:
        return
    assert ENGINE.parse_deal(ENGINE.deal_json(deal), rules) == deal
    try:
        outcome = ENGINE.play_deal(state, deal, rules)
    except RuleViolation:
        return
    assert isinstance(outcome, DealOutcome)


SETTINGS = st.fixed_dictionaries(
    {},
    optional={
        "preset": st.sampled_from(["seed", "pagat", "bicycle", "x"]) | JSON,
        "decks": st.integers(0, 7) | JSON,
        "jokers": st.integers(-1, 17) | JSON,
        "deals": st.integers(0, 8) | JSON,
        "cards_dealt": st.lists(st.integers(0, 21), min_size=6, max_size=8) | JSON,
        "contracts": st.lists(
            st.fixed_dictionaries({"sets": st.integers(0, 5), "runs": st.integers(0, 5)}), min_size=6, max_size=8
        )
        | JSON,
        "min_set_length": st.integers(2, 5),
        "min_run_length": st.integers(2, 14),
        "distinct_suits_in_sets": st.booleans() | JSON,
        "penalty_points": st.dictionaries(
            st.sampled_from(["number_cards", "A", "K", "JOKER", "10", "z"]),
            st.integers(0, 30) | st.just("face_value") | JSON,
            max_size=3,
        )
        | JSON,
        "winner_rule": st.sampled_from(["lowest_total_ties_share", "lowest_total_then_last_deal", "x"]),
        "minimum_stock_after_deal": st.integers(-1, 30),
        "allow_no_winner_deal": st.booleans() | JSON,
        "enforce_dealer_order": st.booleans(),
    },
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(SETTINGS, JSON), st.integers(1, 10))
def test_any_settings_give_rules_that_round_trip_or_a_rule_violation(settings_payload: Any, players: int) -> None:
    try:
        rules = ENGINE.rules_from_settings(settings_payload, players)
    except RuleViolation as violation:
        assert violation.field is not None
        assert violation.field == "players" or violation.field.startswith("settings")
        return
    assert ENGINE.rules_from_settings(ENGINE.settings_json(rules), players) == rules
    assert rules.decks * 52 + rules.jokers >= players * max(rules.cards_dealt) + 1 + rules.minimum_stock_after_deal


@FAST
@given(match_deals())
def test_exactly_one_player_scores_zero_in_each_deal(case: tuple[int, list[tuple[str, str, dict[str, int]]]]) -> None:
    players, deals = case
    rules = RULES_BY_PLAYERS[players]
    state = ENGINE.initial_state(rules)
    for dealer, went_out, points in deals:
        payload = {"dealer": dealer, "went_out": went_out, "penalty_points": points}
        outcome = ENGINE.play_deal(state, ENGINE.parse_deal(payload, rules), rules)
        state = outcome.state
        zeros = [seat for seat, value in outcome.result["penalties"].items() if value == 0]
        assert zeros == [went_out]


STATE_LIKE = st.fixed_dictionaries(
    {},
    optional={
        "totals": st.dictionaries(
            st.sampled_from(["S1", "S2", "S3", "S4", "S5"]), st.integers(0, 500) | JSON, max_size=5
        )
        | JSON,
        "deals_played": st.integers(-1, 9) | JSON,
        "next_dealer": st.sampled_from(["S1", "S4", "S9"]) | JSON,
        "last_penalties": JSON,
    },
)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(STATE_LIKE, JSON))
def test_a_stored_state_of_any_shape_loads_or_gives_a_rule_violation(data: Any) -> None:
    rules = RULES_BY_PLAYERS[4]
    try:
        state = ENGINE.state_from_json(data, rules)
    except RuleViolation:
        return
    assert ENGINE.state_from_json(ENGINE.state_json(state), rules) == state
