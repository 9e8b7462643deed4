"""The files themselves: a row per deal with readable columns, standings, neutralised formulas, score sheets and
the interchange document."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from exports.interchange import SCHEMA_PATH
from exports.selectors import scope_by_id
from exports.writers import WRITERS
from exports.writers.common import CONTROL_CHARACTERS, Progress, neutralise
from exports.writers.pdf import final_result
from games.models import League, Player
from games.selectors.tallies.standings import league_standings
from tests.exports.helpers import as_text, csv_rows, pdf_text, xlsx_sheets
from tests.support.seasons import FORMULA_NAME, Season

pytestmark = pytest.mark.django_db


def write(season: Season, kind: str, scope_id: int, file_format: str, tmp_path: Path) -> bytes:
    path = tmp_path / f"out.{file_format}"
    reported: list[int] = []
    WRITERS[file_format](scope_by_id(kind, scope_id), path, Progress(reported.append))
    assert reported[0] == 0 and reported[-1] == 100 and reported == sorted(reported)
    return path.read_bytes()


@pytest.mark.parametrize("text", ["=1+2", "+1", "-1+1", "@SUM(A1)", "\t=1", "\r=1"])
def test_text_a_spreadsheet_would_run_gets_an_apostrophe(text: str) -> None:
    assert neutralise(text) == "'" + text


@pytest.mark.parametrize("value", [-24, 3.5, "Asha", "a=b", "", None])
def test_numbers_and_plain_text_stay_as_they_are(value: Any) -> None:
    assert neutralise(value) == value


def test_a_league_csv_has_one_row_per_deal_with_seats_input_and_result(season: Season, tmp_path: Path) -> None:
    rows = csv_rows(write(season, "league", season.seep.pk, "csv", tmp_path))
    header, body = rows[0], rows[1:]
    assert header[:13] == [
        "match",
        "game",
        "league",
        "match_started",
        "match_status",
        "deal",
        "deal_status",
        "revision",
        "recorded_at",
        "S1",
        "S2",
        "S3",
        "S4",
    ]
    assert len(body) == 7  # 3 deals in the first match, 4 (one voided) in the second
    first = dict(zip(header, body[0], strict=True))
    first_match, second_match = season.matches[0], season.matches[1]
    assert {
        k: first[k]
        for k in [
            "match",
            "game",
            "league",
            "match_status",
            "deal",
            "deal_status",
            "revision",
            "S1",
            "S4",
            "input.dealer",
            "input.bid.bidder",
            "input.bid.value",
            "input.bid.bidder_hand",
            "input.card_points.A",
            "result.team_scores.A",
            "result.deal_margin.team",
            "result.deal_margin.points",
            "result.next_dealer",
        ]
    } == {
        "match": str(first_match.pk),
        "game": "seep",
        "league": "Winter",
        "match_status": "finished",
        "deal": "1",
        "deal_status": "corrected",
        "revision": "2",
        "S1": "Asha (A)",
        "S4": "'" + FORMULA_NAME + " (B)",
        "input.dealer": "S1",
        "input.bid.bidder": "S2",
        "input.bid.value": "11",
        "input.bid.bidder_hand": "JH 4C 2D 3S",
        "input.card_points.A": "70",
        "result.team_scores.A": "70",
        "result.deal_margin.team": "A",
        "result.deal_margin.points": "40",
        "result.next_dealer": "S2",
    }
    voided = dict(zip(header, body[4], strict=True))
    assert (voided["match"], voided["deal"], voided["deal_status"]) == (str(second_match.pk), "2", "voided")
    last = dict(zip(header, body[-1], strict=True))
    assert (last["result.baazis_won.B"], last["result.match_over"], last["result.baazi.winner"]) == ("2", "yes", "B")


def test_a_league_workbook_has_the_same_deal_rows_and_the_standings(season: Season, tmp_path: Path) -> None:
    rows = csv_rows(write(season, "league", season.seep.pk, "csv", tmp_path))
    sheets = xlsx_sheets(write(season, "league", season.seep.pk, "xlsx", tmp_path))
    assert list(sheets) == ["Deals", "Standings"]
    assert as_text(sheets["Deals"]) == rows
    assert isinstance(sheets["Deals"][1][rows[0].index("result.deal_margin.points")], int)
    standings = league_standings(season.seep)
    header = sheets["Standings"][0]
    assert header[:7] == ["rank", "entrant", "played", "won", "drawn", "lost", "points"]
    table = [dict(zip(header, row, strict=True)) for row in sheets["Standings"][1:]]
    assert [(r["rank"], r["entrant"], r["played"], r["won"], r["points"]) for r in table] == [
        (row["rank"], neutralise(row["entrant"]["name"]), row["played"], row["won"], row["points"])
        for row in standings["rows"]
    ]
    assert len(table) == 4


def test_a_club_export_spans_every_league_and_game(season: Season, tmp_path: Path) -> None:
    rows = csv_rows(write(season, "club", season.club.pk, "csv", tmp_path))
    header = rows[0]
    games = [(row[header.index("game")], row[header.index("league")]) for row in rows[1:]]
    assert games == [("seep", "Winter")] * 7 + [("fifty_six", "Spring 56")] * 2
    fifty_six = dict(zip(header, rows[-1], strict=True))
    assert (
        fifty_six["input.auction"] == "seat=S3 call=bid points=32 trump=hearts; seat=S4 call=pass; "
        "seat=S1 call=pass; seat=S2 call=pass"
    )
    assert fifty_six["result.transfers"] == "from=B to=A owed=1 tables=1"
    assert (fifty_six["result.made"], fifty_six["result.band"]) == ("yes", "28-39")


def test_the_pdf_has_a_score_sheet_per_match(season: Season, tmp_path: Path) -> None:
    data = write(season, "club", season.club.pk, "pdf", tmp_path)
    assert data.startswith(b"%PDF-")
    assert pdf_text(data, tmp_path).count("\f") >= 3  # pdftotext ends each page with a form feed


def test_the_json_export_follows_the_schema_with_every_revision_and_the_audit(season: Season, tmp_path: Path) -> None:
    document = json.loads(write(season, "club", season.club.pk, "json", tmp_path))
    Draft202012Validator(json.loads(SCHEMA_PATH.read_text())).validate(document)
    assert (document["format"], document["version"], document["club"]["name"]) == (
        "scorekeeper.interchange",
        1,
        "Tuesday Club",
    )
    assert [league["name"] for league in document["leagues"]] == ["Winter", "Spring 56"]
    first = document["matches"][0]
    assert [deal["revision"] for deal in first["deals"]] == [2, 1, 1]
    assert [r["reason"] for r in first["deals"][0]["revisions"]] == ["", "miscounted"]
    assert [e["action"] for e in first["audit"]] == [
        "match.started",
        "deal.recorded",
        "deal.corrected",
        "deal.recorded",
        "deal.recorded",
    ]
    assert [e["action"] for e in document["audit"]] == ["league.created", "league.created"]
    assert len(document["players"]) == 12


def test_a_score_sheet_ends_with_the_winners_by_name(season: Season) -> None:
    first, _, third = season.matches
    seats = list(first.seats.select_related("player"))
    assert final_result(first, seats) == "Finished: won by team A (Asha & Ravi)."
    assert final_result(third, list(third.seats.select_related("player"))) == "In progress."


HOSTILE_PREFIXES = ["\x01", "\x08\x1b", "\x7f"]


def name_everything(season: Season, prefix: str) -> str:
    """The league and a seated player both named a formula behind control characters a spreadsheet drops."""
    hostile = prefix + FORMULA_NAME
    League.objects.filter(pk=season.seep.pk).update(name=hostile)
    Player.objects.filter(name=FORMULA_NAME).update(name=hostile)
    return hostile


def hostile_cells(header: list[Any], rows: list[list[Any]]) -> dict[str, set[str]]:
    """Every text cell naming the formula, by column; and not one control character anywhere in the file."""
    found: dict[str, set[str]] = {}
    for row in rows:
        for column, value in zip(header, row, strict=True):
            assert not (isinstance(value, str) and CONTROL_CHARACTERS.search(value)), (column, value)
            if isinstance(value, str) and "HYPERLINK" in value:
                found.setdefault(column, set()).add(value)
    return found


@pytest.mark.parametrize("prefix", HOSTILE_PREFIXES)
def test_a_formula_behind_control_characters_is_neutralised_in_every_csv_column(
    season: Season, tmp_path: Path, prefix: str
) -> None:
    name_everything(season, prefix)
    rows = csv_rows(write(season, "league", season.seep.pk, "csv", tmp_path))
    assert hostile_cells(rows[0], rows[1:]) == {"league": {"'" + FORMULA_NAME}, "S4": {"'" + FORMULA_NAME + " (B)"}}


@pytest.mark.parametrize("prefix", HOSTILE_PREFIXES)
def test_a_formula_behind_control_characters_is_neutralised_in_every_xlsx_column_and_sheet(
    season: Season, tmp_path: Path, prefix: str
) -> None:
    name_everything(season, prefix)
    Player.objects.filter(name="Bala").update(name=prefix + "@Bala")  # Meena's partner, first in the entrant
    data = write(season, "league", season.seep.pk, "xlsx", tmp_path)
    sheets = xlsx_sheets(data)
    deals, standings = sheets["Deals"], sheets["Standings"]
    assert hostile_cells(deals[0], deals[1:]) == {"league": {"'" + FORMULA_NAME}, "S4": {"'" + FORMULA_NAME + " (B)"}}
    assert hostile_cells(standings[0], standings[1:]) == {"entrant": {"'@Bala & " + FORMULA_NAME}}
    with zipfile.ZipFile(io.BytesIO(data)) as book:
        sheet_xml = b"".join(book.read(name) for name in book.namelist() if name.startswith("xl/worksheets/"))
    assert b"<f>" not in sheet_xml and b"<f " not in sheet_xml


def test_the_pdf_shows_the_names_without_their_control_characters(season: Season, tmp_path: Path) -> None:
    name_everything(season, "\x01")
    data = write(season, "league", season.seep.pk, "pdf", tmp_path)
    text = pdf_text(data, tmp_path)
    assert text.count("=HYPERLINK") == 3  # the league in both headings, the player on the first
    assert not CONTROL_CHARACTERS.search(text.replace("\f", "")), text


def test_the_json_export_keeps_the_names_as_they_are(season: Season, tmp_path: Path) -> None:
    hostile = name_everything(season, "\x01")
    document = json.loads(write(season, "league", season.seep.pk, "json", tmp_path))
    assert document["leagues"][0]["name"] == hostile
    assert [p["name"] for p in document["players"]].count(hostile) == 1
