"""The export endpoints: 202 with a job, its status, the download, who may ask, and a queue that is down."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.core.files.storage import default_storage
from django.utils import timezone

from exports.models import ExportJob
from games.models import Membership
from tests.api.helpers import assert_error, post_deal
from tests.deals import seep_deal
from tests.exports.helpers import csv_rows
from tests.support.auth import client_for
from tests.support.seasons import Season, make_season
from webhooks.models import WebhookDelivery

pytestmark = pytest.mark.django_db


def request_export(client: Any, scope: str, scope_id: int, file_format: str, capture: Any) -> Any:
    with capture(execute=True):
        return client.post("/api/v1/exports/", {"scope": scope, "id": scope_id, "format": file_format}, format="json")


def test_an_export_answers_202_with_a_job_that_finishes_with_a_download(
    season: Season, django_capture_on_commit_callbacks: Any
) -> None:
    member = client_for(season.member)
    response = request_export(member, "league", season.seep.pk, "csv", django_capture_on_commit_callbacks)
    assert response.status_code == 202, response.json()
    job = ExportJob.objects.get()
    url = f"http://testserver/api/v1/exports/{job.pk}/"
    assert {k: response.json()[k] for k in ("id", "status", "url")} == {"id": job.pk, "status": "queued", "url": url}
    assert response["Location"] == url
    status = member.get(url).json()
    assert {k: status[k] for k in ("status", "progress", "download_url", "error")} == {
        "status": "done",
        "progress": 100,
        "download_url": f"{url}download/",
        "error": None,
    }
    download = member.get(status["download_url"])
    assert download.status_code == 200
    assert download["Content-Type"] == "text/csv; charset=utf-8"
    assert download["Content-Disposition"] == f'attachment; filename="league-{season.seep.pk}.csv"'
    assert len(csv_rows(b"".join(download.streaming_content))) == 8  # type: ignore[attr-defined]  # a FileResponse
    assert job.file.name == f"exports/{job.pk}/league-{season.seep.pk}.csv"
    assert default_storage.exists(job.file.name)


@pytest.mark.parametrize("scope", ["match", "league", "club"])
def test_an_outsider_cannot_export_what_they_cannot_read(
    season: Season, scope: str, django_capture_on_commit_callbacks: Any
) -> None:
    scope_id = {"match": season.matches[0].pk, "league": season.seep.pk, "club": season.club.pk}[scope]
    response = request_export(client_for(season.outsider), scope, scope_id, "json", django_capture_on_commit_callbacks)
    assert_error(response, 404, "not_found")
    assert ExportJob.objects.count() == 0


def test_nobody_else_sees_a_job_or_its_file_and_a_former_member_loses_the_download(
    season: Season, django_capture_on_commit_callbacks: Any
) -> None:
    member = client_for(season.member)
    job_url = request_export(member, "club", season.club.pk, "xlsx", django_capture_on_commit_callbacks).json()["url"]
    for someone in (season.outsider, season.admin):
        assert_error(client_for(someone).get(job_url), 404, "not_found")
        assert_error(client_for(someone).get(f"{job_url}download/"), 404, "not_found")
    Membership.objects.filter(user=season.member).delete()
    assert_error(member.get(f"{job_url}download/"), 404, "not_found")


def test_an_export_request_names_its_mistakes(season: Season) -> None:
    response = client_for(season.member).post(
        "/api/v1/exports/", {"scope": "season", "id": 0, "format": "ods"}, format="json"
    )
    body = assert_error(response, 400, "invalid", "scope")
    assert [error["field"] for error in body["errors"]] == ["scope", "id", "format"]


@pytest.mark.django_db(transaction=True)
def test_with_the_queue_down_an_export_answers_503_and_deals_are_still_recorded(broker_down: None) -> None:
    season = make_season()
    admin = client_for(season.admin)
    hook = admin.post(
        f"/api/v1/clubs/{season.club.pk}/webhooks/",
        {"url": "https://example.org/hook", "events": ["deal.recorded"]},
        format="json",
    )
    assert hook.status_code == 201, hook.json()
    response = admin.post("/api/v1/exports/", {"scope": "league", "id": season.seep.pk, "format": "csv"}, format="json")
    assert_error(response, 503, "queue_unavailable", None)
    assert ExportJob.objects.get().status == "failed"
    match = season.matches[2]
    recorded = post_deal(
        admin,
        match.pk,
        {
            "dealer": "S3",
            "auction": [
                {"seat": "S4", "call": "bid", "points": 28, "trump": "spades"},
                {"seat": "S1", "call": "pass"},
                {"seat": "S2", "call": "pass"},
                {"seat": "S3", "call": "pass"},
            ],
            "bidding_team_card_points": 30,
        },
    )
    assert recorded.status_code == 201, recorded.json()
    delivery = WebhookDelivery.objects.get()
    assert (delivery.event, delivery.status, delivery.error) == (
        "deal.recorded",
        "failed",
        "The job queue was not reachable.",
    )


def test_deals_in_a_friendly_match_need_no_webhook_lookup(api: Any, django_capture_on_commit_callbacks: Any) -> None:
    match = api.post(
        "/api/v1/matches/", {"game": "seep", "players": [{"name": n} for n in "ABCD"]}, format="json"
    ).json()
    with django_capture_on_commit_callbacks(execute=True):
        assert post_deal(api, match["id"], seep_deal()).status_code == 201
    assert WebhookDelivery.objects.count() == 0


def lost_job(season: Season, status: str, minutes_ago: int) -> ExportJob:
    """A job as a queue that lost its task leaves it: never claimed, or claimed by a worker long gone."""
    then = timezone.now() - timedelta(minutes=minutes_ago)
    job = ExportJob.objects.create(
        requested_by=season.member,
        scope="league",
        scope_id=season.seep.pk,
        format="csv",
        status=status,
        attempts=int(status == "running"),
        started_at=then if status == "running" else None,
    )
    ExportJob.objects.filter(pk=job.pk).update(enqueued_at=then)
    return job


@pytest.mark.parametrize(("status", "minutes_ago"), [("queued", 11), ("running", 26)])
def test_a_job_the_queue_lost_is_queued_again_when_read_and_finishes_once(
    season: Season, status: str, minutes_ago: int
) -> None:
    job = lost_job(season, status, minutes_ago)
    answer = client_for(season.member).get(f"/api/v1/exports/{job.pk}/").json()
    job.refresh_from_db()
    assert (answer["status"], answer["progress"], job.status, job.attempts) == (
        "done",
        100,
        "done",
        int(status == "running") + 1,
    )
    assert default_storage.exists(job.file.name)


@pytest.mark.parametrize(("status", "minutes_ago"), [("queued", 9), ("running", 24)])
def test_a_job_still_within_its_time_is_left_to_the_queue(season: Season, status: str, minutes_ago: int) -> None:
    job = lost_job(season, status, minutes_ago)
    answer = client_for(season.member).get(f"/api/v1/exports/{job.pk}/").json()
    assert answer["status"] == status
    enqueued_at = ExportJob.objects.get(pk=job.pk).enqueued_at
    assert enqueued_at is not None and enqueued_at < timezone.now() - timedelta(minutes=minutes_ago - 1)


def test_a_lost_job_is_not_failed_while_the_queue_is_still_down(season: Season, broker_down: None) -> None:
    job = lost_job(season, "queued", 11)
    answer = client_for(season.member).get(f"/api/v1/exports/{job.pk}/").json()
    job.refresh_from_db()
    assert (answer["status"], job.status) == ("queued", "queued")
    assert job.enqueued_at is not None
    assert job.enqueued_at > timezone.now() - timedelta(minutes=1)  # tried now; the next try is 10 minutes on
