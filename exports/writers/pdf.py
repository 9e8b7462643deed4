"""PDF score sheets: one page (or more) per match, the deal-by-deal table as players keep it on paper, then the
final result, with the league and the date in the heading.

WeasyPrint lays the sheet out (Pango, HarfBuzz and FriBidi underneath), so Persian names and a Persian sheet are
shaped and ordered right to left, which ReportLab alone does not do, and the text copied or extracted from the PDF
is the text as typed. The sheet is in the language of whoever asked for it (the export job's language): its
words, its direction and its dates; names stay as typed, each isolated (``<bdi>``) so "مریم رضایی" next to "S3"
or "Zoltán" keeps its order.
"""

from __future__ import annotations

from collections.abc import Iterator
from html import escape
from pathlib import Path
from typing import Any

from django.utils import formats, timezone, translation
from django.utils.translation import gettext, gettext_lazy

from exports.selectors import ExportScope, deal_rows
from exports.writers.common import Progress, printable, readable
from games.i18n.translation import localize
from games.rules.engine import GameEngine
from games.rules.messages import msg, msg_template, nmsg
from games.rules.registry import get_engine

HEADER = [gettext_lazy("Deal"), gettext_lazy("Dealer"), gettext_lazy("Call"), gettext_lazy("This deal")]
# Fonts with the letters of every language the sheets speak (õ ä ö ü ő ű and the Arabic script): DejaVu Sans is
# in Debian's fonts-dejavu-core (installed with Chromium); Noto or Vazirmatn are used where DejaVu is missing.
STYLE = """
@page { size: A4 landscape; margin: 12mm; }
body { font-family: "DejaVu Sans", "Noto Sans", "Noto Sans Arabic", "Vazirmatn", sans-serif; font-size: 8pt; }
h1 { font-size: 13pt; } h2 { font-size: 11pt; margin-block: 0 2mm; } h3 { font-size: 10pt; }
table { border-collapse: collapse; margin-block: 4mm; }
th, td { border: 0.4pt solid grey; padding: 1pt 4pt; text-align: start; vertical-align: top; }
th { background: lightgrey; }
section + section { break-before: page; }
"""


def write_pdf(scope: ExportScope, path: Path, progress: Progress) -> None:
    progress.start(scope.deals().count())
    title = gettext("Score sheets: {title}").format(title=printable(scope.title))
    sheets = "".join(_score_sheets(scope, progress))
    if not sheets:
        nothing = gettext("No deals recorded in {title}.").format(title=scope.title)
        sheets = f"<h1>{_text(nothing)}</h1>"
    from weasyprint import HTML  # here: importing it parses its stylesheets, which no other process needs

    HTML(string=_document(title, sheets)).write_pdf(str(path))


def _document(title: str, body: str, style: str = STYLE) -> str:
    language = translation.get_language() or "en"
    direction = "rtl" if translation.get_language_bidi() else "ltr"
    return (
        f'<!doctype html><html lang="{language}" dir="{direction}"><head><meta charset="utf-8">'
        f"<title>{_text(title)}</title><style>{style}</style></head><body>{body}</body></html>"
    )


def _score_sheets(scope: ExportScope, progress: Progress) -> Iterator[str]:
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


def _sheet(match: Any, seats: list[Any], deals: list[Any]) -> str:
    match.refresh_from_db(fields=["state"])
    engine = get_engine(match.game)
    heading = gettext("{game}, match {number}").format(game=engine.display_name, number=match.pk)
    parts = (
        [_text(heading)] + ([_name(match.league.name)] if match.league else []) + [_text(sheet_date(match.created_at))]
    )
    # Each seat isolated as a whole too, so on a right-to-left sheet "S2 Zoltán (B)" still reads S2 first.
    players = ", ".join(
        f"<bdi>{seat.seat} {_name(seat.player.name)}" + (f" ({seat.team})" if seat.team else "") + "</bdi>"
        for seat in seats
    )
    columns = _running_columns(engine, deals)
    # The engine names its running-score columns (a team, a seat, Seep's "Lead"): a name that is a message is
    # translated.
    titles = [*HEADER, *(localize(column) for column in columns)]
    head = "".join(f"<th>{_text(str(title))}</th>" for title in titles)
    body = "".join(
        "<tr>" + "".join(f"<td>{cell}</td>" for cell in _deal_line(engine, deal, columns)) + "</tr>" for deal in deals
    )
    return (
        f"<section><h2>{' · '.join(parts)}</h2><p>{players}</p><table><thead><tr>{head}</tr></thead>"
        f"<tbody>{body}</tbody></table><h3>{_text(final_result(match, seats))}</h3></section>"
    )


def sheet_date(moment: Any) -> str:
    """The date and time in the reader's own way (``1. detsember 2026 18:30``, ``2026. december 1. 18:30``)."""
    if moment is None:
        return ""
    return formats.date_format(timezone.localtime(moment), "DATETIME_FORMAT")


def _text(text: str) -> str:
    """Text as typed, escaped, without the control characters a phone keyboard can slip in (a PDF shows them as
    boxes)."""
    return escape(printable(str(text)))


def _name(name: str) -> str:
    return f"<bdi>{_text(name)}</bdi>"


def _running_columns(engine: GameEngine[Any, Any, Any], deals: list[Any]) -> list[str]:
    """The columns of the running score the engine writes after each deal, in the order first written."""
    seen: dict[str, None] = {}
    for deal in deals:
        seen.update(dict.fromkeys(engine.running_score(deal.result)))
    return list(seen)


def _deal_line(engine: GameEngine[Any, Any, Any], deal: Any, columns: list[str]) -> list[str]:
    if deal.status == "voided":
        return [
            str(deal.number),
            _text(deal.input.get("dealer", "")),
            _text(gettext("voided")),
            "",
            *[""] * len(columns),
        ]
    running = engine.running_score(deal.result)
    cells = [localize(running.get(column, "")) for column in columns]
    this_deal = engine.deal_score(deal.result)
    return [
        str(deal.number),
        _text(deal.input.get("dealer", "")),
        _text(_call(deal)),
        _text(_this_deal(this_deal)),
        *(_text(str(cell)) for cell in cells),
    ]


# The Call column of 56 and Bid Euchre: short whole sentences, one per fact (who bid what, the trump, doubled, made),
# so no word is pasted into another language's sentence and no key=value is printed.
TRUMP_SENTENCES = {
    "clubs": msg_template("Clubs are trumps."),
    "diamonds": msg_template("Diamonds are trumps."),
    "hearts": msg_template("Hearts are trumps."),
    "spades": msg_template("Spades are trumps."),
    "no_trumps": msg_template("No trumps."),
    "low_no_trumps": msg_template("Low no-trumps."),
}
CALL_SENTENCES = {
    "partners_best": msg_template("{bidder} called partner's best."),
    "shoot_the_moon": msg_template("{bidder} called shoot the moon."),
    "triple_moon": msg_template("{bidder} called triple moon."),
    "quadruple_moon": msg_template("{bidder} called quadruple moon."),
}
DOUBLING_SENTENCES = {"doubled": msg_template("Doubled."), "redoubled": msg_template("Redoubled.")}


def _call(deal: Any) -> str:
    contract = deal.result.get("contract")
    if isinstance(contract, dict):
        return " ".join(str(localize(sentence)) for sentence in _contract_sentences(contract, deal.result.get("made")))
    if isinstance(deal.input.get("bid"), dict):
        bid = deal.input["bid"]
        return gettext("{bidder} bids {value}").format(bidder=bid.get("bidder"), value=bid.get("value"))
    if deal.input.get("went_out"):
        return gettext("{seat} went out").format(seat=deal.input["went_out"])
    return str(deal.result.get("outcome", ""))


def _contract_sentences(contract: dict[str, Any], made: bool | None) -> list[str]:
    """56's ``{bidder, points, trump, doubling, forced}`` or Bid Euchre's ``{bidder, kind, tricks_bid, trump}``."""
    bidder = contract.get("bidder")
    sentences: list[str] = []
    if "points" in contract:
        sentences.append(msg("{bidder} bid {points}.", bidder=bidder, points=contract["points"]))
    elif contract.get("kind") in CALL_SENTENCES:
        sentences.append(msg(CALL_SENTENCES[contract["kind"]], bidder=bidder))
    elif contract.get("tricks_bid") is not None:
        tricks = contract["tricks_bid"]
        sentences.append(
            nmsg(
                "{bidder} bid {tricks} trick.", "{bidder} bid {tricks} tricks.", "tricks", bidder=bidder, tricks=tricks
            )
        )
    if contract.get("trump") in TRUMP_SENTENCES:
        sentences.append(msg(TRUMP_SENTENCES[contract["trump"]]))
    if contract.get("doubling") in DOUBLING_SENTENCES:
        sentences.append(msg(DOUBLING_SENTENCES[contract["doubling"]]))
    if contract.get("forced"):
        sentences.append(msg("Forced contract."))
    if made is not None:
        sentences.append(msg("Made.") if made else msg("Went down."))
    return sentences


def _this_deal(value: Any) -> str:
    """The This deal column: 56's tables paid, one whole sentence per payment; any other game's scores as figures."""
    if isinstance(value, list) and value and all(isinstance(item, dict) and "tables" in item for item in value):
        return " ".join(str(localize(_payment(item))) for item in value)
    return str(_scores(value))


def _payment(transfer: dict[str, Any]) -> str:
    """``{from, to, owed, tables}``: a team that could not pay all it owed pays what it had."""
    values = {"payer": transfer.get("from"), "payee": transfer.get("to"), "tables": transfer["tables"]}
    owed = transfer.get("owed", transfer["tables"])
    if owed == transfer["tables"]:
        return nmsg(
            "Team {payer} pays team {payee} {tables} table.",
            "Team {payer} pays team {payee} {tables} tables.",
            "tables",
            **values,
        )
    return nmsg(
        "Team {payer} pays team {payee} {tables} table of the {owed} it owes.",
        "Team {payer} pays team {payee} {tables} tables of the {owed} it owes.",
        "tables",
        owed=owed,
        **values,
    )


def _scores(value: Any) -> Any:
    if isinstance(value, dict):
        return "  ".join(f"{key} {item}" for key, item in value.items())
    return readable(value)


def final_result(match: Any, seats: list[Any]) -> str:
    """``Finished: won by team A (Asha & Ravi).`` or, where each plays alone, ``won by S2 (Bala).``"""
    state = match.state or {}
    winner = state.get("match_winner") or state.get("winners")
    if match.status != "finished":
        return gettext("In progress.")
    if not winner:
        return gettext("Finished: drawn.")
    winners = winner if isinstance(winner, list) else [winner]
    named = []
    for side in winners:
        players = [seat.player.name for seat in seats if side in (seat.team, seat.seat)]
        label = side if any(seat.seat == side for seat in seats) else localize(msg("team {team}", team=side))
        named.append(f"{label} ({' & '.join(players)})" if players else label)
    return gettext("Finished: won by {winners}.").format(winners=", ".join(named))


# The club night's sheets (exports/writers/nights.py) are laid out by the same page, words and names.
document = _document
text_html = _text
name_html = _name
