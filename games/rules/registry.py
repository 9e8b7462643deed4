"""Game key to engine. Modules are imported on first use so one game's import cost is paid only when played.

A new game is one folder under games/rules/ and one line in ``ENGINE_MODULES``. Besides its engine (the package's
``ENGINE``), the app finds the folder's ``demo`` module by the key: the demo league's house rules and deals.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from games.rules.engine import GameEngine
from games.rules.errors import RuleViolation
from games.rules.messages import msg

ENGINE_MODULES: dict[str, str] = {
    "seep": "games.rules.seep",
    "fifty_six": "games.rules.fifty_six",
    "bid_euchre": "games.rules.bid_euchre",
    "contract_rummy": "games.rules.contract_rummy",
    "twenty_eight": "games.rules.twenty_eight",
}
# The games built in, for tests parametrized over them. The app asks ``game_keys()``, which also sees a game
# registered later (a test registers a toy game by adding its line to ``ENGINE_MODULES``).
GAME_KEYS: tuple[str, ...] = tuple(ENGINE_MODULES)


def game_keys() -> tuple[str, ...]:
    """Every registered game's key, in the registry's order."""
    return tuple(ENGINE_MODULES)


def get_engine(key: str) -> GameEngine[Any, Any, Any]:
    """The engine for ``key``; an unknown key is refused with ``invalid`` on field ``game``."""
    module_name = ENGINE_MODULES.get(key) if isinstance(key, str) else None
    if module_name is None:
        choices = ", ".join(game_keys())
        raise RuleViolation(
            "invalid",
            msg(
                "Unknown game {key!r}; choose one of {choices}.",
                key=key,
                choices=choices,
            ),
            "game",
        )
    return _loaded(module_name)


@cache
def _loaded(module_name: str) -> GameEngine[Any, Any, Any]:
    engine: GameEngine[Any, Any, Any] = importlib.import_module(module_name).ENGINE
    return engine


@dataclass(frozen=True)
class Demo:
    """A game's demo league (``manage.py seed_demo``): its house rules and a made-up deal for a match's state."""

    settings: dict[str, Any]
    deal: Callable[[random.Random, dict[str, Any]], dict[str, Any]]


def demo_of(key: str) -> Demo:
    """The registered game's demo, from its folder's ``demo`` module (``DEMO_SETTINGS`` and ``demo_deal``)."""
    module = importlib.import_module(f"{ENGINE_MODULES[key]}.demo")
    return Demo(module.DEMO_SETTINGS, module.demo_deal)
