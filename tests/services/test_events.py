"""Events go out only after commit: a live scoreboard hears a recorded deal; a refused deal says nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest
import redis
from django.conf import settings

from games.events import add_listener, live_channel, remove_listener
from games.rules.errors import RuleViolation
from games.services.deals import deal_record
from games.services.matches import match_start
from tests.deals import seep_deal
from tests.factories import UserFactory
from webhooks.deliveries import enqueue_deliveries

pytestmark = pytest.mark.django_db


def messages(subscriber: Any) -> list[dict[str, Any]]:
    found = []
    while (message := subscriber.get_message(timeout=0.5)) is not None:
        if message["type"] == "message":
            found.append(json.loads(message["data"]))
    return found


@pytest.mark.redis
def test_a_recorded_deal_is_published_to_the_match_channel_after_commit(
    django_capture_on_commit_callbacks: Any,
) -> None:
    user = UserFactory.create()
    match = match_start(actor=user, game="seep", players=[{"name": f"P{n}"} for n in range(4)])
    subscriber = redis.Redis.from_url(settings.REDIS_URL).pubsub()
    subscriber.subscribe(live_channel(match.pk))
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        deal_record(match_id=match.pk, actor=user, payload=seep_deal())
    assert messages(subscriber) == []  # nothing before commit
    for callback in callbacks:
        callback()
    assert messages(subscriber) == [
        {
            "event": "deal.recorded",
            "match": match.pk,
            "version": 1,
            "deal_number": 1,
            "status": "in_progress",
            "league": None,
            "etag": '"1.0"',
            "night": None,  # the live field of a night's table (docs/api.md "Club nights")
        }
    ]


def test_a_refused_deal_queues_no_event(django_capture_on_commit_callbacks: Any) -> None:
    user = UserFactory.create()
    match = match_start(actor=user, game="seep", players=[{"name": f"P{n}"} for n in range(4)])
    with django_capture_on_commit_callbacks() as callbacks, pytest.raises(RuleViolation):
        deal_record(match_id=match.pk, actor=user, payload={**seep_deal(), "dealer": "S7"})
    assert callbacks == []


def test_a_registered_listener_hears_the_documented_payload_after_commit(
    django_capture_on_commit_callbacks: Any,
) -> None:
    user = UserFactory.create()
    match = match_start(actor=user, game="seep", players=[{"name": f"P{n}"} for n in range(4)])
    heard: list[dict[str, Any]] = []
    add_listener("test-listener", heard.append)
    try:
        with django_capture_on_commit_callbacks(execute=False) as callbacks:
            deal_record(match_id=match.pk, actor=user, payload=seep_deal())
        assert heard == []  # nothing before commit
        for callback in callbacks:
            callback()
    finally:
        remove_listener("test-listener")
    assert heard == [
        {
            "event": "deal.recorded",
            "match": match.pk,
            "version": 1,
            "deal_number": 1,
            "status": "in_progress",
            "league": None,
        }
    ]  # no live fields: those are for the pages


def test_the_webhooks_app_registers_its_deliveries_as_a_listener() -> None:
    from games import events

    assert events._listeners["webhooks"] is enqueue_deliveries
