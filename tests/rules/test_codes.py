"""Every error code raised under games/rules and nights/formats (the club nights' pure draws) is in the registry
(games/rules/codes.py), and the registry is true: each code is raised, carries only its listed ``extra`` keys, and is
documented in shared/rules/ or API.md, or in the section of docs/api.md it names (a code the shared contract does not
name yet)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from games.rules.codes import CODES
from tests.examples import SHARED_EXAMPLES

BASE_DIR = Path(__file__).resolve().parents[2]
RULES_DIR = BASE_DIR / "games" / "rules"
DRAWS_DIR = BASE_DIR / "nights" / "formats"
PROJECT_API = "docs/api.md"
SHARED_RULES = SHARED_EXAMPLES.parent
SHARED_API = SHARED_RULES.parent / "API.md"


def _call_name(node: ast.Call) -> str | None:
    func = node.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None


def _extra_keys(node: ast.Call) -> set[str]:
    return {keyword.arg for keyword in node.keywords if keyword.arg and keyword.arg != "field"}


def _forwarders(tree: ast.AST) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """Helpers taking a ``code`` parameter and raising ``RuleViolation(code, ...)``: their extra keys, and the codes
    their ``code`` defaults to (``require_seat``'s ``dealer_unknown``)."""
    helpers: dict[str, set[str]] = {}
    defaults: dict[str, set[str]] = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.FunctionDef):
            continue
        inner = [
            call
            for call in ast.walk(node)
            if isinstance(call, ast.Call)
            and _call_name(call) == "RuleViolation"
            and call.args
            and isinstance(call.args[0], ast.Name)
            and call.args[0].id == "code"
        ]
        if not inner:
            continue
        helpers[node.name] = set().union(*(_extra_keys(call) for call in inner))
        positional = node.args.args[len(node.args.args) - len(node.args.defaults) :]
        for argument, default in zip(positional, node.args.defaults, strict=True):
            if argument.arg == "code" and isinstance(default, ast.Constant) and isinstance(default.value, str):
                defaults.setdefault(default.value, set()).update(helpers[node.name])
    return helpers, defaults


def raised_codes(paths: list[Path]) -> dict[str, set[str]]:
    """Each code raised with a literal in ``paths``, and the ``extra`` keys its raises carry."""
    trees = [ast.parse(path.read_text(), str(path)) for path in paths]
    helpers: dict[str, set[str]] = {"RuleViolation": set()}
    codes: dict[str, set[str]] = {}
    for tree in trees:
        found, defaults = _forwarders(tree)
        helpers.update(found)
        for code, keys in defaults.items():
            codes.setdefault(code, set()).update(keys)
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _call_name(node) in helpers and node.args:
                first = node.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    keys = codes.setdefault(first.value, set())
                    keys.update(_extra_keys(node), helpers[_call_name(node) or ""])
    return codes


RAISED = raised_codes(sorted([*RULES_DIR.rglob("*.py"), *DRAWS_DIR.rglob("*.py")]))

# Codes the shared rules document for features not built yet, each with the issue that builds it. The day a code is
# raised the test below fails until it leaves this list (and enters games/rules/codes.py). Nothing else goes here.
PENDING_CODES: dict[str, str] = {
    "bid_over_partner_too_low": "issue 29 (Twenty-Eight)",
    "pair_not_allowed": "issue 29 (Twenty-Eight)",
    "trump_call_invalid": "issue 29 (Twenty-Eight)",
    "trump_card_invalid": "issue 29 (Twenty-Eight)",
}


def documented_check_codes() -> set[str]:
    """The codes in the first column of the shared rules' check tables (the "Legality checks" sections)."""
    codes: set[str] = set()
    for path in sorted(SHARED_RULES.glob("*.md")):
        in_checks = False
        for line in path.read_text().splitlines():
            if line.startswith("#"):
                in_checks = "Legality checks" in line or "Checks and their order" in line
            elif in_checks and line.startswith("| `"):
                codes.update(re.findall(r"`([a-z_]+)`", line.split("|")[1]))
    return codes


def test_every_code_raised_under_games_rules_is_registered() -> None:
    assert sorted(set(RAISED) - set(CODES)) == []


def test_every_registered_code_is_raised() -> None:
    assert sorted(set(CODES) - set(RAISED)) == []


@pytest.mark.parametrize("code", sorted(CODES))
def test_a_code_carries_exactly_its_registered_extra_keys(code: str) -> None:
    assert sorted(RAISED.get(code, set())) == sorted(CODES[code].extra_keys)


def test_every_registered_code_is_documented_in_the_shared_rules_or_the_api_contract() -> None:
    if not SHARED_API.exists():
        pytest.skip("the shared folder is not beside this clone")
    text = "\n".join(path.read_text() for path in [*SHARED_RULES.glob("*.md"), SHARED_API])
    documented = set(re.findall(r"`([a-z_]+)`", text))
    project = set(re.findall(r"`([a-z_]+)`", (BASE_DIR / PROJECT_API).read_text()))
    in_project_api = {entry.code for entry in CODES.values() if any(s.startswith(PROJECT_API) for s in entry.sections)}
    assert sorted(set(CODES) - documented - (in_project_api & project)) == []


def test_every_code_the_shared_rules_list_as_a_check_is_raised_or_pending_its_issue() -> None:
    if not SHARED_API.exists():
        pytest.skip("the shared folder is not beside this clone")
    documented = documented_check_codes()
    assert sorted(documented - set(CODES) - set(PENDING_CODES)) == []
    assert sorted(set(PENDING_CODES) & set(RAISED)) == [], "register these codes and take them off PENDING_CODES"
    assert sorted(set(PENDING_CODES) - documented) == []


def test_every_section_a_code_names_is_a_heading_of_its_rules_file() -> None:
    if not SHARED_API.exists():
        pytest.skip("the shared folder is not beside this clone")
    for entry in CODES.values():
        for section in entry.sections:
            name, _, heading = section.partition(" ")
            path = SHARED_API if name == "API.md" else BASE_DIR / name if name == PROJECT_API else SHARED_RULES / name
            number = heading.removeprefix("§")
            assert re.search(rf"^#+ {re.escape(number)}\b", path.read_text(), re.M), (entry.code, section)


def test_the_scan_finds_literal_codes_forwarded_codes_and_default_codes(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "def refuse(code, detail):\n    return RuleViolation(code, detail, 'x', seat='S1')\n"
        "def pick(value, code='seat_unknown'):\n    raise RuleViolation(code, 'no')\n"
        "raise RuleViolation('too_many', 'detail', field='f', maximum=3)\n"
        "raise refuse('late', 'detail')\n"
    )
    assert raised_codes([sample]) == {"too_many": {"maximum"}, "late": {"seat"}, "seat_unknown": set()}
