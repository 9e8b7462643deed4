"""Bid Euchre properties: legal deal sequences add up, finished matches stay finished, any JSON is answered."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.rules.codes import CODES
from games.rules.errors import RuleViolation
from tests.strategies import any_json
from tests.support.bid_euchre import ENGINE, SEATS, left_of, rules

TEAM_OF = {"S1": "A", "S3": "A", "S2": "B", "S4": "B"}
PARTNER_OF = {"S1": "S3", "S3": "S1", "S2": "S4", "S4": "S2"}
TRUMPS = ("clubs", "diamonds", "hearts", "spades")
QUICK = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

setting_choices = st.fixed_dictionaries(
    {
        "target_score": st.sampled_from([10, 20, 32]),
        "deck": st.sampled_from(["single_24", "with_joker_25", "double_48"]),
        "allow_plain_six": st.booleans(),
        "allow_no_trump": st.booleans(),
        "bidding": st.sampled_from(["single_round", "continuous"]),
        "lone_failure_penalty": st.sampled_from(["bid", "contract_value"]),
        "defenders_score_tricks": st.booleans(),
        "renege_penalty": st.integers(0, 3),
        "stick_the_dealer": st.booleans(),
        "ace_no_face": st.booleans(),
        "simultaneous_target": st.sampled_from(["higher_score_wins_equal_replays", "bidders_win"]),
        "enforce_dealer_order": st.booleans(),
    }
)


def ladder(the_rules: Any) -> list[tuple[int, dict[str, Any]]]:
    """Every non-pass call with its rank, lowest first."""
    top = the_rules.tricks_per_deal
    numbers = range(the_rules.minimum_bid, top + 1 if the_rules.allow_plain_six else top)
    return [(n, {"call": "bid", "tricks": n}) for n in numbers] + [
        (top + 1, {"call": "partners_best"}),
        (top + 2, {"call": "shoot_the_moon"}),
    ]


@st.composite
def legal_auction(draw: st.DrawFn, the_rules: Any, dealer: str) -> tuple[list[dict[str, Any]], str | None, str]:
    """A legal auction: the calls, the winning seat (None when passed out) and the winning call's kind."""
    continuous = the_rules.bidding == "continuous"
    calls: list[dict[str, Any]] = []
    passed: set[str] = set()
    standing_rank, winner, kind = 0, None, ""
    seat = left_of(dealer)
    while True:
        higher = [call for rank, call in ladder(the_rules) if rank > standing_rank]
        forced = the_rules.stick_the_dealer and seat == dealer and winner is None and len(passed) == 3
        options = higher if forced else [{"call": "pass"}, *higher]
        call = draw(st.sampled_from(options))
        calls.append({"seat": seat, **call})
        if call["call"] == "pass":
            passed.add(seat)
        else:
            standing_rank = next(rank for rank, option in ladder(the_rules) if option == call)
            winner, kind = seat, call["call"]
        if not continuous and len(calls) == 4:
            return calls, winner, kind
        live = [s for s in SEATS if s not in passed]
        if continuous and (not live or live == [winner]):
            return calls, winner, kind
        seat = left_of(seat)
        while continuous and seat in passed:
            seat = left_of(seat)


@st.composite
def legal_deal(draw: st.DrawFn, the_rules: Any, dealer: str) -> dict[str, Any]:
    if the_rules.ace_no_face and draw(st.integers(0, 9)) == 0:
        size = the_rules.tricks_per_deal + (1 if the_rules.joker and dealer == "S1" else 0)
        plain = ["9S", "10S", "9H", "10H", "9D", "10D", "9C", "10C"] * 2
        hand = ["AS", *plain[: size - 1]]
        return {"dealer": dealer, "ace_no_face": {"seat": "S1", "hand": hand}}
    calls, winner, kind = draw(legal_auction(the_rules, dealer))
    payload: dict[str, Any] = {"dealer": dealer, "auction": calls}
    if winner is None:
        return payload
    top = the_rules.tricks_per_deal
    a = draw(st.integers(0, top))
    payload["trump"] = draw(st.sampled_from(TRUMPS + (("no_trumps",) if the_rules.allow_no_trump else ())))
    payload["tricks_won"] = {"A": a, "B": top - a}
    can_renege = [s for s in SEATS if not (kind != "bid" and s == PARTNER_OF[winner])]
    payload["reneges"] = [{"seat": s} for s in draw(st.lists(st.sampled_from(can_renege), max_size=3))]
    return payload


@st.composite
def legal_match(draw: st.DrawFn) -> tuple[Any, list[dict[str, Any]]]:
    """Rules and a list of legal deals, the dealer passing left (stopping where the match would end is the
    test's business)."""
    the_rules = rules(**draw(setting_choices))
    dealer = draw(st.sampled_from(SEATS))
    deals = []
    for _ in range(draw(st.integers(1, 25))):
        deals.append(draw(legal_deal(the_rules, dealer)))
        dealer = left_of(dealer)
    return the_rules, deals


@QUICK
@given(legal_match())
def test_for_any_legal_deal_sequence_the_scores_are_the_sum_of_deal_points_and_penalties(
    match: tuple[Any, ...],
) -> None:
    the_rules, deals = match
    state = ENGINE.initial_state(the_rules)
    total = {"A": 0, "B": 0}
    for payload in deals:
        if ENGINE.state_json(state)["match_over"]:
            break
        outcome = ENGINE.play_deal(state, ENGINE.parse_deal(payload, the_rules), the_rules)
        result, state = outcome.result, outcome.state
        for team in total:
            total[team] += result["deal_points"][team] + result["renege_penalties"][team]
            assert result["renege_penalties"][team] <= 0
        assert result["scores_after"] == total
        assert ENGINE.state_json(state)["scores"] == total
        if result["contract"] is not None:
            bidders = result["contract"]["team"]
            taken = payload["tricks_won"][bidders]
            assert result["made"] is (taken >= result["contract"]["tricks_bid"])
        assert ENGINE.state_from_json(ENGINE.state_json(state), the_rules) == state


@QUICK
@given(legal_match())
def test_a_finished_match_refuses_every_further_deal(match: tuple[Any, ...]) -> None:
    the_rules, deals = match
    state = ENGINE.initial_state(the_rules)
    finished = False
    for payload in deals:
        deal = ENGINE.parse_deal(payload, the_rules)
        if finished:
            try:
                ENGINE.play_deal(state, deal, the_rules)
            except RuleViolation as violation:
                assert violation.code == "match_already_finished"
            else:
                raise AssertionError("a finished match accepted a deal")
            continue
        state = ENGINE.play_deal(state, deal, the_rules).state
        shown = ENGINE.state_json(state)
        finished = shown["match_over"]
        assert finished == (shown["match_winner"] is not None)
        if finished:
            assert shown["next_dealer"] is None
            assert shown["tiebreak_deal_required"] is False
            scores = shown["scores"]
            assert max(scores.values()) >= the_rules.target_score


@QUICK
@given(legal_match())
def test_every_legal_deal_round_trips_through_deal_json(match: tuple[Any, ...]) -> None:
    the_rules, deals = match
    for payload in deals:
        deal = ENGINE.parse_deal(payload, the_rules)
        assert ENGINE.parse_deal(ENGINE.deal_json(deal), the_rules) == deal


json_values = any_json(
    words=[
        "S1",
        "S4",
        "bid",
        "pass",
        "partners_best",
        "shoot_the_moon",
        "hearts",
        "no_trumps",
        "AS",
        "JKR",
        "A",
        "B",
        "seat",
        "call",
        "tricks",
        "hand",
    ],
    keys=[
        "dealer",
        "auction",
        "trump",
        "tricks_won",
        "reneges",
        "ace_no_face",
        "seat",
        "call",
        "tricks",
        "hand",
        "A",
        "B",
        "x",
    ],
    any_text_keys=False,
    integers=(-3, 15),
    nan=False,
    text_size=4,
    list_size=4,
    dict_size=5,
    max_leaves=20,
)


def mutate(value: Any, path: list[int], replacement: Any) -> Any:
    """``value`` with the element reached by following ``path`` (indices into keys/items) replaced."""
    if not path or not isinstance(value, (dict, list)) or not value:
        return replacement
    index, rest = path[0], path[1:]
    if isinstance(value, dict):
        key = list(value)[index % len(value)]
        return {**value, key: mutate(value[key], rest, replacement)}
    position = index % len(value)
    return [*value[:position], mutate(value[position], rest, replacement), *value[position + 1 :]]


def answers(payload: Any, the_rules: Any, state: Any = None) -> None:
    state = state if state is not None else ENGINE.initial_state(the_rules)
    before = ENGINE.state_json(state)
    try:
        outcome = ENGINE.play_deal(state, ENGINE.parse_deal(payload, the_rules), the_rules)
    except RuleViolation as violation:
        assert violation.code in CODES, violation.code  # a registered code, never a made-up one
        assert set(violation.extra) <= set(CODES[violation.code].extra_keys), violation.extra
        assert violation.detail
        assert ENGINE.state_json(state) == before  # a refusal leaves the state as it was
        return
    # An accepted deal names who deals next (unless it ended the match), and its new state survives a JSON round trip.
    assert outcome.state.match_over or outcome.state.next_dealer is not None
    assert ENGINE.state_from_json(ENGINE.state_json(outcome.state), the_rules) == outcome.state


@settings(max_examples=200, deadline=None)
@given(json_values, setting_choices)
def test_any_json_payload_gives_a_deal_outcome_or_a_rule_violation(payload: Any, chosen: dict[str, Any]) -> None:
    answers(payload, rules(**chosen))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(legal_match(), st.lists(st.integers(0, 10), max_size=4), json_values)
def test_any_damaged_legal_deal_gives_a_deal_outcome_or_a_rule_violation(
    match: tuple[Any, ...], path: list[Any], junk: Any
) -> None:
    the_rules, deals = match
    answers(mutate(deals[0], path, junk), the_rules)


@settings(max_examples=150, deadline=None)
@given(
    st.dictionaries(st.sampled_from([*ENGINE.settings_json(rules()), "players", "x"]), json_values, max_size=4),
    st.integers(0, 6),
)
def test_any_settings_give_rules_or_a_rule_violation_and_round_trip(chosen: dict[str, Any], count: int) -> None:
    try:
        the_rules = ENGINE.rules_from_settings(chosen, count)
    except RuleViolation:
        return
    assert ENGINE.rules_from_settings(ENGINE.settings_json(the_rules), 4) == the_rules


@QUICK
@given(setting_choices)
def test_chosen_settings_round_trip(chosen: dict[str, Any]) -> None:
    the_rules = rules(**chosen)
    assert ENGINE.rules_from_settings(ENGINE.settings_json(the_rules), 4) == the_rules


def test_ten_thousand_deals_fold_through_one_finished_match_after_another() -> None:
    """(Folding speed is measured by bench/engines.py.)"""
    the_rules = rules(target_score=1_000)
    deals = []
    dealer = "S4"
    for number in range(10_000):
        said: list[dict[str, Any]] = []
        seat = left_of(dealer)
        for step in range(4):
            said.append(
                {"seat": seat, "call": "bid", "tricks": 3 + number % 3}
                if step == number % 4
                else {"seat": seat, "call": "pass"}
            )
            seat = left_of(seat)
        payload = {
            "dealer": dealer,
            "auction": said,
            "trump": "spades",
            "tricks_won": {"A": number % 7, "B": 6 - number % 7},
            "reneges": [{"seat": "S2"}] * (number % 2),
        }
        deals.append(ENGINE.parse_deal(payload, the_rules))
        dealer = left_of(dealer)
    state = ENGINE.initial_state(the_rules)
    matches = 1
    for deal in deals:
        if state.match_over:
            state, matches = ENGINE.initial_state(the_rules), matches + 1
        state = ENGINE.play_deal(state, deal, the_rules).state
    assert matches > 1
