"""A refusal's text in the active language: the engines' ``Message`` templates looked up in the gettext catalogues.

The engines build messages in English with games.rules.messages (no Django there); this is the one place that
turns one into the language of the request (LocaleMiddleware, or the signed-in user's saved language). A message
without a translation, or a translation that does not fit its values, stays English rather than failing.
"""

from __future__ import annotations

import re
import string
from typing import Any

from django.utils import translation

from games.i18n.hungarian import with_articles
from games.rules.messages import Message

# Persian text runs right to left; a seat code, a card or a number inside it is wrapped in a first-strong isolate
# so the surrounding Arabic script cannot reorder "S2", "+24" or "10D" (shared/rules/glossary.md, Persian).
FIRST_STRONG_ISOLATE = "\u2068"
POP_DIRECTIONAL_ISOLATE = "\u2069"


def localize(text: Any) -> Any:
    """``text`` in the active language when it is a ``Message`` with a translation; anything else as it is."""
    if not isinstance(text, Message) or _is_english():
        return text
    if text.plural is not None and text.count_key is not None:
        template = translation.ngettext(text.template, text.plural, _count(text.values[text.count_key]))
    else:
        template = translation.gettext(text.template)
    values = {
        name: _Translated(localize(value)) if isinstance(value, Message) else value
        for name, value in text.values.items()
    }
    try:
        filled = _FORMATTER.format(template, **values)
    except (KeyError, IndexError, ValueError, AttributeError):
        return str(text)  # a catalogue entry that names another placeholder: English beats a 500
    return with_articles(filled) if _language() == "hu" else filled


def localize_mapping(body: dict[str, Any]) -> dict[str, Any]:
    """An error body with its ``detail`` (and each of ``errors``' details) in the active language."""
    localized = {**body, "detail": localize(body.get("detail"))}
    if isinstance(body.get("errors"), list):
        localized["errors"] = [
            {**item, "detail": localize(item.get("detail"))} if isinstance(item, dict) else item
            for item in body["errors"]
        ]
    return localized


class _Translated(str):
    """A phrase already in the active language (a nested message): it needs no isolating."""


class _IsolatingFormatter(string.Formatter):
    """``str.format``, but in a right-to-left language every value that is not itself a translated phrase is
    formatted (``{lead:+d}``) and then isolated."""

    def format_field(self, value: Any, format_spec: str) -> str:
        text: str = super().format_field(value, format_spec)
        if isinstance(value, _Translated) or not translation.get_language_bidi():
            return text
        return f"{FIRST_STRONG_ISOLATE}{text}{POP_DIRECTIONAL_ISOLATE}"


_FORMATTER = _IsolatingFormatter()


def _count(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0


def _is_english() -> bool:
    return _language() in (None, "en")


def _language() -> str | None:
    language = translation.get_language()
    return language.split("-")[0] if language else None


# The words of a game's facts a person reads (docs/api.md "Game facts for clients"): each setting row's label and
# help line (the house-rules form's schema calls them title and description). Names, types, choices and kinds are
# what clients switch on, so they stay as the engine gives them.
SETTING_WORDS = ("label", "help", "title", "description")


def localize_facts(facts: dict[str, Any]) -> dict[str, Any]:
    """A game's facts (games.rules.facts) with its setting rows' words in the active language; a new dict, since
    the facts are computed once and shared."""
    if _is_english():
        return facts
    return {**facts, "settings": [localize_setting_row(row) for row in facts["settings"]]}


# A rule-book reference in brackets ("(§E.2, E-A19)", "(§S.9)"): the rules files' own bookkeeping, which the API's
# facts keep for whoever reads those files, and the pages leave out of a scorer's hints (issue 27 point 8).
RULE_BOOK_REFERENCE = re.compile(r"\s*\([^()]*(?:§|\b[A-Z]{1,2}-A\d)[^()]*\)")


def page_facts(facts: dict[str, Any]) -> dict[str, Any]:
    """``localize_facts`` for a page: the setting rows' words without their rule-book references."""
    localized = localize_facts(facts)
    rows = [
        {
            key: RULE_BOOK_REFERENCE.sub("", value) if key in SETTING_WORDS and isinstance(value, str) else value
            for key, value in row.items()
        }
        for row in localized["settings"]
    ]
    return {**localized, "settings": rows}


def localize_setting_row(row: dict[str, Any]) -> dict[str, Any]:
    """One house rule's row with its label and help (or title and description) in the active language."""
    return {key: _phrase(value) if key in SETTING_WORDS else value for key, value in row.items()}


def _phrase(text: Any) -> Any:
    """A ``phrase`` (plain English text) or a ``Message`` in the active language; an empty text stays empty
    (gettext("") is the catalogue's header)."""
    if isinstance(text, Message):
        return localize(text)
    return translation.gettext(text) if isinstance(text, str) and text else text
