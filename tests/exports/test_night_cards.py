"""A club night's printed cards (issue 25): each player's score card, in their language, and a round's table cards,
a QR code each that opens the table's match page. PDFs read back with poppler (pdftotext, pdfimages)."""

from __future__ import annotations

import io
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
import segno
from django.test import override_settings
from django.utils import translation
from PIL import Image

from api.models import UserPreferences
from exports.models import ExportJob
from exports.services import export_request
from exports.writers.cards import QR_BORDER, QR_SCALE
from games.models import Player
from tests.exports.helpers import pdf_text
from tests.exports.nights import Night, make_night, needs_poppler, write
from tests.factories import UserFactory

pytestmark = [pytest.mark.django_db, needs_poppler]
# Direction marks and isolates: pdftotext adds some around right-to-left text.
INVISIBLE = re.compile("[\u200c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
KASRA = "\u0650"  # the ezafe's mark: pdftotext puts it apart from its letter


def _words(text: str) -> list[str]:
    """Persian as words: pdftotext lays right-to-left lines out in visual order, so lines are compared word by word."""
    return re.findall(r"\d+|[^\W\d_]+", INVISIBLE.sub("", text).replace(KASRA, ""))


def _said(lines: list[str], sentence: str) -> bool:
    """Every word of the sentence is in the text, as often as the sentence has it (a long line wraps, and the
    extraction orders right-to-left words visually)."""
    text = _words(" ".join(lines))
    wanted = _words(sentence)
    return all(text.count(word) >= wanted.count(word) for word in wanted)


@pytest.fixture
def night(monkeypatch: pytest.MonkeyPatch) -> Night:
    return make_night(monkeypatch)


def _lines(data: bytes, tmp_path: Path) -> list[str]:
    text = INVISIBLE.sub("", pdf_text(data, tmp_path))
    return [line.strip() for line in text.splitlines() if line.strip()]


def _card(night: Night, name: str, language: str, tmp_path: Path) -> list[str]:
    with translation.override(language):
        return _lines(write("entrant", night.entrant(name).pk, "pdf", tmp_path), tmp_path)


# Asha played both rounds: 8 with Bala against Emil and Dora, then 5 with Chen against Bala and Emil.
# pdftotext reads the table column by column.
ASHA_ROWS = ["1", "2", "1", "1", "Bala", "Chen", "Emil, Dora", "Bala, Emil"]
CARDS = {
    "en": (
        "Score card of Asha",
        ["Round", "Table", "Partners", "Opponents", "Score", "Total"],
        "Total: 13. Place 1 of 5.",
    ),
    "et": (
        "Mängija Asha tulemuskaart",
        ["Voor", "Laud", "Partnerid", "Vastased", "Punktid", "Kokku"],
        "Kokku: 13. Koht 1, osalejaid 5.",
    ),
    "fa": ("کارتِ امتیازِ Asha", ["مرحله", "میز", "یاران", "حریفان", "امتیاز", "مجموع"], "مجموع: 13. رتبه‌ی 1 از 5."),
    "hu": (
        "Asha eredménylapja",
        ["Forduló", "Asztal", "Partnerek", "Ellenfelek", "Pontszám", "Összesen"],
        "Összesen: 13. Helyezés: 1., összesen 5 résztvevő.",
    ),
}
ENGLISH_WORDS = ["Score", "card", "Round", "Table", "Partners", "Opponents", "Total", "Place", "Sat out"]


@pytest.mark.parametrize("language", ["en", "et", "fa", "hu"])
def test_a_players_score_card_lists_each_round_in_their_language(night: Night, language: str, tmp_path: Path) -> None:
    heading, titles, total = CARDS[language]
    lines = _card(night, "Asha", language, tmp_path)
    if language == "fa":
        assert _said(lines, heading) and _said(lines, total)
        assert all(_said(lines, title) for title in titles)
        assert all(_said(lines, row) for row in ASHA_ROWS)
    else:
        assert lines[0] == heading
        assert lines[1].startswith("Progressive euchre · ")
        assert all(title in lines for title in titles)
        assert total in lines
    if language != "fa":  # Persian lines come out in visual order: their words were checked above
        assert [line for line in lines if line in ASHA_ROWS or line in ("8", "5", "13")] == [
            *ASHA_ROWS[:2], *ASHA_ROWS[2:4], "Bala", "Chen", "Emil, Dora", "Bala, Emil", "8", "5", "8", "13",
        ]  # fmt: skip
    if language != "en":  # nothing of the English card is left, but the names and the game's own name
        said = " ".join(lines).replace("Progressive euchre", "").replace("Bid Euchre", "")
        assert [word for word in ENGLISH_WORDS if re.search(rf"\b{word}\b", said)] == []


def test_a_round_sat_out_shows_on_the_card_with_its_bye_score(night: Night, tmp_path: Path) -> None:
    lines = _card(night, "Chen", "en", tmp_path)
    # Round 1 on a bye (the round's average, 3.5), round 2 at table 1 with Asha against Bala and Emil: 5.
    assert lines[lines.index("Table") + 1 : lines.index("Table") + 3] == ["Sat out", "1"]
    assert lines[lines.index("Score") + 1 : lines.index("Score") + 3] == ["3.5", "5"]
    assert lines[lines.index("Total") + 1 : lines.index("Total") + 3] == ["3.5", "8.5"]
    assert "Total: 8.5. Place 3 of 5." in lines
    hungarian = _card(night, "Chen", "hu", tmp_path)
    assert "Kimaradt" in hungarian


def test_a_score_card_is_written_in_the_players_saved_language(
    night: Night, django_capture_on_commit_callbacks: Any
) -> None:
    account = UserFactory.create()
    Player.objects.filter(pk=night.entrant("Dora").player_id).update(user=account)
    UserPreferences.objects.create(user=account, language="fa")
    with translation.override("en"), django_capture_on_commit_callbacks(execute=True):
        dora = export_request(
            actor=night.director, scope="entrant", scope_id=night.entrant("Dora").pk, file_format="pdf"
        )
        emil = export_request(
            actor=night.director, scope="entrant", scope_id=night.entrant("Emil").pk, file_format="pdf"
        )
    assert (dora.language, emil.language) == ("fa", "en")
    assert ExportJob.objects.get(pk=dora.pk).status == "done"


def _images(data: bytes, tmp_path: Path) -> list[Image.Image]:
    source = tmp_path / "cards.pdf"
    source.write_bytes(data)
    subprocess.run(["pdfimages", "-png", str(source), str(tmp_path / "qr")], check=True)
    return [Image.open(path).convert("L") for path in sorted(tmp_path.glob("qr-*.png"))]


def _qr_image(url: str) -> Image.Image:
    out = io.BytesIO()
    segno.make_qr(url, error="m").save(out, kind="png", scale=QR_SCALE, border=QR_BORDER, dark="#000", light="#fff")
    return Image.open(io.BytesIO(out.getvalue())).convert("L")


@override_settings(SITE_URL="https://club.example")
def test_each_table_card_has_the_qr_code_of_its_match_page(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    night = make_night(monkeypatch, names=["Asha", "Bala", "Chen", "Dora", "Emil", "Fay", "Gus", "Hal", "Ivo"])
    played = night.round(1)
    tables = list(played.tables.order_by("number"))
    data = write("round", played.pk, "pdf", tmp_path)
    lines = _lines(data, tmp_path)
    urls = [f"https://club.example/table/matches/{table.match_id}/" for table in tables]
    assert [line for line in lines if line.startswith(("Table ", "https://"))] == [
        "Table 1",
        urls[0],
        "Table 2",
        urls[1],
    ]
    assert lines.count("Round 1 of Progressive euchre.") == 2
    assert lines.count("Scan the code with the table's phone to record this table's deals.") == 2
    seats = [line for line in lines if re.match(r"^S[1-4] ", line)]
    expected = [
        f"{seat.seat} {seat.player.name} ({seat.team})"
        for table in tables
        for seat in table.match.seats.order_by("position")
    ]
    assert seats == expected
    images = _images(data, tmp_path)
    assert len(images) == 2
    for image, url in zip(images, urls, strict=True):
        assert image.size == _qr_image(url).size
        assert image.tobytes() == _qr_image(url).tobytes()  # the very code of the table's page


def test_table_cards_in_persian_say_each_table_with_its_number(night: Night, tmp_path: Path) -> None:
    with translation.override("fa"):
        lines = _lines(write("round", night.round(2).pk, "pdf", tmp_path), tmp_path)
    assert _said(lines, "میزِ 1")
    assert _said(lines, "Progressive euchre، مرحله‌ی 2.")
    assert _said(lines, "کد را با تلفنِ میز اسکن کنید تا دورهای این میز ثبت شوند.")
    assert not re.search("Table|Round|Scan", " ".join(lines))
