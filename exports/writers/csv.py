"""CSV: one row per deal, written as the rows are read, so memory does not grow with the count."""

from __future__ import annotations

import csv
from pathlib import Path

from exports.selectors import ExportScope, deal_rows
from exports.writers.common import DealTable, Progress, column_titles


def write_csv(scope: ExportScope, path: Path, progress: Progress) -> None:
    # Two passes (columns, then rows): each deal counts twice towards the progress.
    progress.start(2 * scope.deals().count())
    table = DealTable.learn(scope, progress)
    # utf-8-sig: Excel otherwise reads the names of players as Latin-1.
    with path.open("w", newline="", encoding="utf-8-sig") as out:
        writer = csv.writer(out)
        writer.writerow(column_titles(table.header))
        for row in deal_rows(scope):
            writer.writerow(table.cells(row))
            progress.step()
