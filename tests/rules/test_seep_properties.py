"""Seep: round trips, hypothesis properties, robustness against any JSON, a long match, replay after a correction."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.rules.engine import DealOutcome
from games.rules.errors import RuleViolation
from games.rules.registry import get_engine
from games.rules.seep.state import SeepState
from tests.strategies import any_json

ENGINE = get_engine("seep")
SEATS = ("S1", "S2", "S3", "S4")
TEAM = {"S1": "A", "S2": "B", "S3": "A", "S4": "B"}
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
DECK = tuple(f"{rank}{suit}" for rank in RANKS for suit in "SHDC")
LOW_CARDS = tuple(card for card in DECK if card[:-1] in RANKS[:8])
BID_RANK = {9: "9", 10: "10", 11: "J", 12: "Q", 13: "K"}
POINT_CARDS = (*(f"{rank}S" for rank in RANKS), "AH", "AD", "AC", "10D")
POINTS = {**{f"{rank}S": index + 1 for index, rank in enumerate(RANKS)}, "AH": 1, "AD": 1, "AC": 1, "10D": 6}
DEFAULT_RULES = ENGINE.rules_from_settings({}, 4)
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def right_of(seat: str) -> str:
    return SEATS[(SEATS.index(seat) + 1) % 4]


@st.composite
def valid_deals(draw: st.DrawFn, dealer: str | None = None) -> dict[str, Any]:
    dealer = dealer or draw(st.sampled_from(SEATS))
    bidder = right_of(dealer)
    value = draw(st.sampled_from(sorted(BID_RANK)))
    bid: dict[str, Any] = {"bidder": bidder, "value": value}
    if draw(st.booleans()):
        bid_card = BID_RANK[value] + draw(st.sampled_from("SHDC"))
        others = draw(
            st.lists(st.sampled_from(DECK), min_size=3, max_size=3, unique=True).filter(
                lambda cards: bid_card not in cards
            )
        )
        bid["bidder_hand"] = draw(st.permutations([bid_card, *others]))
    throw_ins = draw(st.lists(st.lists(st.sampled_from(LOW_CARDS), min_size=4, max_size=4, unique=True), max_size=2))
    a = draw(st.integers(0, 100))
    regular_a = draw(st.integers(0, 23))
    regular_b = draw(st.integers(0, 23 - regular_a))
    first, last = draw(st.integers(0, 1)), draw(st.integers(0, 1))
    side = {team: {"regular": 0, "first_play": 0, "last_play": 0} for team in "AB"}
    side["A"]["regular"], side["B"]["regular"] = regular_a, regular_b
    side[TEAM[bidder]]["first_play"] = first
    side[TEAM[dealer]]["last_play"] = last
    return {
        "dealer": dealer,
        "throw_ins": [{"bidder": bidder, "bidder_hand": hand} for hand in throw_ins],
        "bid": bid,
        "card_points": {"A": a, "B": 100 - a},
        "sweeps": side,
    }


@st.composite
def modest_deals(draw: st.DrawFn) -> dict[str, Any]:
    """Valid deals with few sweeps, so that matches have many deals per baazi."""
    payload = draw(valid_deals())
    payload["sweeps"]["A"]["regular"] = min(payload["sweeps"]["A"]["regular"], draw(st.integers(0, 1)))
    payload["sweeps"]["B"]["regular"] = min(payload["sweeps"]["B"]["regular"], draw(st.integers(0, 1)))
    return payload


house_rules = st.fixed_dictionaries(
    {},
    optional={
        "sweep_points": st.integers(0, 100),
        "first_play_sweep_points": st.integers(0, 100),
        "last_play_sweep_points": st.integers(0, 100),
        "baazi_lead": st.integers(1, 600),
        "minimum_team_score": st.integers(0, 50),
        "lead_beyond_baazi_carries_over": st.booleans(),
        "card_points": st.sampled_from(
            ["spades_capture_value_other_aces_1_ten_of_diamonds_6", "ten_of_diamonds_2_majority_4"]
        ),
        "after_baazi_dealer_basis": st.sampled_from(["baazi_loser", "raw_difference"]),
        "match_end": st.one_of(
            st.just({"type": "open"}),
            st.fixed_dictionaries(
                {"type": st.sampled_from(["first_to_baazis", "fixed_baazis"]), "count": st.integers(1, 6)}
            ),
        ),
    },
)

json_values = any_json(
    words=["S1", "s2", "A", "B", "10D", "KS", "tied", "JKR", "regular", "first_play"],
    keys=[
        "dealer",
        "bid",
        "value",
        "bidder",
        "bidder_hand",
        "card_points",
        "scoring_cards_captured",
        "sweeps",
        "throw_ins",
        "A",
        "B",
        "regular",
        "first_play",
        "last_play",
        "card_majority",
    ],
    integers=(-(10**20), 10**20),
    text_size=6,
    list_size=4,
    dict_size=5,
    max_leaves=25,
)


def fold(payloads: list[dict[str, Any]], rules: Any = DEFAULT_RULES) -> tuple[SeepState, list[dict[str, Any]]]:
    """Fold the deals, skipping refused ones (as a match does)."""
    state = ENGINE.initial_state(rules)
    results = []
    for payload in payloads:
        try:
            outcome = ENGINE.play_deal(state, ENGINE.parse_deal(payload, rules), rules)
        except RuleViolation:
            continue
        state = outcome.state
        results.append(outcome.result)
    return state, results


def lead_points(lead: dict[str, Any]) -> int:
    value: int = {"A": 1, "B": -1, None: 0}[lead["team"]] * lead["points"]
    return value


# --- round trips ----------------------------------------------------------------------------------------------------


@FAST
@given(valid_deals(), st.booleans())
def test_a_deal_round_trips_through_its_json(payload: dict[str, Any], lower: bool) -> None:
    if lower and "bidder_hand" in payload["bid"]:
        hand = [card.lower().replace("10", "t") for card in payload["bid"]["bidder_hand"]]
        payload = {**payload, "dealer": payload["dealer"].lower(), "bid": {**payload["bid"], "bidder_hand": hand}}
    deal = ENGINE.parse_deal(payload, DEFAULT_RULES)
    written = ENGINE.deal_json(deal)
    assert ENGINE.parse_deal(written, DEFAULT_RULES) == deal
    assert ENGINE.deal_json(ENGINE.parse_deal(written, DEFAULT_RULES)) == written


@FAST
@given(st.lists(valid_deals(), max_size=12), house_rules)
def test_the_state_round_trips_through_its_json_after_every_deal(
    payloads: list[dict[str, Any]],
    house: dict[str, Any],
) -> None:
    rules = ENGINE.rules_from_settings(house, 4)
    assert ENGINE.rules_from_settings(ENGINE.settings_json(rules), 4) == rules
    state = ENGINE.initial_state(rules)
    for payload in payloads:
        assert ENGINE.state_from_json(ENGINE.state_json(state), rules) == state
        try:
            state = ENGINE.play_deal(state, ENGINE.parse_deal(payload, rules), rules).state
        except RuleViolation as violation:
            assert violation.code == "match_already_finished"
    assert ENGINE.state_from_json(ENGINE.state_json(state), rules) == state


# --- properties of the fold ----------------------------------------------------------------------------------------


@FAST
@given(st.lists(valid_deals(), max_size=15), house_rules)
def test_replaying_the_same_deals_always_gives_the_same_state(
    payloads: list[dict[str, Any]],
    house: dict[str, Any],
) -> None:
    rules = ENGINE.rules_from_settings(house, 4)
    first = fold(payloads, rules)
    assert fold(payloads, rules) == first
    assert fold(payloads, ENGINE.rules_from_settings(ENGINE.settings_json(rules), 4)) == first


@FAST
@given(st.lists(modest_deals(), min_size=1, max_size=25), house_rules)
def test_the_running_lead_stays_inside_the_baazi_lead_unless_the_excess_carries_over(
    payloads: list[dict[str, Any]],
    house: dict[str, Any],
) -> None:
    rules = ENGINE.rules_from_settings(house, 4)
    _, results = fold(payloads, rules)
    for result in results:
        points = lead_points(result["running_lead"])
        if not rules.lead_beyond_baazi_carries_over:
            assert -rules.baazi_lead < points < rules.baazi_lead
        if result["baazi"] is None:
            assert -rules.baazi_lead < points < rules.baazi_lead


@FAST
@given(st.lists(modest_deals(), min_size=1, max_size=25), house_rules)
def test_baazis_won_only_ever_grow_by_at_most_one_per_deal(
    payloads: list[dict[str, Any]],
    house: dict[str, Any],
) -> None:
    rules = ENGINE.rules_from_settings(house, 4)
    _, results = fold(payloads, rules)
    before = {"A": 0, "B": 0}
    for result in results:
        after = result["baazis_won"]
        grown = {team: after[team] - before[team] for team in "AB"}
        expected = {"A": 0, "B": 0}
        if result["baazi"] is not None:
            expected[result["baazi"]["winner"]] = 1
        assert grown == expected
        before = after


@st.composite
def mutated_deals(draw: st.DrawFn) -> Any:
    """A valid deal with one value somewhere replaced by arbitrary JSON (often illegal, sometimes not)."""
    payload: Any = draw(valid_deals())
    node = payload
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            return payload
        key = draw(st.sampled_from(keys))
        child = node[key]
        if isinstance(child, dict | list) and child and draw(st.booleans()):
            node = child
            continue
        node[key] = draw(json_values)
        return payload


@FAST
@given(
    st.lists(modest_deals(), max_size=6), st.lists(mutated_deals() | valid_deals(), min_size=1, max_size=6), house_rules
)
def test_no_refused_deal_changes_the_state(
    prefix: list[dict[str, Any]],
    tail: list[Any],
    house: dict[str, Any],
) -> None:
    rules = ENGINE.rules_from_settings(house, 4)
    state, _ = fold(prefix, rules)
    accepted = list(prefix)
    for payload in tail:
        snapshot = ENGINE.state_json(state)
        try:
            outcome = ENGINE.play_deal(state, ENGINE.parse_deal(payload, rules), rules)
        except RuleViolation:
            assert ENGINE.state_json(state) == snapshot
            continue
        state = outcome.state
        accepted.append(payload)
    assert fold(accepted, rules)[0] == state


@FAST
@given(
    valid_deals(),
    st.lists(st.sampled_from("AB"), min_size=17, max_size=17),
    st.sampled_from(["A", "B", "tied"]),
    st.booleans(),
)
def test_card_list_input_and_total_input_give_the_same_result(
    payload: dict[str, Any],
    owners: list[str],
    majority: str,
    majority_preset: bool,
) -> None:
    rules = ENGINE.rules_from_settings({"card_points": "ten_of_diamonds_2_majority_4"} if majority_preset else {}, 4)
    captured = {team: [card for card, owner in zip(POINT_CARDS, owners, strict=True) if owner == team] for team in "AB"}
    points = {team: sum(POINTS[card] for card in captured[team]) for team in "AB"}
    if majority_preset:
        points["A"] -= 4 * sum(card == "10D" for card in captured["A"])
        points["B"] -= 4 * sum(card == "10D" for card in captured["B"])
        bonus = {"A": (4, 0), "B": (0, 4), "tied": (2, 2)}[majority]
        points = {"A": points["A"] + bonus[0], "B": points["B"] + bonus[1]}
    assert points["A"] + points["B"] == 100
    with_cards = {k: v for k, v in payload.items() if k != "card_points"} | {"scoring_cards_captured": captured}
    if majority_preset:
        with_cards["card_majority"] = majority
    with_totals = payload | {"card_points": points}
    state = ENGINE.initial_state(rules)
    by_cards = ENGINE.play_deal(state, ENGINE.parse_deal(with_cards, rules), rules)
    by_totals = ENGINE.play_deal(state, ENGINE.parse_deal(with_totals, rules), rules)
    assert by_cards == by_totals


# --- robustness ------------------------------------------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(json_values | mutated_deals())
def test_any_json_payload_gives_a_deal_outcome_or_a_rule_violation(payload: Any) -> None:
    try:
        outcome = ENGINE.play_deal(
            ENGINE.initial_state(DEFAULT_RULES), ENGINE.parse_deal(payload, DEFAULT_RULES), DEFAULT_RULES
        )
    except RuleViolation as violation:
        assert violation.code and violation.detail
        return
    assert isinstance(outcome, DealOutcome)


@settings(max_examples=200, deadline=None)
@given(json_values | house_rules.map(lambda house: {**house, "baazi_lead": "x"}) | house_rules, st.integers(0, 9))
def test_any_json_settings_give_rules_or_a_rule_violation(house: Any, count: int) -> None:
    try:
        rules = ENGINE.rules_from_settings(house, count)
    except RuleViolation as violation:
        assert violation.field is not None and (violation.field.startswith("settings") or violation.field == "players")
        return
    assert ENGINE.rules_from_settings(ENGINE.settings_json(rules), 4) == rules


state_like = st.fixed_dictionaries(
    {
        "running_lead": st.fixed_dictionaries({"team": json_values, "points": json_values}) | json_values,
        "baazis_won": st.fixed_dictionaries({"A": json_values, "B": json_values}) | json_values,
        "next_dealer": json_values,
        "match_over": json_values,
    },
    optional={
        "match_winner": json_values,
        "match_drawn": json_values,
        "deals_played": json_values,
        "next_dealer_reason": json_values,
    },
)


@settings(max_examples=150, deadline=None)
@given(json_values | state_like)
def test_any_json_state_gives_a_state_or_a_rule_violation(data: Any) -> None:
    try:
        state = ENGINE.state_from_json(data, DEFAULT_RULES)
    except RuleViolation:
        return
    assert ENGINE.state_from_json(ENGINE.state_json(state), DEFAULT_RULES) == state


# --- a long match (its speed is measured by bench/engines.py) --------------------------------------------------------


def test_an_open_match_folds_ten_thousand_deals_and_counts_every_one() -> None:
    samples = [
        {
            "dealer": "S1",
            "bid": {"bidder": "S2", "value": 11, "bidder_hand": ["JH", "4C", "KS", "2C"]},
            "card_points": {"A": 62, "B": 38},
        },
        {
            "dealer": "S2",
            "bid": {"value": 9},
            "card_points": {"A": 30, "B": 70},
            "sweeps": {"A": {"regular": 1}, "B": {"regular": 1, "last_play": 1}},
        },
        {
            "dealer": "S3",
            "bid": {"value": 13},
            "scoring_cards_captured": {"A": list(POINT_CARDS[:9]), "B": list(POINT_CARDS[9:])},
        },
        {"dealer": "S4", "bid": {"value": 10}, "card_points": {"A": 5, "B": 95}},
    ]
    deals = [ENGINE.parse_deal(sample, DEFAULT_RULES) for sample in samples] * 2500
    state = ENGINE.initial_state(DEFAULT_RULES)
    for deal in deals:
        state = ENGINE.play_deal(state, deal, DEFAULT_RULES).state
    assert ENGINE.state_json(state)["deals_played"] == 10_000


# --- correction of an early deal ---------------------------------------------------------------------------------


def seep_deal(dealer: str, a: int) -> dict[str, Any]:
    return {"dealer": dealer, "bid": {"value": 9}, "card_points": {"A": a, "B": 100 - a}}


def changes(old: list[dict[str, Any]], new: list[dict[str, Any]]) -> list[tuple[int, str, Any, Any]]:
    return [
        (number, key, before[key], after[key])
        for number, (before, after) in enumerate(zip(old, new, strict=True), start=1)
        for key in before
        if before[key] != after[key]
    ]


def test_correcting_an_under_nine_baazi_into_an_ordinary_deal_recomputes_the_later_deals() -> None:
    recorded = [seep_deal("S1", 70), seep_deal("S2", 5), seep_deal("S1", 60), seep_deal("S2", 60)]
    corrected = [recorded[0], seep_deal("S2", 55), *recorded[2:]]
    old_state, old = fold(recorded)
    new_state, new = fold(corrected)
    assert [r["next_dealer"] for r in old] == ["S2", "S1", "S2", "S2"]
    assert [r["next_dealer"] for r in new] == ["S2", "S2", "S2", "S2"]
    assert changes(old, new) == [
        (2, "card_points", {"A": 5, "B": 95}, {"A": 55, "B": 45}),
        (2, "team_scores", {"A": 5, "B": 95}, {"A": 55, "B": 45}),
        (2, "deal_margin", {"team": "B", "points": 90}, {"team": "A", "points": 10}),
        (2, "running_lead", {"team": None, "points": 0}, {"team": "A", "points": 50}),
        (2, "baazi", {"winner": "B", "reason": "opponent_below_minimum"}, None),
        (2, "baazis_won", {"A": 0, "B": 1}, {"A": 0, "B": 0}),
        (2, "next_dealer", "S1", "S2"),
        (3, "running_lead", {"team": "A", "points": 20}, {"team": "A", "points": 70}),
        (3, "baazis_won", {"A": 0, "B": 1}, {"A": 0, "B": 0}),
        (4, "running_lead", {"team": "A", "points": 40}, {"team": "A", "points": 90}),
        (4, "baazis_won", {"A": 0, "B": 1}, {"A": 0, "B": 0}),
    ]
    assert ENGINE.state_json(old_state)["baazis_won"] == {"A": 0, "B": 1}
    assert ENGINE.state_json(new_state)["running_lead"] == {"team": "A", "points": 90}


def test_with_dealer_order_enforced_the_correction_makes_a_later_dealer_out_of_turn() -> None:
    rules = ENGINE.rules_from_settings({"enforce_dealer_order": True}, 4)
    state = ENGINE.initial_state(rules)
    for payload in [seep_deal("S1", 70), seep_deal("S2", 55)]:
        state = ENGINE.play_deal(state, ENGINE.parse_deal(payload, rules), rules).state
    try:
        ENGINE.play_deal(state, ENGINE.parse_deal(seep_deal("S1", 60), rules), rules)
    except RuleViolation as violation:
        assert (violation.code, violation.field) == ("dealer_out_of_turn", "dealer")
    else:
        raise AssertionError("S1 dealt out of turn after the correction")
