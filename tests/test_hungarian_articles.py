"""The Hungarian article: the catalogues write "a(z) {team} csapat" and the text says "az A csapat", "a B csapat",
"a T1 csapat" (games/i18n/hungarian.py; shared/rules/glossary.md, "Hungarian"). tests/js/i18n.test.mjs checks the pages
against the same cases."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import polib
import pytest
from django.utils import translation

from games.catalogue import BASE_DIR, FILLED_AS_MESSAGES, script_messages, source_messages
from games.i18n.hungarian import read_from_a_vowel, with_articles
from games.i18n.translation import localize
from games.rules.messages import msg

CASES = json.loads((Path(__file__).parent / "data" / "hungarian_articles.json").read_text(encoding="utf-8"))["cases"]


@pytest.mark.parametrize(("word", "article"), CASES)
def test_a_word_takes_the_article_it_is_read_with(word: str, article: str) -> None:
    assert read_from_a_vowel(word) is (article == "az")
    assert with_articles(f"a(z) {word} csapat") == f"{article} {word} csapat".replace("  ", " ")
    assert with_articles(f"A(z) {word}") == f"{article.capitalize()} {word}".rstrip()


def test_only_the_marker_changes() -> None:
    assert with_articles("Felvétel: S2 (a(z) A csapat), a(z) 5. leosztás, A(z) 12. leosztás") == (
        "Felvétel: S2 (az A csapat), az 5. leosztás, A 12. leosztás"
    )
    assert with_articles("Ha(z) A") == "Ha(z) A"  # not an article: inside a word
    assert with_articles("a B csapat, az A csapat") == "a B csapat, az A csapat"


@pytest.mark.parametrize(
    ("team", "expected"),
    [
        ("A", "Az A csapat hátrányban van, ezért újra S2 oszt: most S2 oszt, nem S1."),
        ("B", "A B csapat hátrányban van, ezért újra S2 oszt: most S2 oszt, nem S1."),
    ],
)
def test_a_hungarian_refusal_says_the_article_of_the_team_it_names(team: str, expected: str) -> None:
    message = msg(
        "Team {team} is behind, so {next} deals again: {expected} deals now, not {dealer}.",
        team=team,
        next="S2",
        expected="S2",
        dealer="S1",
    )
    with translation.override("hu"):
        assert localize(message) == expected
    with translation.override("et"):
        assert "(z)" not in localize(message)
    with translation.override("en"):
        assert localize(message) == f"Team {team} is behind, so S2 deals again: S2 deals now, not S1."


@pytest.mark.parametrize(("domain", "messages"), [("django", source_messages), ("djangojs", script_messages)])
def test_every_a_z_of_the_catalogues_is_in_a_text_filled_as_a_message(domain: str, messages: Any) -> None:
    """Only games/i18n/translation.py and i18n.js turn "a(z)" into the article: a text filled by str.format or by a
    template would show "a(z)" as it is."""
    said_otherwise = {message.msgid: message.where for message in messages() if message.call not in FILLED_AS_MESSAGES}
    catalogue = polib.pofile(str(BASE_DIR / "locale" / "hu" / "LC_MESSAGES" / f"{domain}.po"))
    shown_as_is = [
        f"{said_otherwise[entry.msgid]}: {entry.msgid!r}"
        for entry in catalogue.translated_entries()
        if entry.msgid in said_otherwise
        and any("(z)" in text for text in [entry.msgstr, *entry.msgstr_plural.values()])
    ]
    assert shown_as_is == []
