"""File writers: each writes one scope to a path on local disk, reporting progress as it goes.

``writer_for(scope_kind, format)(scope, path, progress)``; the caller moves the finished file to the configured
storage. A match, a league or a club: ``WRITERS[format]``; a club night its standings and rounds
(``NIGHT_WRITERS``; its JSON is the interchange file, with the night); an entrant's score card and a round's table
cards are PDF only (``PDF_ONLY_SCOPES``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from exports.selectors import ExportScope
from exports.writers.cards import write_score_card, write_table_cards
from exports.writers.common import Progress
from exports.writers.csv import write_csv
from exports.writers.interchange import write_interchange
from exports.writers.nights import write_event_csv, write_event_pdf, write_event_xlsx
from exports.writers.pdf import write_pdf
from exports.writers.xlsx import write_xlsx

Writer = Callable[[ExportScope, Path, Progress], None]

WRITERS: dict[str, Writer] = {"csv": write_csv, "xlsx": write_xlsx, "json": write_interchange, "pdf": write_pdf}
NIGHT_WRITERS: dict[str, Writer] = {
    "csv": write_event_csv,
    "xlsx": write_event_xlsx,
    "json": write_interchange,
    "pdf": write_event_pdf,
}
PDF_ONLY_SCOPES: dict[str, Writer] = {"entrant": write_score_card, "round": write_table_cards}


def writer_for(scope_kind: str, file_format: str) -> Writer:
    """The writer of a scope in a format (the request was checked: a PDF-only scope asks for a PDF)."""
    if scope_kind in PDF_ONLY_SCOPES:
        return PDF_ONLY_SCOPES[scope_kind]
    return (NIGHT_WRITERS if scope_kind == "event" else WRITERS)[file_format]


CONTENT_TYPES = {
    "csv": "text/csv; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "json": "application/json",
    "pdf": "application/pdf",
}

__all__ = ["CONTENT_TYPES", "PDF_ONLY_SCOPES", "WRITERS", "Writer", "writer_for"]
