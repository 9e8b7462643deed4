"""File writers: each writes one scope to a path on local disk, reporting progress as it goes.

``WRITERS[format](scope, path, progress)``; the caller moves the finished file to the configured storage.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from exports.selectors import ExportScope
from exports.writers.common import Progress
from exports.writers.csv import write_csv
from exports.writers.interchange import write_interchange
from exports.writers.pdf import write_pdf
from exports.writers.xlsx import write_xlsx

Writer = Callable[[ExportScope, Path, Progress], None]

WRITERS: dict[str, Writer] = {"csv": write_csv, "xlsx": write_xlsx, "json": write_interchange, "pdf": write_pdf}
CONTENT_TYPES = {
    "csv": "text/csv; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "json": "application/json",
    "pdf": "application/pdf",
}

__all__ = ["CONTENT_TYPES", "WRITERS", "Progress", "Writer"]
