"""Score sheets for players of every script (issue 18): Persian names shaped and kept in their order, Estonian and
Hungarian letters in a font that has them, and a sheet in the language of whoever asked for it.

The sheet is rendered to PNG with poppler's pdftoppm (var/screenshots/, or docs/screenshots/ with
SCREENSHOT_DIR=docs/screenshots as `make screenshots` does) and its text read back with pdftotext.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from django.utils import translation

from exports.models import ExportJob
from exports.selectors import scope_by_id
from exports.writers import WRITERS, Progress
from games.services.deals import deal_record
from games.services.matches import match_start
from tests.deals import seep_deal, seep_win
from tests.exports.helpers import csv_rows, pdf_text, xlsx_sheets
from tests.factories import UserFactory
from tests.support.auth import client_for
from tests.support.seasons import Season

pytestmark = pytest.mark.django_db
# Skipped on a machine without poppler-utils; under CI=true it must be there (.ci/run installs it).
needs_poppler = pytest.mark.skipif(
    shutil.which("pdftoppm") is None and not os.environ.get("CI"), reason="needs poppler-utils (pdftoppm, pdftotext)"
)

ROOT = Path(__file__).resolve().parents[2]
NAMES = ["مریم رضایی", "Mart Õunapuu", "Győző Szűcs", "Ülle Kask"]  # S1..S4: Persian, Estonian, Hungarian, Estonian
# Direction marks and the zero-width non-joiner: pdftotext adds the first and drops the second.
INVISIBLE = re.compile("[\u200c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def _sheet(tmp_path: Path, language: str) -> bytes:
    actor = UserFactory.create()  # create() is typed as the User the services take
    match = match_start(actor=actor, game="seep", players=[{"name": name} for name in NAMES])
    deal_record(match_id=match.pk, actor=actor, payload=seep_deal())
    deal_record(match_id=match.pk, actor=actor, payload=seep_win("A", dealer="S2"))
    path = tmp_path / f"sheet-{language}.pdf"
    with translation.override(language):
        WRITERS["pdf"](scope_by_id("match", match.pk), path, Progress())
    return path.read_bytes()


def _text(data: bytes, tmp_path: Path) -> str:
    return INVISIBLE.sub("", pdf_text(data, tmp_path))


def _png(data: bytes, tmp_path: Path, name: str) -> Path:
    source = tmp_path / f"{name}.pdf"
    source.write_bytes(data)
    folder = ROOT / (os.environ.get("SCREENSHOT_DIR") or "var/screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    subprocess.run(["pdftoppm", "-png", "-r", "80", "-singlefile", str(source), str(folder / name)], check=True)
    return folder / f"{name}.png"


@needs_poppler
def test_the_names_of_every_script_are_on_the_sheet_in_seat_order(tmp_path: Path) -> None:
    data = _sheet(tmp_path, "en")
    text = _text(data, tmp_path)
    assert all(name in text for name in NAMES)  # the Persian letters as typed, not presentation forms
    assert [text.index(name) for name in NAMES] == sorted(text.index(name) for name in NAMES)
    players = next(line for line in text.splitlines() if "Õunapuu" in line)
    assert players.index("S1") < players.index("مریم رضایی") < players.index("S2 Mart Õunapuu (B), S3 Győző Szűcs (A)")
    png = _png(data, tmp_path, "score-sheet-names")
    assert png.read_bytes().startswith(b"\x89PNG")


@needs_poppler
def test_a_persian_sheet_is_in_persian_right_to_left(tmp_path: Path) -> None:
    data = _sheet(tmp_path, "fa")
    text = _text(data, tmp_path)
    assert "دستدهنده" in text and "این دور" in text  # the column titles Dealer and This deal
    assert "برتری" in text and "برابر" in text  # Lead, and "level" in it
    assert "مریم رضایی" in text and "Győző Szűcs" in text
    _png(data, tmp_path, "score-sheet-fa")


@needs_poppler
@pytest.mark.parametrize(("language", "words"), [("et", ["Jaotus", "Jagaja"]), ("hu", ["Leosztás", "Osztó"])])
def test_a_sheet_is_in_the_language_asked_for(tmp_path: Path, language: str, words: list[str]) -> None:
    text = _text(_sheet(tmp_path, language), tmp_path)
    assert all(word in text for word in words)


def _export(client: Any, season: Season, file_format: str, capture: Any, **headers: str) -> tuple[ExportJob, bytes]:
    with capture(execute=True):
        response = client.post(
            "/api/v1/exports/",
            {"scope": "league", "id": season.seep.pk, "format": file_format},
            format="json",
            headers=headers,
        )
    assert response.status_code == 202, response.json()
    job = ExportJob.objects.get(pk=response.json()["id"])
    download = client.get(client.get(response.json()["url"]).json()["download_url"])
    return job, b"".join(download.streaming_content)


def test_an_export_is_written_in_the_language_of_its_request(
    season: Season, django_capture_on_commit_callbacks: Any
) -> None:
    job, data = _export(
        client_for(season.member), season, "csv", django_capture_on_commit_callbacks, **{"Accept-Language": "hu"}
    )
    assert job.language == "hu"
    header = csv_rows(data)[0]
    assert header[:9] == [
        "játszma",
        "játék",
        "liga",
        "játszma_kezdete",
        "játszma_állapota",
        "leosztás",
        "leosztás_állapota",
        "változat",
        "rögzítve",
    ]
    assert "input.bid.value" in header  # the API's field paths stay as they are


def test_a_workbook_names_its_sheets_in_the_users_saved_language(
    season: Season, django_capture_on_commit_callbacks: Any
) -> None:
    client = client_for(season.member)
    client.patch("/api/v1/me/", {"language": "et"}, format="json")
    job, data = _export(client, season, "xlsx", django_capture_on_commit_callbacks, **{"Accept-Language": "fa"})
    sheets = xlsx_sheets(data)
    assert (job.language, list(sheets)) == ("et", ["Jaotused", "Liigatabel"])
    assert sheets["Liigatabel"][0][:3] == ["koht", "osaleja", "mängitud"]


def test_an_english_export_keeps_its_titles(season: Season, django_capture_on_commit_callbacks: Any) -> None:
    job, data = _export(client_for(season.member), season, "xlsx", django_capture_on_commit_callbacks)
    sheets = xlsx_sheets(data)
    assert (job.language, list(sheets), sheets["Deals"][0][0]) == ("en", ["Deals", "Standings"], "match")
