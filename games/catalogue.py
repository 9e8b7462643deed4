"""The messages the code says, found in the source itself: what the catalogues in locale/ must translate.

``makemessages`` (with games/management/commands/makemessages.py) writes the catalogues from the same calls;
this module lets a test check them without gettext's tools: every literal template of ``msg``, ``msg_template``
and ``nmsg`` (the rules engines, games/rules/messages.py), of Django's ``gettext`` family (views, services,
serializers), and every ``{% translate "..." %}`` of the page templates.
"""

from __future__ import annotations

import ast
import re
import string
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
PYTHON_SOURCES = ("games", "api", "table", "exports", "webhooks", "scorekeeper")
TEMPLATE_SOURCES = ("table/templates", "games/templates", "api/templates")
SKIPPED_PARTS = {"migrations", "tests", "__pycache__", "static"}

# function name -> (position of the msgid, position of the plural or None)
SINGULAR_CALLS = ("msg", "msg_template", "gettext", "gettext_lazy", "gettext_noop", "_")
PLURAL_CALLS = ("nmsg", "ngettext", "ngettext_lazy")
CONTEXT_CALLS = ("pgettext", "pgettext_lazy")
TEMPLATE_TAG = re.compile(r"""{%\s*(?:translate|trans)\s+(["'])(.+?)\1""")


@dataclass(frozen=True)
class SourceMessage:
    msgid: str
    plural: str | None
    context: str | None
    where: str


def source_messages(base: Path = BASE_DIR) -> list[SourceMessage]:
    found: list[SourceMessage] = []
    for package in PYTHON_SOURCES:
        for path in sorted((base / package).rglob("*.py")):
            if not SKIPPED_PARTS.intersection(path.relative_to(base).parts):
                found.extend(_python_messages(path, base))
    for folder in TEMPLATE_SOURCES:
        for path in sorted((base / folder).rglob("*.html")) if (base / folder).exists() else []:
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
                found.extend(SourceMessage(match.group(2), None, None, f"{path.relative_to(base)}:{number}")
                             for match in TEMPLATE_TAG.finditer(line))
    return found


def placeholders(text: str) -> set[str]:
    """The ``{name}``, ``{name!r}``, ``{name:+d}`` fields of a template (``{{`` is a brace, not a field)."""
    fields = set()
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
        literals = [arg.value if isinstance(arg, ast.Constant) and isinstance(arg.value, str) else None
                    for arg in node.args]
        if name in SINGULAR_CALLS and literals and literals[0] is not None:
            yield SourceMessage(literals[0], None, None, where)
        elif name in PLURAL_CALLS and len(literals) >= 2 and None not in literals[:2]:
            yield SourceMessage(str(literals[0]), literals[1], None, where)
        elif name in CONTEXT_CALLS and len(literals) >= 2 and None not in literals[:2]:
            yield SourceMessage(str(literals[1]), None, literals[0], where)
