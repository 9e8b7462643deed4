"""Small validators for house-rule settings, shared by the engines.

Every refusal is ``invalid`` on ``settings.<name>`` with a message that says what is allowed.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from games.rules.errors import RuleViolation
from games.rules.messages import msg
from games.rules.shapes import reject_unknown_keys


def reject_unknown_settings(settings: Mapping[str, Any], known: Collection[str], game_name: str) -> None:
    if not isinstance(settings, Mapping):
        raise RuleViolation("invalid", msg("Settings are an object of house-rule names and values."), "settings")
    allowed = ", ".join(sorted(known))
    reject_unknown_keys(
        settings,
        known,
        "settings",
        lambda name: msg(
            "{game_name} has no setting {name!r}; the settings are: {allowed}.",
            game_name=game_name,
            name=name,
            allowed=allowed,
        ),
    )


def setting_int(settings: Mapping[str, Any], name: str, default: int, minimum: int, maximum: int) -> int:
    value = settings.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int) or not minimum <= value <= maximum:
        raise RuleViolation(
            "invalid",
            msg(
                "{name} must be a whole number from {minimum} to {maximum}; {value!r} is not.",
                name=name,
                minimum=minimum,
                maximum=maximum,
                value=value,
            ),
            f"settings.{name}",
        )
    return value


def setting_bool(settings: Mapping[str, Any], name: str, default: bool) -> bool:
    value = settings.get(name, default)
    if not isinstance(value, bool):
        raise RuleViolation(
            "invalid",
            msg(
                "{name} is true or false; {value!r} is not.",
                name=name,
                value=value,
            ),
            f"settings.{name}",
        )
    return value


def setting_choice(settings: Mapping[str, Any], name: str, default: str, choices: Collection[str]) -> str:
    value = settings.get(name, default)
    if not isinstance(value, str) or value not in choices:
        allowed = ", ".join(repr(choice) for choice in choices)
        raise RuleViolation(
            "invalid",
            msg(
                "{name} must be one of {allowed}; {value!r} is not.",
                name=name,
                allowed=allowed,
                value=value,
            ),
            f"settings.{name}",
        )
    return value
