"""API rate limits by kind (scorekeeper/throttles.py): reads, writes, dry runs, jobs and public reads each have a
rate, counted per account when signed in (whatever the token) and per client address otherwise and for public reads;
beyond it ``429 throttled`` with ``Retry-After``. The suite raises every rate (tests/conftest.py); these tests set
them low."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from rest_framework.test import APIClient

from exports.models import ExportJob
from games.models import Deal, Match
from tests.api.helpers import assert_error, post_deal, start_match
from tests.deals import seep_deal
from tests.factories import UserFactory
from tests.support.auth import client_for
from tests.support.concurrency import run_together
from tests.support.environment import SUITE_RATES
from tests.support.seasons import make_season
from tests.support.settings_loader import load_settings

pytestmark = pytest.mark.django_db


@pytest.fixture
def rates(settings: Any) -> dict[str, str]:
    settings.API_RATES = dict(SUITE_RATES)
    return settings.API_RATES  # type: ignore[no-any-return]


def assert_throttled(response: Any) -> int:
    body = assert_error(response, 429, "throttled", field=None)
    wait = int(response["Retry-After"])
    assert 1 <= wait <= 60 and body["extra"] == {"retry_after_seconds": wait}
    return wait


def test_reads_are_counted_per_account_whatever_the_token(rates: dict[str, str], user: Any) -> None:
    rates["read"] = "3/min"
    phone, tablet, other = client_for(user), client_for(user), client_for(UserFactory.create())
    answers = [client.get("/api/v1/matches/").status_code for client in (phone, tablet, phone)]
    assert answers == [200, 200, 200]
    assert_throttled(tablet.get("/api/v1/matches/"))
    assert other.get("/api/v1/matches/").status_code == 200  # another account counts apart


def test_writes_have_their_own_rate_and_a_refused_one_changes_nothing(rates: dict[str, str], api: APIClient) -> None:
    rates["write"] = "2/min"
    start_match(api)
    start_match(api)
    assert_throttled(api.post("/api/v1/matches/", {"game": "seep", "players": 4}, format="json"))
    assert Match.objects.count() == 2
    assert api.get("/api/v1/matches/").status_code == 200  # reads are another kind


def test_dry_runs_count_against_their_own_rate_though_nothing_is_stored(rates: dict[str, str], api: APIClient) -> None:
    rates["dry_run"] = "2/min"
    match = start_match(api)["id"]
    url = f"/api/v1/matches/{match}/deals/?dry_run=true"
    assert [api.post(url, seep_deal(), format="json").status_code for _ in range(2)] == [200, 200]
    assert_throttled(api.post(url, seep_deal(), format="json"))
    assert post_deal(api, match, seep_deal()).status_code == 201  # a real deal is a write
    correction = {**seep_deal(points_a=60), "reason": "typo"}
    preview = api.put(
        f"/api/v1/matches/{match}/deals/1/?dry_run=true", correction, format="json", headers={"If-Match": '"1"'}
    )
    assert_throttled(preview)  # a correction's dry run is a dry run too
    assert Deal.objects.count() == 1


def test_jobs_are_counted_apart_and_a_refused_one_makes_no_job(
    rates: dict[str, str], settings: Any, tmp_path: Any, django_capture_on_commit_callbacks: Any
) -> None:
    rates["job"] = "2/min"
    settings.MEDIA_ROOT = tmp_path  # the export files
    season = make_season()
    admin = client_for(season.admin)
    body = {"scope": "league", "id": season.seep.pk, "format": "csv"}
    with django_capture_on_commit_callbacks(execute=True):
        answers = [admin.post("/api/v1/exports/", body, format="json").status_code for _ in range(2)]
    assert answers == [202, 202]
    assert_throttled(admin.post("/api/v1/exports/", body, format="json"))
    upload = {"file": SimpleUploadedFile("club.json", b"{}")}
    assert_throttled(admin.post("/api/v1/imports/", upload, format="multipart"))  # the same kind
    assert ExportJob.objects.count() == 2
    assert admin.get(f"/api/v1/exports/{ExportJob.objects.earliest('pk').pk}/").status_code == 200  # a read


def test_public_reads_are_counted_per_address_across_the_board_its_page_and_its_stream(
    rates: dict[str, str], api: APIClient
) -> None:
    rates["public"] = "3/min"
    match = start_match(api)["id"]
    token = api.post(f"/api/v1/matches/{match}/share/").json()["token"]
    spectator = Client(REMOTE_ADDR="198.51.100.7")
    assert spectator.get(f"/api/v1/shared/{token}/").status_code == 200
    assert spectator.get(f"/table/s/{token}/").status_code == 200
    assert spectator.get(f"/api/v1/shared/{token}/").status_code == 200
    assert_throttled(spectator.get(f"/api/v1/shared/{token}/"))
    assert_throttled(spectator.get(f"/table/s/{token}/"))
    assert_throttled(spectator.get(f"/table/s/{token}/events/"))
    assert Client(REMOTE_ADDR="198.51.100.8").get(f"/api/v1/shared/{token}/").status_code == 200


def test_the_health_check_is_never_throttled(rates: dict[str, str]) -> None:
    rates["read"] = "1/min"
    assert [APIClient().get("/api/v1/health/").status_code for _ in range(3)] == [200] * 3


@pytest.mark.postgres
@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_parallel_requests_are_all_counted(rates: dict[str, str]) -> None:
    """Counted with the cache's atomic increment: requests at the same moment do not overwrite each other's counts."""
    rates["write"] = "10/min"
    owner = UserFactory.create()
    clients = [client_for(owner) for _ in range(20)]
    body = {"name": "Asha"}
    answers = run_together([partial(client.post, "/api/v1/players/", body, format="json") for client in clients])
    assert sorted(answer.status_code for answer in answers) == [201] * 10 + [429] * 10


@pytest.mark.parametrize(
    "name", ["API_READ_RATE", "API_WRITE_RATE", "API_DRY_RUN_RATE", "API_JOB_RATE", "API_PUBLIC_RATE"]
)
@pytest.mark.parametrize("value", ["lots", "0/min", "10/fortnight"])
def test_a_malformed_rate_stops_the_service(name: str, value: str) -> None:
    result = load_settings(**{name: value})
    assert result.returncode != 0 and name in result.stderr, result.stderr[-500:]


def test_the_default_rates() -> None:
    shown = load_settings("from django.conf import settings; print(settings.API_RATES)")
    assert shown.stdout.strip() == str(
        {"read": "600/min", "write": "120/min", "dry_run": "300/min", "job": "10/min", "public": "600/min"}
    )
