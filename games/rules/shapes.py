"""The shapes of the JSON the engines write, and the shape checks shared by their parsers of untrusted JSON.

Each game's state and result JSON has a ``TypedDict`` in its package (``games/rules/<game>/shapes.py``): its
``state_json`` is written through it, and what the outer rings read of a stored state or result (standings,
headlines, score sheets, a club night's scores) is read through it. The shapes here are the ones several games
share.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any, TypedDict

from games.rules.errors import RuleViolation


class SignedPoints(TypedDict):
    """A lead or margin between two teams: the team ahead (null when level) and by how many points."""

    team: str | None
    points: int


class Headline(TypedDict):
    """The board's headline figures (``GameEngine.headline``)."""

    label: str
    scores: dict[str, int]
    leading: list[str]
    lead: int
    target: int | None
    lower_wins: bool
    winners: list[str]
    ahead: list[str]
    order: list[str]
    to_target: dict[str, int] | None
    in_danger: list[str]


def reject_unknown_keys(
    value: Mapping[Any, Any],
    allowed: Collection[str],
    field: str | None,
    describe: Callable[[Any], str],
    /,
    **extra: Any,
) -> None:
    """Refuse the first key of ``value`` outside ``allowed`` with ``invalid`` on ``field.key`` (or ``key`` at the
    top level); ``describe(key)`` is the message for the person at the table. ``extra`` goes into the violation
    (the parameters are positional-only so that ``allowed=...`` can be one of them)."""
    for key in value:
        if key not in allowed:
            raise RuleViolation("invalid", describe(key), f"{field}.{key}" if field else str(key), **extra)
