"""The service imports, when it runs, only what requirements.txt installs (with what those packages need).

`make run` on a fresh machine installs requirements.txt alone; the tests run with requirements-dev.txt, which adds
the test and lint tools, so an app module that imports a development tool (django-stubs' ``django_stubs_ext`` for a
type) passes every test and fails `make run` at its first migrate. An import under ``if TYPE_CHECKING:`` never runs
and is allowed.
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement

from games.catalogue import BASE_DIR

APP_PACKAGES = ("scorekeeper", "games", "api", "table", "exports", "webhooks", "nights", "web")
FIRST_PARTY = {*APP_PACKAGES, "manage"}


def _name(distribution: str) -> str:
    return re.sub(r"[-_.]+", "-", distribution).lower()


def _runtime_distributions() -> set[str]:
    """requirements.txt's distributions and, installed, everything they require (their extras' too), by name."""
    lines = [line.split("#")[0].strip() for line in (BASE_DIR / "requirements.txt").read_text().splitlines()]
    pending = [Requirement(line) for line in lines if line and not line.startswith("-")]
    found: set[str] = set()
    while pending:
        requirement = pending.pop()
        if _name(requirement.name) in found:
            continue
        found.add(_name(requirement.name))
        for text in metadata.requires(requirement.name) or []:
            needed = Requirement(text)
            extras = [{"extra": extra} for extra in requirement.extras] or [{"extra": ""}]
            if needed.marker is None or any(needed.marker.evaluate(environment) for environment in extras):
                pending.append(needed)
    return found


def _imports_that_run(path: Path) -> Iterator[tuple[str, int]]:
    """The top-level module of each import in ``path`` outside ``if TYPE_CHECKING:`` blocks, with its line."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    checking_only = [
        block for block in ast.walk(tree) if isinstance(block, ast.If) and "TYPE_CHECKING" in ast.unparse(block.test)
    ]
    skipped = {id(node) for block in checking_only for child in block.body for node in ast.walk(child)}
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            yield from ((alias.name.split(".")[0], node.lineno) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module.split(".")[0], node.lineno


def test_the_app_imports_nothing_that_only_the_development_requirements_install() -> None:
    runtime = _runtime_distributions()
    providers = metadata.packages_distributions()
    wrong = []
    for package in APP_PACKAGES:
        for path in sorted((BASE_DIR / package).rglob("*.py")):
            for module, line in _imports_that_run(path):
                if module in FIRST_PARTY or module in sys.stdlib_module_names or module == "__future__":
                    continue
                if not {_name(name) for name in providers.get(module, [])} & runtime:
                    wrong.append(f"{path.relative_to(BASE_DIR)}:{line}: {module}")
    assert wrong == [], "imported when the service runs, but not installed by requirements.txt"


def test_the_check_sees_a_development_tool_and_lets_a_type_checking_import_pass(tmp_path: Path) -> None:
    module = tmp_path / "probe.py"
    module.write_text(
        "from typing import TYPE_CHECKING\nimport django\nfrom django_stubs_ext import StrOrPromise\n"
        "if TYPE_CHECKING:\n    import pytest\n",
        encoding="utf-8",
    )
    assert list(_imports_that_run(module)) == [("typing", 1), ("django", 2), ("django_stubs_ext", 3)]
    runtime = _runtime_distributions()
    assert {"django", "asgiref", "kombu"} <= runtime  # a requirement, and what Django and Celery need
    assert "django-stubs-ext" not in runtime and "pytest" not in runtime
