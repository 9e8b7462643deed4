"""Twenty-Eight: properties (hypothesis). Independent models of §T.3 (the auction) and §T.7a (the play) generate legal
deals; the engine must accept them and agree with the models, and no input at all may make it fail otherwise than
with a ``RuleViolation``."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.rules.errors import RuleViolation
from games.rules.twenty_eight.engine import ENGINE
from tests.rules.twenty_eight.helpers import SEATS, TEAM_OF, play, play_model, play_one, rules
from tests.strategies import any_json

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MINIMUMS = st.sampled_from([14, 16])
PARTNER = st.sampled_from([None, 15, 20, 24])


@st.composite
def legal_auctions(draw: st.DrawFn) -> tuple[str, list[dict[str, Any]], dict[str, Any]]:
    """A legal first round by the rules' text: the first speaker bids; each later seat passes or bids higher, at
    honours over a partner; three passes (or 28) end it."""
    minimum: int = draw(MINIMUMS)
    honours: int | None = draw(PARTNER)
    house: dict[str, Any] = {"minimum_bid": minimum, "partner_overcall_minimum": honours}
    dealer = draw(st.sampled_from(SEATS))
    seat = SEATS[(SEATS.index(dealer) + 1) % 4]
    standing: tuple[str, int] | None = None
    passes = 0
    calls: list[dict[str, Any]] = []
    while True:
        low = minimum if standing is None else standing[1] + 1
        partner_holds = standing is not None and TEAM_OF[standing[0]] == TEAM_OF[seat] and standing[0] != seat
        if partner_holds and honours is not None:
            low = max(low, honours)
        may_pass = standing is not None
        may_bid = low <= 28
        if may_bid and (not may_pass or draw(st.integers(0, 2)) == 0):
            points = draw(st.integers(low, min(28, low + 3)))
            calls.append({"seat": seat, "call": "bid", "points": points})
            standing, passes = (seat, points), 0
            if points == 28:
                break
        else:
            calls.append({"seat": seat, "call": "pass"})
            passes += 1
            if passes == 3:
                break
        seat = SEATS[(SEATS.index(seat) + 1) % 4]
    return dealer, calls, house


@SETTINGS
@given(legal_auctions(), st.integers(0, 28))
def test_a_legal_auction_is_accepted_and_only_the_bidders_move_by_one(
    auction: tuple[str, list[dict[str, Any]], dict[str, Any]], card_points: int
) -> None:
    dealer, calls, house = auction
    result = play_one({"dealer": dealer, "auction": calls, "bidding_team_card_points": card_points}, **house)
    last_bid = [call for call in calls if call["call"] == "bid"][-1]
    team = TEAM_OF[last_bid["seat"]]
    assert (result["contract"]["bidder"], result["contract"]["points"]) == (last_bid["seat"], last_bid["points"])
    made = card_points >= last_bid["points"]
    assert result["made"] is made
    assert result["game_points_delta"] == {side: (1 if made else -1) if side == team else 0 for side in ("A", "B")}
    assert result["next_dealer"] == SEATS[(SEATS.index(dealer) + 1) % 4]


@SETTINGS
@given(st.integers(0, 10**6), st.sampled_from([0.0, 0.3, 1.0]), st.sampled_from(["first_speaker", "bidder"]))
def test_a_legally_played_deal_is_refereed_as_the_model_plays_it(seed: int, call_rate: float, first_lead: str) -> None:
    model = play_model(random.Random(seed), call_rate=call_rate)
    if first_lead == "bidder":  # the model leads with the first speaker; the bidder leads only when he is that seat
        first_speaker = SEATS[(SEATS.index(model.dealer) + 1) % 4]
        first_lead = "bidder" if model.bidder == first_speaker else "first_speaker"
    result = play_one(model.payload(), first_lead=first_lead)
    assert [trick["winner"] for trick in result["tricks"]] == model.winners
    assert result["card_points_by_team"] == model.card_points
    assert sum(result["card_points_by_team"].values()) == 28
    assert result["trump_revealed"] == model.revealed
    assert (result["reneges_found"], result["trump_not_played_found"]) == ([], [])
    assert result["bidding_team_card_points"] == model.card_points[TEAM_OF[model.bidder]]


@SETTINGS
@given(st.integers(0, 10**6))
def test_the_deal_round_trips_through_its_json(seed: int) -> None:
    model = play_model(random.Random(seed))
    match_rules = rules()
    parsed = ENGINE.parse_deal(model.payload(), match_rules)
    assert ENGINE.parse_deal(ENGINE.deal_json(parsed), match_rules) == parsed
    state, _ = play([model.payload()])
    assert ENGINE.state_from_json(ENGINE.state_json(state), match_rules) == state


@SETTINGS
@given(st.lists(st.tuples(st.sampled_from(SEATS), st.booleans()), min_size=1, max_size=14))
def test_game_points_are_the_sum_of_the_deltas_and_the_match_ends_at_the_target(
    deals: list[tuple[str, bool]],
) -> None:
    totals = {"A": 0, "B": 0}
    match_rules = rules(target_game_points=3)
    state = ENGINE.initial_state(match_rules)
    for dealer, makes in deals:
        first = SEATS[(SEATS.index(dealer) + 1) % 4]
        rest = [SEATS[(SEATS.index(first) + k) % 4] for k in (1, 2, 3)]
        payload = {
            "dealer": dealer,
            "auction": [{"seat": first, "call": "bid", "points": 16}] + [{"seat": s, "call": "pass"} for s in rest],
            "bidding_team_card_points": 16 if makes else 15,
        }
        if state.match_over:
            try:
                ENGINE.play_deal(state, ENGINE.parse_deal(payload, match_rules), match_rules)
            except RuleViolation as violation:
                assert violation.code == "match_already_finished"
            else:
                raise AssertionError("a deal after the end was accepted")
            return
        outcome = ENGINE.play_deal(state, ENGINE.parse_deal(payload, match_rules), match_rules)
        state = outcome.state
        totals[TEAM_OF[first]] += 1 if makes else -1
        assert outcome.result["game_points_after"] == totals
        assert state.match_over is (max(abs(total) for total in totals.values()) >= 3)


DEAL_WORDS = ["S1", "S2", "S3", "S4", "bid", "pass", "double", "redouble", "hearts", "JH", "8H", "6S", "A", "B"]
DEAL_KEYS = [
    "dealer",
    "auction",
    "second_auction",
    "trump",
    "trump_card",
    "pair",
    "bidding_team_card_points",
    "card_points_by_team",
    "tricks",
    "redeal",
    "seat",
    "call",
    "points",
    "card",
    "reveals_trump",
    "reason",
    "hand",
    "hands",
    "team",
]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    any_json(words=DEAL_WORDS, keys=DEAL_KEYS, integers=(-3, 40), text_size=4, max_leaves=30),
    st.sampled_from([{}, {"allow_double": True}, {"second_round_minimum": 24, "pair_rule": True}]),
)
def test_any_json_deal_is_accepted_or_refused_never_failing(payload: Any, house: dict[str, Any]) -> None:
    match_rules = rules(**house)
    try:
        ENGINE.play_deal(ENGINE.initial_state(match_rules), ENGINE.parse_deal(payload, match_rules), match_rules)
    except RuleViolation as violation:
        assert violation.code and isinstance(violation.detail, str)


@settings(max_examples=200, deadline=None)
@given(
    any_json(
        words=["own_card", "report", "bidder"],
        keys=list(ENGINE.settings_spec.accepted),
        integers=(-2, 30),
        text_size=4,
        max_leaves=12,
    )
)
def test_any_json_settings_are_accepted_or_refused_never_failing(settings_in: Any) -> None:
    try:
        ENGINE.rules_from_settings(settings_in, 4)
    except RuleViolation as violation:
        assert violation.code in ("invalid", "settings_conflict", "team_layout_invalid")
