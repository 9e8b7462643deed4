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
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.utils import translation

from exports.models import ExportJob
from exports.selectors import scope_by_id
from exports.writers import WRITERS
from exports.writers.common import Progress
from exports.writers.pdf import _contract_sentences
from games.i18n.translation import localize
from games.services.deals import deal_record
from games.services.matches import match_start
from tests.deals import euchre_partners_best, fifty_six_made, rummy_deal, seep_deal, seep_win
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


# -- the sheets of every game read back in each language (issue 26) ----------------------------------------------
def _fifty_six_deals() -> list[dict[str, Any]]:
    """Made, doubled and gone down, and a no-trumps bid: the Call column says each in its sentences."""
    down = [
        {"seat": "S3", "call": "bid", "points": 40, "trump": "no_trumps"},
        {"seat": "S4", "call": "double"},
        *({"seat": seat, "call": "pass"} for seat in ("S1", "S2", "S3")),
    ]
    spades = [{"seat": "S4", "call": "bid", "points": 30, "trump": "spades"}]
    spades += [{"seat": seat, "call": "pass"} for seat in ("S1", "S2", "S3")]
    return [
        fifty_six_made("S1", 32),
        {"dealer": "S2", "auction": down, "bidding_team_card_points": 20},
        {"dealer": "S3", "auction": spades, "bidding_team_card_points": 31},
    ]


def _euchre_deals() -> list[dict[str, Any]]:
    """A bid of tricks made, partner's best, and a shoot the moon gone down."""
    three = [{"seat": "S2", "call": "bid", "tricks": 3}, *({"seat": s, "call": "pass"} for s in ("S3", "S4", "S1"))]
    moon = [{"seat": "S4", "call": "shoot_the_moon"}, *({"seat": s, "call": "pass"} for s in ("S1", "S2", "S3"))]
    return [
        {"dealer": "S1", "auction": three, "trump": "clubs", "tricks_won": {"A": 2, "B": 4}},
        {**euchre_partners_best("A"), "dealer": "S2", "auction": _partners_best_after("S2")},
        {"dealer": "S3", "auction": moon, "trump": "diamonds", "tricks_won": {"A": 1, "B": 5}},
    ]


def _partners_best_after(dealer: str) -> list[dict[str, Any]]:
    order = [SEATS[(SEATS.index(dealer) + step) % 4] for step in range(1, 5)]
    return [
        {"seat": order[0], "call": "bid", "tricks": 3},
        {"seat": order[1], "call": "pass"},
        {"seat": order[2], "call": "partners_best"},
        {"seat": order[3], "call": "pass"},
    ]


SEATS = ["S1", "S2", "S3", "S4"]
GAME_DEALS: dict[str, Callable[[], list[dict[str, Any]]]] = {
    "fifty_six": _fifty_six_deals,
    "bid_euchre": _euchre_deals,
    "seep": lambda: [seep_deal(), seep_win("A", dealer="S2")],
    "contract_rummy": lambda: [rummy_deal({"S1": 0, "S2": 35, "S3": 12, "S4": 60})],
}
# Words a translated sheet keeps from its English: the players' names, the games' names (the glossaries keep them),
# and "partner", a Hungarian word too ("partner legjobbja", partner's best).
SHEET_KEPT = {"seep", "bid", "euchre", "contract", "rummy", "mart", "győző", "szűcs", "ülle", "kask", "õunapuu"}
SHEET_KEPT_IN = {"hu": {"partner"}}
LATIN_WORD = re.compile(r"[A-Za-z\u00c0-\u024f]{3,}")


def _game_sheet(tmp_path: Path, game: str, language: str) -> tuple[str, list[Any]]:
    """The sheet of one match of ``game`` in ``language``, read back, and the match's deals."""
    actor = UserFactory.create()
    match = match_start(actor=actor, game=game, players=[{"name": name} for name in NAMES])
    for payload in GAME_DEALS[game]():
        deal_record(match_id=match.pk, actor=actor, payload=payload)
    path = tmp_path / f"{game}-{language}.pdf"
    with translation.override(language):
        WRITERS["pdf"](scope_by_id("match", match.pk), path, Progress())
    return _text(path.read_bytes(), tmp_path), list(match.deals.order_by("number"))


def _flat(text: str) -> str:
    return " ".join(text.split())


def _on_sheet(sentence: str, text: str, language: str) -> bool:
    """Whether the sheet's text has ``sentence``: whole in et and hu; in Persian word by word, as pdftotext gives a
    right-to-left line with its seat codes and numbers moved, a kasra apart and the lam-alef ligature as "ال"."""
    if language != "fa":
        return _flat(sentence) in _flat(text)
    words, wanted = set(PERSIAN_WORD.findall(_persian(text))), PERSIAN_WORD.findall(_persian(sentence))
    return bool(wanted) and all(word in words for word in wanted)


PERSIAN_WORD = re.compile("[\u0621-\u064a\u067e\u0686\u0698\u06a9\u06af\u06cc#]+")


def _persian(text: str) -> str:
    return text.replace("\u0650", "").replace("\u0644\u0627", "#").replace("\u0627\u0644", "#")


@needs_poppler
@pytest.mark.parametrize("game", list(GAME_DEALS))
@pytest.mark.parametrize("language", ["et", "fa", "hu"])
def test_a_games_sheet_reads_back_in_the_language_with_no_english_word(
    tmp_path: Path, game: str, language: str
) -> None:
    english, _deals = _game_sheet(tmp_path, game, "en")
    text, deals = _game_sheet(tmp_path, game, language)
    english_words = (
        {word.lower() for word in LATIN_WORD.findall(english)} - SHEET_KEPT - SHEET_KEPT_IN.get(language, set())
    )
    left = sorted(word for word in {w.lower() for w in LATIN_WORD.findall(text)} & english_words)
    assert left == [], f"English words on the {language} sheet of {game}"
    with translation.override(language):
        said = [
            INVISIBLE.sub("", str(localize(sentence)))
            for deal in deals
            if isinstance(deal.result.get("contract"), dict)
            for sentence in _contract_sentences(deal.result["contract"], deal.result.get("made"))
        ]
    missing = [sentence for sentence in said if not _on_sheet(sentence, text, language)]
    assert missing == [], f"Call column sentences missing from the {language} sheet of {game}"
    if game in ("fifty_six", "bid_euchre"):
        assert len(said) >= 6
