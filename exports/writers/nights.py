"""A club night's results out: its standings (one row per entrant, a column per round) and its rounds (one row per
side of each table, and one per bye), as CSV, as XLSX sheets beside the deals, and as a PDF.

The figures are the night's own fold (nights.selectors), the same as ``GET /events/{id}/standings/`` answers, so a
correction at a table moves the next export as it moves the standings.
"""

from __future__ import annotations

import csv
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.utils.translation import gettext, pgettext
from openpyxl import Workbook

from exports.selectors import ExportScope, deal_rows
from exports.writers.common import DealTable, Progress, column_titles, spreadsheet_cell
from exports.writers.pdf import document, name_html, sheet_date, text_html
from games.rules.registry import get_engine
from nights.models import Event, Round
from nights.selectors import event_standings, rounds_of, table_scores, table_sides

STANDINGS_COLUMNS = ["rank", "player", "total", "played", "byes"]
ROUND_COLUMNS = ["round", "round_status", "table", "match", "match_status", "side", "players", "score"]
BYE_SIDE = "bye"  # the side column of a bye's row: a value of the file, like match_status's


def night_of(scope: ExportScope) -> Event:
    assert scope.event is not None  # an event scope always carries its night
    return scope.event


def score(value: float) -> int | float:
    """A score as the table writes it: 12, not 12.0 (Seep's and a director's scores may have a fraction)."""
    return int(value) if float(value).is_integer() else round(value, 2)


def round_title(number: int) -> str:
    return pgettext("export column", "round {number}").format(number=number)


def standings_rows(event: Event) -> tuple[list[str], list[list[Any]]]:
    """The header and the rows of the standings: rank, player, total, played, byes, then each round's score."""
    rows = event_standings(event)
    numbers = sorted({number for row in rows for number in row.rounds})
    header = column_titles(STANDINGS_COLUMNS) + [round_title(number) for number in numbers]
    body = [
        [row.rank, row.name, score(row.total), row.played, row.byes]
        + [score(row.rounds[number]) if number in row.rounds else "" for number in numbers]
        for row in rows
    ]
    return header, body


@dataclass(frozen=True)
class SideResult:
    round: Round
    table: int | None
    match: int | None
    match_status: str
    side: str
    players: list[str]
    score: float | None


def round_results(event: Event) -> Iterator[SideResult]:
    """Each side of each table, round by round, with its score (as it stands while the table plays), then the
    round's byes (their score is the standings', once the round has its results; a team's bye is one row)."""
    standings = {member.pk: row for row in event_standings(event) for member in row.members}
    for played in rounds_of(event):
        for table in played.tables.all():
            names = {seat.player_id: seat.player.name for seat in table.match.seats.all()}
            scores = table_scores(table)
            for side, players in table_sides(table).items():
                yield SideResult(
                    played,
                    table.number,
                    table.match_id,
                    table.match.status,
                    side,
                    [names[player] for player in players],
                    scores.get(side),
                )
        sitting_out: dict[tuple[str, int], list[Any]] = {}  # a team's players in one row, in check-in order
        for bye in played.byes.all():
            key = ("team", bye.entrant.team_id) if bye.entrant.team_id else ("entrant", bye.entrant_id)
            sitting_out.setdefault(key, []).append(bye.entrant)
        for members in sitting_out.values():
            found = standings.get(members[0].pk)
            yield SideResult(
                played,
                None,
                None,
                "",
                BYE_SIDE,
                [member.player.name for member in members],
                found.rounds.get(played.number) if found else None,
            )


def round_rows(event: Event) -> list[list[Any]]:
    return [
        [
            result.round.number,
            result.round.status,
            result.table if result.table is not None else "",
            result.match if result.match is not None else "",
            result.match_status,
            result.side,
            " & ".join(result.players),
            "" if result.score is None else score(result.score),
        ]
        for result in round_results(event)
    ]


def write_event_csv(scope: ExportScope, path: Path, progress: Progress) -> None:
    """The standings, a column per round: what a notice board shows."""
    progress.start(1)
    header, rows = standings_rows(night_of(scope))
    with path.open("w", newline="", encoding="utf-8-sig") as out:
        writer = csv.writer(out)
        writer.writerow(header)
        writer.writerows([[spreadsheet_cell(value) for value in row] for row in rows])
    progress.step()


def write_event_xlsx(scope: ExportScope, path: Path, progress: Progress) -> None:
    """Three sheets: the standings, the rounds' tables and byes, and every deal of the night's matches."""
    progress.start(2 * scope.deals().count() + 1)
    event = night_of(scope)
    workbook = Workbook(write_only=True)
    header, rows = standings_rows(event)
    _append(workbook.create_sheet(pgettext("export sheet", "Standings")), header, rows)
    _append(workbook.create_sheet(pgettext("export sheet", "Rounds")), column_titles(ROUND_COLUMNS), round_rows(event))
    progress.step()
    table = DealTable.learn(scope, progress)
    deals = workbook.create_sheet(pgettext("export sheet", "Deals"))
    deals.append(column_titles(table.header))
    for row in deal_rows(scope):
        deals.append([None if value == "" else value for value in table.cells(row)])
        progress.step()
    workbook.save(path)


def _append(sheet: Any, header: list[str], rows: list[list[Any]]) -> None:
    sheet.append(header)
    for row in rows:
        sheet.append([None if value == "" else spreadsheet_cell(value) for value in row])


def write_event_pdf(scope: ExportScope, path: Path, progress: Progress) -> None:
    """The night's standings, then each round's tables with their sides and scores."""
    progress.start(1)
    event = night_of(scope)
    engine = get_engine(event.game)
    heading = gettext("Results of {event}").format(event=event.name)
    parts = [text_html(heading), text_html(engine.display_name), text_html(sheet_date(event.created_at))]
    header, rows = standings_rows(event)
    body = f"<section><h1>{' · '.join(parts)}</h1><h2>{text_html(pgettext('club night', 'Standings'))}</h2>"
    body += _html_table(header, rows, names=1)
    results = list(round_results(event))
    titles = [pgettext("club night", "Table"), pgettext("club night", "Players"), pgettext("club night", "Score")]
    for played in rounds_of(event):
        lines = [
            [
                str(result.table) if result.table is not None else pgettext("club night", "Sat out"),
                " & ".join(result.players),
                "" if result.score is None else str(score(result.score)),
            ]
            for result in results
            if result.round.pk == played.pk
        ]
        body += f"<h2>{text_html(pgettext('club night', 'Round {number}').format(number=played.number))}</h2>"
        body += _html_table(titles, lines, names=1)
    _write(document(heading, body + "</section>"), path)
    progress.step()


def _html_table(header: list[str], rows: list[list[Any]], names: int) -> str:
    """A table; the cells of column ``names`` are names as typed (isolated, so a Persian name keeps its order)."""
    head = "".join(f"<th>{text_html(str(title))}</th>" for title in header)
    lines = "".join(
        "<tr>"
        + "".join(
            f"<td>{name_html(str(cell)) if index == names else text_html(str(cell))}</td>"
            for index, cell in enumerate(row)
        )
        + "</tr>"
        for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{lines}</tbody></table>"


def _write(html: str, path: Path) -> None:
    from weasyprint import HTML  # here: importing it parses its stylesheets, which no other process needs

    HTML(string=html).write_pdf(str(path))
