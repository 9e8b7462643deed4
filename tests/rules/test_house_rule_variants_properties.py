"""Properties of issue 20's house rules (hypothesis): 56 tables stay conserved under call limits and redeal records;
Bid Euchre scores stay the sum of deal points, renege penalties and renege awards under the new settings."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.rules.errors import RuleViolation
from games.rules.fifty_six.engine import ENGINE as FIFTY_SIX
from games.rules.fifty_six.settings import FiftySixRules
from games.rules.fifty_six.state import FiftySixState
from tests.support.bid_euchre import ENGINE as EUCHRE
from tests.support.bid_euchre import SEATS as EUCHRE_SEATS
from tests.support.bid_euchre import left_of
from tests.support.fifty_six_auction import AuctionModel, model_for

PROPERTIES = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
BANDS = ((28, 39, 1, 2), (40, 47, 2, 3), (48, 55, 3, 4), (56, 56, 4, 5))
NOT_JACKS = [f"{rank}{suit}" for rank in ("9", "A", "10", "K", "Q", "8", "7") for suit in "SHDC"]


# --- 56 ---------------------------------------------------------------------------------------------------------


def worst_cost(call: dict[str, Any], standing: int | None, mode: str, other_teams: int) -> int:
    """§F.3 restated: what a call could cost the caller's team at most."""
    points = call["points"] if call["call"] == "bid" else standing
    assert points is not None
    win, lose = next((w, lo) for first, last, w, lo in BANDS if first <= points <= last)
    if call["call"] == "bid":
        return lose * other_teams
    if call["call"] == "double":
        return win * 2 if mode == "multiply" else win + 1
    return (lose * 4 if mode == "multiply" else lose + 2) * other_teams


def affordable_options(model: AuctionModel, tables: dict[str, int], rules: FiftySixRules) -> list[dict[str, Any]]:
    others = len({rules.team_of[seat] for seat in model.order}) - 1
    standing = model.standing[1] if model.standing else None
    return [
        call
        for call in model.options()
        if call["call"] == "pass"
        or worst_cost(call, standing, rules.double_mode, others) <= tables[rules.team_of[call["seat"]]]
    ]


fifty_six_rules = st.builds(
    lambda players, layout, tables, mode, all_pass, elimination, jack, threshold, eight: FIFTY_SIX.rules_from_settings(
        {
            "team_layout": layout,
            "starting_tables": tables,
            "double_mode": mode,
            "all_pass_rule": all_pass,
            "elimination": elimination,
            "calls_limited_by_tables": True,
            "redeal_team_without_jack": jack,
            "redeal_hand_points_at_most": threshold,
            "eight_player_pack": eight,
        },
        players,
    ),
    st.sampled_from([4, 6, 8]),
    st.sampled_from(["pairs", "two_sides"]),
    st.integers(1, 12),
    st.sampled_from(["multiply", "add"]),
    st.sampled_from(["first_speaker_team_plays_28_no_trumps", "redeal"]),
    st.sampled_from(["at_zero_tables", "when_cannot_pay"]),
    st.booleans(),
    st.sampled_from([None, 0, 2, 6]),
    st.sampled_from([64, 48]),
)


def redeal_record(
    data: st.DataObject, state: FiftySixState, rules: FiftySixRules, dealer: str
) -> dict[str, Any] | None:
    """A valid redeal record where a setting allows one: a hand worth nothing, or a team dealt no jack."""
    snapshot = FIFTY_SIX.state_json(state)
    size, deck = snapshot["next_deal_cards"]["cards_per_player"], snapshot["next_deal_cards"]["deck_size"]
    pool = [card for card in NOT_JACKS if deck == 64 or card[:-1] not in ("8", "7")] * 2
    reasons = (["hand_at_or_below_threshold"] if rules.redeal_hand_points_at_most is not None else []) + (
        ["team_without_jack"] if rules.redeal_team_without_jack else []
    )
    if not reasons or data.draw(st.integers(0, 3)) != 0:
        return None
    if data.draw(st.sampled_from(reasons)) == "hand_at_or_below_threshold":
        seat = data.draw(st.sampled_from(list(state.active_seats)))
        worthless = [card for card in pool if card[:-1] in ("K", "Q", "8", "7")]
        return {
            "dealer": dealer,
            "redeal": {"reason": "hand_at_or_below_threshold", "seat": seat, "hand": worthless[:size]},
        }
    team = data.draw(st.sampled_from(sorted({rules.team_of[seat] for seat in state.active_seats})))
    members = [seat for seat in state.active_seats if rules.team_of[seat] == team]
    hands = {seat: pool[k * size : (k + 1) * size] for k, seat in enumerate(members)}
    return {"dealer": dealer, "redeal": {"reason": "team_without_jack", "team": team, "hands": hands}}


@PROPERTIES
@given(fifty_six_rules, st.data())
def test_56_tables_are_conserved_under_call_limits_and_redeal_records(
    rules: FiftySixRules, data: st.DataObject
) -> None:
    state: FiftySixState = FIFTY_SIX.initial_state(rules)
    total = rules.starting_tables * len(rules.team_names)
    for _ in range(data.draw(st.integers(1, 12))):
        if state.match_over:
            break
        active = list(state.active_seats)
        dealer = state.next_dealer or data.draw(st.sampled_from(active))
        payload = redeal_record(data, state, rules, dealer)
        if payload is None:
            model, tables, calls = model_for(rules, active, dealer), dict(state.tables), []
            while not model.closed:
                call = data.draw(st.sampled_from(affordable_options(model, tables, rules)))
                model.apply(call)
                calls.append(call)
            payload = {"dealer": dealer, "auction": calls, "bidding_team_card_points": data.draw(st.integers(0, 56))}
        outcome = FIFTY_SIX.play_deal(state, FIFTY_SIX.parse_deal(payload, rules), rules)
        before, state = state, outcome.state
        snapshot = FIFTY_SIX.state_json(state)
        assert sum(snapshot["tables"].values()) == total
        assert all(count >= 0 for count in snapshot["tables"].values())
        if "redeal" in payload:
            assert (outcome.result["redeal"]["reason"], snapshot["next_dealer"]) == (
                payload["redeal"]["reason"],
                dealer,
            )
            assert snapshot["tables"] == dict(before.tables)
        assert FIFTY_SIX.state_from_json(snapshot, rules) == state


@PROPERTIES
@given(fifty_six_rules, st.data())
def test_56_a_call_beyond_the_tables_held_is_refused_as_not_affordable(
    rules: FiftySixRules, data: st.DataObject
) -> None:
    dealer = data.draw(st.sampled_from(rules.seats))
    model, tables = model_for(rules, list(rules.seats), dealer), dict(FIFTY_SIX.initial_state(rules).tables)
    calls: list[dict[str, Any]] = []
    while not model.closed:
        legal = model.options()
        affordable = affordable_options(model, tables, rules)
        refused = [call for call in legal if call not in affordable]
        try_a_refused_call: bool = data.draw(st.booleans()) if refused else False
        if try_a_refused_call:
            payload = {
                "dealer": dealer,
                "auction": [*calls, data.draw(st.sampled_from(refused))],
                "bidding_team_card_points": 30,
            }
            try:
                FIFTY_SIX.play_deal(FIFTY_SIX.initial_state(rules), FIFTY_SIX.parse_deal(payload, rules), rules)
            except RuleViolation as violation:
                assert (violation.code, violation.field) == ("call_not_affordable", f"auction[{len(calls)}]")
                return
            raise AssertionError(f"accepted {payload}")
        call = data.draw(st.sampled_from(affordable))
        model.apply(call)
        calls.append(call)


# --- Bid Euchre -----------------------------------------------------------------------------------------------

euchre_settings = st.fixed_dictionaries(
    {
        "target_score": st.sampled_from([20, 32]),
        "made_contract_scores": st.sampled_from(["tricks_taken", "tricks_bid"]),
        "extra_moon_calls": st.booleans(),
        "allow_low_no_trump": st.booleans(),
        "lone_failure_penalty": st.sampled_from(["bid", "contract_value"]),
        "renege_penalty": st.integers(0, 4),
        "renege_award": st.integers(0, 4),
        "renege_ends_deal": st.booleans(),
        "defenders_score_tricks": st.booleans(),
    }
)
LADDER = [
    ("bid", 3),
    ("bid", 4),
    ("bid", 5),
    ("partners_best", None),
    ("shoot_the_moon", None),
    ("triple_moon", None),
    ("quadruple_moon", None),
]


@st.composite
def euchre_deal(draw: st.DrawFn, the_rules: Any, dealer: str) -> dict[str, Any]:
    """A legal single-round deal: each call above the standing one (an extra moon only one step above)."""
    top = len(LADDER) if the_rules.extra_moon_calls else 5
    standing, winner = -1, None
    calls: list[dict[str, Any]] = []
    seat = left_of(dealer)
    for _ in EUCHRE_SEATS:
        higher = [k for k in range(standing + 1, top) if k < 5 or k == standing + 1]
        choice = draw(st.sampled_from([None, *higher]))
        if choice is None:
            calls.append({"seat": seat, "call": "pass"})
        else:
            kind, tricks = LADDER[choice]
            calls.append({"seat": seat, "call": kind, **({"tricks": tricks} if tricks else {})})
            standing, winner = choice, seat
        seat = left_of(seat)
    payload: dict[str, Any] = {"dealer": dealer, "auction": calls}
    if winner is None:
        return payload
    payload["trump"] = draw(
        st.sampled_from(["hearts", "clubs", *(["low_no_trumps"] if the_rules.allow_low_no_trump else [])])
    )
    lone_partner = {"S1": "S3", "S3": "S1", "S2": "S4", "S4": "S2"}[winner] if standing >= 3 else None
    can_renege = [s for s in EUCHRE_SEATS if s != lone_partner]
    reneges = draw(st.lists(st.sampled_from(can_renege), max_size=1 if the_rules.renege_ends_deal else 3))
    payload["reneges"] = [{"seat": s} for s in reneges]
    if not (reneges and the_rules.renege_ends_deal and draw(st.booleans())):
        a = draw(st.integers(0, 6))
        payload["tricks_won"] = {"A": a, "B": 6 - a}
    return payload


@PROPERTIES
@given(euchre_settings, st.data())
def test_euchre_scores_are_the_sum_of_deal_points_penalties_and_awards(
    house: dict[str, Any], data: st.DataObject
) -> None:
    the_rules = EUCHRE.rules_from_settings(house, 4)
    state = EUCHRE.initial_state(the_rules)
    total = {"A": 0, "B": 0}
    dealer = data.draw(st.sampled_from(EUCHRE_SEATS))
    for _ in range(data.draw(st.integers(1, 15))):
        if EUCHRE.state_json(state)["match_over"]:
            break
        payload = data.draw(euchre_deal(the_rules, dealer))
        outcome = EUCHRE.play_deal(state, EUCHRE.parse_deal(payload, the_rules), the_rules)
        result, state = outcome.result, outcome.state
        awards = result.get("renege_awards", {"A": 0, "B": 0})
        assert ("renege_awards" in result) is (the_rules.renege_award > 0)
        for team in total:
            total[team] += result["deal_points"][team] + result["renege_penalties"][team] + awards[team]
            assert result["renege_penalties"][team] <= 0 <= awards[team]
        assert result["scores_after"] == total == EUCHRE.state_json(state)["scores"]
        if result["outcome"] == "ended_by_renege":
            assert (result["made"], result["deal_points"]) == (None, {"A": 0, "B": 0})
            assert sum(-points for points in result["renege_penalties"].values()) == the_rules.renege_penalty
        dealer = left_of(dealer)
