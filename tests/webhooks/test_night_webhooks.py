"""A club night's webhooks: its club hears a round start (with the round's tables and their matches) and the night
end (its last planned round closed), after commit, like a league match's events."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import override_settings

from nights.models import Event, Table
from tests.exports.helpers import webhook_receiver
from tests.nights.helpers import check_in, make_event
from tests.support.auth import client_for
from tests.support.seasons import Season

pytestmark = pytest.mark.django_db


@override_settings(WEBHOOK_ALLOW_PRIVATE_ADDRESSES=True)
def test_a_round_started_and_the_night_finished_are_posted_to_the_clubs_webhook(
    season: Season, django_capture_on_commit_callbacks: Any
) -> None:
    director = client_for(season.admin)
    with webhook_receiver() as receiver:
        hook = director.post(
            f"/api/v1/clubs/{season.club.pk}/webhooks/",
            {"url": receiver.url, "events": ["night.round_started", "night.event_finished"]},
            format="json",
        )
        assert hook.status_code == 201, hook.json()
        event = int(make_event(director, season.club.pk, rounds_planned=1)["id"])
        for number in range(1, 9):
            check_in(director, event, f"Player {number}")
        with django_capture_on_commit_callbacks(execute=True):
            assert director.post(f"/api/v1/events/{event}/rounds/", {}, format="json").status_code == 201
        with django_capture_on_commit_callbacks(execute=True):
            closed = director.post(f"/api/v1/events/{event}/rounds/1/close/", {"reason": "Last orders"}, format="json")
        assert closed.status_code == 200, closed.json()
    tables = [{"table": table.number, "match": table.match_id} for table in Table.objects.order_by("number")]
    assert [(r["headers"]["X-Scorekeeper-Event"], r["json"]["club"], r["json"]["data"]) for r in receiver.received] == [
        (
            "night.round_started",
            season.club.pk,
            {"event": "night.round_started", "club": season.club.pk, "night": event, "round": 1, "tables": tables},
        ),
        (
            "night.event_finished",
            season.club.pk,
            {"event": "night.event_finished", "club": season.club.pk, "night": event, "rounds": 1},
        ),
    ]
    assert Event.objects.get().status == Event.Status.FINISHED


@override_settings(WEBHOOK_ALLOW_PRIVATE_ADDRESSES=True)
def test_a_night_of_another_club_is_not_posted(season: Season, django_capture_on_commit_callbacks: Any) -> None:
    with webhook_receiver() as receiver:
        hook = client_for(season.admin).post(
            f"/api/v1/clubs/{season.club.pk}/webhooks/",
            {"url": receiver.url, "events": ["night.round_started"]},
            format="json",
        )
        assert hook.status_code == 201
        other = client_for(season.outsider)
        club = other.post("/api/v1/clubs/", {"name": "Elsewhere"}, format="json").json()["id"]
        event = int(make_event(other, club)["id"])
        for number in range(1, 9):
            check_in(other, event, f"Player {number}")
        with django_capture_on_commit_callbacks(execute=True):
            assert other.post(f"/api/v1/events/{event}/rounds/", {}, format="json").status_code == 201
    assert receiver.received == []
