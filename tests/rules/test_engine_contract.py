"""Every registered engine answers the whole engine contract of DESIGN.md, the same way: the four games and the toy
fifth game of tests/rules/toy_game.py, registered here as a new game's one line in the registry would register it.

The four are checked over their worked examples (shared/rules/examples.json), the toy over a few cases of its own.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.rules import registry
from games.rules.codes import CODES
from games.rules.errors import RuleViolation
from games.rules.facts import game_facts
from games.rules.registry import GAME_KEYS, get_engine
from games.rules.replay import DealRefused, replay, replay_steps
from games.rules.seats import seat_names
from tests.examples import PENDING_EXAMPLES, examples_for, player_count

# The facts the pages showed from their own copies (table/views.py) before the engines answered them.
DISPLAY_NAMES = {
    "seep": "Seep",
    "fifty_six": "56",
    "bid_euchre": "Bid Euchre",
    "contract_rummy": "Contract Rummy",
    "twenty_eight": "Twenty-Eight",
}
PLAYER_COUNTS = {
    "seep": (4,),
    "fifty_six": (4, 6, 8),
    "bid_euchre": (4,),
    "contract_rummy": (3, 4, 5, 6, 7, 8),
    "twenty_eight": (4,),
}

# Every engine the contract is checked on: the registered games and the toy.
CONFORMING = (*GAME_KEYS, "toy")


def toy_deal(dealer: str, *cards: str) -> dict[str, Any]:
    return {"dealer": dealer, "cards": {f"S{seat}": card for seat, card in enumerate(cards, start=1)}}


# The toy's cases, in the shape of the worked examples: one played to its end and refused after it, one refused
# for a dealer out of turn, one refused for a card that is no card.
TOY_CASES: list[dict[str, Any]] = [
    {
        "id": "toy-01",
        "game": "toy",
        "settings": {"target": 2},
        "table": {"seats": ["S1", "S2"]},
        "deals": [
            toy_deal("S1", "KH", "3C"),
            toy_deal("S2", "2H", "QS"),
            toy_deal("S1", "KD", "9S"),
            toy_deal("S2", "KS", "2C"),
        ],
    },
    {
        "id": "toy-02",
        "game": "toy",
        "settings": {},
        "table": {"seats": ["S1", "S2", "S3"]},
        "deals": [toy_deal("S1", "KH", "3C", "4D"), toy_deal("S1", "KH", "3C", "4D")],
    },
    {
        "id": "toy-03",
        "game": "toy",
        "settings": {"target": 1},
        "table": {"seats": ["S1", "S2"]},
        "deals": [toy_deal("S1", "KH", "1X")],
    },
]


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.ENGINE_MODULES, "toy", "tests.rules.toy_game")


@pytest.mark.parametrize("game", GAME_KEYS)
def test_the_engine_names_its_game_and_the_players_it_seats(game: str) -> None:
    engine = get_engine(game)
    assert (engine.key, engine.rules_file, engine.display_name) == (game, f"{game}.md", DISPLAY_NAMES[game])
    assert (engine.player_counts, engine.default_player_count) == (PLAYER_COUNTS[game], 4)


@pytest.mark.parametrize("game", CONFORMING)
def test_the_seats_run_s1_to_sn_and_the_teams_share_them_out(game: str) -> None:
    engine = get_engine(game)
    for count in engine.player_counts:
        rules = engine.rules_from_settings({}, count)
        seats = engine.seats(rules)
        assert seats == seat_names(count)
        teams = engine.teams(rules)
        if teams is not None:
            assert sorted(seat for members in teams.values() for seat in members) == sorted(seats)


@pytest.mark.parametrize("game", CONFORMING)
def test_the_settings_schema_describes_every_setting_a_match_is_given(game: str) -> None:
    engine = get_engine(game)
    schema = engine.settings_schema()
    given = engine.settings_json(engine.rules_from_settings({}, engine.default_player_count))
    assert (schema["type"], schema["additionalProperties"]) == ("object", False)
    assert set(given) <= set(schema["properties"])
    assert all(schema["properties"][name]["title"] for name in given)
    assert tuple(given) == engine.settings_spec.names


def test_seeps_settings_are_declared_once_with_their_ranges_labels_and_defaults() -> None:
    seep = get_engine("seep")
    properties = seep.settings_schema()["properties"]
    assert properties["baazi_lead"] == {
        "title": "Baazi lead",
        "description": "The running lead that wins a baazi (§S.5).",
        "default": 100,
        "type": "integer",
        "minimum": 1,
        "maximum": 10000,
    }
    assert properties["match_end"]["default"] == {"type": "open"}
    assert properties["players"] == {
        "title": "Players",
        "description": "Always 4: S1+S3 against S2+S4.",
        "default": 4,
        "enum": [4],
        "readOnly": True,
    }
    assert get_engine("seep") is seep


def built_examples(game: str) -> list[dict[str, Any]]:
    """The game's worked examples whose settings a match accepts (pending features left out); the toy's cases."""
    engine = get_engine(game)
    cases = []
    for case in TOY_CASES if game == "toy" else examples_for(game):
        if case["id"] in PENDING_EXAMPLES:
            continue
        try:
            engine.rules_from_settings(case["settings"], player_count(case))
        except RuleViolation:
            continue
        cases.append(case)
    assert cases, f"no worked example of {game} to check the contract with"
    return cases


def rules_of(case: dict[str, Any]) -> Any:
    return get_engine(case["game"]).rules_from_settings(case["settings"], player_count(case))


@pytest.mark.parametrize("game", CONFORMING)
def test_settings_come_back_from_their_json_as_equal_rules(game: str) -> None:
    engine = get_engine(game)
    for case in built_examples(game):
        rules = rules_of(case)
        again = engine.rules_from_settings(engine.settings_json(rules), player_count(case))
        assert (again, engine.settings_json(again)) == (rules, engine.settings_json(rules)), case["id"]


@pytest.mark.parametrize("game", CONFORMING)
def test_every_state_and_deal_of_a_match_come_back_from_their_json(game: str) -> None:
    engine = get_engine(game)
    for case in built_examples(game):
        rules = rules_of(case)
        states = [engine.initial_state(rules)]
        try:
            for step in replay_steps(engine, rules, case["deals"]):
                states.append(step.outcome.state)
                assert engine.parse_deal(engine.deal_json(step.deal), rules) == step.deal, case["id"]
        except DealRefused:
            pass
        for state in states:
            stored = engine.state_json(state)
            assert engine.state_json(engine.state_from_json(stored, rules)) == stored, case["id"]
            assert {"next_dealer", "match_over"} <= set(stored)


@pytest.mark.parametrize("game", CONFORMING)
def test_a_refused_deal_leaves_the_state_as_it_was(game: str) -> None:
    engine = get_engine(game)
    refusals = 0
    for case in built_examples(game):
        rules = rules_of(case)
        folded = replay(engine, rules, case["deals"])
        if folded.refusal is None:
            continue
        before = engine.state_json(folded.state)
        refused_deal = case["deals"][len(folded.results)]
        with pytest.raises(RuleViolation):
            engine.play_deal(folded.state, engine.parse_deal(refused_deal, rules), rules)
        assert engine.state_json(folded.state) == before, case["id"]
        refusals += 1
    assert refusals, f"no worked example of {game} has a refused deal"


@pytest.mark.parametrize("game", CONFORMING)
def test_replaying_from_scratch_equals_folding_one_by_one_and_resuming_midway(game: str) -> None:
    engine = get_engine(game)
    for case in built_examples(game):
        rules = rules_of(case)
        whole = replay(engine, rules, case["deals"])
        state, results = engine.initial_state(rules), list[dict[str, Any]]()
        for payload in case["deals"][: len(whole.results)]:
            outcome = engine.play_deal(state, engine.parse_deal(payload, rules), rules)
            state, results = outcome.state, [*results, outcome.result]
        assert (engine.state_json(whole.state), list(whole.results)) == (engine.state_json(state), results)
        half = len(whole.results) // 2
        first = replay(engine, rules, case["deals"][:half])
        rest = replay(engine, rules, case["deals"][half:], first.state)
        assert engine.state_json(rest.state) == engine.state_json(whole.state), case["id"]
        assert [*first.results, *rest.results] == list(whole.results), case["id"]


# --- the facts the outer rings show, from stored JSON ---------------------------------------------------------


def test_the_headline_names_who_leads_by_how_much_and_the_target() -> None:
    euchre = get_engine("bid_euchre")
    assert euchre.headline({"scores": {"A": 20, "B": 26}, "match_winner": None}, {"target_score": 32}) == {
        "label": "Score",
        "scores": {"A": 20, "B": 26},
        "leading": ["B"],
        "lead": 6,
        "target": 32,
        "lower_wins": False,
        "winners": [],
        "ahead": ["B"],
        "order": ["B", "A"],
        "to_target": {"A": 12, "B": 6},
        "in_danger": [],
    }
    rummy = get_engine("contract_rummy")
    assert rummy.headline({"totals": {"S1": 40, "S2": 15, "S3": 15}, "winners": ["S2", "S3"]}, {}) == {
        "label": "Penalty points",
        "scores": {"S1": 40, "S2": 15, "S3": 15},
        "leading": ["S2", "S3"],
        "lead": 25,
        "target": None,
        "lower_wins": True,
        "winners": ["S2", "S3"],
        "ahead": ["S2", "S3"],
        "order": ["S2", "S3", "S1"],
        "to_target": None,
        "in_danger": [],
    }
    fifty_six = get_engine("fifty_six")
    assert fifty_six.headline({"tables": {"A": 12, "B": 12}, "match_winner": None}, {})["leading"] == []


def test_56s_headline_marks_the_teams_a_failed_lowest_contract_would_put_out() -> None:
    """In danger: still in, and holding no more tables than the lowest band loses (2 by default, the match's own
    bands where it has them); a team already out is out, not in danger."""
    fifty_six = get_engine("fifty_six")
    tables = {"T1": 2, "T2": 3, "T3": 0}
    stored = {"tables": tables, "match_winner": None, "eliminated": [{"team": "T3", "reason": "no_tables"}]}
    assert fifty_six.headline(stored, {})["in_danger"] == ["T1"]
    bands = [{"from": 28, "to": 56, "win": 1, "lose": 3}]
    assert fifty_six.headline(stored, {"bands": bands})["in_danger"] == ["T1", "T2"]
    assert fifty_six.headline({**stored, "match_winner": "T2"}, {})["in_danger"] == []


def test_the_running_score_of_a_sheet_is_what_each_game_writes_down_after_a_deal() -> None:
    seep_result = {
        "running_lead": {"team": "B", "points": 30},
        "baazis_won": {"A": 1, "B": 0},
        "team_scores": {"A": 35, "B": 65},
    }
    assert get_engine("seep").running_score(seep_result) == {"Lead": "B +30", "A": 1, "B": 0}
    assert get_engine("seep").deal_score(seep_result) == {"A": 35, "B": 65}
    assert get_engine("fifty_six").running_score({"tables_after": {"A": 13, "B": 11}}) == {"A": 13, "B": 11}
    assert get_engine("bid_euchre").running_score({"scores_after": {"A": 12, "B": 0}}) == {"A": 12, "B": 0}
    assert get_engine("contract_rummy").running_score({"totals_after": {"S1": 0, "S2": 10}}) == {"S1": 0, "S2": 10}


@pytest.mark.parametrize("game", GAME_KEYS)
def test_every_result_and_state_has_the_keys_the_engine_declares(game: str) -> None:
    engine = get_engine(game)
    for case in built_examples(game):
        rules = rules_of(case)
        for step in replay_steps(engine, rules, case["deals"][: len(replay(engine, rules, case["deals"]).results)]):
            assert set(engine.result_keys) <= set(step.outcome.result), case["id"]
            assert tuple(engine.state_json(step.outcome.state)) == engine.state_keys, case["id"]


@pytest.mark.parametrize("game", CONFORMING)
def test_the_sides_of_a_finished_match_get_a_place_and_every_tiebreak_measure(game: str) -> None:
    engine = get_engine(game)
    for case in built_examples(game):
        rules = rules_of(case)
        state = engine.state_json(replay(engine, rules, case["deals"]).state)
        teams = engine.teams(rules)
        sides = teams if teams else {seat: [seat] for seat in engine.seats(rules)}
        measures = engine.side_measures(state, sides, engine.settings_json(rules))
        assert {side: set(values) for side, values in measures.items()} == {
            side: {name for name, _ in engine.tiebreak_measures} for side in sides
        }, case["id"]
        assert set(engine.side_places(state, sides)) == set(sides), case["id"]


@pytest.mark.parametrize("game", CONFORMING)
def test_the_state_stored_after_each_deal_equals_a_replay_from_scratch(game: str) -> None:
    """As a recording does: each deal played on the state read back from its JSON, its input stored normalized."""
    engine = get_engine(game)
    for case in built_examples(game):
        rules = rules_of(case)
        whole = replay(engine, rules, case["deals"])
        stored = engine.state_json(engine.initial_state(rules))
        for payload in case["deals"][: len(whole.results)]:
            normalized = engine.deal_json(engine.parse_deal(payload, rules))
            outcome = engine.play_deal(
                engine.state_from_json(stored, rules), engine.parse_deal(normalized, rules), rules
            )
            stored = engine.state_json(outcome.state)
        assert stored == engine.state_json(whole.state), case["id"]


@pytest.mark.parametrize("game", CONFORMING)
def test_every_code_a_refusal_raises_is_registered_with_the_extra_keys_it_carries(game: str) -> None:
    refused = 0
    for case in built_examples(game):
        refusal = replay(get_engine(game), rules_of(case), case["deals"]).refusal
        if refusal is None:
            continue
        refused += 1
        assert refusal.code in CODES, (case["id"], refusal.code)
        assert set(refusal.extra) <= set(CODES[refusal.code].extra_keys), (case["id"], refusal.extra)
    assert refused, f"no case of {game} is refused"


def test_the_toys_refusals_are_the_ones_its_cases_expect() -> None:
    refusals = [replay(get_engine("toy"), rules_of(case), case["deals"]).refusal for case in TOY_CASES]
    assert [(r.code, r.field, r.extra) if r else None for r in refusals] == [
        ("match_already_finished", "deals[3]", {}),
        ("dealer_out_of_turn", "deals[1].dealer", {"expected_dealer": "S2"}),
        ("invalid_card", "deals[0].cards.S2", {"card": "1X"}),
    ]


@pytest.mark.parametrize("game", CONFORMING)
def test_a_games_facts_and_headline_are_json_from_the_engine_alone(game: str) -> None:
    engine = get_engine(game)
    facts = json.loads(json.dumps(game_facts(engine)))
    assert (facts["key"], facts["player_counts"]) == (game, list(engine.player_counts))
    assert [row["name"] for row in facts["settings"]] == list(engine.settings_spec.accepted)
    rules = engine.rules_from_settings({}, engine.default_player_count)
    headline = engine.headline(engine.state_json(engine.initial_state(rules)), engine.settings_json(rules))
    assert (headline["leading"], headline["winners"]) == ([], [])


def test_the_toy_gets_the_bases_facts_for_what_it_does_not_declare() -> None:
    toy = get_engine("toy")
    assert (toy.display_name, toy.player_counts, toy.default_player_count, toy.plays_in_teams) == (
        "Toy",
        (2, 3, 4),
        4,
        False,
    )
    assert game_facts(toy)["turn_direction"] == "clockwise"  # declared by the toy: the base has no default
    assert toy.state_keys == ("points", "next_dealer", "match_over", "match_winner")
    assert (toy.result_keys, toy.tiebreak_measures, toy.running_score({"winner": "S1"})) == ((), (), {})
    assert toy.side_places({"match_winner": "S2"}, {"S1": ["S1"], "S2": ["S2"]}) == {"S1": 2, "S2": 1}
