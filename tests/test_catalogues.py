"""Every message a person reads is translated in every catalogue (issue 18): nothing missing, nothing fuzzy, every
placeholder of the English in each translation, the compiled .mo files up to date with the .po files, and every
refusal of the rules engines written as a template the catalogues can translate.

The messages are found in the source (games/catalogue.py), so a new code's message is checked the day it is raised.
"""

from __future__ import annotations

import ast
from pathlib import Path

import polib
import pytest
from django.conf import settings

from games.catalogue import BASE_DIR, SourceMessage, placeholders, script_messages, source_messages

TRANSLATED = [code for code, _name in settings.LANGUAGES if code != "en"]
RULES = BASE_DIR / "games" / "rules"
TEMPLATE_CALLS = ("msg", "nmsg")
# Each gettext domain and where its messages are found: Python and page templates, and the pages' ES modules.
DOMAINS = {"django": source_messages, "djangojs": script_messages}
CATALOGUES = [(language, domain) for language in TRANSLATED for domain in DOMAINS]


def _po(language: str, domain: str = "django") -> polib.POFile:
    return polib.pofile(str(BASE_DIR / "locale" / language / "LC_MESSAGES" / f"{domain}.po"))


def _translations(entry: polib.POEntry | polib.MOEntry) -> list[str]:
    return list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]


def test_the_languages_are_english_estonian_persian_and_hungarian() -> None:
    assert [code for code, _name in settings.LANGUAGES] == ["en", "et", "fa", "hu"]
    assert TRANSLATED == ["et", "fa", "hu"]


def test_the_source_messages_include_every_engine_template() -> None:
    found = {message.msgid for message in source_messages()}
    assert "A house bid must be 9, 10, 11, 12 or 13 (king); {amount!r} is not allowed." in found
    lowest = "The lowest bid is {limit} trick; bid {numbers}, partner's best, shoot the moon, or pass."
    assert lowest in found  # nmsg_template: the singular and ...
    assert any(message.plural == lowest.replace(" trick;", " tricks;") for message in source_messages())
    assert "There is nothing at this address." in found  # api/: gettext
    assert len(found) > 300


def test_the_script_messages_include_every_page_module_call() -> None:
    found = {(message.msgid, message.plural) for message in script_messages()}
    assert ("{what}: one less", None) in found
    assert len(found) > 200


@pytest.mark.parametrize(("language", "domain"), CATALOGUES)
def test_every_message_of_the_source_has_a_translation(language: str, domain: str) -> None:
    catalogue: dict[tuple[str | None, str], polib.POEntry] = {
        (entry.msgctxt, entry.msgid): entry for entry in _po(language, domain) if not entry.obsolete
    }
    missing = []
    messages: list[SourceMessage] = DOMAINS[domain]()
    for message in messages:
        entry = catalogue.get((message.context, message.msgid))
        if entry is None or not all(_translations(entry)) or (message.plural and entry.msgid_plural != message.plural):
            missing.append(f"{message.where}: {message.msgid!r}")
    assert missing == [], f"{len(missing)} messages not translated in locale/{language}/{domain}.po (make messages)"


@pytest.mark.parametrize(("language", "domain"), CATALOGUES)
def test_no_entry_is_fuzzy_or_empty(language: str, domain: str) -> None:
    catalogue = _po(language, domain)
    assert not catalogue.metadata_is_fuzzy
    assert [entry.msgid for entry in catalogue.fuzzy_entries()] == []
    assert [entry.msgid for entry in catalogue.untranslated_entries()] == []


@pytest.mark.parametrize(("language", "domain"), CATALOGUES)
def test_every_translation_has_exactly_the_placeholders_of_its_english(language: str, domain: str) -> None:
    wrong = []
    for entry in _po(language, domain).translated_entries():
        english = placeholders(entry.msgid) | placeholders(entry.msgid_plural or "")
        for text in _translations(entry):
            if placeholders(text) != english:
                wrong.append(f"{entry.msgid!r}: {sorted(english ^ placeholders(text))}")
    assert wrong == []


@pytest.mark.parametrize(("language", "domain"), CATALOGUES)
def test_the_compiled_catalogue_matches_its_po_file(language: str, domain: str) -> None:
    folder = BASE_DIR / "locale" / language / "LC_MESSAGES"
    compiled = {
        (entry.msgctxt, entry.msgid): _translations(entry) for entry in polib.mofile(str(folder / f"{domain}.mo"))
    }
    source = {
        (entry.msgctxt, entry.msgid): _translations(entry) for entry in _po(language, domain).translated_entries()
    }
    assert compiled == source, "run `make messages` (compilemessages) and commit the .mo files"


@pytest.mark.parametrize(("language", "domain"), CATALOGUES)
def test_the_plural_forms_are_declared(language: str, domain: str) -> None:
    # nplurals=2 in every catalogue: the pages pick the form with Intl.PluralRules ("one" or the other), i18n.js
    assert _po(language, domain).metadata["Plural-Forms"].startswith("nplurals=2;")


def _refusals_without_a_template(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "RuleViolation" and len(node.args) >= 2:
            detail = node.args[1]
            if isinstance(detail, ast.JoinedStr | ast.Constant) and not isinstance(getattr(detail, "value", ""), int):
                found.append(f"{path.relative_to(BASE_DIR)}:{node.lineno}")
    return found


def test_every_engine_refusal_is_a_template_not_an_f_string() -> None:
    # An f-string detail would reach every language in English: write msg("... {value} ...", value=...) instead.
    found = [where for path in sorted(RULES.rglob("*.py")) for where in _refusals_without_a_template(path)]
    assert found == []
