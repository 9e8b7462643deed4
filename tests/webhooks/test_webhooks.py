"""Club webhooks: registered by admins, signed deliveries after commit, the last status visible, retries with
back-off, and no deliveries into our own network unless allowed. Receivers are local (127.0.0.1) only, and names
resolve through the ``dns`` table of tests/webhooks/conftest.py (the tests have no DNS)."""

from __future__ import annotations

import hashlib
import hmac
import socket
import ssl
import threading
from datetime import timedelta
from typing import Any

import pytest
from django.db import connections
from django.test import override_settings
from django.utils import timezone

from scorekeeper import turns
from tests.api.helpers import assert_error, post_deal
from tests.deals import fifty_six_made
from tests.exports.helpers import webhook_receiver
from tests.support.auth import client_for
from tests.support.seasons import PUBLIC_ADDRESS, Season, make_season
from webhooks import addresses, deliveries
from webhooks.deliveries import attempt_delivery
from webhooks.models import Webhook, WebhookDelivery

pytestmark = pytest.mark.django_db
local_receivers = override_settings(WEBHOOK_ALLOW_PRIVATE_ADDRESSES=True)


def register(season: Season, url: str, events: list[str]) -> dict[str, Any]:
    response = client_for(season.admin).post(
        f"/api/v1/clubs/{season.club.pk}/webhooks/", {"url": url, "events": events}, format="json"
    )
    assert response.status_code == 201, response.json()
    body: dict[str, Any] = response.json()
    return body


def record_a_56_deal(season: Season, capture: Any) -> None:
    with capture(execute=True):
        response = post_deal(client_for(season.admin), season.matches[2].pk, fifty_six_made(dealer="S3"))
    assert response.status_code == 201, response.json()


@local_receivers
def test_a_recorded_deal_is_posted_signed_to_the_clubs_webhook(
    season: Season, django_capture_on_commit_callbacks: Any
) -> None:
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
    assert first["json"]["data"] == {
        "event": "deal.recorded",
        "match": match.pk,
        "version": 3,
        "deal_number": 3,
        "status": "in_progress",
        "league": season.fifty_six.pk,
    }
    assert first["json"]["club"] == season.club.pk
    listed = client_for(season.admin).get(f"/api/v1/clubs/{season.club.pk}/webhooks/").json()
    assert "secret" not in listed[0]
    last = listed[0]["last_delivery"]
    assert (last["event"], last["status"], last["attempts"], last["response_status"], last["error"]) == (
        "standings.changed",
        "delivered",
        1,
        200,
        "",
    )


@local_receivers
def test_in_process_a_refused_delivery_is_tried_once_and_shows_why(
    season: Season, django_capture_on_commit_callbacks: Any
) -> None:
    with webhook_receiver(answers=[500]) as receiver:
        hook = register(season, receiver.url, ["deal.recorded"])
        record_a_56_deal(season, django_capture_on_commit_callbacks)
    deliveries = (
        client_for(season.admin).get(f"/api/v1/clubs/{season.club.pk}/webhooks/{hook['id']}/deliveries/").json()
    )
    assert [(d["status"], d["attempts"], d["response_status"], d["error"]) for d in deliveries] == [
        ("failed", 1, 500, "The receiver answered 500.")
    ]
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


NOT_PUBLIC = [
    "127.0.0.1",
    "10.1.2.3",
    "172.16.0.1",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "100.127.255.254",
    "0.0.0.0",
    "224.0.0.1",
    "240.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "fe80::1",
    "fc00::1",
    "fec0::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "2002:7f00:1::1",
    "64:ff9b::a00:1",
]


def refusal_of(host: str, address: str) -> str:
    return (
        f"{host} resolves to {address}, an address that is not public (private, loopback, link-local, shared or "
        "reserved); webhooks may not go there."
    )


def hooks_url(season: Season) -> str:
    return f"/api/v1/clubs/{season.club.pk}/webhooks/"


@pytest.mark.parametrize("address", NOT_PUBLIC)
def test_a_url_whose_host_is_not_public_is_refused_when_registered(
    season: Season, dns: dict[str, Any], address: str
) -> None:
    dns["inside.example.org"] = [PUBLIC_ADDRESS, address]  # one bad address is enough
    literal = f"[{address}]" if ":" in address else address
    for url, host in (("http://inside.example.org/hook", "inside.example.org"), (f"https://{literal}/", address)):
        response = client_for(season.admin).post(
            hooks_url(season), {"url": url, "events": ["deal.recorded"]}, format="json"
        )
        body = assert_error(response, 400, "webhook_address_refused", "url")
        assert body["detail"] == refusal_of(host, address)
    assert Webhook.objects.count() == 0


@pytest.mark.parametrize("address", ["8.8.8.8", "2606:4700::1111", "::ffff:8.8.8.8"])
def test_a_public_address_is_accepted(season: Season, address: str) -> None:
    literal = f"[{address}]" if ":" in address else address
    assert register(season, f"https://{literal}/hook", ["deal.recorded"])["url"] == f"https://{literal}/hook"


def test_a_name_that_does_not_resolve_is_refused_and_a_url_changed_to_a_private_one_too(
    season: Season, dns: dict[str, Any]
) -> None:
    admin = client_for(season.admin)
    response = admin.post(
        hooks_url(season), {"url": "https://nowhere.invalid/", "events": ["deal.recorded"]}, format="json"
    )
    body = assert_error(response, 400, "webhook_address_refused", "url")
    assert body["detail"] == "nowhere.invalid does not resolve to any address."
    long_label = "\u00e9" * 60  # IDNA cannot encode it: a UnicodeError, not an OSError
    response = admin.post(
        hooks_url(season), {"url": f"https://{long_label}.example/", "events": ["deal.recorded"]}, format="json"
    )
    body = assert_error(response, 400, "webhook_address_refused", "url")
    assert body["detail"] == f"{long_label}.example does not resolve to any address."
    hook = register(season, "https://example.org/hook", ["deal.recorded"])
    dns["intranet.example.org"] = ["10.0.0.5"]
    response = admin.patch(f"{hooks_url(season)}{hook['id']}/", {"url": "http://intranet.example.org/"}, format="json")
    assert_error(response, 400, "webhook_address_refused", "url")
    assert list(Webhook.objects.values_list("url", flat=True)) == ["https://example.org/hook"]


@pytest.mark.parametrize(
    ("url", "detail"),
    [
        (
            "http://127.0.0.1:8133\\@example.com/r",
            "A webhook URL may not contain a backslash, a space or a control character.",
        ),
        ("http://example.org/a\tb", "Enter a valid URL."),  # Django's URLField refuses white space first
        ("http://hooks:secret@example.org/r", "A webhook URL may not carry a user name or password."),
        ("http://example.org:99999/r", "A webhook URL's port must be a number from 1 to 65535."),
        ("http://example.org:0/r", "A webhook URL's port must be a number from 1 to 65535."),
        ("ftp://example.org/", "A webhook URL starts with http:// or https:// and names a host."),
    ],
)
def test_a_url_two_parsers_could_read_differently_is_refused(season: Season, url: str, detail: str) -> None:
    response = client_for(season.admin).post(
        hooks_url(season), {"url": url, "events": ["deal.recorded"]}, format="json"
    )
    assert assert_error(response, 400, "invalid", "url")["detail"] == detail
    assert Webhook.objects.count() == 0


def stored_delivery(season: Season, url: str) -> WebhookDelivery:
    """A webhook row as an older release could have stored it, or whose name resolves elsewhere since."""
    hook = Webhook.objects.create(club=season.club, url=url, events=["deal.recorded"])
    return WebhookDelivery.objects.create(webhook=hook, event="deal.recorded", payload={"match": 1})


def outcome(delivery: WebhookDelivery) -> tuple[Any, ...]:
    delivery.refresh_from_db()
    return delivery.status, delivery.attempts, delivery.response_status, delivery.error


def test_a_name_that_resolves_into_our_network_at_delivery_is_refused_without_trying(
    season: Season, dns: dict[str, Any]
) -> None:
    with webhook_receiver() as receiver:
        dns["rebound.example.org"] = ["127.0.0.1"]
        delivery = stored_delivery(season, receiver.url.replace("127.0.0.1", "rebound.example.org"))
        assert attempt_delivery(delivery.pk) is None
    assert outcome(delivery) == ("failed", 1, None, refusal_of("rebound.example.org", "127.0.0.1"))
    assert receiver.received == []


def test_a_delivery_connects_to_the_address_it_checked(
    season: Season, dns: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    answers = iter([[PUBLIC_ADDRESS]])
    dns_calls: list[str] = []

    def resolve(host: str, port: int | None) -> list[str]:
        dns_calls.append(host)
        return next(answers, ["127.0.0.1"])

    monkeypatch.setattr(addresses, "resolve", resolve)
    connected: list[tuple[str, int]] = []

    def connect(address: tuple[str, int], *args: Any) -> socket.socket:
        connected.append(address)
        raise ConnectionRefusedError("refused")

    monkeypatch.setattr(socket, "create_connection", connect)
    delivery = stored_delivery(season, "http://rebinding.example.org/hook")
    assert attempt_delivery(delivery.pk) == 10.0
    assert (dns_calls, connected) == (["rebinding.example.org"], [(PUBLIC_ADDRESS, 80)])
    assert outcome(delivery) == ("retrying", 1, None, "Could not reach the receiver: refused.")


@local_receivers
def test_a_pinned_delivery_keeps_the_host_name_in_the_host_header(
    season: Season, dns: dict[str, Any], django_capture_on_commit_callbacks: Any
) -> None:
    dns["hooks.example.org"] = ["127.0.0.1"]
    with webhook_receiver() as receiver:
        url = receiver.url.replace("127.0.0.1", "hooks.example.org")
        register(season, url, ["deal.recorded"])
        record_a_56_deal(season, django_capture_on_commit_callbacks)
    port = url.split(":")[2].split("/")[0]
    assert [r["headers"]["Host"] for r in receiver.received] == [f"hooks.example.org:{port}"]
    assert WebhookDelivery.objects.get().status == "delivered"


@local_receivers
def test_a_pinned_https_delivery_names_the_host_to_tls(
    season: Season, dns: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    names: list[str | None] = []

    def wrap_socket(
        context: ssl.SSLContext, sock: socket.socket, *args: Any, server_hostname: str | None = None, **kwargs: Any
    ) -> ssl.SSLSocket:
        names.append(server_hostname)
        raise ssl.SSLError("the test stops the handshake here")

    monkeypatch.setattr(ssl.SSLContext, "wrap_socket", wrap_socket)
    dns["secure.example.org"] = ["127.0.0.1"]
    with webhook_receiver() as receiver:
        delivery = stored_delivery(season, receiver.url.replace("http://127.0.0.1", "https://secure.example.org"))
        attempt_delivery(delivery.pk)
    assert names == ["secure.example.org"]
    assert outcome(delivery)[:3] == ("retrying", 1, None)


def test_whatever_goes_wrong_in_a_delivery_is_a_recorded_failed_attempt(
    season: Season, monkeypatch: pytest.MonkeyPatch
) -> None:
    bad_port = stored_delivery(season, "http://example.org:8o/r")
    assert attempt_delivery(bad_port.pk) is None
    assert outcome(bad_port) == (
        "failed",
        1,
        None,
        "The URL cannot be used: Port could not be cast to integer value as '8o'.",
    )

    def broken(*args: Any) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(deliveries, "_post_to", broken)
    bug = stored_delivery(season, "https://example.org/hook")
    assert attempt_delivery(bug.pk) is None
    assert outcome(bug) == ("failed", 1, None, "The delivery could not be sent: RuntimeError: a bug.")


def test_only_the_clubs_admins_manage_webhooks(season: Season) -> None:
    url = f"/api/v1/clubs/{season.club.pk}/webhooks/"
    body: dict[str, Any] = {"url": "https://example.org/hook", "events": ["match.finished"]}
    assert_error(client_for(season.member).post(url, body, format="json"), 403, "permission_denied")
    assert_error(client_for(season.outsider).get(url), 404, "not_found")
    assert_error(
        client_for(season.admin).post(url, {**body, "events": ["deal.lost"]}, format="json"),
        400,
        "invalid",
        "events[0]",
    )
    hook = register(season, body["url"], body["events"])
    assert len(hook["secret"]) == 64
    assert client_for(season.admin).delete(f"{url}{hook['id']}/").status_code == 204
    assert Webhook.objects.count() == 0


@override_settings(WEBHOOKS_PER_CLUB=2)
def test_a_club_may_register_only_so_many_webhooks(season: Season) -> None:
    for path in ("a", "b"):
        register(season, f"https://example.org/{path}", ["deal.recorded"])
    response = client_for(season.admin).post(
        hooks_url(season), {"url": "https://example.org/c", "events": ["deal.recorded"]}, format="json"
    )
    body = assert_error(response, 409, "webhook_limit_reached", None)
    assert (body["detail"], body["extra"]) == (
        "A club may have at most 2 webhooks; remove one before adding another.",
        {"limit": 2},
    )
    assert sorted(Webhook.objects.values_list("url", flat=True)) == ["https://example.org/a", "https://example.org/b"]
    other = make_season()
    register(other, "https://example.org/c", ["deal.recorded"])  # the limit is the club's own


def statuses(club_id: int) -> list[str]:
    return list(
        WebhookDelivery.objects.filter(webhook__club_id=club_id).order_by("id").values_list("status", flat=True)
    )


@override_settings(WEBHOOK_DELIVERIES_IN_FLIGHT_PER_CLUB=2)
def test_deliveries_beyond_the_clubs_bound_wait_their_turn_instead_of_filling_the_queue(
    season: Season, monkeypatch: pytest.MonkeyPatch
) -> None:
    queued: list[int] = []
    monkeypatch.setattr(turns, "enqueue", lambda task, delivery_id: queued.append(delivery_id))
    other = make_season()
    for club_season in (season, other):
        Webhook.objects.create(club=club_season.club, url="https://example.org/hook", events=["deal.recorded"])
    for number in range(1, 6):
        deliveries.enqueue_deliveries({"event": "deal.recorded", "league": season.fifty_six.pk, "deal_number": number})
    deliveries.enqueue_deliveries({"event": "deal.recorded", "league": other.seep.pk, "deal_number": 1})
    ours = list(WebhookDelivery.objects.filter(webhook__club=season.club).order_by("id").values_list("pk", flat=True))
    theirs = WebhookDelivery.objects.get(webhook__club=other.club).pk
    assert statuses(season.club.pk) == ["pending", "pending", "waiting", "waiting", "waiting"]
    assert queued == [*ours[:2], theirs]  # the other club is not held up by ours

    answers = iter([(None, "Could not reach the receiver: timed out.", True), (200, "", True)])
    monkeypatch.setattr(deliveries, "_post", lambda delivery: next(answers))
    assert attempt_delivery(ours[0]) == 10.0  # a retry keeps its slot
    assert queued == [*ours[:2], theirs]
    assert attempt_delivery(ours[1]) is None  # delivered: the next waiting one takes its slot
    assert statuses(season.club.pk) == ["retrying", "delivered", "pending", "waiting", "waiting"]
    assert queued == [*ours[:2], theirs, ours[2]]


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@override_settings(WEBHOOK_DELIVERIES_IN_FLIGHT_PER_CLUB=3)
def test_web_processes_handing_out_at_once_never_queue_more_than_the_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    season = make_season()
    Webhook.objects.create(club=season.club, url="https://example.org/hook", events=["deal.recorded"])
    queued: list[int] = []
    monkeypatch.setattr(turns, "enqueue", lambda task, delivery_id: queued.append(delivery_id))
    start = threading.Barrier(4)

    def announce(thread: int) -> None:
        start.wait()
        try:
            for number in range(5):
                deliveries.enqueue_deliveries(
                    {"event": "deal.recorded", "league": season.fifty_six.pk, "deal_number": thread * 10 + number}
                )
        finally:
            connections.close_all()

    threads = [threading.Thread(target=announce, args=(thread,)) for thread in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sorted(statuses(season.club.pk)) == ["pending"] * 3 + ["waiting"] * 17
    assert len(queued) == 3


@override_settings(WEBHOOK_DELIVERIES_IN_FLIGHT_PER_CLUB=2)
def test_deliveries_the_queue_lost_stop_holding_their_clubs_slots(
    season: Season, monkeypatch: pytest.MonkeyPatch
) -> None:
    queued: list[int] = []
    monkeypatch.setattr(turns, "enqueue", lambda task, delivery_id: queued.append(delivery_id))
    hook = Webhook.objects.create(club=season.club, url="https://example.org/hook", events=["deal.recorded"])
    long_ago = timezone.now() - timedelta(hours=2)  # past the last retry's 2560 s and the broker's redelivery
    WebhookDelivery.objects.create(webhook=hook, event="deal.recorded", payload={}, queued_at=long_ago)  # lost
    WebhookDelivery.objects.create(
        webhook=hook,
        event="deal.recorded",
        payload={},
        status="retrying",
        last_attempt_at=timezone.now() - timedelta(minutes=30),
    )
    deliveries.enqueue_deliveries({"event": "deal.recorded", "league": season.fifty_six.pk, "deal_number": 1})
    deliveries.enqueue_deliveries({"event": "deal.recorded", "league": season.fifty_six.pk, "deal_number": 2})
    newest = WebhookDelivery.objects.filter(webhook=hook).order_by("id").values_list("pk", flat=True)[2:]
    assert queued == [newest[0]]  # the retried one still holds a slot; the lost one does not
    assert statuses(season.club.pk) == ["pending", "retrying", "pending", "waiting"]


@override_settings(WEBHOOK_DELIVERIES_IN_FLIGHT_PER_ACCOUNT=5)
def test_an_account_with_many_clubs_holds_no_more_of_the_queue_than_its_bound(
    season: Season, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The production finding: four clubs of one account, ten webhooks each, at a receiver that holds every delivery
    to its timeout, put 80 deliveries in flight; another account's club waited minutes behind them."""
    queued: list[int] = []
    monkeypatch.setattr(turns, "enqueue", lambda task, delivery_id: queued.append(delivery_id))
    owner = season.admin
    clubs = [season, *(make_season() for _ in range(3))]
    for club_season in clubs:
        for number in range(10):
            Webhook.objects.create(
                club=club_season.club, url=f"https://example.org/{number}", events=["deal.recorded"], created_by=owner
            )
    other = make_season()
    Webhook.objects.create(
        club=other.club, url="https://example.org/other", events=["deal.recorded"], created_by=other.admin
    )
    for club_season in clubs:
        deliveries.enqueue_deliveries({"event": "deal.recorded", "league": club_season.seep.pk, "deal_number": 1})
    deliveries.enqueue_deliveries({"event": "deal.recorded", "league": other.seep.pk, "deal_number": 1})

    first_club = statuses(season.club.pk)
    assert first_club == ["pending"] * 5 + ["waiting"] * 5  # the account's five, all of its first club
    assert [statuses(club_season.club.pk) for club_season in clubs[1:]] == [["waiting"] * 10] * 3
    theirs = WebhookDelivery.objects.get(webhook__club=other.club).pk
    assert statuses(other.club.pk) == ["pending"]
    assert len(queued) == 6 and queued[-1] == theirs  # the other account's delivery went at once

    # One of the account's deliveries ends: its slot goes to the account's delivery that has waited longest.
    monkeypatch.setattr(deliveries, "_post", lambda delivery: (200, "", True))
    ours = WebhookDelivery.objects.filter(webhook__club=season.club).order_by("id").values_list("pk", flat=True)
    assert attempt_delivery(ours[0]) is None
    assert statuses(season.club.pk) == ["delivered"] + ["pending"] * 5 + ["waiting"] * 4
    assert queued[-1] == ours[5]
    # The first club's deliveries all sent: the account's next club takes the freed slots.
    for delivery_id in ours[1:10]:
        attempt_delivery(delivery_id)
    assert statuses(season.club.pk) == ["delivered"] * 10
    assert statuses(clubs[1].club.pk) == ["pending"] * 5 + ["waiting"] * 5
    assert WebhookDelivery.objects.filter(status__in=["pending", "retrying"], webhook__created_by=owner).count() == 5
