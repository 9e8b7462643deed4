"""Club webhooks: fan-out of match events to registered URLs, signed, retried with back-off.

``enqueue_deliveries`` runs after the change committed (games/events.py); it records one delivery per URL and
queues a task for each. It never raises: the deal is already safe, and a webhook must not fail the scorer.

Each POST carries ``X-Scorekeeper-Signature: sha256=<hex>``, the HMAC-SHA256 under the webhook's secret of
``<X-Scorekeeper-Timestamp>.<body>``; see docs/api.md.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import json
import logging
import socket
import time
import urllib.error
import urllib.request
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.utils import timezone

from exports.errors import QueueUnavailable
from exports.models import Webhook, WebhookDelivery
from exports.queue import enqueue
from games.models import League

logger = logging.getLogger(__name__)

EVENTS = ("deal.recorded", "deal.corrected", "deal.voided", "match.finished", "standings.changed")
MAX_ATTEMPTS = 6
TIMEOUT_SECONDS = 5


def retry_delay(attempts: int) -> float:
    """10 s, 40 s, 160 s, ... after the first, second, third failed attempt (base configurable for tests)."""
    base = float(getattr(settings, "WEBHOOK_RETRY_BASE_SECONDS", 10))
    return base * 4 ** (attempts - 1)


def enqueue_deliveries(payload: dict[str, Any]) -> None:
    try:
        for hook in _webhooks_for(payload):
            delivery = WebhookDelivery.objects.create(webhook=hook, event=payload["event"], payload=payload)
            try:
                enqueue(_task(), delivery.pk)
            except QueueUnavailable:
                WebhookDelivery.objects.filter(pk=delivery.pk).update(
                    status=WebhookDelivery.Status.FAILED, error="The job queue was not reachable.")
    except Exception:  # after commit, nothing may fail the change that already happened
        logger.exception("Webhook deliveries for %s not queued", payload.get("event"))


def _task() -> Any:
    from exports.tasks import deliver_webhook

    return deliver_webhook


def _webhooks_for(payload: dict[str, Any]) -> list[Webhook]:
    """Only matches in a league belong to a club; a friendly match has no club to notify."""
    league_id = payload.get("league")
    if league_id is None:
        return []
    club_id = League.objects.filter(pk=league_id).values_list("club_id", flat=True).first()
    hooks = Webhook.objects.filter(club_id=club_id, active=True)
    return [hook for hook in hooks if payload.get("event") in hook.events]


def delivery_body(delivery: WebhookDelivery) -> bytes:
    """The same bytes on every attempt."""
    body = {"delivery": delivery.pk, "event": delivery.event, "created_at": delivery.created_at.isoformat(),
            "club": delivery.webhook.club_id, "data": delivery.payload}
    return json.dumps(body, sort_keys=True, separators=(",", ":")).encode()


def signature(secret: str, timestamp: str, body: bytes) -> str:
    digest = hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256).hexdigest()
    return f"sha256={digest}"


def attempt_delivery(delivery_id: int, *, last_chance: bool = False) -> float | None:
    """POST once; record the outcome. Returns the delay before the next attempt, or None when there is none."""
    delivery = WebhookDelivery.objects.select_related("webhook").filter(pk=delivery_id).first()
    if delivery is None or delivery.status in (WebhookDelivery.Status.DELIVERED, WebhookDelivery.Status.FAILED):
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
    delivery.save(update_fields=["attempts", "last_attempt_at", "response_status", "error", "status",
                                 "delivered_at"])
    return retry_delay(delivery.attempts) if delivery.status == WebhookDelivery.Status.RETRYING else None


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    """A redirect could lead a signed POST anywhere, including inside our network: treat it as a failure."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


OPENER = urllib.request.build_opener(_NoRedirects)


def _post(delivery: WebhookDelivery) -> tuple[int | None, str, bool]:
    """(response status, error or "", whether trying again could help)."""
    url = delivery.webhook.url
    refusal = address_refusal(url)
    if refusal:
        return None, refusal, False
    body = delivery_body(delivery)
    timestamp = str(int(time.time()))
    request = urllib.request.Request(url, data=body, method="POST", headers={
        "Content-Type": "application/json", "User-Agent": "scorekeeper-webhooks/1",
        "X-Scorekeeper-Event": delivery.event, "X-Scorekeeper-Delivery": str(delivery.pk),
        "X-Scorekeeper-Timestamp": timestamp,
        "X-Scorekeeper-Signature": signature(delivery.webhook.secret, timestamp, body)})
    try:
        with OPENER.open(request, timeout=TIMEOUT_SECONDS) as response:
            return response.status, "", True
    except urllib.error.HTTPError as error:
        return error.code, f"The receiver answered {error.code}.", True
    except (urllib.error.URLError, OSError) as error:
        return None, f"Could not reach the receiver: {getattr(error, 'reason', error)}.", True


def address_refusal(url: str) -> str:
    """Webhooks may not point into our own network (loopback, private, link-local) unless the operator allows it."""
    if getattr(settings, "WEBHOOK_ALLOW_PRIVATE_ADDRESSES", False):
        return ""
    host = urlsplit(url).hostname or ""
    try:
        addresses = {info[4][0] for info in socket.getaddrinfo(host, None)}
    except OSError:
        return ""  # unresolvable: the POST itself will fail and be retried
    for address in addresses:
        ip = ipaddress.ip_address(address.split("%")[0])
        if ip.is_private or ip.is_loopback or ip.is_link_local or ip.is_reserved or ip.is_multicast:
            return f"{host} resolves to {ip}, an address inside a private network; webhooks may not go there."
    return ""
