"""Every name of the app has one import path (issue 30, "no shims"): no module or package ``__init__`` hands on a
name that another module of the app defines, by listing it in its ``__all__`` or by importing it as itself
(``from x import y as y``). A name is imported from the module that defines it."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APPS = ("scorekeeper", "games", "api", "table", "exports", "webhooks", "nights", "bench", "web")
# module: the names it may hand on, and why.
ALLOWED = {
    # Celery's layout for Django: the package loads its app, so that Django and the worker share it.
    "scorekeeper": {"celery_app"},
    # Django's app registry reads the models from the app's ``models`` module; the package imports its parts.
    "games.models": {"AuditEntry", "Club", "Deal", "DealRevision", "League", "Match", "Membership", "Player", "Seat"},
    # The registry reads a game's engine from its package (registry.ENGINE_MODULES); everyone else imports it from
    # the package's engine module.
    **{
        f"games.rules.{game}": {"ENGINE"}
        for game in ("bid_euchre", "contract_rummy", "fifty_six", "seep", "twenty_eight")
    },
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def handed_on(tree: ast.Module, package: str) -> set[str]:
    """The names the module imports from the app and lists in ``__all__`` or imports as themselves."""
    imported: set[str] = set()
    redundant: set[str] = set()
    listed: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom):
            source = node.module or ""
            if node.level:
                source = ".".join([*package.split(".")[: len(package.split(".")) - node.level + 1], source]).strip(".")
            if source.split(".")[0] in APPS:
                imported |= {alias.asname or alias.name for alias in node.names}
                redundant |= {alias.name for alias in node.names if alias.asname == alias.name}
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and isinstance(node.value, (ast.List, ast.Tuple)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(target, ast.Name) and target.id == "__all__" for target in targets):
                listed = {ast.literal_eval(element) for element in node.value.elts}
    return (imported & listed) | redundant


def test_no_module_hands_on_a_name_defined_elsewhere_in_the_app() -> None:
    found: dict[str, list[str]] = {}
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            name = module_name(path)
            package = name if path.name == "__init__.py" else name.rpartition(".")[0]
            names = handed_on(ast.parse(path.read_text(encoding="utf-8")), package) - ALLOWED.get(name, set())
            if names:
                found[name] = sorted(names)
    assert found == {}


def test_the_scan_sees_a_list_and_an_alias() -> None:
    source = "from games.errors import NotFound\nfrom .access import may_score as may_score\n__all__ = ['NotFound']\n"
    assert handed_on(ast.parse(source), "games.selectors") == {"NotFound", "may_score"}
    assert handed_on(ast.parse("from decimal import Decimal\n__all__ = ['Decimal']\n"), "games") == set()
