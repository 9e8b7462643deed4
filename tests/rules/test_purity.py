"""games/rules/ is pure Python: nothing under it may import Django, DRF, models or services."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

RULES_DIR = Path(__file__).resolve().parents[2] / "games" / "rules"
FORBIDDEN_ROOTS = ("django", "rest_framework", "drf_spectacular", "celery", "api", "scorekeeper")
FORBIDDEN_MODULES = ("games.models", "games.services", "games.selectors", "games.tasks")


def imported_modules(path: Path) -> list[str]:
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


def is_forbidden(module: str) -> bool:
    root = module.split(".", maxsplit=1)[0]
    return root in FORBIDDEN_ROOTS or any(module == bad or module.startswith(bad + ".") for bad in FORBIDDEN_MODULES)


@pytest.mark.parametrize("path", sorted(RULES_DIR.rglob("*.py")), ids=lambda path: str(path.relative_to(RULES_DIR)))
def test_rules_module_imports_nothing_from_the_framework(path: Path) -> None:
    assert [module for module in imported_modules(path) if is_forbidden(module)] == []


def test_the_guard_recognises_a_django_import(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("from django.db import models\nimport games.services.deals\nimport json\n")
    assert [module for module in imported_modules(sample) if is_forbidden(module)] == [
        "django.db",
        "games.services.deals",
    ]
