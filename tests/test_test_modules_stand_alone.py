"""No test module imports another test module or a conftest: what several of them share lives in tests/support/
(or a helper module named for what it holds), so running, moving or deleting one test file never breaks another."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# A test module (test_*.py) or a conftest, anywhere under tests/.
TEST_MODULE = re.compile(r"^tests(\.\w+)*\.(test_\w+|conftest)$")


def imported_modules(path: Path) -> list[tuple[int, str]]:
    """(line, module) for every import in the file, at any depth (a function-level import counts as much)."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
            # "from tests.x import test_y" imports the module tests.x.test_y
            found += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names]
    return found


def imports_of_test_modules() -> list[str]:
    offending = []
    for path in sorted([*(ROOT / "tests").rglob("*.py"), *(ROOT / "bench").rglob("*.py")]):
        for line, module in imported_modules(path):
            if TEST_MODULE.match(module):
                offending.append(f"{path.relative_to(ROOT)}:{line} imports {module}")
    return offending


def test_no_test_module_imports_another_test_module_or_a_conftest() -> None:
    assert imports_of_test_modules() == []


def test_the_check_sees_an_import_of_a_test_module_and_of_a_conftest(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "from tests.api.test_corrections import put\nfrom tests.exports import conftest\n"
        "def late():\n    from tests.conftest import x\n"
    )
    assert [module for _, module in imported_modules(sample) if TEST_MODULE.match(module)] == [
        "tests.api.test_corrections",
        "tests.exports.conftest",
        "tests.conftest",
    ]
