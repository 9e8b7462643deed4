"""The pages' words as a page in another language must show them (issue 18), read from the catalogues themselves, so
a test is right whatever wording the translators chose: the templates' words from django.po (Django's gettext), the
ES modules' words from djangojs.po, filled the way table/static/table/js/i18n.js fills them (Western digits; each
value isolated on a right-to-left page, a value in right-to-left letters on any page; Hungarian's "a(z)" as the
value after it is read). Each lookup fails when the catalogue has no translation of the message, or when the
translation is still the English: the point of these tests is that the page is NOT English."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import polib
from django.utils import translation

from games.catalogue import BASE_DIR
from games.i18n.hungarian import with_articles

FSI, PDI = "\u2068", "\u2069"  # First Strong Isolate ... Pop Directional Isolate
RTL = {"fa"}
MINUS = "\u2212"  # the pages' one minus (table/i18n.py PAGE_MINUS); a right-to-left page puts U+200E before it
PERSIAN_MINUS = "\u200e" + MINUS
PLACEHOLDER = re.compile(r"\{(\w+)\}")
RIGHT_TO_LEFT_LETTER = re.compile(r"[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]")  # isolated on any page


def digits(language: str, number: int) -> str:
    """A number as numberText() writes it: Western digits in every language, Persian too (the glossary), no
    grouping; a negative one with the page's minus (one for every language), marked left to right in Persian."""
    if number >= 0:
        return str(number)
    return (PERSIAN_MINUS if language in RTL else MINUS) + str(-number)


def _po(language: str, domain: str) -> polib.POFile:
    return polib.pofile(str(BASE_DIR / "locale" / language / "LC_MESSAGES" / f"{domain}.po"))


@cache
def script_catalogue(language: str) -> dict[str, str | list[str]]:
    """djangojs.po as the page carries it in #page-i18n: {english: translation}, a plural {singular: [one, other]}."""
    return {
        entry.msgid: (
            [entry.msgstr_plural[i] for i in sorted(entry.msgstr_plural)] if entry.msgid_plural else entry.msgstr
        )
        for entry in _po(language, "djangojs").translated_entries()
        if not entry.obsolete
    }


def _fill(language: str, template: str, values: dict[str, Any]) -> str:
    def value(found: re.Match[str]) -> str:
        if found.group(1) not in values:
            return found.group(0)
        item = values[found.group(1)]
        text = digits(language, item) if isinstance(item, int) else str(item)
        return f"{FSI}{text}{PDI}" if language in RTL or RIGHT_TO_LEFT_LETTER.search(text) else text

    filled = PLACEHOLDER.sub(value, template)
    return with_articles(filled) if language == "hu" else filled  # "a(z) {team}": the article the value takes


def _not_english(language: str, english: str, translated: Any) -> None:
    assert translated, f"{english!r} has no translation in locale/{language}/LC_MESSAGES/djangojs.po"
    assert translated != english, f"{english!r} is still English in locale/{language}/LC_MESSAGES/djangojs.po"


def script_text(language: str, english: str, **values: Any) -> str:
    """What t(english, values) shows on a page in ``language``."""
    translated = script_catalogue(language).get(english)
    _not_english(language, english, translated)
    assert isinstance(translated, str)
    return _fill(language, translated, values)


def script_plural(language: str, singular: str, count: int, **values: Any) -> str:
    """What nt(singular, plural, count, values) shows: the form Intl.PluralRules picks ('one' is 0 and 1 in
    Persian, 1 in English, Estonian and Hungarian)."""
    forms = script_catalogue(language).get(singular)
    _not_english(language, singular, forms)
    assert isinstance(forms, list) and len(forms) == 2, forms
    one = count in (0, 1) if language == "fa" else count == 1
    return _fill(language, forms[0 if one else 1], {"count": count, **values})


def template_text(language: str, english: str, **values: Any) -> str:
    """What {% translate %} / {% blocktranslate %} shows in ``language`` (django.po through Django's gettext)."""
    with translation.override(language):
        translated = translation.gettext(english)
    assert translated != english, f"{english!r} is not translated in locale/{language}/LC_MESSAGES/django.po"
    return translated % values if values else translated
