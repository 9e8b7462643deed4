"""``python -m games.check_placeholders``: every translation has exactly the ``{placeholders}`` of its English.

``msgfmt -c`` checks the ``%``-style placeholders of python-format entries only; a brace placeholder missing from a
translation (or one the English does not have) would leave the English text on the page at run time
(games/i18n/translation.py falls back to it) or, worse, say another value. ``make lint`` runs both checks on every
catalogue in locale/. Prints each wrong entry and exits 1 when there is one.
"""

from __future__ import annotations

import sys
from pathlib import Path

import polib

from games.catalogue import BASE_DIR, placeholders


def wrong_entries(path: Path) -> list[str]:
    """The entries of one .po file whose translation's placeholders differ from the English's."""
    wrong = []
    for entry in polib.pofile(str(path)).translated_entries():
        english = placeholders(entry.msgid) | placeholders(entry.msgid_plural or "")
        translations = list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]
        for text in translations:
            if placeholders(text) != english:
                difference = ", ".join(sorted(english ^ placeholders(text)))
                wrong.append(f"{path.relative_to(BASE_DIR)}: {entry.msgid!r}: {difference}")
    return wrong


def main() -> int:
    wrong = [line for path in sorted((BASE_DIR / "locale").glob("*/LC_MESSAGES/*.po")) for line in wrong_entries(path)]
    for line in wrong:
        print(line, file=sys.stderr)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
