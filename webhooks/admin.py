"""Django admin: a club's webhooks and what happened to their deliveries, read-only. Webhooks are registered,
changed and removed through the API, whose services keep the audit trail."""

from __future__ import annotations

from django.contrib import admin

from games.admin import ReadOnlyMixin
from webhooks.models import Webhook, WebhookDelivery


@admin.register(Webhook)
class WebhookAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ["id", "club", "url", "active", "created_at"]
    list_filter = ["active"]
    search_fields = ["url", "club__name"]
    exclude = ["secret"]  # shown once, to the admin who registered it


@admin.register(WebhookDelivery)
class WebhookDeliveryAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ["id", "webhook", "event", "status", "attempts", "response_status", "created_at"]
    list_filter = ["status", "event"]
    list_select_related = ["webhook"]
