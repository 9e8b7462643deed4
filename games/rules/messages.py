"""Refusal messages as templates: the English text plus what it takes to say it in another language.

A rules engine writes ``msg("A bid of {value} is not allowed.", value=12)`` where it used to write an f-string.
The result is a ``Message``: a ``str`` holding the English text exactly as the f-string gave it (so every caller,
test and client that reads ``detail`` sees no difference), which also remembers its template and values. Outside
the engines (games/i18n/translation.py, with Django's gettext) the template is looked up in the active language's
catalogue and filled with the same values. The engines stay free of Django: this module is plain Python.

The templates are the msgids of locale/*/LC_MESSAGES/django.po: ``manage.py makemessages`` extracts every literal
first argument of ``msg`` (and both of ``nmsg``), and tests/test_catalogues.py finds them the same way, so a new
message needs nothing but the call that raises it.

A value may itself be a ``Message`` (a phrase such as "a queen", or a list from ``or_list``): it is translated
too, so no English fragment is left inside a translated sentence.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

# An item of a list said in words: a single item is said as it is, several are joined into a message.
Item = TypeVar("Item")


class Message(str):
    """English text of a message that remembers its template (``plural`` too when a count picks the form)."""

    template: str
    plural: str | None
    count_key: str | None
    values: Mapping[str, Any]

    def __new__(
        cls, template: str, values: Mapping[str, Any], plural: str | None = None, count_key: str | None = None
    ) -> Message:
        chosen = template if plural is None or count_key is None or values[count_key] == 1 else plural
        message = super().__new__(cls, chosen.format(**values))
        message.template = template
        message.plural = plural
        message.count_key = count_key
        message.values = dict(values)
        return message

    def __reduce__(self) -> tuple[Any, ...]:
        # Celery and copy.deepcopy rebuild it from its parts (the default would format the English text again).
        return (Message, (self.template, self.values, self.plural, self.count_key))


# A message without values is the same object every time: engines build fixed messages on paths every deal may take,
# where building each one each time would cost the fold measurably (bench/engines.py).
_FIXED: dict[str, Message] = {}


def msg(template: str, /, **values: Any) -> str:
    """A message with named placeholders (``str.format`` syntax); the template is the catalogue's msgid. Typed as
    the ``str`` it is, so engines can mix it with plain text; it is a ``Message`` underneath."""
    if values:
        return Message(template, values)
    fixed = _FIXED.get(template)
    if fixed is None:
        fixed = _FIXED[template] = Message(template, values)
    return fixed


def msg_template(template: str, /) -> str:
    """Marks a template kept in a table (filled later with ``msg(template, ...)``) for makemessages and the
    catalogue check; it returns the template as it is."""
    return template


def nmsg_template(singular: str, plural: str, /) -> tuple[str, str]:
    """Marks a singular and plural pair kept in a table (filled later with ``nmsg(singular, plural, count, ...)``),
    so a choice of whole messages can also depend on a count; it returns the pair as it is."""
    return singular, plural


def phrase(text: str, /) -> str:
    """Marks a fixed phrase a person reads that is not a refusal (a house rule's label and help line): returned
    as it is, English, and translated where it is served (games/i18n/translation.py ``localize_facts``); makemessages
    and the catalogue check find its literal like ``msg``'s."""
    return text


def nmsg(singular: str, plural: str, count: str, /, **values: Any) -> str:
    """A message whose words depend on the number in ``values[count]`` ("1 trick", "3 tricks")."""
    return Message(singular, values, plural, count)


def _listing(items: Iterable[Item], join_last: Callable[[Any, Any], str]) -> Item | str:
    parts = list(items)
    if len(parts) == 1:
        return parts[0]
    head: Item | str = parts[0]
    for item in parts[1:-1]:
        head = msg("{head}, {item}", head=head, item=item)
    return join_last(head, parts[-1])


def or_list(items: Iterable[Item], *, serial_comma: bool = False) -> Item | str:
    """``9, 10 or 11`` (``9, 10, or 11`` with the serial comma), with each language's own "or"; a single item
    stays as it is."""
    parts = list(items)
    if serial_comma and len(parts) > 2:
        return _listing(parts, lambda head, last: msg("{head}, or {last}", head=head, last=last))
    return _listing(parts, lambda head, last: msg("{head} or {last}", head=head, last=last))


def comma_list(items: Iterable[Any]) -> Any:
    """``a, b, c``: items joined by the language's comma only."""
    parts = list(items)
    if not parts:
        return ""
    head = parts[0]
    for item in parts[1:]:
        head = msg("{head}, {item}", head=head, item=item)
    return head


def and_chain(items: Iterable[Any]) -> Any:
    """``a and b and c``: every item joined by the language's "and" (no commas)."""
    return _chain(items, lambda head, last: msg("{head} and {last}", head=head, last=last))


def or_chain(items: Iterable[Any]) -> Any:
    """``a or b or c``: every item joined by the language's "or" (no commas)."""
    return _chain(items, lambda head, last: msg("{head} or {last}", head=head, last=last))


def _chain(items: Iterable[Any], join: Callable[[Any, Any], Any]) -> Any:
    """The items joined two at a time by ``join`` (the message literal stays at its caller, where the catalogue
    finds it)."""
    parts = list(items)
    head = parts[0] if parts else ""
    for item in parts[1:]:
        head = join(head, item)
    return head


def and_list(items: Iterable[Item]) -> Item | str:
    """``S1, S2 and S3``, with each language's own "and"."""
    return _listing(items, lambda head, last: msg("{head} and {last}", head=head, last=last))


def message_json(text: Any) -> Any:
    """A message as JSON (its template, plural and values, nested messages too), to be stored where a job keeps its
    reason and said later in the reader's language (``message_from_json``); plain text stays text."""
    if not isinstance(text, Message):
        return text
    return {
        "template": text.template,
        "plural": text.plural,
        "count_key": text.count_key,
        "values": {name: message_json(value) for name, value in text.values.items()},
    }


def message_from_json(data: Any) -> Any:
    """The ``Message`` that ``message_json`` wrote (the same English text); anything else as it is."""
    if not isinstance(data, dict) or "template" not in data:
        return data
    values = {name: message_from_json(value) for name, value in data["values"].items()}
    return Message(data["template"], values, data.get("plural"), data.get("count_key"))
