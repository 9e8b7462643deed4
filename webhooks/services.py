"""Writes: a club's admins register, change and remove its webhooks, each with its audit entry."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction

from games.models import Club
from games.rules.messages import msg
from games.services.audit import audit_record
from webhooks.addresses import webhook_url_check
from webhooks.errors import WebhookLimitReached
from webhooks.models import Webhook


def webhook_limit_check(club: Club) -> None:
    """Before a club registers one more webhook (inside the registering transaction: the lock counts one at a time)."""
    Club.objects.select_for_update().filter(pk=club.pk).values_list("pk", flat=True).first()
    limit = settings.WEBHOOKS_PER_CLUB
    if Webhook.objects.filter(club=club).count() >= limit:
        raise WebhookLimitReached(
            msg("A club may have at most {limit} webhooks; remove one before adding another.", limit=limit),
            None,
            limit=limit,
        )


def _webhook_fields(hook: Webhook) -> dict[str, Any]:
    return {"webhook": hook.pk, "url": hook.url, "events": hook.events, "active": hook.active}


@transaction.atomic
def webhook_create(*, actor: User, club: Club, url: str, events: list[str], active: bool = True) -> Webhook:
    webhook_url_check(url)
    webhook_limit_check(club)
    hook = Webhook.objects.create(club=club, url=url, events=events, active=active, created_by=actor)
    audit_record(actor=actor, action="webhook.created", club=club, after=_webhook_fields(hook))
    return hook


@transaction.atomic
def webhook_update(*, actor: User, hook: Webhook, changes: dict[str, Any]) -> Webhook:
    if "url" in changes:
        webhook_url_check(changes["url"])
    before = _webhook_fields(hook)
    for name, value in changes.items():
        setattr(hook, name, value)
    hook.save()
    audit_record(actor=actor, action="webhook.updated", club=hook.club, before=before, after=_webhook_fields(hook))
    return hook


@transaction.atomic
def webhook_delete(*, actor: User, hook: Webhook) -> None:
    audit_record(actor=actor, action="webhook.deleted", club=hook.club, before=_webhook_fields(hook))
    hook.delete()
