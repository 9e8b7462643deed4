"""The pages' own words in the page's language: the catalogue of the ES modules (issue 18).

The modules write their text in English through ``t()``/``nt()`` (table/static/table/js/i18n.js); ``make messages``
collects those calls into locale/<lang>/LC_MESSAGES/djangojs.po. A page carries the compiled catalogue of its
language inline (``#page-i18n``), so a page the service worker kept speaks the same language offline, and no second
request is needed before the first paint. English pages carry none: the English template is the text.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

import polib
from django.conf import settings
from django.http import HttpRequest
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe

PageCatalogue = dict[str, str | list[str]]


def page_catalogue(code: str) -> PageCatalogue | None:
    """``{english: translation}`` (a plural: ``{singular: [one, other]}``) for the language ``code``, read from its
    compiled djangojs.mo; None for English and for a language not offered."""
    if code == "en" or code not in dict(settings.LANGUAGES):
        return None
    path = Path(settings.LOCALE_PATHS[0]) / code / "LC_MESSAGES" / "djangojs.mo"
    if not path.exists():
        return {}
    found: PageCatalogue = {}
    for entry in polib.mofile(str(path)):
        if not entry.msgid:
            continue  # the header
        if entry.msgid_plural:
            found[entry.msgid] = [entry.msgstr_plural[index] for index in sorted(entry.msgstr_plural)]
        else:
            found[entry.msgid] = entry.msgstr
    return found


# The minus sign of every number the pages write, one for every language (<html data-minus>, read by i18n.js):
# the typographic minus U+2212, which the pages' own templates ("Reneges (U+2212{penalty} each)") write too, so a
# page never shows a hyphen-minus beside U+2212 whatever a browser's locale data says for its language.
PAGE_MINUS = "\u2212"

# What json_script escapes, so the catalogue cannot close its <script> element (Django's own choice of escapes).
SCRIPT_ESCAPES = {ord("<"): "\\u003C", ord(">"): "\\u003E", ord("&"): "\\u0026"}


def page_language(request: HttpRequest) -> dict[str, Any]:
    """Template context: the page's direction and its language's catalogue as the JSON of ``#page-i18n`` (None in
    English)."""
    code = (translation.get_language() or "en").split("-")[0]
    return {
        "page_dir": "rtl" if translation.get_language_bidi() else "ltr",
        "page_catalogue_json": _catalogue_json(code),
        "page_minus": PAGE_MINUS,
    }


@lru_cache(maxsize=8)
def _catalogue_json(code: str) -> SafeString | None:
    """Read and written once per language and process: the letters as they are (json_script's \\u escapes would
    make a Persian page's catalogue three times as long), only ``<``, ``>`` and ``&`` escaped."""
    catalogue = page_catalogue(code)
    if catalogue is None:
        return None
    return mark_safe(json.dumps(catalogue, ensure_ascii=False).translate(SCRIPT_ESCAPES))  # escaped above
