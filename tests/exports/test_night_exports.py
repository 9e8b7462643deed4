"""A club night's results out (issue 25): its standings and rounds in CSV, XLSX and PDF, and in the interchange file,
which imports back into an empty database and exports again equal."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
from rest_framework.test import APIClient

from exports.importer import check_shape, club_import
from games.errors import ImportRefused
from games.models import Membership
from nights.models import Event
from nights.selectors import event_standings
from nights.services import round_start
from tests.api.helpers import assert_error
from tests.exports.helpers import csv_rows, pdf_text, xlsx_sheets
from tests.exports.nights import Night, export_json, make_night, renumbered, write
from tests.exports.roundtrip import empty_the_database
from tests.factories import UserFactory
from tests.support.auth import client_for

pytestmark = pytest.mark.django_db

STANDINGS: list[list[Any]] = [
    ["rank", "player", "total", "played", "byes", "round 1", "round 2"],
    [1, "Asha", 13, 2, 0, 8, 5],
    [2, "Bala", 9, 2, 0, 8, 1],
    [3, "Chen", 8.5, 1, 1, 3.5, 5],
    [4, "Dora", 2, 1, 1, -1, 3],
    [5, "Emil", 0, 2, 0, -1, 1],
]


@pytest.fixture
def night(monkeypatch: pytest.MonkeyPatch) -> Night:
    return make_night(monkeypatch)


def test_the_csv_is_the_standings_with_a_column_per_round(night: Night, tmp_path: Path) -> None:
    rows = csv_rows(write("event", night.event.pk, "csv", tmp_path))
    assert rows == [[str(cell) for cell in row] for row in STANDINGS]


def test_the_csv_standings_are_the_apis(night: Night) -> None:
    assert [(row.rank, row.name, row.total) for row in event_standings(night.event)] == [
        (row[0], row[1], row[2]) for row in STANDINGS[1:]
    ]


def test_the_workbook_has_the_standings_the_rounds_with_their_byes_and_every_deal(night: Night, tmp_path: Path) -> None:
    sheets = xlsx_sheets(write("event", night.event.pk, "xlsx", tmp_path))
    assert list(sheets) == ["Standings", "Rounds", "Deals"]
    assert sheets["Standings"] == STANDINGS
    first, second = (night.round(n).tables.get().match_id for n in (1, 2))
    assert sheets["Rounds"] == [
        ["round", "round_status", "table", "match", "match_status", "side", "players", "score"],
        [1, "closed", 1, first, "in_progress", "A", "Asha & Bala", 8],
        [1, "closed", 1, first, "in_progress", "B", "Emil & Dora", -1],
        [1, "closed", "", "", "", "bye", "Chen", 3.5],
        [2, "closed", 1, second, "in_progress", "A", "Chen & Asha", 5],
        [2, "closed", 1, second, "in_progress", "B", "Bala & Emil", 1],
        [2, "closed", "", "", "", "bye", "Dora", 3],
    ]
    deals = sheets["Deals"]
    assert deals[0][:13] == [
        "match", "game", "league", "match_started", "match_status", "deal", "deal_status", "revision",
        "recorded_at", "S1", "S2", "S3", "S4",
    ]  # fmt: skip
    assert [(row[0], row[5], row[9:13]) for row in deals[1:]] == [
        (first, 1, ["Asha (A)", "Emil (B)", "Bala (A)", "Dora (B)"]),
        (first, 2, ["Asha (A)", "Emil (B)", "Bala (A)", "Dora (B)"]),
        (second, 1, ["Chen (A)", "Bala (B)", "Asha (A)", "Emil (B)"]),
    ]


def test_the_workbook_is_in_the_language_of_theexport_json(night: Night, tmp_path: Path) -> None:
    from django.utils import translation

    with translation.override("hu"):
        sheets = xlsx_sheets(write("event", night.event.pk, "xlsx", tmp_path))
    assert list(sheets) == ["Tabella", "Fordulók", "Leosztások"]
    assert sheets["Tabella"][0] == [
        "helyezés",
        "játékos",
        "összesen",
        "lejátszott",
        "kimaradt",
        "1. forduló",
        "2. forduló",
    ]
    assert sheets["Fordulók"][0][:3] == ["forduló", "forduló_állapota", "asztal"]


def test_the_pdf_has_the_standings_and_each_rounds_tables(night: Night, tmp_path: Path) -> None:
    text = pdf_text(write("event", night.event.pk, "pdf", tmp_path), tmp_path)
    lines = [line for line in text.splitlines() if line.strip()]
    assert lines[0].startswith("Results of Progressive euchre · Bid Euchre · ")
    assert lines[1] == "Standings"
    # pdftotext reads a table column by column
    assert lines[lines.index("player") + 1 : lines.index("player") + 6] == ["Asha", "Bala", "Chen", "Dora", "Emil"]
    assert lines[lines.index("total") + 1 : lines.index("total") + 6] == ["13", "9", "8.5", "2", "0"]
    first = lines.index("Round 1")
    assert lines[first : first + 12] == [
        "Round 1", "Table", "1", "1", "Sat out", "Players", "Asha & Bala", "Emil & Dora", "Chen", "Score", "8", "-1",
    ]  # fmt: skip


def test_the_interchange_file_holds_the_night(night: Night, tmp_path: Path) -> None:
    document = export_json("event", night.event.pk, tmp_path)
    check_shape(document)
    assert document["scope"] == {"kind": "event", "id": night.event.pk}
    assert [player["name"] for player in document["players"]] == ["Asha", "Bala", "Chen", "Dora", "Emil"]
    (event,) = renumbered(document)["events"]
    assert {key: event[key] for key in ("name", "game", "format", "rounds_planned", "round_length", "status")} == {
        "name": "Progressive euchre",
        "game": "bid_euchre",
        "format": "progressive",
        "rounds_planned": 2,
        "round_length": "deals",
        "status": "finished",
    }
    assert event["format_settings"]["bye_score"] == "average"
    assert [(e["id"], e["player"], e["joined_from_round"], e["left_after_round"]) for e in event["entrants"]] == [
        (0, 0, 1, None),
        (1, 1, 1, None),
        (2, 2, 1, None),
        (3, 3, 1, None),
        (4, 4, 1, None),
    ]
    assert [
        (r["number"], r["seed"], r["status"], r["close_reason"], r["tables"], r["byes"]) for r in event["rounds"]
    ] == [
        (1, 11, "closed", "", [{"number": 1, "match": 0, "first_dealer": "S2", "director_score": None}], [2]),
        (
            2,
            22,
            "closed",
            "Time is up.",
            [{"number": 1, "match": 1, "first_dealer": "S2", "director_score": None}],
            [3],
        ),
    ]
    assert [(m["club_match"], m["deals_limit"], m["closed_at"] is not None) for m in document["matches"]] == [
        (True, 2, True),
        (True, 2, True),
    ]
    assert [entry["action"] for entry in document["audit"]][:3] == [
        "night.created",
        "night.checked_in",
        "night.checked_in",
    ]


@pytest.mark.parametrize("kind", ["event", "club"])
def test_a_night_exported_imports_back_and_exports_again_equal(night: Night, tmp_path: Path, kind: str) -> None:
    scope_id = night.event.pk if kind == "event" else night.club.pk
    exported = export_json(kind, scope_id, tmp_path)
    standings = [(row.rank, row.name, row.total, row.rounds) for row in event_standings(night.event)]
    Event.objects.all().delete()
    empty_the_database()
    summary = club_import(actor=UserFactory.create(), document=exported)
    imported = Event.objects.get()
    again = export_json(kind, imported.pk if kind == "event" else int(summary.club or 0), tmp_path)
    if kind == "club":  # the import's own entry, and the matches' importer as their creator
        again["audit"] = [entry for entry in again["audit"] if entry["action"] != "club.imported"]
    assert renumbered(again) == renumbered(exported)
    assert [(r.rank, r.name, r.total, r.rounds) for r in event_standings(imported)] == standings


def _refused(document: dict[str, Any]) -> ImportRefused:
    with pytest.raises(ImportRefused) as refused:
        club_import(actor=UserFactory.create(), document=document)
    return refused.value


def test_a_night_whose_table_names_a_match_not_in_the_file_is_refused(night: Night, tmp_path: Path) -> None:
    document = export_json("event", night.event.pk, tmp_path)
    document["events"][0]["rounds"][1]["tables"][0]["match"] = 999999
    refused = _refused(document)
    assert (refused.code, refused.field) == ("import_invalid", "events[0].rounds[1].tables[0].match")
    assert str(refused.detail) == "events[0].rounds[1].tables[0].match: there is no match 999999 in the file."
    assert not Event.objects.exclude(pk=night.event.pk).exists()


def test_a_night_whose_bye_names_no_entrant_or_whose_rounds_skip_is_refused(night: Night, tmp_path: Path) -> None:
    document = export_json("event", night.event.pk, tmp_path)
    broken = copy.deepcopy(document)
    broken["events"][0]["rounds"][0]["byes"] = [424242]
    assert _refused(broken).field == "events[0].rounds[0].byes[0]"
    broken = copy.deepcopy(document)
    broken["events"][0]["rounds"][1]["number"] = 3
    assert _refused(broken).field == "events[0].rounds[1].number"
    broken = copy.deepcopy(document)
    broken["events"][0]["rounds"][1]["tables"][0]["match"] = broken["events"][0]["rounds"][0]["tables"][0]["match"]
    assert (
        str(_refused(broken).detail) == "events[0].rounds[1].tables[0].match: a match is the match of one table only."
    )
    broken = copy.deepcopy(document)
    broken["events"][0]["entrants"].pop(0)  # Asha, seated at both tables
    assert str(_refused(broken).detail) == (
        "events[0].rounds[0].tables[0].match: everyone seated at a table is an entrant of the night."
    )
    broken = copy.deepcopy(document)
    broken["events"][0]["settings"]["target_score"] = 0
    assert _refused(broken).field == "events[0].settings"
    broken = copy.deepcopy(document)
    broken["events"][0]["format"] = "knockout"
    assert _refused(broken).field == "events[0].format"
    broken = copy.deepcopy(document)
    broken["events"][0]["format"] = "swiss"  # a format of the file, but not with a progressive night's settings
    assert _refused(broken).field == "events[0].settings"
    assert Event.objects.count() == 1


def test_a_file_without_events_still_imports(night: Night, tmp_path: Path) -> None:
    document = export_json("event", night.event.pk, tmp_path)
    del document["events"]
    for match in document["matches"]:
        for key in ("club_match", "first_dealer", "deals_limit", "closed_at"):
            del match[key]
    summary = club_import(actor=UserFactory.create(), document=document)
    assert (summary.matches, Event.objects.count()) == (2, 1)


# --- through the API: the scopes, who may ask, what is refused ------------------------------------------------------


def _ask(client: APIClient, scope: str, scope_id: int, file_format: str) -> Any:
    return client.post("/api/v1/exports/", {"scope": scope, "id": scope_id, "format": file_format}, format="json")


def test_a_member_exports_the_night_and_downloads_its_standings(night: Night) -> None:
    member = UserFactory.create()
    Membership.objects.create(club=night.club, user=member, role=Membership.Role.MEMBER)
    client = client_for(member)
    answer = _ask(client, "event", night.event.pk, "csv")
    assert answer.status_code == 202, answer.json()
    job = client.get(answer.json()["url"]).json()
    assert (job["status"], job["scope"], job["scope_id"]) == ("done", "event", night.event.pk)
    download = client.get(job["download_url"])
    body = b"".join(download.streaming_content)  # type: ignore[attr-defined]  # a FileResponse
    assert csv_rows(body) == [[str(cell) for cell in row] for row in STANDINGS]


def test_an_outsider_cannot_export_a_night_a_card_or_table_cards(night: Night) -> None:
    outsider = client_for(UserFactory.create())
    assert_error(_ask(outsider, "event", night.event.pk, "csv"), 404, "not_found")
    assert_error(_ask(outsider, "entrant", night.entrant("Asha").pk, "pdf"), 404, "not_found")
    assert_error(_ask(outsider, "round", night.round(1).pk, "pdf"), 404, "not_found")
    assert_error(_ask(client_for(night.director), "event", 999999, "csv"), 404, "not_found")


@pytest.mark.parametrize("scope", ["entrant", "round"])
@pytest.mark.parametrize("file_format", ["csv", "xlsx", "json"])
def test_a_score_card_or_table_cards_are_pdf_only(night: Night, scope: str, file_format: str) -> None:
    scope_id = night.entrant("Asha").pk if scope == "entrant" else night.round(1).pk
    answer = _ask(client_for(night.director), scope, scope_id, file_format)
    assert_error(answer, 400, "invalid", field="format")
    assert answer.json()["detail"] == "A score card and the table cards of a round are printed as PDF only."


def test_a_night_exported_before_its_last_rounds_first_deal_imports_back(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A table's match with no deal yet names its drawn first dealer as the next (games.services.match_start)."""
    night = make_night(monkeypatch)
    Event.objects.filter(pk=night.event.pk).update(rounds_planned=3, status=Event.Status.OPEN)
    monkeypatch.setattr("nights.services.secrets.randbits", lambda bits: 33)
    round_start(actor=night.director, event_id=night.event.pk)
    exported = export_json("event", night.event.pk, tmp_path)
    assert exported["matches"][2]["state"]["next_dealer"] == exported["matches"][2]["first_dealer"] != ""
    Event.objects.all().delete()
    empty_the_database()
    club_import(actor=UserFactory.create(), document=exported)
    assert renumbered(export_json("event", Event.objects.get().pk, tmp_path)) == renumbered(exported)
