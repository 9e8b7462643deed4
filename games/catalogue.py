"""The messages the code says, found in the source itself: what the catalogues in locale/ must translate.

``makemessages`` (with games/management/commands/makemessages.py) writes the catalogues from the same calls;
this module lets a test check them without gettext's tools: every literal template of ``msg``, ``msg_template``,
``phrase`` and ``nmsg`` (the rules engines, games/rules/messages.py), of Django's ``gettext`` family (views, services,
serializers), and every ``{% translate "..." %}`` and ``{% blocktranslate %}`` of the page templates (the
``django`` catalogues); and every ``t("...")`` and ``nt("...", "...")`` of the pages' ES modules (the ``djangojs``
catalogues, table/static/table/js/i18n.js).
"""

from __future__ import annotations

import ast
import re
import string
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
PYTHON_SOURCES = ("games", "api", "table", "exports", "webhooks", "nights", "web", "scorekeeper")
TEMPLATE_SOURCES = ("table/templates", "games/templates", "api/templates")
SKIPPED_PARTS = {"migrations", "tests", "__pycache__", "static"}

# function name -> (position of the msgid, position of the plural or None)
SINGULAR_CALLS = ("msg", "msg_template", "phrase", "gettext", "gettext_lazy", "gettext_noop", "_")
PLURAL_CALLS = ("nmsg", "nmsg_template", "ngettext", "ngettext_lazy")
CONTEXT_CALLS = ("pgettext", "pgettext_lazy")
TEMPLATE_TAG = re.compile(r"""{%\s*(?:translate|trans)\s+(["'])(.+?)\1""")
BLOCK_TAG = re.compile(r"{%\s*blocktranslate\b[^%]*%}(.*?){%\s*endblocktranslate\s*%}", re.DOTALL)
BLOCK_VARIABLE = re.compile(r"{{\s*(\w+)\s*}}")
SCRIPT_SOURCES = ("table/static/table/js",)
_STRING = r"""('(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*")"""
SCRIPT_CALL = re.compile(r"(?<![\w.$])(n?t)\(\s*" + _STRING + r"(?:\s*,\s*" + _STRING + r")?")


# The calls whose text games/i18n/translation.py or i18n.js fills (values isolated in Persian, "a(z)" read in
# Hungarian); the rest of the gettext family is filled by str.format or %.
FILLED_AS_MESSAGES = ("msg", "msg_template", "nmsg", "nmsg_template", "t", "nt")


@dataclass(frozen=True)
class SourceMessage:
    msgid: str
    plural: str | None
    context: str | None
    where: str
    call: str  # the function or template tag that says it


def source_messages(base: Path = BASE_DIR) -> list[SourceMessage]:
    found: list[SourceMessage] = []
    for package in PYTHON_SOURCES:
        for path in sorted((base / package).rglob("*.py")):
            if not SKIPPED_PARTS.intersection(path.relative_to(base).parts):
                found.extend(_python_messages(path, base))
    for folder in TEMPLATE_SOURCES:
        for path in sorted((base / folder).rglob("*.html")) if (base / folder).exists() else []:
            found.extend(_template_messages(path, base))
    return found


def script_messages(base: Path = BASE_DIR) -> list[SourceMessage]:
    """The messages of the pages' ES modules: the first argument of ``t()``, the two of ``nt()`` (string
    literals only; a template literal is not a message)."""
    found: list[SourceMessage] = []
    for folder in SCRIPT_SOURCES:
        for path in sorted((base / folder).rglob("*.js")):
            text = path.read_text(encoding="utf-8")
            for match in SCRIPT_CALL.finditer(text):
                where = _where(path, base, text, match.start())
                singular = _script_string(match.group(2))
                plural = _script_string(match.group(3)) if match.group(1) == "nt" and match.group(3) else None
                found.append(SourceMessage(singular, plural, None, where, match.group(1)))
    return found


def _script_string(literal: str) -> str:
    """A JavaScript string literal's text: its quotes off, its escapes read as JavaScript (and Python) read them."""
    text: str = ast.literal_eval(literal)
    return text


def _template_messages(path: Path, base: Path) -> Iterator[SourceMessage]:
    """A page template's ``{% translate "..." %}``, and its ``{% blocktranslate with a=... %}... {{ a }}
    ...{% endblocktranslate %}``, whose msgid gettext writes with each variable as ``%(a)s``."""
    text = path.read_text(encoding="utf-8")
    for match in TEMPLATE_TAG.finditer(text):
        yield SourceMessage(match.group(2), None, None, _where(path, base, text, match.start()), "translate")
    for match in BLOCK_TAG.finditer(text):
        yield SourceMessage(
            BLOCK_VARIABLE.sub(r"%(\1)s", match.group(1)),
            None,
            None,
            _where(path, base, text, match.start()),
            "blocktranslate",
        )


def _where(path: Path, base: Path, text: str, offset: int) -> str:
    return f"{path.relative_to(base)}:{text.count(chr(10), 0, offset) + 1}"


PERCENT_FIELD = re.compile(r"%\((\w+)\)[sd]")


def placeholders(text: str) -> set[str]:
    """The ``{name}``, ``{name!r}``, ``{name:+d}`` fields of a template (``{{`` is a brace, not a field), and the
    ``%(name)s`` of a page template's ``blocktranslate``."""
    fields = {match.group(0) for match in PERCENT_FIELD.finditer(text)}
    for _literal, name, spec, conversion in string.Formatter().parse(text):
        if name is not None:
            fields.add("{" + name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}")
    return fields


def _python_messages(path: Path, base: Path) -> Iterator[SourceMessage]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
        where = f"{path.relative_to(base)}:{node.lineno}"
        literals = [
            arg.value if isinstance(arg, ast.Constant) and isinstance(arg.value, str) else None for arg in node.args
        ]
        if name in SINGULAR_CALLS and literals and literals[0] is not None:
            yield SourceMessage(literals[0], None, None, where, name)
        elif name in PLURAL_CALLS and len(literals) >= 2 and None not in literals[:2]:
            yield SourceMessage(str(literals[0]), literals[1], None, where, name)
        elif name in CONTEXT_CALLS and len(literals) >= 2 and None not in literals[:2]:
            yield SourceMessage(str(literals[1]), None, literals[0], where, name)
