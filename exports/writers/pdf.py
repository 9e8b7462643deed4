"""PDF score sheets with ReportLab: one page (or more) per match, the deal-by-deal table as players keep it on
paper, then the final result, with the league and the date in the heading."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.platypus import PageBreak, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from exports.selectors import ExportScope, deal_rows
from exports.writers.common import Progress, local_time, printable, readable
from games.rules.engine import GameEngine
from games.rules.registry import get_engine

STYLES = getSampleStyleSheet()
GRID = TableStyle([
    ("GRID", (0, 0), (-1, -1), 0.4, colors.grey),
    ("BACKGROUND", (0, 0), (-1, 0), colors.lightgrey),
    ("FONTSIZE", (0, 0), (-1, -1), 8),
    ("VALIGN", (0, 0), (-1, -1), "TOP"),
])


def write_pdf(scope: ExportScope, path: Path, progress: Progress) -> None:
    progress.start(scope.deals().count())
    title = printable(f"Score sheets: {scope.title}")
    document = SimpleDocTemplate(str(path), pagesize=landscape(A4), leftMargin=12 * mm, rightMargin=12 * mm,
                                 topMargin=12 * mm, bottomMargin=12 * mm, title=title)
    story: list[Any] = []
    for sheet in _score_sheets(scope, progress):
        if story:
            story.append(PageBreak())
        story.extend(sheet)
    if not story:
        story.append(_text(f"No deals recorded in {scope.title}.", "Title"))
    document.build(story)


def _score_sheets(scope: ExportScope, progress: Progress) -> Iterator[list[Any]]:
    match, seats, rows = None, [], []
    for row in deal_rows(scope):
        if match is not None and row.match.pk != match.pk:
            yield _sheet(match, seats, rows)
            rows = []
        match, seats = row.match, row.seats
        rows.append(row.deal)
        progress.step()
    if match is not None:
        yield _sheet(match, seats, rows)


def _sheet(match: Any, seats: list[Any], deals: list[Any]) -> list[Any]:
    match.refresh_from_db(fields=["state"])
    league = f" · {match.league.name}" if match.league else ""
    engine = get_engine(match.game)
    heading = f"{engine.display_name}, match {match.pk}{league} · {local_time(match.created_at)}"
    players = ", ".join(f"{seat.seat} {seat.player.name}" + (f" ({seat.team})" if seat.team else "") for seat in seats)
    columns = _running_columns(engine, deals)
    header = ["Deal", "Dealer", "Call", "This deal", *columns]
    body = [_deal_line(engine, deal, columns) for deal in deals]
    table = Table([header, *body], repeatRows=1)
    table.setStyle(GRID)
    return [_text(heading, "Heading2"), _text(players, "Normal"), Spacer(1, 4 * mm), table, Spacer(1, 4 * mm),
            _text(final_result(match, seats), "Heading3")]


def _text(text: str, style: str) -> Paragraph:
    """Names as typed, without the control characters a phone keyboard can slip in (a PDF shows them as boxes)."""
    return Paragraph(escape(printable(text)), STYLES[style])


def _running_columns(engine: GameEngine[Any, Any, Any], deals: list[Any]) -> list[str]:
    """The columns of the running score the engine writes after each deal, in the order first written."""
    seen: dict[str, None] = {}
    for deal in deals:
        seen.update(dict.fromkeys(engine.running_score(deal.result)))
    return list(seen)


def _deal_line(engine: GameEngine[Any, Any, Any], deal: Any, columns: list[str]) -> list[Any]:
    if deal.status == "voided":
        return [deal.number, deal.input.get("dealer", ""), "voided", "", *[""] * len(columns)]
    running = engine.running_score(deal.result)
    cells = [running.get(column, "") for column in columns]
    this_deal = engine.deal_score(deal.result)
    return [deal.number, deal.input.get("dealer", ""), _text(_call(deal), "BodyText"),
            _text(str(_scores(this_deal)), "BodyText"), *cells]


def _call(deal: Any) -> str:
    contract = deal.result.get("contract")
    if isinstance(contract, dict):
        made = deal.result.get("made")
        return readable([contract]) + ("" if made is None else (", made" if made else ", went down"))
    if isinstance(deal.input.get("bid"), dict):
        return f"{deal.input['bid'].get('bidder')} bids {deal.input['bid'].get('value')}"
    if deal.input.get("went_out"):
        return f"{deal.input['went_out']} went out"
    return str(deal.result.get("outcome", ""))


def _scores(value: Any) -> Any:
    if isinstance(value, dict):
        return "  ".join(f"{key} {item}" for key, item in value.items())
    return readable(value)


def final_result(match: Any, seats: list[Any]) -> str:
    """``Finished: won by team A (Asha & Ravi).`` or, where each plays alone, ``won by S2 (Bala).``"""
    state = match.state or {}
    winner = state.get("match_winner") or state.get("winners")
    if match.status != "finished":
        return "In progress."
    if not winner:
        return "Finished: drawn."
    winners = winner if isinstance(winner, list) else [winner]
    named = []
    for side in winners:
        players = [seat.player.name for seat in seats if side in (seat.team, seat.seat)]
        label = side if any(seat.seat == side for seat in seats) else f"team {side}"
        named.append(f"{label} ({' & '.join(players)})" if players else label)
    return f"Finished: won by {', '.join(named)}."
