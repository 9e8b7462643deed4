"""XLSX with openpyxl in write-only mode: rows go to disk as they come, so memory stays flat.

A league's workbook has a second sheet with its standings.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from openpyxl import Workbook
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

from exports.selectors import ExportScope, deal_rows, league_standings_of
from exports.writers.common import DealTable, Progress, flatten, neutralise

STANDINGS_COLUMNS = ["rank", "entrant", "played", "won", "drawn", "lost", "points"]


def write_xlsx(scope: ExportScope, path: Path, progress: Progress) -> None:
    progress.start(2 * scope.deals().count())
    table = DealTable.learn(scope, progress)
    workbook = Workbook(write_only=True)
    deals = workbook.create_sheet("Deals")
    deals.append(table.header)
    for row in deal_rows(scope):
        deals.append([_cell(value) for value in table.cells(row)])
        progress.step()
    if scope.kind == "league" and scope.league is not None:
        _append_standings(workbook.create_sheet("Standings"), league_standings_of(scope.league))
    workbook.save(path)


def _cell(value: Any) -> Any:
    """openpyxl refuses control characters in text (a name typed on a phone may hold one); an empty cell is left
    out of the file altogether, which halves the writing time of a wide sheet."""
    if value == "":
        return None
    return ILLEGAL_CHARACTERS_RE.sub("", value) if isinstance(value, str) else value


def standings_table(standings: dict[str, Any]) -> tuple[list[str], list[list[Any]]]:
    """Standings rows as flat cells: tie-break measures and rating as dotted columns."""
    flat = [{**{key: row.get(key) for key in STANDINGS_COLUMNS}, "entrant": row["entrant"]["name"],
             **flatten(row.get("tiebreak") or {}, "tiebreak"), **flatten(row.get("rating") or {}, "rating")}
            for row in standings["rows"]]
    header = list(dict.fromkeys(key for row in flat for key in row))
    return header, [[neutralise(row.get(key, "")) for key in header] for row in flat]


def _append_standings(sheet: Any, standings: dict[str, Any]) -> None:
    header, rows = standings_table(standings)
    sheet.append(header)
    for row in rows:
        sheet.append([_cell(value) for value in row])
