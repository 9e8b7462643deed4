"""Refusals of the webhooks app, in the one error shape (api/exceptions.py maps every DomainError by its status and
code)."""

from __future__ import annotations

from games.errors import DomainError


class WebhookLimitReached(DomainError):
    """At registration: the club has as many webhooks as ``WEBHOOKS_PER_CLUB`` allows."""

    status_code = 409
    code = "webhook_limit_reached"


class WebhookAddressRefused(DomainError):
    """At registration: the URL's host is not a public address (api/exceptions.py maps it to the error shape)."""

    code = "webhook_address_refused"
