"""The views are thin: they parse, call a service or a selector, and render. Who may do what is asked inside the
services and games/selectors/access.py (or an app's own selectors), and every write is a service's: a view that calls
a ``require_`` check or writes a model itself fails here (issue 30)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from games.catalogue import BASE_DIR

VIEW_MODULES = sorted(
    [
        *(BASE_DIR / "api" / "views").glob("*.py"),
        *(BASE_DIR / "table" / name for name in ("api.py", "room_api.py", "views.py", "room_views.py")),
        BASE_DIR / "exports" / "views.py",
        BASE_DIR / "webhooks" / "views.py",
    ]
)
# A write through a model's manager or queryset, or on a row.
WRITES = {
    "create",
    "get_or_create",
    "update_or_create",
    "bulk_create",
    "bulk_update",
    "update",
    "delete",
    "save",
}


def _offences(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else None
        if name is not None and name.startswith("require_"):
            found.append(f"line {line}: calls {name}")
        if isinstance(node, ast.alias) and node.name.startswith("require_"):
            found.append(f"imports {node.name}")
        call = node.func if isinstance(node, ast.Call) else None
        if isinstance(call, ast.Attribute) and call.attr in WRITES and _is_model_write(call.value):
            found.append(f"line {line}: writes with .{call.attr}()")
    return sorted(found)


def _is_model_write(receiver: ast.expr) -> bool:
    """``Model.objects....`` or ``row.save()``/``row.delete()`` (a dict's ``update`` or a serializer's ``save`` are
    not writes of a model: a serializer's save is DRF's path to ``perform_create``, which calls the service)."""
    text = ast.unparse(receiver)
    return ".objects" in text or text.startswith(("request.auth", "self.request.auth"))


@pytest.mark.parametrize("path", VIEW_MODULES, ids=lambda path: str(path.relative_to(BASE_DIR)))
def test_a_view_neither_asks_who_may_itself_nor_writes_a_model(path: Path) -> None:
    assert _offences(path) == []


def test_the_check_finds_what_it_forbids(tmp_path: Path) -> None:
    view = tmp_path / "view.py"
    view.write_text(
        "from games.selectors.access import require_club_admin\n"
        "def post(request, club):\n"
        "    require_club_admin(request.user, club)\n"
        "    Club.objects.filter(pk=club.pk).update(name='x')\n"
        "    request.auth.delete()\n"
    )
    assert _offences(view) == [
        "imports require_club_admin",
        "line 3: calls require_club_admin",
        "line 4: writes with .update()",
        "line 5: writes with .delete()",
    ]
