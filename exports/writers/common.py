"""What the spreadsheet writers share: readable columns for a deal, progress, and formula neutralising."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from django.utils import timezone
from django.utils.translation import pgettext_lazy

from exports.selectors import DealRow, ExportScope, deal_payloads, most_seats
from games.i18n.translation import localize
from games.rules.messages import Message
from games.rules.registry import get_engine

# A spreadsheet runs a cell that starts with one of these as a formula (OWASP "CSV injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# Control characters no spreadsheet or PDF shows (openpyxl refuses them); tab, newline and return stay.
CONTROL_CHARACTERS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
MATCH_COLUMNS = [
    "match",
    "game",
    "league",
    "match_started",
    "match_status",
    "deal",
    "deal_status",
    "revision",
    "recorded_at",
]


# The fixed columns' titles in the language of the export (an English title is the column's key, as before). The
# dotted columns of a deal's input and result (input.bid.value) are the API's field paths and stay as they are.
COLUMN_TITLES: dict[str, Any] = {
    "match": pgettext_lazy("export column", "match"),
    "game": pgettext_lazy("export column", "game"),
    "league": pgettext_lazy("export column", "league"),
    "match_started": pgettext_lazy("export column", "match_started"),
    "match_status": pgettext_lazy("export column", "match_status"),
    "deal": pgettext_lazy("export column", "deal"),
    "deal_status": pgettext_lazy("export column", "deal_status"),
    "revision": pgettext_lazy("export column", "revision"),
    "recorded_at": pgettext_lazy("export column", "recorded_at"),
    "rank": pgettext_lazy("export column", "rank"),
    "entrant": pgettext_lazy("export column", "entrant"),
    "played": pgettext_lazy("export column", "played"),
    "won": pgettext_lazy("export column", "won"),
    "drawn": pgettext_lazy("export column", "drawn"),
    "lost": pgettext_lazy("export column", "lost"),
    "points": pgettext_lazy("export column", "points"),
    # A club night's standings and rounds (exports/writers/nights.py).
    "player": pgettext_lazy("export column", "player"),
    "total": pgettext_lazy("export column", "total"),
    "byes": pgettext_lazy("export column", "byes"),
    "round": pgettext_lazy("export column", "round"),
    "round_status": pgettext_lazy("export column", "round_status"),
    "table": pgettext_lazy("export column", "table"),
    "side": pgettext_lazy("export column", "side"),
    "players": pgettext_lazy("export column", "players"),
    "score": pgettext_lazy("export column", "score"),
}


def column_titles(columns: Iterable[str]) -> list[str]:
    return [str(COLUMN_TITLES.get(column, column)) for column in columns]


def neutralise(value: Any) -> Any:
    """Text that a spreadsheet would run as a formula gets a leading apostrophe; numbers stay numbers."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def printable(text: str) -> str:
    return CONTROL_CHARACTERS.sub("", text)


def spreadsheet_cell(value: Any) -> Any:
    """A cell's value made safe: control characters stripped first, so that ``"\\x01=HYPERLINK(...)"`` is seen
    to start with ``=`` and neutralised, instead of becoming a live formula once the spreadsheet drops the
    ``\\x01``."""
    return neutralise(printable(value) if isinstance(value, str) else value)


class Progress:
    """Counts work done out of ``total`` and reports whole percentages, each only once."""

    def __init__(self, report: Callable[[int], None] | None = None, total: int = 0) -> None:
        self.report = report or (lambda percent: None)
        self.total = total
        self.done = 0
        self.percent = -1

    def start(self, total: int) -> None:
        self.total, self.done = total, 0
        self._tell()

    def step(self, count: int = 1) -> None:
        self.done += count
        self._tell()

    def _tell(self) -> None:
        percent = 100 if self.total <= 0 else min(100, self.done * 100 // self.total)
        if percent != self.percent:
            self.percent = percent
            self.report(percent)


def readable(value: Any) -> Any:
    """A list as one cell: cards ``"JH 4C"``, an auction ``"seat=S2 call=bid points=30; seat=S3 call=pass"``."""
    if isinstance(value, list):
        return (
            "; ".join(_item(item) for item in value)
            if any(isinstance(i, dict) for i in value)
            else " ".join(_item(item) for item in value)
        )
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "" if value is None else value


# Who acts comes first in a list item; the rest alphabetically, since PostgreSQL does not keep the keys' order.
LEADING_KEYS = {"seat": 0, "bidder": 1, "from": 2, "to": 3, "call": 4}


def _item(item: Any) -> str:
    if isinstance(item, dict):
        keys = sorted(item, key=lambda key: (LEADING_KEYS.get(key, len(LEADING_KEYS)), key))
        return " ".join(f"{key}={_item(item[key])}" for key in keys if item[key] is not None)
    if isinstance(item, list):
        return " ".join(_item(value) for value in item)
    return str(readable(item))


def flatten(value: Any, prefix: str, writers: Mapping[str, Callable[[Any], Any]] | None = None) -> dict[str, Any]:
    """Nested objects as dotted columns (``input.bid.value``); lists and scalars as one readable cell; a column the
    game writes in words of its own (``writers``, its engine's ``column_writers``) as the game writes it."""
    if writers and prefix in writers:
        return {prefix: readable(writers[prefix](value))}
    if isinstance(value, dict) and value:
        cells: dict[str, Any] = {}
        for key, item in value.items():
            cells.update(flatten(item, f"{prefix}.{key}", writers))
        return cells
    return {prefix: readable(value if value != {} else None)}


def local_time(moment: Any, with_time: bool = True) -> str:
    if moment is None:
        return ""
    return timezone.localtime(moment).strftime("%Y-%m-%d %H:%M" if with_time else "%Y-%m-%d")


def _said(value: Any) -> Any:
    """A message (Seep's plays) as plain text in the sheet's language; any other value as it is."""
    return str(localize(value)) if isinstance(value, Message) else value


class DealTable:
    """The columns of a deal-per-row sheet, learned in a first pass over the deals (only their keys are kept)."""

    def __init__(self, seats: int, data_columns: Iterable[str]) -> None:
        self.seat_columns = [f"S{n}" for n in range(1, seats + 1)]
        self.data_columns = list(data_columns)
        self.header = MATCH_COLUMNS + self.seat_columns + self.data_columns

    @classmethod
    def learn(cls, scope: ExportScope, progress: Progress) -> DealTable:
        inputs: dict[str, None] = {}
        results: dict[str, None] = {}
        for deal_input, result in deal_payloads(scope):
            inputs.update(dict.fromkeys(flatten(deal_input, "input")))
            results.update(dict.fromkeys(flatten(result, "result")))
            progress.step()
        results.pop("result.deal_number", None)  # the deal column says it already
        return cls(most_seats(scope), [*inputs, *results])

    def cells(self, row: DealRow) -> list[Any]:
        match, deal = row.match, row.deal
        writers = get_engine(match.game).column_writers
        data = {**flatten(deal.input, "input", writers), **flatten(deal.result, "result", writers)}
        seats = {
            seat.seat: f"{seat.player.name} ({seat.team})" if seat.team else seat.player.name for seat in row.seats
        }
        values = [
            match.pk,
            match.game,
            match.league.name if match.league else "",
            local_time(match.created_at, with_time=False),
            match.status,
            deal.number,
            deal.status,
            deal.revision,
            local_time(deal.recorded_at),
        ]
        values += [seats.get(seat, "") for seat in self.seat_columns]
        values += [data.get(column, "") for column in self.data_columns]
        return [spreadsheet_cell(_said(value)) for value in values]
