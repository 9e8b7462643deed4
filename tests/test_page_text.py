"""The pages' ES modules write every sentence a person reads through t() or nt() (table/static/table/js/i18n.js),
so the catalogues see it and a Persian or Hungarian page shows it translated (issue 18).

The check reads each module's string literals (comments skipped, template literals with their ``${...}`` parts)
and fails on prose that is not the message of a t()/nt() call: a literal that starts with a capital letter and a
lower-case one and has a space in it ("Pick the dealer", `Team ${team}`). Class names, selectors, header names and
the API's keys are lower-case words or have no space, and pass.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from games.catalogue import BASE_DIR, SCRIPT_SOURCES

PROSE = re.compile(r"^\s*[A-Z][a-z']{2,}(?:[ ,:;.!?…]|$)")
MESSAGE_CALL_BEFORE = re.compile(r"""(?:(?<![\w.$])n?t\(\s*|(?<![\w.$])nt\(\s*(['"])(?:\\.|(?!\1).)*\1\s*,\s*)$""")
# Words the browser reads, not people: an HTTP header's name and keyboard keys.
NOT_TEXT = {"Link", "Enter", "Escape"}


def _literals(text: str) -> Iterator[tuple[int, str]]:
    """(offset, text) of every string and template literal outside comments; a template literal's ``${...}``
    becomes ``{}``."""
    index = 0
    while index < len(text):
        char = text[index]
        if text.startswith("//", index):
            index = text.find("\n", index) if "\n" in text[index:] else len(text)
        elif text.startswith("/*", index):
            index = text.index("*/", index) + 2
        elif char in "'\"":
            end = index + 1
            while text[end] != char:
                end += 2 if text[end] == "\\" else 1
            yield index, text[index + 1 : end]
            index = end + 1
        elif char == "`":
            end, parts = _template_literal(text, index + 1)
            yield index, parts
            index = end + 1
        else:
            index += 1


def _template_literal(text: str, index: int) -> tuple[int, str]:
    """The end of the template literal starting at ``index`` (after its backtick) and its text with ``{}``."""
    parts = []
    while text[index] != "`":
        if text[index] == "\\":
            parts.append(text[index : index + 2])
            index += 2
        elif text.startswith("${", index):
            depth, index = 1, index + 2
            while depth:
                if text[index] == "`":
                    index, _inner = _template_literal(text, index + 1)
                elif text[index] in "'\"":
                    quote, index = text[index], index + 1
                    while text[index] != quote:
                        index += 2 if text[index] == "\\" else 1
                depth += {"{": 1, "}": -1}.get(text[index], 0)
                index += 1
            parts.append("{}")
        else:
            parts.append(text[index])
            index += 1
    return index, "".join(parts)


def untranslated_prose(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    found = []
    for offset, literal in _literals(text):
        before = text[max(0, offset - 300) : offset]
        if PROSE.match(literal) and literal not in NOT_TEXT and not MESSAGE_CALL_BEFORE.search(before):
            line = text.count("\n", 0, offset) + 1
            name = path.relative_to(BASE_DIR) if path.is_relative_to(BASE_DIR) else path.name
            found.append(f"{name}:{line}: {literal[:60]!r}")
    return found


def _modules() -> list[Path]:
    return [path for folder in SCRIPT_SOURCES for path in sorted((BASE_DIR / folder).rglob("*.js"))]


def test_every_sentence_of_the_pages_modules_is_a_message() -> None:
    found = [where for path in _modules() for where in untranslated_prose(path)]
    assert found == [], f"{len(found)} sentences not written through t()/nt():\n" + "\n".join(found)


def test_the_check_finds_prose_outside_t_and_accepts_it_inside(tmp_path: Path) -> None:
    module = tmp_path / "probe.js"
    module.write_text(
        "// Comment: Not a literal here\n"
        "const a = 'Pick the dealer: who deals next';\n"
        "const b = t('Team {team}', { team });\n"
        "const c = nt('{count} trick', '{count} tricks', n, { count: n });\n"
        "const d = `Tricks won by ${names.map((x) => `Team ${x}`).join(', ')}`;\n"
        "const e = h('p', { class: 'primary big' }, t('Save deal'));\n",
        encoding="utf-8",
    )
    found = untranslated_prose(module)
    assert [where.split(": ", 1)[1] for where in found] == ["'Pick the dealer: who deals next'", "'Tricks won by {}'"]
