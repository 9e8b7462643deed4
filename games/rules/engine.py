"""The protocol every game engine follows, so the Django side can treat the four games alike.

A match's state is the fold of its deals: ``state = initial_state(rules)`` and then, for each accepted deal,
``state = play_deal(state, deal, rules).state``. Everything crosses into Django as JSON through the
``*_json`` / ``*_from_json`` pairs, which must round-trip exactly.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True)
class DealOutcome:
    """What one accepted deal produced: the state after it and its result as JSON-ready data.

    ``result`` holds the keys of ``expected.deals[k]`` in shared/rules/examples.json except
    ``deal_number``, which the service adds (deal numbers belong to the match record, not to the rules).
    """

    state: Any
    result: dict[str, Any]


class GameEngine(Protocol):
    """One game. Implementations are small classes delegating to the game's pure functions."""

    key: str
    rules_file: str

    def rules_from_settings(self, settings: Mapping[str, Any], player_count: int) -> Any:
        """Validate house rules (any subset; the rest default) for ``player_count`` players.

        Raises ``RuleViolation``: ``invalid`` with field ``settings.<name>`` for an unknown setting or a bad
        value, ``player_count_invalid`` / ``player_count_out_of_range`` with field ``players``, and the
        game's own codes for infeasible combinations (``not_enough_cards`` on ``settings.decks``).
        """
        ...

    def settings_json(self, rules: Any) -> dict[str, Any]:
        """Every setting with its value, defaults filled in; feeding it back gives equal rules."""
        ...

    def teams(self, rules: Any) -> dict[str, list[str]] | None:
        """Team name to seats, or None for a game where everyone plays for himself."""
        ...

    def initial_state(self, rules: Any) -> Any: ...

    def parse_deal(self, payload: Mapping[str, Any], rules: Any) -> Any:
        """Turn the submitted deal into the game's frozen deal object (shape and card checks only).

        Field paths in violations are relative to the deal: ``bid.value``, ``auction[1]``.
        """
        ...

    def deal_json(self, deal: Any) -> dict[str, Any]:
        """The deal normalized: canonical cards, defaults filled. Parsing it again gives an equal deal."""
        ...

    def play_deal(self, state: Any, deal: Any, rules: Any) -> DealOutcome:
        """Check the deal against the state and fold it in; raises ``RuleViolation`` if it is illegal."""
        ...

    def state_json(self, state: Any) -> dict[str, Any]:
        """The state as JSON; always has ``next_dealer`` and ``match_over``."""
        ...

    def state_from_json(self, data: Mapping[str, Any], rules: Any) -> Any: ...
