"""The JSON interchange file, written match by match so that a big club never sits whole in memory."""

from __future__ import annotations

import json
from pathlib import Path
from typing import IO, Any

from django.utils import timezone

from exports import interchange
from exports.selectors import ExportScope
from exports.writers.common import Progress


def write_interchange(scope: ExportScope, path: Path, progress: Progress) -> None:
    progress.start(scope.matches().count())
    players = interchange.scope_players(scope)
    names = interchange.Usernames(shown=scope.usernames_shown)
    head = {
        "format": interchange.FORMAT,
        "version": interchange.VERSION,
        "exported_at": interchange.moment(timezone.now()),
        "scope": {"kind": scope.kind, "id": scope.id},
        "club": interchange.club_document(scope.club),
        "players": [interchange.player_document(player, scope.club, names) for player in players],
        "leagues": [interchange.league_document(league) for league in scope.leagues()],
    }
    with path.open("w", encoding="utf-8") as out:
        out.write(json.dumps(head, ensure_ascii=False)[:-1])  # leave the object open for the matches
        _write_list(out, "matches", _matches(scope, progress, names))
        _write_list(out, "events", (interchange.event_document(event, names) for event in scope.events()))
        audit = interchange.scope_audit(scope, players)
        _write_list(out, "audit", (interchange.audit_document(entry, names) for entry in audit))
        out.write("}\n")


def _matches(scope: ExportScope, progress: Progress, names: interchange.Usernames) -> Any:
    for match in interchange.scope_matches(scope):
        yield interchange.match_document(match, names)
        progress.step()


def _write_list(out: IO[str], name: str, items: Any) -> None:
    out.write(f', "{name}": [')
    for index, item in enumerate(items):
        out.write(("," if index else "") + "\n" + json.dumps(item, ensure_ascii=False))
    out.write("]")
