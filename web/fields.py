"""What the outer apps' serializers share: fields built once for read-only ones, and a choice field whose refusal
names the valid choices."""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any, NoReturn

from rest_framework import serializers

from games.i18n.translation import localize
from games.rules.messages import msg
from games.rules.registry import game_keys


class FieldsBuiltOnce:
    """Build a read-only ModelSerializer's fields once per class, then hand each instance a copy.

    ModelSerializer inspects the model and builds every field again for each instance, which was half the cost of
    serializing a match (measured by bench/profile_deal.py). Only for serializers whose fields do not depend on
    the instance or the context; DRF itself deep-copies declared fields the same way.
    """

    def get_fields(self) -> dict[str, Any]:
        cls = type(self)
        built = cls.__dict__.get("_fields_built_once")
        if built is None:
            built = super().get_fields()  # type: ignore[misc]
            cls._fields_built_once = built  # type: ignore[attr-defined]
        return copy.deepcopy(built)


def valid_choices(noun: str, choices: Iterable[str]) -> str:
    """``games are <every registered game's key>``: the end of every refused choice's message."""
    # The noun and the choices are the API's own words (field names, values); the sentence is the language's.
    return msg("{noun} are {choices}", noun=noun, choices=", ".join(choices))


class ChoiceField(serializers.ChoiceField):
    """DRF's, but a refusal names what may be chosen: '"Chess" is not a valid choice; games are <the registered
    games' keys>.' The noun is the field's name made plural, or a list's own name for its entries."""

    def fail(self, key: str, **kwargs: Any) -> NoReturn:
        if key == "invalid_choice":
            raise serializers.ValidationError(
                localize(
                    msg(
                        '"{input}" is not a valid choice; {choices}.',
                        input=kwargs["input"],
                        choices=valid_choices(self._noun(), self.choice_strings_to_values),
                    )
                ),
                code=key,
            )
        super().fail(key, **kwargs)
        raise AssertionError  # fail() always raises

    def _noun(self) -> str:
        if not self.field_name and isinstance(self.parent, serializers.ListField):
            return self.parent.field_name or ""
        return f"{self.field_name}s"


class GameField(ChoiceField):
    """A registered game's key. The choices are read from the registry with each value, not fixed when the
    serializer is declared, so that a game registered later (a test's toy game) is accepted like the others."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(choices=game_keys(), **kwargs)

    def to_internal_value(self, data: Any) -> Any:
        self.choices = game_keys()
        return super().to_internal_value(data)
