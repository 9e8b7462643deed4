"""Every registered game's messages are in every catalogue: those of its folder (refusals, house rules' labels, help
and choice words; django.po) and those of its page module (djangojs.po). tests/test_catalogues.py checks every
message of the source; this names the game that lacks one, so a new game learns what its folder still needs."""

from __future__ import annotations

import polib
import pytest
from django.conf import settings

from games.catalogue import BASE_DIR, SourceMessage, script_messages, source_messages
from games.rules.registry import ENGINE_MODULES, game_keys
from table.views import GAME_MODULE

TRANSLATED = [code for code, _name in settings.LANGUAGES if code != "en"]


def _catalogue(language: str, domain: str) -> dict[tuple[str | None, str], polib.POEntry]:
    path = BASE_DIR / "locale" / language / "LC_MESSAGES" / f"{domain}.po"
    return {(entry.msgctxt, entry.msgid): entry for entry in polib.pofile(str(path)) if not entry.obsolete}


def _untranslated(messages: list[SourceMessage], language: str, domain: str) -> list[str]:
    catalogue = _catalogue(language, domain)
    missing = []
    for message in messages:
        entry = catalogue.get((message.context, message.msgid))
        said = [*entry.msgstr_plural.values()] if entry and entry.msgid_plural else [entry.msgstr] if entry else []
        if not said or not all(said):
            missing.append(f"{message.where}: {message.msgid!r}")
    return missing


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("game", game_keys())
def test_every_message_of_a_registered_game_is_translated(game: str, language: str) -> None:
    folder = ENGINE_MODULES[game].replace(".", "/") + "/"
    page_module = f"table/static/{GAME_MODULE.format(key=game)}:"
    engine_messages = [message for message in source_messages() if message.where.startswith(folder)]
    page_messages = [message for message in script_messages() if message.where.startswith(page_module)]
    assert engine_messages, f"no message found in {folder}"
    assert _untranslated(engine_messages, language, "django") == []
    assert _untranslated(page_messages, language, "djangojs") == []
