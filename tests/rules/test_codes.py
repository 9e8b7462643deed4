"""Every error code raised under games/rules and nights/formats (the club nights' pure draws) is in the registry
(games/rules/codes.py), and the registry is true: each code is raised, carries only its listed ``extra`` keys, and is
documented in shared/rules/ or API.md, or in the section of docs/api.md it names (a code the shared contract does not
name yet)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.rules.codes import CODES
from tests.examples import SHARED_EXAMPLES
from tests.support.codes import raised_codes

BASE_DIR = Path(__file__).resolve().parents[2]
RULES_DIR = BASE_DIR / "games" / "rules"
DRAWS_DIR = BASE_DIR / "nights" / "formats"
PROJECT_API = "docs/api.md"
SHARED_RULES = SHARED_EXAMPLES.parent
SHARED_API = SHARED_RULES.parent / "API.md"


RAISED = raised_codes(sorted([*RULES_DIR.rglob("*.py"), *DRAWS_DIR.rglob("*.py")]))

# Codes the shared rules document for features not built yet, each with the issue that builds it. The day a code is
# raised the test below fails until it leaves this list (and enters games/rules/codes.py). Nothing else goes here.
PENDING_CODES: dict[str, str] = {}


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
