"""House-rule settings declared once: name, type, range or choices, default, label and a line for the form.

A game lists its settings as a ``SettingsSpec`` of ``Setting`` rows; reading a submitted value, refusing an unknown
name, ``settings_json`` and the JSON-schema-like description of the house-rules form are all derived from it.
Every refusal is ``invalid`` on ``settings.<name>`` (the messages of ``settings_input``).

Kinds: ``integer`` (``minimum``..``maximum``), ``boolean``, ``choice`` (one of ``choices``) and ``custom`` (a list
or object read by the row's own ``parse``; ``dump`` writes it back). A row is ``echoed`` when ``settings_json``
writes it, and ``derived`` when it follows from other settings: the game checks that a sent value agrees and the
rules object computes it (so it is not read into the rules).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from games.rules.messages import msg, phrase
from games.rules.settings_input import reject_unknown_settings, setting_bool, setting_choice, setting_int

Kind = Literal["integer", "boolean", "choice", "custom"]


def _identity(value: Any) -> Any:
    return value


@dataclass(frozen=True)
class Setting:
    """One house rule. ``default`` is the value with no other setting sent (some games derive it per match)."""

    name: str
    kind: Kind
    default: Any
    label: str
    help: str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[Any, ...] = ()
    parse: Callable[[Any], Any] | None = None
    dump: Callable[[Any], Any] = _identity
    json_type: str | None = None  # the JSON type of a custom row for the form: "array" or "object"
    # The values of a custom object's "type" key (Seep's match end: open, first_to_baazis, fixed_baazis), so a
    # client offers the kinds the engine reads and keeps no copy of them.
    kinds: tuple[str, ...] = ()
    echoed: bool = True
    derived: bool = False
    # A house rule added after matches were already recorded: a stored match (or an interchange file) pinned before
    # it does not list it, and plays it at its default, which keeps the game as it was.
    added_later: bool = False
    # What the house-rules form shows for a choice (or a custom object's kind), by value: a ``phrase`` each, said
    # in the page's language where it is served. Every text value has its words (tests/table/test_house_rule_words.py);
    # a number without words is shown as the number.
    words: Mapping[Any, str] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        unknown = [value for value in self.words if value not in (*self.choices, *self.kinds)]
        assert not unknown, f"setting {self.name} has words for values it does not offer: {unknown}"

    def read(self, settings: Mapping[str, Any], *, default: Any = None, maximum: int | None = None) -> Any:
        """The value sent for this setting, or its default; ``default`` / ``maximum`` override the declared ones
        where another setting moves them (Bid Euchre's double deck, Contract Rummy's presets)."""
        fallback = self.default if default is None else default
        if self.kind == "integer":
            assert self.minimum is not None and self.maximum is not None
            top = self.maximum if maximum is None else maximum
            return setting_int(settings, self.name, fallback, self.minimum, top)
        if self.kind == "boolean":
            return setting_bool(settings, self.name, fallback)
        if self.kind == "choice" and self.parse is None:
            return setting_choice(settings, self.name, fallback, self.choices)
        if self.name not in settings:
            return fallback
        assert self.parse is not None, f"setting {self.name} has no parser"
        return self.parse(settings[self.name])

    def form_row(self) -> dict[str, Any]:
        """This setting for a client's form: name, label, help, type, default and its bounds or choices.

        ``read_only`` marks a setting that follows from others (shown, not asked); ``sent_back`` is false for one
        that is accepted on input but never written back in the match's settings; ``kinds`` lists a custom
        object's ``type`` values.
        """
        row: dict[str, Any] = {
            "name": self.name,
            "label": self.label,
            "help": self.help,
            "type": (self.json_type or "object") if self.kind == "custom" else self.kind,
            "default": self.dump(self.default),
            "read_only": self.derived,
            "sent_back": self.echoed,
        }
        if self.kind == "integer":
            row.update(minimum=self.minimum, maximum=self.maximum)
        if self.kind == "choice":
            row["choices"] = list(self.choices)
        if self.kinds:
            row["kinds"] = list(self.kinds)
        return row

    def schema(self) -> dict[str, Any]:
        """This row of the house-rules form: JSON-schema keywords plus ``title`` (label) and ``description``."""
        row: dict[str, Any] = {"title": self.label, "description": self.help, "default": self.dump(self.default)}
        if self.kind == "integer":
            row.update(type="integer", minimum=self.minimum, maximum=self.maximum)
        elif self.kind == "boolean":
            row["type"] = "boolean"
        elif self.kind == "choice":
            row["enum"] = list(self.choices)
        else:
            row["type"] = self.json_type or "object"
        if self.derived:
            row["readOnly"] = True
        return row


def derived_teams() -> Setting:
    """The ``teams`` row of a game whose teams follow from its seating (56's layout, Twenty-Eight's partners
    opposite): accepted when it agrees, never written back."""
    return Setting(
        "teams",
        "custom",
        None,
        phrase("Team seats"),
        phrase("The seats of each team, as the layout implies."),
        json_type="object",
        echoed=False,
        derived=True,
    )


@dataclass(frozen=True)
class SettingsSpec:
    """A game's settings, in the order ``settings_json`` writes them."""

    game_name: str
    rows: tuple[Setting, ...]
    by_name: dict[str, Setting] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_name", {row.name: row for row in self.rows})

    def __getitem__(self, name: str) -> Setting:
        return self.by_name[name]

    @property
    def names(self) -> tuple[str, ...]:
        """The settings ``settings_json`` writes back."""
        return tuple(row.name for row in self.rows if row.echoed)

    @property
    def added_later(self) -> tuple[str, ...]:
        """The settings an older record may leave out (``Setting.added_later``)."""
        return tuple(row.name for row in self.rows if row.added_later)

    @property
    def accepted(self) -> tuple[str, ...]:
        """Every name a request may send (informational ones included)."""
        return tuple(row.name for row in self.rows)

    def choice_words(self) -> dict[str, dict[str, str]]:
        """Each setting's words for its choices (or kinds), by name and then by value written as text (the form's
        values are the API's, numbers included: ``"64"``); the settings without words are left out."""
        return {row.name: {str(value): words for value, words in row.words.items()} for row in self.rows if row.words}

    def reject_unknown(self, settings: Mapping[str, Any]) -> None:
        reject_unknown_settings(settings, self.accepted, self.game_name)

    def read_all(self, settings: Mapping[str, Any], done: Mapping[str, Any]) -> dict[str, Any]:
        """Every setting in declaration order, for the rules object: the values in ``done`` (read by the game since
        another setting moves their default or range) are kept, and derived rows are left to the game."""
        values: dict[str, Any] = {}
        for row in self.rows:
            if row.name in done:
                values[row.name] = done[row.name]
            elif not row.derived:
                values[row.name] = row.read(settings)
        return values

    def settings_json(self, rules: Any) -> dict[str, Any]:
        """Every echoed setting of ``rules`` (an attribute of the same name), as JSON."""
        return {row.name: row.dump(getattr(rules, row.name)) for row in self.rows if row.echoed}

    def form_rows(self) -> list[dict[str, Any]]:
        """Every setting for a client's form, in declaration order (``Setting.form_row``)."""
        return [row.form_row() for row in self.rows]

    def schema(self) -> dict[str, Any]:
        """The JSON-schema-like description of the house-rules form."""
        return {
            "type": "object",
            "title": msg("{game} house rules", game=self.game_name),
            "additionalProperties": False,
            "properties": {row.name: row.schema() for row in self.rows},
        }
