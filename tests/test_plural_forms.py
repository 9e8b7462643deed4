"""Each language's plural forms are the ones its speakers use, and the form gettext picks for a shown count is the
catalogue's own (issue 26); the catalogue check of ``make lint`` finds a translation that drops a placeholder."""

from __future__ import annotations

import gettext
import string
from collections.abc import Callable
from pathlib import Path

import polib
import pytest
from django.utils import translation

from games.catalogue import BASE_DIR, source_messages
from games.check_placeholders import wrong_entries
from games.i18n.hungarian import with_articles
from games.i18n.translation import localize
from games.rules.messages import Message

# CLDR's cardinal "one" for whole numbers: Estonian and Hungarian 1 only; Persian 0 and 1 (i = 0 or n = 1).
ONE: dict[str, Callable[[int], bool]] = {"et": lambda n: n == 1, "hu": lambda n: n == 1, "fa": lambda n: n in (0, 1)}
COUNTS = (0, 1, 2, 3, 5, 11, 21, 101)
DOMAINS = ("django", "djangojs")


def _po(language: str, domain: str) -> polib.POFile:
    return polib.pofile(str(BASE_DIR / "locale" / language / "LC_MESSAGES" / f"{domain}.po"))


@pytest.mark.parametrize("language", sorted(ONE))
@pytest.mark.parametrize("domain", DOMAINS)
def test_the_plural_formula_is_the_languages_own(language: str, domain: str) -> None:
    formula = _po(language, domain).metadata["Plural-Forms"].split("plural=")[1].rstrip(";")
    plural = gettext.c2py(formula)
    assert [plural(n) for n in range(200)] == [0 if ONE[language](n) else 1 for n in range(200)]


def _plural_templates() -> list[tuple[str, str]]:
    return sorted(
        {(m.msgid, m.plural) for m in source_messages() if m.plural and m.call in ("nmsg", "nmsg_template")},
    )


@pytest.mark.parametrize("language", sorted(ONE))
def test_a_shown_count_gets_the_catalogues_form_for_that_count(language: str) -> None:
    entries = {entry.msgid: entry for entry in _po(language, "django") if entry.msgid_plural}
    wrong = []
    with translation.override(language):
        for singular, plural in _plural_templates():
            names = sorted({field for _, field, _, _ in string.Formatter().parse(singular + plural) if field})
            count_key = next((name for name in names if name in entries[singular].msgid_plural), names[0])
            for count in COUNTS:
                values = dict.fromkeys(names, 7) | {count_key: count}
                form = entries[singular].msgstr_plural[0 if ONE[language](count) else 1]
                said = str(localize(Message(singular, values, plural, count_key)))
                expected = with_articles(form.format(**values)) if language == "hu" else form.format(**values)
                if said.replace("\u2068", "").replace("\u2069", "") != expected:
                    wrong.append(f"{singular!r} at {count}: {said!r}")
    assert len(_plural_templates()) > 20
    assert wrong == []


def test_estonian_says_one_table_and_three_tables_with_their_own_forms() -> None:
    template = "Team {team} holds {held} table; a bid of {points} could cost it {cost} (band {band}), so {may}"
    plural = template.replace("{held} table;", "{held} tables;")
    may = Message("{team} can only pass.", {"team": "A"})
    values = {"team": "A", "points": 40, "cost": 4, "band": "40-47", "may": may}
    with translation.override("et"):
        assert "on 1 laud;" in localize(Message(template, {**values, "held": 1}, plural, "held"))
        assert "on 3 lauda;" in localize(Message(template, {**values, "held": 3}, plural, "held"))


def test_the_catalogue_check_finds_a_translation_without_the_englishs_placeholder(tmp_path: Path) -> None:
    folder = BASE_DIR / "locale" / "xx-test"  # under BASE_DIR, as the check names the files relative to it
    catalogue = polib.POFile()
    catalogue.append(polib.POEntry(msgid="{seat} passes.", msgstr="{seat} passib."))
    catalogue.append(polib.POEntry(msgid="{seat} doubles {points}.", msgstr="{seat} kontreerib {punkte}."))
    try:
        folder.mkdir()
        catalogue.save(str(folder / "django.po"))
        assert wrong_entries(folder / "django.po") == [
            "locale/xx-test/django.po: '{seat} doubles {points}.': {points}, {punkte}"
        ]
    finally:
        (folder / "django.po").unlink(missing_ok=True)
        folder.rmdir()
