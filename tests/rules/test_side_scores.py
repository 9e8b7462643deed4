"""What a side has scored in a match, finished or cut short: the engine fact a club night's round score reads."""

from __future__ import annotations

from typing import Any

import pytest

from games.rules.errors import RuleViolation
from games.rules.registry import GAME_KEYS, get_engine
from games.rules.replay import replay, replay_steps
from tests.examples import PENDING_EXAMPLES, examples_for, player_count


def test_a_bid_euchre_team_scores_its_points_as_they_stand() -> None:
    euchre = get_engine("bid_euchre")
    assert euchre.side_scores({"scores": {"A": 20, "B": -6}, "match_winner": None}, {}) == {"A": 20, "B": -6}
    assert euchre.side_scores_lower_wins is False


def test_a_seep_team_scores_its_baazis_at_the_baazi_lead_and_its_running_lead() -> None:
    seep = get_engine("seep")
    state = {"running_lead": {"team": "B", "points": 30}, "baazis_won": {"A": 2, "B": 1}, "match_winner": None}
    assert seep.side_scores(state, {"baazi_lead": 100}) == {"A": 200, "B": 130}
    assert seep.side_scores({**state, "running_lead": {"team": None, "points": 0}}, {"baazi_lead": 50}) == {
        "A": 100,
        "B": 50,
    }
    assert seep.side_scores_lower_wins is False


def test_a_fifty_six_team_scores_the_tables_it_holds() -> None:
    fifty_six = get_engine("fifty_six")
    assert fifty_six.side_scores({"tables": {"A": 15, "B": 9}, "match_winner": None}, {}) == {"A": 15, "B": 9}
    assert fifty_six.side_scores_lower_wins is False


def test_a_contract_rummy_player_scores_a_penalty_total_and_the_lowest_is_best() -> None:
    rummy = get_engine("contract_rummy")
    assert rummy.side_scores({"totals": {"S1": 40, "S2": 15, "S3": 0}, "winners": []}, {}) == {
        "S1": 40,
        "S2": 15,
        "S3": 0,
    }
    assert rummy.side_scores_lower_wins is True


def playable_examples(game: str) -> list[tuple[dict[str, Any], Any]]:
    """The game's worked examples whose settings a match accepts, with their rules (pending features left out)."""
    engine, found = get_engine(game), []
    for case in examples_for(game):
        if case["id"] in PENDING_EXAMPLES:
            continue
        try:
            found.append((case, engine.rules_from_settings(case["settings"], player_count(case))))
        except RuleViolation:
            continue
    assert found
    return found


@pytest.mark.parametrize("game", GAME_KEYS)
def test_every_side_of_every_worked_example_has_a_number_after_each_deal(game: str) -> None:
    engine = get_engine(game)
    for case, rules in playable_examples(game):
        teams = engine.teams(rules)
        sides = set(teams) if teams else set(engine.seats(rules))
        settings = engine.settings_json(rules)
        counted = len(replay(engine, rules, case["deals"]).results)
        for step in replay_steps(engine, rules, case["deals"][:counted]):
            scores = engine.side_scores(engine.state_json(step.outcome.state), settings)
            assert set(scores) == sides, case["id"]
            assert all(isinstance(value, int | float) for value in scores.values()), case["id"]
