"""XLSX with openpyxl in write-only mode: rows go to disk as they come, so memory stays flat.

A league's workbook has a second sheet with its standings.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.utils.translation import pgettext
from openpyxl import Workbook

from exports.selectors import ExportScope, deal_rows, league_standings_of
from exports.writers.common import DealTable, Progress, column_titles, flatten, spreadsheet_cell

STANDINGS_COLUMNS = ["rank", "entrant", "played", "won", "drawn", "lost", "points"]


def write_xlsx(scope: ExportScope, path: Path, progress: Progress) -> None:
    progress.start(2 * scope.deals().count())
    table = DealTable.learn(scope, progress)
    workbook = Workbook(write_only=True)
    deals = workbook.create_sheet(pgettext("export sheet", "Deals"))
    deals.append(column_titles(table.header))
    for row in deal_rows(scope):
        deals.append([_cell(value) for value in table.cells(row)])
        progress.step()
    if scope.kind == "league" and scope.league is not None:
        _append_standings(
            workbook.create_sheet(pgettext("export sheet", "Standings")), league_standings_of(scope.league)
        )
    workbook.save(path)


def _cell(value: Any) -> Any:
    """An empty cell is left out of the file altogether, which halves the writing time of a wide sheet (the
    values are already spreadsheet-safe: no control characters, which openpyxl refuses, and no formulas)."""
    return None if value == "" else value


def standings_table(standings: dict[str, Any]) -> tuple[list[str], list[list[Any]]]:
    """Standings rows as flat cells: tie-break measures and rating as dotted columns."""
    flat = [
        {
            **{key: row.get(key) for key in STANDINGS_COLUMNS},
            "entrant": row["entrant"]["name"],
            **flatten(row.get("tiebreak") or {}, "tiebreak"),
            **flatten(row.get("rating") or {}, "rating"),
        }
        for row in standings["rows"]
    ]
    header = list(dict.fromkeys(key for row in flat for key in row))
    return header, [[spreadsheet_cell(row.get(key, "")) for key in header] for row in flat]


def _append_standings(sheet: Any, standings: dict[str, Any]) -> None:
    header, rows = standings_table(standings)
    sheet.append(column_titles(header))
    for row in rows:
        sheet.append([_cell(value) for value in row])
