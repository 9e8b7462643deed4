"""Shape checks shared by the engines' parsers of untrusted JSON."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any

from games.rules.errors import RuleViolation


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
