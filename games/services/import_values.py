"""What every part of the importer reads values and refuses with: the file's dates and moments, and a refusal that
names where in the file the problem is. Apart so the loaders of clubs' matches (games.services.importer) and of
their nights (nights.importer) share them."""

from __future__ import annotations

from datetime import date, datetime

from games.errors import ImportRefused
from games.rules.messages import msg


def refuse(path: str, detail: str) -> ImportRefused:
    return ImportRefused(msg("{path}: {detail}", path=path, detail=detail), path)


def day(value: str | None) -> date | None:
    return None if value is None else date.fromisoformat(value)


def moment(value: str | None) -> datetime | None:
    return None if value is None else datetime.fromisoformat(value)
