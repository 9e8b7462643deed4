"""The interchange round trip, and imports that are refused with the path of the first problem, changing nothing."""

from __future__ import annotations

import contextlib
import copy
import json
from datetime import timedelta
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.test import override_settings
from django.utils import timezone

from exports import imports, views
from exports.importer import club_import
from exports.models import ImportJob
from exports.selectors import scope_by_id
from exports.writers import WRITERS
from exports.writers.common import Progress
from games.errors import ImportRefused
from games.models import AuditEntry, Club, Deal, Match, Membership, Player
from tests.api.helpers import assert_error
from tests.exports.roundtrip import club_picture, empty_the_database
from tests.factories import UserFactory
from tests.support.auth import client_for
from tests.support.seasons import Season, make_season

pytestmark = pytest.mark.django_db


def club_document(season: Season, tmp_path: Path) -> dict[str, Any]:
    path = tmp_path / "club.json"
    WRITERS["json"](scope_by_id("club", season.club.pk), path, Progress())
    body: dict[str, Any] = json.loads(path.read_text())
    return body


def counts() -> tuple[int, ...]:
    return tuple(model.objects.count() for model in (Club, Player, Match, Deal, AuditEntry, Membership))


def test_a_club_exported_and_imported_into_an_empty_database_is_the_same_club(season: Season, tmp_path: Path) -> None:
    before = club_picture()
    document = club_document(season, tmp_path)
    empty_the_database()
    importer = UserFactory.create()
    summary = club_import(actor=importer, document=document)
    assert summary.club is not None
    assert (summary.players, summary.leagues, summary.matches, summary.deals) == (12, 2, 3, 9)
    assert club_picture() == before
    assert Membership.objects.get(club_id=summary.club).user == importer
    assert AuditEntry.objects.filter(action="club.imported", club_id=summary.club).count() == 1


def absent_id(items: list[dict[str, Any]]) -> int:
    """An id that none of the file's items has (a fixed one like 999 is a real id late in a long run on PostgreSQL,
    whose sequences the test transactions do not rewind)."""
    value: int = max(item["id"] for item in items) + 1
    return value


def path_of(error: pytest.ExceptionInfo[ImportRefused]) -> str | None:
    return error.value.field


@pytest.mark.parametrize(
    ("damage", "path"),
    [
        (lambda d: d.update(version=2), "version"),
        (lambda d: d["players"][3].update(name=""), "players[3].name"),
        (lambda d: d["matches"][1]["deals"][2].pop("input"), "matches[1].deals[2]"),
        (lambda d: d["matches"][0]["deals"][1]["result"].update(next_dealer="S1"), "matches[0].deals[1].result"),
        (lambda d: d["matches"][0]["deals"][0]["input"]["bid"].update(value=8), "matches[0].deals[0].input.bid.value"),
        (lambda d: d["matches"][0]["settings"].update(baazi_lead=30), "matches[0].deals[0].result"),
        (lambda d: d["matches"][0]["settings"].pop("baazi_lead"), "matches[0].settings"),
        (lambda d: d["matches"][2]["seats"][1].update(player=absent_id(d["players"])), "matches[2].seats[1].player"),
        (lambda d: d["matches"][2].update(league=absent_id(d["leagues"])), "matches[2].league"),
        (lambda d: d["matches"][1].update(deals_count=4), "matches[1].deals_count"),
        (lambda d: d["matches"][1]["deals"][1].update(status="recorded"), "matches[1].deals[1].state_after"),
    ],
)
def test_a_damaged_file_is_refused_at_its_first_problem_and_nothing_changes(
    season: Season, tmp_path: Path, damage: Any, path: str
) -> None:
    document = copy.deepcopy(club_document(season, tmp_path))
    damage(document)
    before = counts()
    with pytest.raises(ImportRefused) as refused:
        club_import(actor=UserFactory.create(), document=document)
    assert (refused.value.code, path_of(refused)) == ("import_invalid", path)
    assert counts()[:5] == before[:5]


def test_the_api_imports_a_file_into_a_new_club_of_which_the_caller_is_admin(season: Season, tmp_path: Path) -> None:
    data = json.dumps(club_document(season, tmp_path)).encode()
    client = client_for(season.outsider)
    response = client.post("/api/v1/imports/", {"file": SimpleUploadedFile("club.json", data)}, format="multipart")
    assert response.status_code == 201, response.json()
    body = response.json()
    assert {k: body[k] for k in ("players", "leagues", "matches", "deals")} == {
        "players": 12,
        "leagues": 2,
        "matches": 3,
        "deals": 9,
    }
    assert client.get(f"/api/v1/clubs/{body['club']}/").json()["name"] == "Tuesday Club"


def test_the_api_refuses_a_file_that_is_not_json_in_the_error_shape(season: Season) -> None:
    response = client_for(season.member).post(
        "/api/v1/imports/", {"file": SimpleUploadedFile("club.json", b"{not json")}, format="multipart"
    )
    assert_error(response, 400, "import_invalid", "file")


def test_the_commands_export_and_import_a_club_with_a_progress_bar(season: Season, tmp_path: Path) -> None:
    path = tmp_path / "club.json"
    out, err = StringIO(), StringIO()
    call_command("export_club", season.club.pk, "--output", str(path), stdout=out, stderr=err)
    assert out.getvalue().startswith(f"Wrote {path} (")
    assert "Exporting club Tuesday Club" in err.getvalue()
    out, err = StringIO(), StringIO()
    call_command("import_club", str(path), "--admin", season.member.username, stdout=out, stderr=err)
    assert "Importing matches" in err.getvalue()
    new_club = Club.objects.order_by("-pk").first()
    assert new_club is not None
    assert out.getvalue() == f"Imported club {new_club.pk}: 12 players, 2 leagues, 3 matches, 9 deals.\n"
    path.write_text('{"format": "scorekeeper.interchange"}')
    with pytest.raises(CommandError, match="Refused, nothing imported: The file does not follow"):
        call_command("import_club", str(path), stdout=StringIO(), stderr=StringIO())


DEEP = '"__deep__"'  # a marker replaced by nesting the JSON encoder could not write


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def set_client_ids(document: dict[str, Any], *ids: str) -> None:
    for deal, client_id in zip(document["matches"][0]["deals"], ids, strict=False):
        deal["client_deal_id"] = client_id


SAME_ID = "1b4e28ba-2fa1-11d2-883f-0016d3cca427"

# Each of these answered 500 (on PostgreSQL) before: the database or the decoder refused what the importer let by.
HOSTILE_FILES = {
    "bad created_at": (lambda d: d["players"][0].update(created_at="yesterday at noon"), "players[0].created_at"),
    "created_at without offset": (
        lambda d: d["players"][1].update(created_at="2026-01-05T10:00:00"),
        "players[1].created_at",
    ),
    "impossible starts_on": (lambda d: d["leagues"][0].update(starts_on="2024-13-45"), "leagues[0].starts_on"),
    "ends_on before starts_on": (
        lambda d: d["leagues"][1].update(starts_on="2026-03-01", ends_on="2026-02-01"),
        "leagues[1].ends_on",
    ),
    "version 2**40": (lambda d: d["matches"][0].update(version=2**40), "matches[0].version"),
    "audit deal_number 2**40": (
        lambda d: d["matches"][0]["audit"][1].update(deal_number=2**40),
        "matches[0].audit[1].deal_number",
    ),
    "duplicated client_deal_id": (
        lambda d: set_client_ids(d, SAME_ID, SAME_ID.upper()),
        "matches[0].deals[1].client_deal_id",
    ),
    "NUL in a name": (lambda d: d["players"][2].update(name="Ra\x00vi"), "players[2].name"),
    "NUL in a reason": (
        lambda d: d["matches"][0]["deals"][0]["revisions"][1].update(reason="mis\x00counted"),
        "matches[0].deals[0].revisions[1].reason",
    ),
    "NUL in an audit value": (
        lambda d: d["audit"][0].update(after={"name": ["Winter", "\x00"]}),
        "audit[0].after.name[1]",
    ),
    "NUL in an audit key": (lambda d: d["audit"][0].update(after={"na\x00me": 1}), "audit[0].after"),
    "lone surrogate in a name": (lambda d: d["players"][0].update(name="\ud800"), "players[0].name"),
    "lone surrogate as a key": (
        lambda d: d["matches"][1]["audit"][0].update(before={"\udc00": 1}),
        "matches[1].audit[0].before",
    ),
    "infinite number": (lambda d: d["audit"][1].update(after={"points": "__inf__"}), "audit[1].after.points"),
    "nesting 100,000 deep": (lambda d: d["matches"][0].update(state="__deep__100000"), "matches[0].state" + "[0]" * 61),
    "nesting 5,000 deep in audit.after": (
        lambda d: d["audit"][0].update(after="__deep__5000"),
        "audit[0].after" + "[0]" * 61,
    ),
    # The streaming parser stops at the surrogate, so the depth behind it is found by the decoder: no path then.
    "a lone surrogate, then 5,000 deep": (
        lambda d: d["audit"][0].update(before={"\udc00": 1}, after="__deep__5000"),
        "file",
    ),
}


def hostile_bytes(document: dict[str, Any]) -> bytes:
    text = json.dumps(document)  # escapes NUL and surrogates as \u0000, \ud800
    text = text.replace('"__inf__"', "1e999")
    for depth in (100_000, 5_000):
        text = text.replace(f'"__deep__{depth}"', nested(depth))
    return text.encode()


@pytest.mark.parametrize(("damage", "path"), HOSTILE_FILES.values(), ids=HOSTILE_FILES.keys())
def test_a_hostile_file_is_refused_at_its_path_through_the_api_and_nothing_is_written(
    season: Season, tmp_path: Path, damage: Any, path: str
) -> None:
    document = copy.deepcopy(club_document(season, tmp_path))
    damage(document)
    before = counts()
    response = client_for(season.outsider).post(
        "/api/v1/imports/", {"file": SimpleUploadedFile("club.json", hostile_bytes(document))}, format="multipart"
    )
    assert_error(response, 400, "import_invalid", path)
    assert counts() == before


def post_file(user: Any, data: bytes, on_commit: Any = None) -> Any:
    """POST the file; with ``on_commit`` (django_capture_on_commit_callbacks) the job it queued runs too."""
    with on_commit(execute=True) if on_commit else contextlib.nullcontext():
        return client_for(user).post(
            "/api/v1/imports/", {"file": SimpleUploadedFile("club.json", data)}, format="multipart"
        )


@override_settings(IMPORT_ASYNC_BYTES=1000)
def test_a_large_file_is_imported_by_a_job_whose_progress_and_summary_its_sender_polls(
    season: Season, tmp_path: Path, django_capture_on_commit_callbacks: Any
) -> None:
    data = json.dumps(club_document(season, tmp_path)).encode()
    response = post_file(season.outsider, data, django_capture_on_commit_callbacks)
    assert response.status_code == 202, response.json()
    body = response.json()
    job = ImportJob.objects.get()
    assert response["Location"] == body["url"] == f"http://testserver/api/v1/imports/{job.pk}/"
    assert {k: body[k] for k in ("id", "status", "progress", "size", "summary", "error")} == {
        "id": job.pk,
        "status": "queued",
        "progress": 0,
        "size": len(data),
        "summary": None,
        "error": None,
    }
    polled = client_for(season.outsider).get(body["url"]).json()  # tasks run in-process here: already done
    club = Club.objects.order_by("-pk").first()
    assert club is not None
    assert {k: polled[k] for k in ("status", "progress", "summary", "error")} == {
        "status": "done",
        "progress": 100,
        "error": None,
        "summary": {"club": club.pk, "players": 12, "leagues": 2, "matches": 3, "deals": 9, "events": 0},
    }
    assert Membership.objects.get(club=club).user == season.outsider
    job.refresh_from_db()
    assert job.file.name == "" and job.attempts == 1  # the stored file is gone once loaded
    assert client_for(season.member).get(body["url"]).status_code == 404  # only its sender sees the job


@override_settings(IMPORT_ASYNC_BYTES=1000)
def test_a_large_hostile_file_ends_its_job_refused_at_the_path_and_nothing_is_written(
    season: Season, tmp_path: Path, django_capture_on_commit_callbacks: Any
) -> None:
    document = club_document(season, tmp_path)
    document["matches"][0]["deals"][0]["revisions"][1]["reason"] = "mis\x00counted"
    before = counts()
    response = post_file(season.outsider, json.dumps(document).encode(), django_capture_on_commit_callbacks)
    assert response.status_code == 202
    polled = client_for(season.outsider).get(response.json()["url"]).json()
    assert (polled["status"], polled["summary"]) == ("failed", None)
    assert polled["error"] == {
        "code": "import_invalid",
        "field": "matches[0].deals[0].revisions[1].reason",
        "detail": "The text holds a NUL character, which cannot be stored.",
    }
    assert counts() == before
    assert ImportJob.objects.get().file.name == ""


@override_settings(IMPORT_MAX_BYTES=2000)
def test_a_file_over_the_import_limit_is_refused_before_it_is_read(season: Season, tmp_path: Path) -> None:
    response = post_file(season.outsider, json.dumps(club_document(season, tmp_path)).encode())
    assert_error(response, 413, "request_too_large", None)
    assert ImportJob.objects.count() == 0


@pytest.mark.postgres
@override_settings(IMPORT_STATEMENT_TIMEOUT_MS=123_456)
def test_an_import_job_sets_its_own_statement_timeout_over_the_connections_one(
    season: Season, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    seen: list[str] = []

    def show_timeout(**kwargs: Any) -> Any:
        seen.append(statement_timeout())
        return real_import(**kwargs)

    real_import = club_import  # the function exports.imports calls (imported there from exports.importer)
    monkeypatch.setattr(imports, "club_import", show_timeout)
    assert statement_timeout() == f"{settings.DATABASE_STATEMENT_TIMEOUT_MS // 1000}s"  # every connection's
    with override_settings(IMPORT_ASYNC_BYTES=1000):
        post_file(
            season.outsider, json.dumps(club_document(season, tmp_path)).encode(), django_capture_on_commit_callbacks
        )
    assert seen == ["123456ms"]  # (SET LOCAL ends with the job's transaction, here inside the test's own)


def statement_timeout() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SHOW statement_timeout")
        value: str = cursor.fetchone()[0]
        return value


def test_a_refusal_quotes_no_more_than_a_few_hundred_characters_of_the_value(season: Season, tmp_path: Path) -> None:
    document = club_document(season, tmp_path)
    document["players"][0]["name"] = "A" * 200_000
    body = assert_error(
        post_file(season.outsider, json.dumps(document).encode()), 400, "import_invalid", "players[0].name"
    )
    assert body["detail"].startswith('The file does not follow the interchange format: "AAA')
    assert len(body["detail"]) == len("The file does not follow the interchange format: ") + 300 + 1


def test_a_name_that_merely_spells_a_nul_escape_is_imported(season: Season, tmp_path: Path) -> None:
    document = club_document(season, tmp_path)
    document["players"][2]["name"] = "Ravi \\u0000"  # a backslash typed before u0000: text, no NUL
    response = post_file(season.outsider, json.dumps(document).encode())
    assert response.status_code == 201, response.json()
    assert Player.objects.filter(name="Ravi \\u0000").count() == 1


@pytest.mark.django_db(transaction=True)
@override_settings(IMPORT_ASYNC_BYTES=1000)
def test_with_the_queue_down_a_large_import_answers_503_and_its_job_ends_failed(
    broker_down: None, tmp_path: Path
) -> None:
    season = make_season()
    before = counts()
    response = post_file(season.outsider, json.dumps(club_document(season, tmp_path)).encode())
    assert_error(response, 503, "queue_unavailable", None)
    job = ImportJob.objects.get()
    assert job.error is not None
    assert (job.status, job.error["code"], job.file.name) == ("failed", "queue_unavailable", "")
    assert counts()[:5] == before[:5]


@override_settings(IMPORT_ASYNC_BYTES=1000)
def test_an_import_job_the_queue_lost_is_queued_again_when_read_and_loads_once(season: Season, tmp_path: Path) -> None:
    response = post_file(season.outsider, json.dumps(club_document(season, tmp_path)).encode())  # never run
    job = ImportJob.objects.get()
    ImportJob.objects.filter(pk=job.pk).update(enqueued_at=timezone.now())  # handed to the queue, which lost it
    url = response.json()["url"]
    assert client_for(season.outsider).get(url).json()["status"] == "queued"  # not lost yet
    ImportJob.objects.filter(pk=job.pk).update(enqueued_at=timezone.now() - timedelta(minutes=11))
    clubs = Club.objects.count()
    polled = client_for(season.outsider).get(url).json()  # queued again, and run in-process here
    assert (polled["status"], polled["summary"]["players"]) == ("done", 12)
    assert client_for(season.outsider).get(url).json()["status"] == "done"
    assert Club.objects.count() == clubs + 1


@override_settings(IMPORT_MAX_BYTES=1000)
def test_a_body_declared_far_over_the_limit_is_refused_before_the_upload_is_parsed(
    season: Season, monkeypatch: pytest.MonkeyPatch
) -> None:
    def never(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("the upload was parsed")

    monkeypatch.setattr(views, "ImportFileSerializer", never)
    response = post_file(season.outsider, b" " * 200_000)
    assert_error(response, 413, "request_too_large", None)


def values_in(document: Any) -> int:
    """Every object, list, text, number, true, false and null of the document."""
    if isinstance(document, dict):
        return 1 + sum(values_in(value) for value in document.values())
    if isinstance(document, list):
        return 1 + sum(values_in(value) for value in document)
    return 1


def test_a_file_of_more_values_than_allowed_is_refused_before_it_is_decoded(
    season: Season, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    document = club_document(season, tmp_path)
    data, before = json.dumps(document).encode(), counts()
    with override_settings(IMPORT_MAX_ITEMS=values_in(document) - 1):
        monkeypatch.setattr(json, "load", lambda stream: pytest.fail("the file was decoded"))
        body = assert_error(post_file(season.outsider, data), 413, "import_too_large")
        monkeypatch.undo()
    assert body["field"].startswith("audit[")  # the path of the last value, where the count passed the ceiling
    assert body["detail"] == (
        f"The file holds more than {values_in(document) - 1} values (objects, lists, texts and numbers); "
        "split it into smaller files."
    )
    assert counts() == before
    with override_settings(IMPORT_MAX_ITEMS=values_in(document)):  # as many as allowed: imported
        assert post_file(season.outsider, data).status_code == 201


@override_settings(IMPORT_ASYNC_BYTES=1000, IMPORT_MAX_ITEMS=500)
def test_an_import_job_of_too_many_values_fails_with_its_code_and_writes_nothing(
    season: Season, tmp_path: Path, django_capture_on_commit_callbacks: Any
) -> None:
    document = club_document(season, tmp_path)
    before = counts()
    response = post_file(season.outsider, json.dumps(document).encode(), django_capture_on_commit_callbacks)
    assert response.status_code == 202
    polled = client_for(season.outsider).get(response.json()["url"]).json()
    assert (polled["status"], polled["summary"], polled["error"]["code"]) == ("failed", None, "import_too_large")
    assert "more than 500 values" in polled["error"]["detail"]
    assert counts() == before
    assert ImportJob.objects.get().file.name == ""


@override_settings(IMPORT_MAX_ITEMS=1000)
def test_values_behind_a_lone_surrogate_that_stops_the_streaming_parser_are_counted_too(season: Season) -> None:
    data = b'{"players": ["\\udc00", ' + b"0, " * 1500 + b"0]}"
    assert_error(post_file(season.outsider, data), 413, "import_too_large", "file")
    fewer = b'{"players": ["\\udc00", ' + b"0, " * 10 + b"0]}"  # refused for the surrogate, as before
    assert_error(post_file(season.outsider, fewer), 400, "import_invalid", "players[0]")
