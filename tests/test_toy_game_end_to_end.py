"""A fifth game is one folder and one line in the registry: the toy game of tests/rules/toy_game.py, registered for
these tests only, is played through the API like the four (a league, a match, deals recorded and corrected,
standings), exported to CSV and JSON and imported again, with nothing in the app knowing it."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.test import APIClient

from games.models import Match
from games.rules import registry
from games.rules.registry import GAME_KEYS, game_keys
from scorekeeper.celery import app as celery_app

pytestmark = pytest.mark.django_db

SCHEMA_FILE = Path(__file__).resolve().parent.parent / "docs" / "interchange.schema.json"


@pytest.fixture
def toy_game(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The toy game in the registry, as a new game's one line would put it, for the test's duration."""
    monkeypatch.setitem(registry.ENGINE_MODULES, "toy", "tests.rules.toy_game")
    yield "toy"


@pytest.fixture
def in_process_tasks() -> Iterator[None]:
    """Exports run in the test's process even when REDIS_URL is set (tests/exports does the same)."""
    saved = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = saved


def created(response: Any) -> dict[str, Any]:
    assert response.status_code == 201, response.json()
    body: dict[str, Any] = response.json()
    return body


def toy_deal(dealer: str, first: str, second: str) -> dict[str, Any]:
    return {"dealer": dealer, "cards": {"S1": first, "S2": second}}


def export(api: APIClient, league_id: int, file_format: str, on_commit: Any) -> bytes:
    with on_commit(execute=True):
        job = api.post("/api/v1/exports/", {"scope": "league", "id": league_id, "format": file_format}, format="json")
    assert job.status_code == 202, job.json()
    status = api.get(job.json()["url"]).json()
    assert status["status"] == "done", status
    download: Any = api.get(status["download_url"])  # a FileResponse: its body streams
    return b"".join(download.streaming_content)


def test_the_toy_game_is_played_scored_exported_and_imported_through_the_api(
    toy_game: str, api: APIClient, in_process_tasks: None, django_capture_on_commit_callbacks: Any
) -> None:
    club = created(api.post("/api/v1/clubs/", {"name": "Toy club"}, format="json"))
    league = created(
        api.post(
            "/api/v1/leagues/",
            {"club": club["id"], "name": "Toy league", "game": toy_game, "settings": {"target": 2}},
            format="json",
        )
    )
    match = created(
        api.post(
            "/api/v1/matches/",
            {"game": toy_game, "league": league["id"], "players": [{"name": "Uma"}, {"name": "Vik"}]},
            format="json",
        )
    )
    assert (match["settings"], match["teams"], match["state"]) == (
        {"target": 2, "players": 2},
        None,
        {"points": [0, 0], "next_dealer": None, "match_over": False, "match_winner": None},
    )
    deals_url = f"/api/v1/matches/{match['id']}/deals/"
    assert created(api.post(deals_url, toy_deal("S1", "KH", "3C"), format="json"))["result"] == {
        "deal_number": 1,
        "winner": "S1",
        "next_dealer": "S2",
        "match_winner": None,
    }
    assert created(api.post(deals_url, toy_deal("S2", "2H", "QS"), format="json"))["result"]["winner"] == "S2"

    version = Match.objects.get(pk=match["id"]).version
    corrected = api.put(
        f"{deals_url}2/",
        {**toy_deal("S2", "KD", "QS"), "reason": "S1 showed a king"},
        format="json",
        headers={"If-Match": f'"{version}"'},
    )
    assert corrected.status_code == 200, corrected.json()
    after = api.get(f"/api/v1/matches/{match['id']}/").json()
    assert (after["status"], after["state"]) == (
        "finished",
        {"points": [2, 0], "next_dealer": None, "match_over": True, "match_winner": "S1"},
    )

    assert [m["id"] for m in api.get(f"/api/v1/matches/?game={toy_game}").json()["results"]] == [match["id"]]
    standings = api.get(f"/api/v1/leagues/{league['id']}/standings/").json()
    assert standings["by"] == "player"
    assert [
        (row["rank"], row["entrant"]["name"], row["won"], row["lost"], row["tiebreak"]) for row in standings["rows"]
    ] == [(1, "Uma", 1, 0, {}), (2, "Vik", 0, 1, {})]

    rows = list(
        csv.DictReader(
            io.StringIO(export(api, league["id"], "csv", django_capture_on_commit_callbacks).decode("utf-8-sig"))
        )
    )
    assert [
        (row["game"], row["deal"], row["deal_status"], row["input.cards.S1"], row["result.winner"]) for row in rows
    ] == [("toy", "1", "recorded", "KH", "S1"), ("toy", "2", "corrected", "KD", "S1")]

    document = json.loads(export(api, league["id"], "json", django_capture_on_commit_callbacks))
    assert [m["game"] for m in document["matches"]] == ["toy"]
    importer = APIClient()
    importer.force_authenticate(get_user_model().objects.create_user("importer", password="not-used-here-1"))
    summary = created(
        importer.post(
            "/api/v1/imports/",
            {"file": SimpleUploadedFile("toy.json", json.dumps(document).encode())},
            format="multipart",
        )
    )
    assert {key: summary[key] for key in ("players", "leagues", "matches", "deals")} == {
        "players": 2,
        "leagues": 1,
        "matches": 1,
        "deals": 2,
    }
    copy = Match.objects.exclude(pk=match["id"]).get()
    assert (copy.game, copy.state, copy.deals.count()) == ("toy", after["state"], 2)


def test_a_game_not_registered_is_refused_with_the_registered_ones_named(api: APIClient) -> None:
    response = api.post(
        "/api/v1/matches/", {"game": "toy", "players": [{"name": "Uma"}, {"name": "Vik"}]}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["detail"] == f'"toy" is not a valid choice; games are {", ".join(GAME_KEYS)}.'


def test_the_published_interchange_schema_lists_the_games_built_in() -> None:
    schema = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    assert schema["$defs"]["game"]["enum"] == list(GAME_KEYS) == list(game_keys())
