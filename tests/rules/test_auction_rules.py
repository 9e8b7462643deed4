"""The auctions as data (``auction_rules``, the board's ``entry.auction``) and the cases the page's interpreter is
tested on (tests/js/fixtures/auction_cases.json, node --test tests/js/auction_rules.test.mjs).

Each case is an auction prefix met on a random walk through legal calls, with what the engine itself answers for
it: whether it is closed, whose turn it is, and which calls it accepts next, found by trying every call (a call is
legal when the engine's auction refuses nothing at its index). The page's interpreter must answer the same from the
description alone; this test keeps the fixture equal to the engines' answers. Refresh it with:
.venv/bin/python -c 'from tests.rules.test_auction_rules import write; write()'
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from games.rules.bid_euchre import auction as euchre_auction
from games.rules.bid_euchre.deal import Call as EuchreCall
from games.rules.bid_euchre.settings import BidEuchreRules
from games.rules.bid_euchre.tables import SEATS as EUCHRE_SEATS
from games.rules.bid_euchre.tables import TEAM_OF as EUCHRE_TEAM_OF
from games.rules.errors import RuleViolation
from games.rules.fifty_six import auction as fifty_six_auction
from games.rules.fifty_six.deal import Call as FiftySixCall
from games.rules.fifty_six.settings import FiftySixRules
from games.rules.registry import get_engine
from games.rules.twenty_eight import auction as twenty_eight_auction
from games.rules.twenty_eight import tables as twenty_eight_tables
from games.rules.twenty_eight.deal import Call as TwentyEightCall
from games.rules.twenty_eight.settings import TwentyEightRules

FIXTURE = Path(__file__).resolve().parents[1] / "js" / "fixtures" / "auction_cases.json"
WALKS = 12

# The variants walked: every setting that changes who calls, what closes the auction or which calls are legal.
FIFTY_SIX_VARIANTS: list[tuple[int, dict[str, Any]]] = [
    (4, {}),
    (6, {}),
    (4, {"all_pass_rule": "first_speaker_must_bid"}),
    (6, {"passed_player_may_bid_again": False}),
    (4, {"redouble_out_of_turn": True}),
]
TWENTY_EIGHT_VARIANTS: list[dict[str, Any]] = [
    {},
    {"partner_overcall_minimum": None, "passed_player_may_bid_again": False},
    {"allow_double": True},
]
# The second auction (second_round), each walk from a first-round contract (the walk's ``carried`` call).
TWENTY_EIGHT_SECOND_ROUNDS: list[dict[str, Any]] = [
    {"second_round_minimum": 20},
    {"second_round_minimum": 22, "partner_overcall_minimum": None, "passed_player_may_bid_again": False},
]
EUCHRE_VARIANTS: list[dict[str, Any]] = [
    {},
    {"bidding": "continuous"},
    {"stick_the_dealer": True},
    {"bidding": "continuous", "stick_the_dealer": True},
    {"extra_moon_calls": True, "stick_the_dealer": True},
    {"extra_moon_calls": True, "allow_plain_six": True},
]


def _refused_at(run: Callable[[list[dict[str, Any]]], None], calls: list[dict[str, Any]], index: int) -> bool:
    """Whether the engine's auction refuses the call at ``index`` (or one before it), in the first auction or the
    second (``second_auction[i]``)."""
    try:
        run(calls)
    except RuleViolation as refusal:
        where = (refusal.field or "").removeprefix("second_")
        return where.startswith("auction[") and int(where[8:].split("]")[0]) <= index
    return False


def _closed(run: Callable[[list[dict[str, Any]]], None], calls: list[dict[str, Any]]) -> bool:
    try:
        run(calls)
    except RuleViolation as refusal:
        return refusal.code != "auction_incomplete"
    return True


def _answer(
    run: Callable[[list[dict[str, Any]]], None], seats: list[str], candidates: list[dict[str, Any]], calls: list[Any]
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The engine's answer for ``calls`` and the calls it accepts next."""
    accepted = [
        {"seat": seat, **call}
        for seat in seats
        for call in candidates
        if not _refused_at(run, [*calls, {"seat": seat, **call}], len(calls))
    ]
    closed = _closed(run, calls) and not accepted
    # the doubles and redoubles a seat may make out of turn do not say whose turn it is
    turns = sorted({call["seat"] for call in accepted if call["call"] not in {"double", "redouble"}})
    assert len(turns) <= 1, (calls, turns)
    turn = turns[0] if turns else None
    ranges: dict[tuple[str, str], list[int]] = {}
    named = [call["call"] for call in accepted if call["call"] not in {"bid", "pass", "double", "redouble"}]
    for call in accepted:
        for field in ("points", "tricks"):
            if call["call"] == "bid" and field in call and "convention" not in call:
                ranges.setdefault(("bid", field), []).append(call[field])
    legal: dict[str, Any] = {
        "pass": any(call["call"] == "pass" for call in accepted),
        "ranges": [
            {"call": call, "field": field, "low": min(values), "high": max(values)}
            for (call, field), values in ranges.items()
        ],
        "named": named,
        "double": any(call["call"] == "double" and call["seat"] == turn for call in accepted),
        "doublers": [call["seat"] for call in accepted if call["call"] == "double"],
        "redouble": [call["seat"] for call in accepted if call["call"] == "redouble"],
        "conventions": sorted({call["convention"] for call in accepted if "convention" in call}),
    }
    for found in legal["ranges"]:  # a range is whole: every value between its ends is legal
        values = ranges[found["call"], found["field"]]
        assert sorted(values) == list(range(found["low"], found["high"] + 1)), values
    return {"closed": closed, "turn": None if closed else turn, "legal": legal}, accepted


def _variant(
    game: str,
    spec: dict[str, Any],
    *,
    seats: list[str],
    team_of: dict[str, str],
    run_for: Callable[..., Callable[[list[dict[str, Any]]], None]],
    candidates: list[dict[str, Any]],
    generator: random.Random,
    carry: Callable[[random.Random], dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """One variant's walks: each a dealer, the calls made, and the engine's answer before each call and after the
    last (``expected[i]`` answers ``calls[:i]``); with ``carry``, a round that starts from the walk's ``carried``
    call (``run_for(dealer, carried)``)."""
    walks = []
    for _ in range(WALKS):
        dealer = generator.choice(seats)
        carried = carry(generator) if carry else None
        run = run_for(dealer, carried) if carry else run_for(dealer)
        calls: list[dict[str, Any]] = []
        answers = []
        while True:
            expected, accepted = _answer(run, seats, candidates, calls)
            answers.append(expected)
            # a bid with a convention (56's noes) is tried, not walked: a noes bid that wins needs its trump named
            accepted = [call for call in accepted if "convention" not in call]
            if not accepted:
                break
            # passes (and doubles) half the time, so walks reach the closing passes; now and then the last call
            # tried (the highest), so they reach the top calls too
            passes = [call for call in accepted if call["call"] in {"pass", "double", "redouble"}]
            draw = generator.random()
            pick = generator.choice(passes) if passes and draw < 0.5 else accepted[-1] if draw < 0.65 else None
            calls.append(pick or generator.choice(accepted))
        walk: dict[str, Any] = {"dealer": dealer, "calls": calls, "expected": answers}
        if carried is not None:
            walk["carried"] = carried
        walks.append(walk)
    return {"game": game, "spec": spec, "seats": seats, "teams": team_of, "walks": walks}


def fifty_six_cases(generator: random.Random) -> list[dict[str, Any]]:
    engine = get_engine("fifty_six")
    cases = []
    for players, settings in FIFTY_SIX_VARIANTS:
        rules: FiftySixRules = engine.rules_from_settings(settings, players)
        seats = list(rules.seats)

        def run_for(dealer: str, rules: FiftySixRules = rules) -> Callable[[list[dict[str, Any]]], None]:
            def run(calls: list[dict[str, Any]]) -> None:
                made = tuple(
                    FiftySixCall(c["seat"], c["call"], c.get("points"), c.get("trump"), None, c.get("convention"))
                    for c in calls
                )
                fifty_six_auction.run_auction(made, dealer, rules.seats, rules)

            return run

        candidates: list[dict[str, Any]] = [
            {"call": "pass"},
            {"call": "double"},
            {"call": "redouble"},
            *({"call": "bid", "points": points, "trump": "clubs"} for points in range(27, 58)),
            {"call": "bid", "points": 56, "convention": "noes"},  # legal wherever any noes bid is
        ]
        spec = fifty_six_auction.auction_rules(rules)
        cases.append(
            _variant(
                "fifty_six",
                spec,
                seats=seats,
                team_of=dict(rules.team_of),
                run_for=run_for,
                candidates=candidates,
                generator=generator,
            )
        )
    return cases


def euchre_cases(generator: random.Random) -> list[dict[str, Any]]:
    engine = get_engine("bid_euchre")
    cases = []
    for settings in EUCHRE_VARIANTS:
        rules: BidEuchreRules = engine.rules_from_settings(settings, 4)

        def run_for(dealer: str, rules: BidEuchreRules = rules) -> Callable[[list[dict[str, Any]]], None]:
            def run(calls: list[dict[str, Any]]) -> None:
                made = tuple(EuchreCall(c["seat"], c["call"], c.get("tricks")) for c in calls)
                euchre_auction.run_auction(dealer, made, rules)

            return run

        candidates: list[dict[str, Any]] = [
            {"call": "pass"},
            *({"call": "bid", "tricks": tricks} for tricks in range(rules.tricks_per_deal + 2)),
            *({"call": kind} for kind in euchre_auction.LONE_RANK_ABOVE_TRICKS),
        ]
        spec = euchre_auction.auction_rules(rules)
        teams = dict(EUCHRE_TEAM_OF)
        cases.append(
            _variant(
                "bid_euchre",
                spec,
                seats=list(EUCHRE_SEATS),
                team_of=teams,
                run_for=run_for,
                candidates=candidates,
                generator=generator,
            )
        )
    return cases


def twenty_eight_cases(generator: random.Random) -> list[dict[str, Any]]:
    """The first round's bidding; the doubles after it are not in the description (nor tried here)."""
    engine = get_engine("twenty_eight")
    cases = []
    seats = list(twenty_eight_tables.SEATS)
    for settings in TWENTY_EIGHT_VARIANTS:
        rules: TwentyEightRules = engine.rules_from_settings(settings, 4)

        def run_for(dealer: str, rules: TwentyEightRules = rules) -> Callable[[list[dict[str, Any]]], None]:
            def run(calls: list[dict[str, Any]]) -> None:
                made = tuple(TwentyEightCall(c["seat"], c["call"], c.get("points")) for c in calls)
                twenty_eight_auction.run_first_round(made, dealer, rules)

            return run

        candidates: list[dict[str, Any]] = [
            {"call": "pass"},
            {"call": "double"},
            {"call": "redouble"},
            *({"call": "bid", "points": points} for points in range(12, 30)),
        ]
        cases.append(
            _variant(
                "twenty_eight",
                twenty_eight_auction.auction_rules(rules),
                seats=seats,
                team_of=dict(twenty_eight_tables.TEAM_OF),
                run_for=run_for,
                candidates=candidates,
                generator=generator,
            )
        )
    return cases


def twenty_eight_second_rounds(generator: random.Random) -> list[dict[str, Any]]:
    """The second auction (``second_round``), each walk from a first-round contract of a random seat and size."""
    engine = get_engine("twenty_eight")
    cases = []
    seats = list(twenty_eight_tables.SEATS)
    for settings in TWENTY_EIGHT_SECOND_ROUNDS:
        rules: TwentyEightRules = engine.rules_from_settings(settings, 4)

        def run_for(
            dealer: str, carried: dict[str, Any], rules: TwentyEightRules = rules
        ) -> Callable[[list[dict[str, Any]]], None]:
            seat = carried["seat"]
            first = twenty_eight_auction.Contract(seat, twenty_eight_tables.TEAM_OF[seat], carried["points"], "none", 1)

            def run(calls: list[dict[str, Any]]) -> None:
                made = tuple(TwentyEightCall(c["seat"], c["call"], c.get("points")) for c in calls)
                twenty_eight_auction.run_second_round(made, first, rules)

            return run

        def carry(generator: random.Random, rules: TwentyEightRules = rules) -> dict[str, Any]:
            return {"seat": generator.choice(seats), "call": "bid", "points": generator.randint(rules.minimum_bid, 28)}

        spec = twenty_eight_auction.auction_rules(rules)["second_round"]
        candidates: list[dict[str, Any]] = [
            {"call": "pass"},
            *({"call": "bid", "points": points} for points in range(12, 30)),
        ]
        cases.append(
            _variant(
                "twenty_eight_second_round",
                spec,
                seats=seats,
                team_of=dict(twenty_eight_tables.TEAM_OF),
                run_for=run_for,
                candidates=candidates,
                generator=generator,
                carry=carry,
            )
        )
    return cases


def every_case() -> list[dict[str, Any]]:
    generator = random.Random(27)
    return (
        fifty_six_cases(generator)
        + euchre_cases(generator)
        + twenty_eight_cases(generator)
        + twenty_eight_second_rounds(generator)
    )


def test_the_node_tests_auction_cases_are_the_engines_answers() -> None:
    assert json.loads(FIXTURE.read_text()) == json.loads(json.dumps(every_case()))


def test_the_walks_reach_every_kind_of_call_and_a_closed_auction() -> None:
    variants = every_case()
    answers = [answer for variant in variants for walk in variant["walks"] for answer in walk["expected"]]
    legal = [answer["legal"] for answer in answers]
    assert any(found["double"] for found in legal)
    assert any(found["redouble"] for found in legal)
    assert any(not found["pass"] for found in legal if found["ranges"] or found["named"])  # a barred pass
    assert {"partners_best", "shoot_the_moon", "triple_moon", "quadruple_moon"} <= {
        name for found in legal for name in found["named"]
    }
    assert all(walk["expected"][-1]["closed"] for variant in variants for walk in variant["walks"])
    # 56's noes: offered only over a standing bid (the first bid of an auction may not be one)
    fifty_six = [
        found
        for variant in variants
        if variant["game"] == "fifty_six"
        for walk in variant["walks"]
        for found in [answer["legal"] for answer in walk["expected"]]
    ]
    assert any(found["conventions"] == ["noes"] for found in fifty_six)
    assert any(found["ranges"] and found["conventions"] == [] for found in fifty_six)


def test_the_descriptions_name_the_engines_numbers() -> None:
    rules = get_engine("bid_euchre").rules_from_settings({"extra_moon_calls": True}, 4)
    raises = euchre_auction.auction_rules(rules)["raises"]
    assert raises == [
        {"call": "bid", "field": "tricks", "low": rules.minimum_bid, "high": rules.max_number_bid},
        {"call": "partners_best", "rank": 7},
        {"call": "shoot_the_moon", "rank": 8},
        {"call": "triple_moon", "rank": 9, "only_over": 8},
        {"call": "quadruple_moon", "rank": 10, "only_over": 9},
    ]
    fifty_six = fifty_six_auction.auction_rules(get_engine("fifty_six").rules_from_settings({}, 4))
    assert fifty_six["raises"] == [
        {
            "call": "bid",
            "field": "points",
            "low": 28,
            "high": 56,
            "conventions": [{"convention": "noes", "over_standing": True}],
        }
    ]


def write() -> None:
    FIXTURE.write_text(json.dumps(every_case(), separators=(",", ":")) + "\n")


def test_twenty_eights_bid_over_a_partner_starts_at_the_honours_minimum() -> None:
    """partner_low: S3 over partner S1's 14 may bid from 20 (the default partner_overcall_minimum); S2 over an
    opponent from 15. The engine's own answer, which the interpreter gives from the description."""
    rules = get_engine("twenty_eight").rules_from_settings({}, 4)

    def run(calls: list[dict[str, Any]]) -> None:
        made = tuple(TwentyEightCall(c["seat"], c["call"], c.get("points")) for c in calls)
        twenty_eight_auction.run_first_round(made, "S4", rules)

    candidates: list[dict[str, Any]] = [{"call": "pass"}, *({"call": "bid", "points": n} for n in range(12, 30))]
    opened = [{"seat": "S1", "call": "bid", "points": 14}]
    seats = list(twenty_eight_tables.SEATS)
    over_opponent, _ = _answer(run, seats, candidates, opened)
    over_partner, _ = _answer(run, seats, candidates, [*opened, {"seat": "S2", "call": "pass"}])
    assert over_opponent["legal"]["ranges"] == [{"call": "bid", "field": "points", "low": 15, "high": 28}]
    assert over_partner["legal"]["ranges"] == [{"call": "bid", "field": "points", "low": 20, "high": 28}]
    assert twenty_eight_auction.auction_rules(rules)["raises"][0]["partner_low"] == 20


def test_twenty_eights_doubles_after_the_bidding_and_second_round_are_in_the_description() -> None:
    """allow_double: once the bidding is over either defender may double (out of turn), then either bidder
    redouble, which closes it; second_round_minimum: the second auction from the first contract, kept by four passes.
    The engine's own answers, which the interpreter must give (the fixture's walks)."""
    engine = get_engine("twenty_eight")
    doubling = engine.rules_from_settings({"allow_double": True}, 4)
    rules = twenty_eight_auction.auction_rules(doubling)
    assert rules["double"] == {"resets_passes": False, "after_bidding": True}
    assert rules["redouble"] == {"out_of_turn": True, "closes": True}
    assert rules["second_round"] is None

    def run(calls: list[dict[str, Any]]) -> None:
        made = tuple(TwentyEightCall(c["seat"], c["call"], c.get("points")) for c in calls)
        twenty_eight_auction.run_first_round(made, "S4", doubling)

    candidates: list[dict[str, Any]] = [
        {"call": "pass"},
        {"call": "double"},
        {"call": "redouble"},
        *({"call": "bid", "points": n} for n in range(14, 29)),
    ]
    bid = [{"seat": "S1", "call": "bid", "points": 16}, *({"seat": s, "call": "pass"} for s in ("S2", "S3", "S4"))]
    over, _ = _answer(run, list(twenty_eight_tables.SEATS), candidates, bid)
    assert over["closed"] is False and over["turn"] is None
    assert over["legal"]["doublers"] == ["S2", "S4"] and over["legal"]["double"] is False
    doubled, _ = _answer(run, list(twenty_eight_tables.SEATS), candidates, [*bid, {"seat": "S4", "call": "double"}])
    assert doubled["legal"]["redouble"] == ["S1", "S3"] and doubled["legal"]["doublers"] == []
    second = engine.rules_from_settings({"second_round_minimum": 20}, 4)
    round_two = twenty_eight_auction.auction_rules(second)["second_round"]
    assert round_two["from_standing"] is True and round_two["pass_barred"] == []
    assert round_two["raises"] == [{"call": "bid", "field": "points", "low": 20, "high": 28, "partner_low": 20}]
    walks = [walk for case in every_case() if case["game"] == "twenty_eight_second_round" for walk in case["walks"]]
    kept = [walk for walk in walks if len(walk["calls"]) == 4 and all(c["call"] == "pass" for c in walk["calls"])]
    assert kept and all(walk["expected"][-1]["closed"] for walk in kept)
