"""Input and output shapes of the club webhook endpoints."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games.i18n.translation import localize
from web.fields import ChoiceField
from webhooks.addresses import url_problem
from webhooks.deliveries import EVENTS
from webhooks.models import Webhook, WebhookDelivery


class DeliverySerializer(serializers.ModelSerializer[WebhookDelivery]):
    class Meta:
        model = WebhookDelivery
        fields = [
            "id",
            "event",
            "status",
            "attempts",
            "response_status",
            "error",
            "created_at",
            "last_attempt_at",
            "delivered_at",
            "payload",
        ]


class WebhookSerializer(serializers.ModelSerializer[Webhook]):
    events = serializers.ListField(
        child=ChoiceField(choices=EVENTS), min_length=1, help_text="The events this URL receives."
    )
    last_delivery = serializers.SerializerMethodField()

    class Meta:
        model = Webhook
        fields = ["id", "url", "events", "active", "created_at", "last_delivery"]

    def validate_url(self, url: str) -> str:
        if problem := url_problem(url):
            raise serializers.ValidationError(localize(problem))  # DRF keeps plain text: said here
        return url

    def validate_events(self, events: list[str]) -> list[str]:
        return list(dict.fromkeys(events))

    @extend_schema_field(DeliverySerializer(allow_null=True))
    def get_last_delivery(self, hook: Webhook) -> dict[str, Any] | None:
        last = hook.deliveries.order_by("-id").first()
        return None if last is None else DeliverySerializer(last).data


class WebhookCreatedSerializer(WebhookSerializer):
    """The secret is shown once, when the webhook is made: keep it to check signatures."""

    class Meta(WebhookSerializer.Meta):
        fields = [*WebhookSerializer.Meta.fields, "secret"]
