"""games/rules/ and nights/formats/ (the club nights' draws) are pure Python: nothing under them may import Django, DRF,
models or services; the draws read no clock and draw their randomness only from a ``random.Random(seed)``."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

RULES_DIR = Path(__file__).resolve().parents[2] / "games" / "rules"
DRAWS_DIR = Path(__file__).resolve().parents[2] / "nights" / "formats"
CLOCKS = ("time", "datetime", "zoneinfo")
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


def clock_or_shared_randomness(path: Path) -> list[str]:
    """A clock module imported, or the ``random`` module's shared generator used (anything but ``random.Random``)."""
    found = [module for module in imported_modules(path) if module.split(".", maxsplit=1)[0] in CLOCKS]
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom) and node.module == "random":
            found.extend(f"random.{alias.name}" for alias in node.names if alias.name != "Random")
        attribute = node if isinstance(node, ast.Attribute) else None
        if attribute and isinstance(attribute.value, ast.Name) and attribute.value.id == "random":
            found.extend([f"random.{attribute.attr}"] if attribute.attr != "Random" else [])
    return found


DRAW_MODULES = sorted(DRAWS_DIR.rglob("*.py"))


@pytest.mark.parametrize("path", DRAW_MODULES, ids=lambda path: str(path.relative_to(DRAWS_DIR)))
def test_draw_module_imports_nothing_from_the_framework(path: Path) -> None:
    assert [module for module in imported_modules(path) if is_forbidden(module)] == []


@pytest.mark.parametrize("path", DRAW_MODULES, ids=lambda path: str(path.relative_to(DRAWS_DIR)))
def test_draw_module_reads_no_clock_and_no_shared_randomness(path: Path) -> None:
    assert clock_or_shared_randomness(path) == []


def test_there_are_draw_modules_to_check() -> None:
    assert {path.name for path in DRAW_MODULES} >= {"progressive.py", "round_robin.py", "swiss.py", "rummy_tables.py"}


def test_the_guard_recognises_a_clock_and_the_shared_generator(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import time\nimport random\nfrom random import shuffle\nrng = random.Random(3)\nrandom.shuffle([])\n"
    )
    assert clock_or_shared_randomness(sample) == ["time", "random.shuffle", "random.shuffle"]
