"""Every registered game's folder holds its demo (demo.py: the demo league's house rules and made-up deals), which
``manage.py seed_demo`` finds through the registry: a game without one fails here (tests/test_seed_demo.py plays
them through the services)."""

from __future__ import annotations

import random

import pytest

from games.rules.errors import RuleViolation
from games.rules.registry import demo_of, game_keys, get_engine


@pytest.mark.parametrize("game", game_keys())
def test_every_registered_game_has_a_demo_whose_deals_its_engine_plays(game: str) -> None:
    engine = get_engine(game)
    demo = demo_of(game)
    rules = engine.rules_from_settings(demo.settings, engine.default_player_count)
    state = engine.initial_state(rules)
    rng = random.Random(56)
    played, over = 0, False
    for _ in range(20):
        try:
            outcome = engine.play_deal(state, engine.parse_deal(demo.deal(rng, engine.state_json(state)), rules), rules)
        except RuleViolation:
            continue  # an unlucky made-up deal: the command makes another
        state, played = outcome.state, played + 1
        over = bool(engine.state_json(state).get("match_over"))
        if over:
            break
    assert played >= 3 or (over and played >= 1)
