"""Club webhooks' deliveries: fan-out of match events to registered URLs, signed, retried with back-off.

``enqueue_deliveries`` listens to games.events (registered in webhooks/apps.py) and runs after the change
committed; it records one delivery per URL, waiting
its turn, and ``hand_out_deliveries`` queues a task for each while the club has fewer than
``WEBHOOK_DELIVERIES_IN_FLIGHT_PER_CLUB`` in flight and the account that registered the webhook fewer than
``WEBHOOK_DELIVERIES_IN_FLIGHT_PER_ACCOUNT`` (on the webhooks queue, apart from exports; scorekeeper/turns.py). It
never raises: the deal is already safe, and a webhook must not fail the scorer.

A URL is checked when registered (webhooks/addresses.py) and again at each attempt, which resolves the host once,
refuses any address that is not public, and connects to the address it checked (DNS rebinding).
Each POST carries ``X-Scorekeeper-Signature: sha256=<hex>``, the HMAC-SHA256 under the webhook's secret of
``<X-Scorekeeper-Timestamp>.<body>``; see docs/api.md.
"""

from __future__ import annotations

import hashlib
import hmac
import http.client
import json
import logging
import socket
import time
from datetime import timedelta
from functools import partial
from typing import Any
from urllib.parse import SplitResult, urlsplit

from django.conf import settings
from django.contrib.auth.models import User
from django.db.models import Min, QuerySet
from django.db.models.functions import Coalesce
from django.utils import timezone

from games.models import Club, League
from scorekeeper.turns import free_slots, hand_out, lock_rows, oldest
from webhooks.addresses import AddressRefused, checked_addresses
from webhooks.models import Webhook, WebhookDelivery

logger = logging.getLogger(__name__)

EVENTS = (
    "deal.recorded",
    "deal.corrected",
    "deal.voided",
    "match.finished",
    "standings.changed",
    "night.round_started",
    "night.event_finished",
)
MAX_ATTEMPTS = 6
TIMEOUT_SECONDS: float = settings.WEBHOOK_TIMEOUT_SECONDS  # each connect and read; the task's limits follow it
# Queued by name (webhooks/tasks.py registers it under the name it had in exports, which queued tasks still carry),
# so this module and the task that calls it do not import each other.
DELIVER_TASK = "exports.tasks.deliver_webhook"


def retry_delay(attempts: int) -> float:
    """10 s, 40 s, 160 s, ... after the first, second, third failed attempt (base configurable for tests)."""
    base = float(getattr(settings, "WEBHOOK_RETRY_BASE_SECONDS", 10))
    delay: float = base * 4 ** (attempts - 1)
    return delay


def enqueue_deliveries(payload: dict[str, Any]) -> None:
    try:
        hooks = _webhooks_for(payload)
        for hook in hooks:
            WebhookDelivery.objects.create(
                webhook=hook, event=payload["event"], payload=payload, status=WebhookDelivery.Status.WAITING
            )
        if hooks:
            hand_out_deliveries(hooks[0].club_id)
    except Exception:  # after commit, nothing may fail the change that already happened
        logger.exception("Webhook deliveries for %s not queued", payload.get("event"))


IN_FLIGHT = (WebhookDelivery.Status.PENDING, WebhookDelivery.Status.RETRYING)


def hand_out_deliveries(club_id: int) -> None:
    """Queue the club's oldest waiting deliveries while it has fewer than its bound in flight (retries included),
    and each webhook's account (the one that registered it) fewer than its own. The others wait in the database, not
    in the queue, until one in flight finishes: a club, or an account with many clubs, whose receiver is down holds
    a bounded part of the queue however many events it has."""
    hand_out(DELIVER_TASK, partial(_take_turns, club_id), _never_queued)


def _never_queued(delivery_id: int) -> None:
    WebhookDelivery.objects.filter(pk=delivery_id).update(
        status=WebhookDelivery.Status.FAILED, error="The job queue was not reachable."
    )


def _in_flight() -> QuerySet[WebhookDelivery]:
    touched = Coalesce("last_attempt_at", "queued_at", "created_at")
    recent = WebhookDelivery.objects.filter(status__in=IN_FLIGHT).alias(touched=touched)
    return recent.filter(touched__gte=timezone.now() - _lost_after())


def _take_turns(club_id: int) -> list[int]:
    waiting = WebhookDelivery.objects.filter(webhook__club_id=club_id, status=WebhookDelivery.Status.WAITING)
    accounts = sorted(set(waiting.values_list("webhook__created_by_id", flat=True)), key=lambda pk: pk or 0)
    # Club first, then its webhooks' accounts, always in that order: two hand-outs never wait for each other.
    lock_rows(Club.objects.filter(pk=club_id))
    lock_rows(User.objects.filter(pk__in=[pk for pk in accounts if pk is not None]))
    free = free_slots(settings.WEBHOOK_DELIVERIES_IN_FLIGHT_PER_CLUB, _in_flight().filter(webhook__club_id=club_id))
    candidates: list[int] = []
    for account in accounts:  # each account's oldest, as many as it has room for; a webhook of no account: the club's
        if account is None:
            candidates += oldest(waiting.filter(webhook__created_by=None), free)
            continue
        room = free_slots(
            settings.WEBHOOK_DELIVERIES_IN_FLIGHT_PER_ACCOUNT, _in_flight().filter(webhook__created_by=account)
        )
        candidates += oldest(waiting.filter(webhook__created_by=account), min(room, free))
    turns = sorted(candidates)[:free]
    WebhookDelivery.objects.filter(pk__in=turns).update(status=WebhookDelivery.Status.PENDING, queued_at=timezone.now())
    return turns


def _hand_out_after(delivery: WebhookDelivery) -> None:
    """A slot is free in the club and in the webhook's account: the club's next waiting delivery goes, and the
    account's other clubs get their turn at its slot, the club whose delivery has waited longest first."""
    hand_out_deliveries(delivery.webhook.club_id)
    account = delivery.webhook.created_by_id
    if account is None:
        return
    waiting = WebhookDelivery.objects.filter(webhook__created_by=account, status=WebhookDelivery.Status.WAITING)
    clubs = waiting.values("webhook__club_id").annotate(first=Min("pk")).order_by("first")
    for club_id in clubs.values_list("webhook__club_id", flat=True)[
        : settings.WEBHOOK_DELIVERIES_IN_FLIGHT_PER_ACCOUNT
    ]:
        if club_id != delivery.webhook.club_id:
            hand_out_deliveries(club_id)


def _lost_after() -> timedelta:
    """A delivery in flight that nothing touched for this long was lost by the queue (a Redis restarted without
    persistence): it stops holding its club's slot. The longest wait in flight is the last retry's delay, or a task
    waiting for the broker to hand it out again."""
    visibility = settings.CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"]
    return timedelta(seconds=retry_delay(MAX_ATTEMPTS - 1) + visibility + 5 * 60)


def _webhooks_for(payload: dict[str, Any]) -> list[Webhook]:
    """A league's matches and a club's nights belong to a club (the payload names its league or its club); a
    friendly match has no club to notify."""
    league_id = payload.get("league")
    club_id = payload.get("club")
    if league_id is not None:
        club_id = League.objects.filter(pk=league_id).values_list("club_id", flat=True).first()
    if club_id is None:
        return []
    hooks = Webhook.objects.filter(club_id=club_id, active=True)
    return [hook for hook in hooks if payload.get("event") in hook.events]


def delivery_body(delivery: WebhookDelivery) -> bytes:
    """The same bytes on every attempt."""
    body = {
        "delivery": delivery.pk,
        "event": delivery.event,
        "created_at": delivery.created_at.isoformat(),
        "club": delivery.webhook.club_id,
        "data": delivery.payload,
    }
    return json.dumps(body, sort_keys=True, separators=(",", ":")).encode()


def signature(secret: str, timestamp: str, body: bytes) -> str:
    digest = hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256).hexdigest()
    return f"sha256={digest}"


def attempt_delivery(delivery_id: int, *, last_chance: bool = False) -> float | None:
    """POST once; record the outcome. Returns the delay before the next attempt, or None when there is none."""
    delivery = WebhookDelivery.objects.select_related("webhook").filter(pk=delivery_id).first()
    if delivery is None or delivery.status not in IN_FLIGHT:  # gone, finished, or not handed out yet
        return None
    status_code, error, retryable = _post(delivery)
    delivery.attempts += 1
    delivery.last_attempt_at = timezone.now()
    delivery.response_status, delivery.error = status_code, error
    if not error:
        delivery.status, delivery.delivered_at = WebhookDelivery.Status.DELIVERED, delivery.last_attempt_at
    elif last_chance or not retryable or delivery.attempts >= MAX_ATTEMPTS:
        delivery.status = WebhookDelivery.Status.FAILED
    else:
        delivery.status = WebhookDelivery.Status.RETRYING
    delivery.save(update_fields=["attempts", "last_attempt_at", "response_status", "error", "status", "delivered_at"])
    if delivery.status == WebhookDelivery.Status.RETRYING:
        return retry_delay(delivery.attempts)
    _hand_out_after(delivery)
    return None


def _post(delivery: WebhookDelivery) -> tuple[int | None, str, bool]:
    """(response status, error or "", whether trying again could help). Never raises: whatever goes wrong is the
    outcome of this attempt, recorded on the delivery, so a delivery never stays pending with no attempt."""
    target = urlsplit(delivery.webhook.url)
    try:
        addresses = checked_addresses(target.hostname or "", target.port)
        return _post_to(addresses, target, delivery)
    except AddressRefused as refusal:
        return None, str(refusal), False
    except (ValueError, http.client.InvalidURL) as error:  # the stored URL itself cannot be used
        return None, f"The URL cannot be used: {error}.", False
    except (OSError, http.client.HTTPException) as error:
        return None, f"Could not reach the receiver: {error or type(error).__name__}.", True
    except Exception as error:  # a bug: trying again would not help, and the log has the traceback
        logger.exception("Webhook delivery %s could not be sent", delivery.pk)
        return None, f"The delivery could not be sent: {type(error).__name__}: {error}.", False


def _post_to(addresses: list[str], target: SplitResult, delivery: WebhookDelivery) -> tuple[int | None, str, bool]:
    body = delivery_body(delivery)
    timestamp = str(int(time.time()))
    connection = _pinned_connection(target, addresses)
    try:
        connection.request(
            "POST",
            _path_of(target),
            body=body,
            headers={
                "Content-Type": "application/json",
                "User-Agent": "scorekeeper-webhooks/1",
                "X-Scorekeeper-Event": delivery.event,
                "X-Scorekeeper-Delivery": str(delivery.pk),
                "X-Scorekeeper-Timestamp": timestamp,
                "X-Scorekeeper-Signature": signature(delivery.webhook.secret, timestamp, body),
            },
        )
        status = connection.getresponse().status
    finally:
        connection.close()
    # Redirects are never followed: one could lead a signed POST anywhere, including inside our network.
    if 200 <= status < 300:
        return status, "", True
    return status, f"The receiver answered {status}.", True


def _path_of(target: SplitResult) -> str:
    return (target.path or "/") + (f"?{target.query}" if target.query else "")


def _pinned_connection(target: SplitResult, addresses: list[str]) -> http.client.HTTPConnection:
    """A connection to the address that was checked, not to whatever the name resolves to a moment later (DNS
    rebinding). The host name stays the connection's host, so the Host header and TLS (SNI and the certificate's
    name) are the URL's."""
    kind = http.client.HTTPSConnection if target.scheme == "https" else http.client.HTTPConnection
    connection = kind(target.hostname or "", target.port, timeout=TIMEOUT_SECONDS)
    connection._create_connection = partial(_connect_first, addresses)  # type: ignore[attr-defined]
    return connection


def _connect_first(
    addresses: list[str], host_and_port: tuple[str, int], timeout: float, source_address: tuple[str, int] | None = None
) -> socket.socket:
    """http.client's connect, given the checked addresses instead of the name: the first that answers."""
    error: OSError = OSError("no address to connect to")
    for address in addresses:
        try:
            return socket.create_connection((address, host_and_port[1]), timeout, source_address)
        except OSError as failure:
            error = failure
    raise error
