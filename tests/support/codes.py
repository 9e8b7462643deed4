"""The error codes raised in a set of source files, read from their syntax trees (for the codes' registry test and
the every-refusal sweep)."""

from __future__ import annotations

import ast
from pathlib import Path


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
