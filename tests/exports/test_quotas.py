"""Export and import jobs per account and per club: queued or running at once, and started within an hour; the next
is refused with 429 job_quota_exceeded and Retry-After, and no job is written. And the jobs of a club wait their
turn in the database: only JOBS_HANDED_OUT_PER_CLUB at a time are handed to the queue."""

from __future__ import annotations

import json
import threading
from datetime import timedelta
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connections
from django.test import override_settings
from django.utils import timezone

from exports.models import ExportJob, ImportJob
from exports.services import export_run
from games.services.matches import match_start
from scorekeeper import turns
from tests.api.helpers import assert_error
from tests.factories import MembershipFactory
from tests.support.auth import client_for
from tests.support.seasons import Season, make_season, seated

pytestmark = pytest.mark.django_db


def ask(user: Any, scope: str, scope_id: int) -> Any:
    """An export asked for; its job stays queued (the test's transaction never commits, so nothing is handed out)."""
    return client_for(user).post("/api/v1/exports/", {"scope": scope, "id": scope_id, "format": "csv"}, format="json")


def assert_quota(response: Any, quota: str, limit: int, retry_after: int) -> None:
    body = assert_error(response, 429, "job_quota_exceeded", None)
    assert body["extra"] == {"quota": quota, "limit": limit, "retry_after_seconds": retry_after}
    assert response["Retry-After"] == str(retry_after)


@override_settings(JOBS_IN_FLIGHT_PER_ACCOUNT=2)
def test_an_account_may_have_only_so_many_jobs_queued_or_running(season: Season) -> None:
    assert ask(season.member, "league", season.seep.pk).status_code == 202
    assert ask(season.member, "match", season.matches[0].pk).status_code == 202
    refused = ask(season.member, "club", season.club.pk)
    assert_quota(refused, "in_flight_per_account", 2, 30)
    assert "at most 2 export and import jobs queued or running" in refused.json()["detail"]
    assert ExportJob.objects.count() == 2
    assert ask(season.admin, "club", season.club.pk).status_code == 202  # another account of the club: its own
    ExportJob.objects.filter(requested_by=season.member).update(status="done")
    assert ask(season.member, "club", season.club.pk).status_code == 202  # one finished: room again


@override_settings(JOBS_IN_FLIGHT_PER_ACCOUNT=1, IMPORT_ASYNC_BYTES=10)
def test_an_import_job_counts_against_its_accounts_jobs(season: Season) -> None:
    assert ask(season.member, "league", season.seep.pk).status_code == 202
    response = client_for(season.member).post(
        "/api/v1/imports/",
        {"file": SimpleUploadedFile("club.json", json.dumps({"x": "y" * 100}).encode())},
        format="multipart",
    )
    assert_quota(response, "in_flight_per_account", 1, 30)
    assert ImportJob.objects.count() == 0


@override_settings(JOBS_IN_FLIGHT_PER_CLUB=2)
def test_a_club_may_have_only_so_many_jobs_queued_or_running_whoever_asks(season: Season) -> None:
    third = MembershipFactory.create(club=season.club, role="member").user
    assert ask(season.member, "club", season.club.pk).status_code == 202
    assert ask(season.admin, "league", season.fifty_six.pk).status_code == 202
    refused = ask(third, "match", season.matches[0].pk)  # a match of a league of the club: the club's job
    assert_quota(refused, "in_flight_per_club", 2, 30)
    assert "A club may have at most 2 export jobs" in refused.json()["detail"]
    other = make_season()
    assert ask(other.member, "club", other.club.pk).status_code == 202  # another club is not held up
    assert list(ExportJob.objects.order_by("id").values_list("club_id", flat=True)) == [season.club.pk] * 2 + [
        other.club.pk
    ]


@override_settings(JOBS_IN_FLIGHT_PER_CLUB=1)
def test_a_friendly_matchs_export_counts_only_against_its_account(season: Season) -> None:
    friendly = match_start(actor=season.member, game="seep", players=seated(["Asha", "Bala", "Ravi", "Dev"]))
    assert ask(season.admin, "club", season.club.pk).status_code == 202
    assert ask(season.member, "match", friendly.pk).status_code == 202
    assert ExportJob.objects.get(scope="match").club_id is None


@override_settings(JOBS_PER_HOUR_PER_ACCOUNT=3)
def test_an_account_may_start_only_so_many_jobs_an_hour(season: Season) -> None:
    now = timezone.now()
    for minutes_ago in (50, 40, 61):
        job = ExportJob.objects.create(
            requested_by=season.member, scope="club", scope_id=season.club.pk, format="csv", status="done"
        )
        ExportJob.objects.filter(pk=job.pk).update(created_at=now - timedelta(minutes=minutes_ago))
    assert ask(season.member, "league", season.seep.pk).status_code == 202  # the one 61 minutes ago is past the hour
    refused = ask(season.member, "league", season.seep.pk)
    body = assert_error(refused, 429, "job_quota_exceeded", None)
    # The job of 50 minutes ago leaves the hour in 10 minutes.
    assert body["extra"]["quota"] == "per_hour_per_account"
    assert 595 <= body["extra"]["retry_after_seconds"] <= 600
    assert refused["Retry-After"] == str(body["extra"]["retry_after_seconds"])
    assert ExportJob.objects.count() == 4


@override_settings(JOBS_PER_HOUR_PER_CLUB=2)
def test_a_club_may_start_only_so_many_export_jobs_an_hour(season: Season) -> None:
    assert ask(season.member, "league", season.seep.pk).status_code == 202
    ExportJob.objects.update(status="done")
    assert ask(season.admin, "league", season.seep.pk).status_code == 202
    ExportJob.objects.update(status="done")
    body = assert_error(ask(season.member, "club", season.club.pk), 429, "job_quota_exceeded", None)
    assert (body["extra"]["quota"], body["extra"]["limit"]) == ("per_hour_per_club", 2)
    assert 3590 <= body["extra"]["retry_after_seconds"] <= 3600


@override_settings(JOBS_HANDED_OUT_PER_CLUB=1)
def test_a_clubs_jobs_are_handed_to_the_queue_one_at_a_time(
    season: Season, monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    queued: list[int] = []
    monkeypatch.setattr(turns, "enqueue", lambda task, job_id: queued.append(job_id))
    other = make_season()
    with django_capture_on_commit_callbacks(execute=True):
        for _ in range(3):
            assert ask(season.member, "club", season.club.pk).status_code == 202
        assert ask(other.member, "club", other.club.pk).status_code == 202
    ours = list(ExportJob.objects.filter(club=season.club).order_by("id").values_list("pk", flat=True))
    theirs = ExportJob.objects.get(club=other.club).pk
    assert queued == [ours[0], theirs]  # the other club's job goes at once, not behind our flood
    assert list(ExportJob.objects.filter(club=season.club).order_by("id").values_list("enqueued_at", flat=True))[
        1:
    ] == [None, None]
    export_run(ours[0])  # the first one done: the club's next goes
    assert queued == [ours[0], theirs, ours[1]]
    assert ExportJob.objects.get(pk=ours[0]).status == "done"


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@override_settings(JOBS_IN_FLIGHT_PER_ACCOUNT=1)
def test_two_requests_at_once_never_both_take_the_last_slot(monkeypatch: pytest.MonkeyPatch) -> None:
    season = make_season()
    monkeypatch.setattr(turns, "enqueue", lambda task, job_id: None)  # the jobs stay queued
    start = threading.Barrier(4)
    answers: list[int] = []

    def request(scope: str, scope_id: int) -> None:
        start.wait()
        try:
            answers.append(ask(season.member, scope, scope_id).status_code)
        finally:
            connections.close_all()

    scopes = [("club", season.club.pk), ("league", season.seep.pk), ("league", season.fifty_six.pk)]
    threads = [threading.Thread(target=request, args=scope) for scope in [*scopes, scopes[0]]]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sorted(answers) == [202, 429, 429, 429]
    assert ExportJob.objects.count() == 1


def test_a_waiting_job_whose_turn_was_never_handed_out_goes_when_looked_at(season: Season) -> None:
    """The worker that finished the job before it died before handing out the next: the next look hands it out."""
    job = ExportJob.objects.create(
        requested_by=season.member, club=season.club, scope="club", scope_id=season.club.pk, format="csv"
    )
    assert job.enqueued_at is None
    answer = client_for(season.member).get(f"/api/v1/exports/{job.pk}/").json()
    assert (answer["status"], ExportJob.objects.get(pk=job.pk).status) == ("done", "done")  # run in-process here
