"""The printed cards of a club night: each player's score card (the ``entrant`` scope), and a round's table cards
with a QR code each (the ``round`` scope), both PDF laid out by WeasyPrint as the score sheets are.

A score card is in its reader's language (the job's: its player's saved language where there is one), every word a
whole sentence of the catalogues; names stay as typed. A table card's QR code opens the table's match page on the
phone (``SITE_URL`` + the page's path): segno draws it as a PNG with the quiet zone the standard asks for.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import segno
from django.conf import settings
from django.urls import reverse
from django.utils.translation import gettext, pgettext, pgettext_lazy

from exports.selectors import ExportScope, round_of
from exports.writers.common import Progress
from exports.writers.nights import night_of, score
from exports.writers.pdf import STYLE, document, name_html, sheet_date, text_html
from games.i18n.translation import localize
from games.rules.messages import msg
from games.rules.registry import get_engine
from nights.models import Entrant, Event, Round, Table
from nights.selectors import event_standings, rounds_of, seat_holder, table_scores, table_sides

CARD_STYLE = (
    STYLE
    + """
@page { size: A4 portrait; margin: 15mm; }
body { font-size: 11pt; }
.card { text-align: center; }
.card h1 { font-size: 40pt; margin-block: 10mm 4mm; }
.card img { width: 110mm; height: 110mm; }
.card p { font-size: 13pt; }
"""
)
CARD_COLUMNS = [
    pgettext_lazy("club night", "Round"),
    pgettext_lazy("club night", "Table"),
    pgettext_lazy("club night", "Partners"),
    pgettext_lazy("club night", "Opponents"),
    pgettext_lazy("club night", "Score"),
    pgettext_lazy("club night", "Total"),
]
QR_SCALE = 8  # pixels per module of the PNG; the card prints it 110 mm wide whatever its size
QR_BORDER = 4  # the quiet zone of four modules the standard asks for


# --- a player's score card -----------------------------------------------------------------------------------------


def write_score_card(scope: ExportScope, path: Path, progress: Progress) -> None:
    progress.start(1)
    event = night_of(scope)
    entrant = Entrant.objects.select_related("player").get(pk=scope.id)
    standings = event_standings(event)
    mine = next(row for row in standings if entrant in row.members)  # a team's player: the team's row
    heading = gettext("Score card of {player}").format(player=entrant.player.name)
    parts = [
        name_html(event.name),
        text_html(get_engine(event.game).display_name),
        text_html(sheet_date(event.created_at)),
    ]
    head = "".join(f"<th>{text_html(str(title))}</th>" for title in CARD_COLUMNS)
    lines = "".join(_card_line(line) for line in score_card_lines(event, entrant, mine.rounds))
    total = gettext("Total: {total}. Place {rank} of {count}.").format(
        total=score(mine.total), rank=mine.rank, count=len(standings)
    )
    body = (
        f"<section><h1>{name_html(heading)}</h1><h2>{' · '.join(parts)}</h2><table><thead><tr>{head}</tr></thead>"
        f"<tbody>{lines}</tbody></table><h3>{text_html(total)}</h3></section>"
    )
    _write(document(heading, body), path)
    progress.step()


def score_card_lines(event: Event, entrant: Entrant, folded: dict[int, float]) -> list[dict[str, Any]]:
    """Each round the entrant played or sat out: its table, partners, opponents, score and running total. A round
    with its results scores as the standings fold it; a round still being played as its table stands."""
    lines: list[dict[str, Any]] = []
    total = 0.0
    for played in rounds_of(event):
        line = _seated_line(played, entrant) or _bye_line(played, entrant)
        if line is None:
            continue
        if played.number in folded:
            line["score"] = folded[played.number]
        total += line["score"] or 0
        lines.append({**line, "round": played.number, "total": total})
    return lines


def _seated_line(played: Round, entrant: Entrant) -> dict[str, Any] | None:
    """The entrant's seat in the round (a substitute's, where one took it: its score is the entrant's)."""
    holder = seat_holder(played, entrant)
    for table in played.tables.all():
        names = {seat.player_id: seat.player.name for seat in table.match.seats.all()}
        if holder not in names:
            continue
        sides = table_sides(table)
        mine = next(side for side, players in sides.items() if holder in players)
        return {
            "table": str(table.number),
            "partners": [names[p] for p in sides[mine] if p != holder],
            "opponents": [names[p] for side, players in sides.items() if side != mine for p in players],
            "score": table_scores(table).get(mine),
        }
    return None


def _bye_line(played: Round, entrant: Entrant) -> dict[str, Any] | None:
    if not any(bye.entrant_id == entrant.pk for bye in played.byes.all()):
        return None
    return {"table": pgettext("club night", "Sat out"), "partners": [], "opponents": [], "score": None}


def _card_line(line: dict[str, Any]) -> str:
    cells = [
        text_html(str(line["round"])),
        text_html(line["table"]),
        ", ".join(name_html(name) for name in line["partners"]),
        ", ".join(name_html(name) for name in line["opponents"]),
        "" if line["score"] is None else text_html(str(score(line["score"]))),
        text_html(str(score(line["total"]))),
    ]
    return "<tr>" + "".join(f"<td>{cell}</td>" for cell in cells) + "</tr>"


# --- a round's table cards -----------------------------------------------------------------------------------------


def table_url(table: Table) -> str:
    """The table's match page on the phone, where its deals are recorded."""
    return settings.SITE_URL + reverse("table:match", args=[table.match_id])


def table_qr(url: str) -> segno.QRCode:
    """A regular QR code (not a Micro QR, which few phone cameras read) with error correction M."""
    return segno.make_qr(url, error="m")


def write_table_cards(scope: ExportScope, path: Path, progress: Progress) -> None:
    played = round_of(scope)
    tables = list(next(found for found in rounds_of(played.event) if found.pk == played.pk).tables.all())
    progress.start(len(tables))
    cards = []
    for table in tables:
        cards.append(_table_card(played, table))
        progress.step()
    title = str(localize(msg("Table cards of round {round}", round=played.number)))  # Hungarian's a(z) said right
    if not cards:
        cards.append(f"<section><h1>{text_html(gettext('This round has no tables.'))}</h1></section>")
    _write(document(title, "".join(cards), CARD_STYLE), path)


def _table_card(played: Round, table: Table) -> str:
    url = table_url(table)
    image = table_qr(url).png_data_uri(scale=QR_SCALE, border=QR_BORDER, dark="#000", light="#fff")
    seats = "".join(
        f"<li><bdi>{seat.seat} {name_html(seat.player.name)}" + (f" ({seat.team})" if seat.team else "") + "</bdi></li>"
        for seat in table.match.seats.all()
    )
    heading = gettext("Table {table}").format(table=table.number)
    where = gettext("Round {round} of {event}.").format(round=played.number, event=played.event.name)
    scan = gettext("Scan the code with the table's phone to record this table's deals.")
    return (
        f'<section class="card"><h1>{text_html(heading)}</h1><p>{text_html(where)}</p>'
        f'<img src="{image}" alt=""><p>{text_html(scan)}</p><p><bdi>{text_html(url)}</bdi></p>'
        f"<ul>{seats}</ul></section>"
    )


def _write(html: str, path: Path) -> None:
    from weasyprint import HTML  # here: importing it parses its stylesheets, which no other process needs

    HTML(string=html).write_pdf(str(path))
