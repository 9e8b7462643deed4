"""Club webhooks: registered by admins, signed deliveries after commit, the last status visible, retries with
back-off, and no deliveries into our own network unless allowed. Receivers are local (127.0.0.1) only."""

from __future__ import annotations

import hashlib
import hmac
from typing import Any

import pytest
from django.test import override_settings

from exports.models import Webhook, WebhookDelivery
from exports.webhooks import attempt_delivery
from tests.api.helpers import assert_error, post_deal
from tests.conftest import client_for
from tests.deals import fifty_six_made
from tests.exports.conftest import Season
from tests.exports.helpers import webhook_receiver

pytestmark = pytest.mark.django_db
local_receivers = override_settings(WEBHOOK_ALLOW_PRIVATE_ADDRESSES=True)


def register(season: Season, url: str, events: list[str]) -> dict[str, Any]:
    response = client_for(season.admin).post(f"/api/v1/clubs/{season.club.pk}/webhooks/",
                                             {"url": url, "events": events}, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def record_a_56_deal(season: Season, capture: Any) -> None:
    with capture(execute=True):
        response = post_deal(client_for(season.admin), season.matches[2].pk, fifty_six_made(dealer="S3"))
    assert response.status_code == 201, response.json()


@local_receivers
def test_a_recorded_deal_is_posted_signed_to_the_clubs_webhook(season: Season,
                                                               django_capture_on_commit_callbacks: Any) -> None:
    with webhook_receiver() as receiver:
        hook = register(season, receiver.url, ["deal.recorded", "standings.changed"])
        record_a_56_deal(season, django_capture_on_commit_callbacks)
    assert [r["json"]["event"] for r in receiver.received] == ["deal.recorded", "standings.changed"]
    first = receiver.received[0]
    headers = first["headers"]
    signed = headers["X-Scorekeeper-Timestamp"].encode() + b"." + first["body"]
    expected = "sha256=" + hmac.new(hook["secret"].encode(), signed, hashlib.sha256).hexdigest()
    assert headers["X-Scorekeeper-Signature"] == expected
    assert headers["X-Scorekeeper-Event"] == "deal.recorded"
    match = season.matches[2]
    assert first["json"]["data"] == {"event": "deal.recorded", "match": match.pk, "version": 3, "deal_number": 3,
                                     "status": "in_progress", "league": season.fifty_six.pk}
    assert first["json"]["club"] == season.club.pk
    listed = client_for(season.admin).get(f"/api/v1/clubs/{season.club.pk}/webhooks/").json()
    assert "secret" not in listed[0]
    last = listed[0]["last_delivery"]
    assert (last["event"], last["status"], last["attempts"], last["response_status"], last["error"]) == (
        "standings.changed", "delivered", 1, 200, "")


@local_receivers
def test_in_process_a_refused_delivery_is_tried_once_and_shows_why(season: Season,
                                                                   django_capture_on_commit_callbacks: Any) -> None:
    with webhook_receiver(answers=[500]) as receiver:
        hook = register(season, receiver.url, ["deal.recorded"])
        record_a_56_deal(season, django_capture_on_commit_callbacks)
    deliveries = client_for(season.admin).get(
        f"/api/v1/clubs/{season.club.pk}/webhooks/{hook['id']}/deliveries/").json()
    assert [(d["status"], d["attempts"], d["response_status"], d["error"]) for d in deliveries] == [
        ("failed", 1, 500, "The receiver answered 500.")]
    assert len(receiver.received) == 1


@local_receivers
def test_each_failed_attempt_waits_four_times_longer_until_it_gives_up(season: Season) -> None:
    with webhook_receiver(answers=[500] * 6) as receiver:
        hook = Webhook.objects.create(club=season.club, url=receiver.url, events=["deal.recorded"])
        delivery = WebhookDelivery.objects.create(webhook=hook, event="deal.recorded", payload={"match": 1})
        delays = [attempt_delivery(delivery.pk) for _ in range(7)]
    assert delays == [10.0, 40.0, 160.0, 640.0, 2560.0, None, None]
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts) == ("failed", 6)
    assert len({r["body"] for r in receiver.received}) == 1  # every attempt sends the same bytes


def test_a_webhook_into_our_own_network_is_refused_without_trying(season: Season,
                                                                  django_capture_on_commit_callbacks: Any) -> None:
    with webhook_receiver() as receiver:
        register(season, receiver.url, ["deal.recorded"])
        record_a_56_deal(season, django_capture_on_commit_callbacks)
    delivery = WebhookDelivery.objects.get()
    assert (delivery.status, delivery.attempts, delivery.response_status) == ("failed", 1, None)
    assert delivery.error == "127.0.0.1 resolves to 127.0.0.1, an address inside a private network; webhooks may " \
                             "not go there."
    assert receiver.received == []


def test_only_the_clubs_admins_manage_webhooks(season: Season) -> None:
    url = f"/api/v1/clubs/{season.club.pk}/webhooks/"
    body = {"url": "https://example.org/hook", "events": ["match.finished"]}
    assert_error(client_for(season.member).post(url, body, format="json"), 403, "permission_denied")
    assert_error(client_for(season.outsider).get(url), 404, "not_found")
    assert_error(client_for(season.admin).post(url, {**body, "events": ["deal.lost"]}, format="json"), 400,
                 "invalid", "events[0]")
    assert_error(client_for(season.admin).post(url, {**body, "url": "ftp://example.org/"}, format="json"), 400,
                 "invalid", "url")
    hook = register(season, body["url"], body["events"])
    assert len(hook["secret"]) == 64
    assert client_for(season.admin).delete(f"{url}{hook['id']}/").status_code == 204
    assert Webhook.objects.count() == 0
