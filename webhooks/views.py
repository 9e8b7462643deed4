"""A club's webhooks: thin views over webhooks.services."""

from __future__ import annotations

from typing import Any, cast

from django.db.models import QuerySet
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.serializers import BaseSerializer

from games.models import Club
from games.selectors.access import administered_club, signed_in
from web.error_body import ErrorSerializer
from webhooks.models import Webhook
from webhooks.serializers import DeliverySerializer, WebhookCreatedSerializer, WebhookSerializer
from webhooks.services import webhook_create, webhook_delete, webhook_update


class ClubWebhookViewSet(
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    mixins.UpdateModelMixin,
    mixins.DestroyModelMixin,
    viewsets.GenericViewSet[Webhook],
):
    """A club's webhooks: its admins register, change and remove them; other members may not see them."""

    serializer_class = WebhookSerializer
    queryset = Webhook.objects.none()
    pagination_class = None

    def club(self) -> Club:
        return administered_club(self.request.user, self.kwargs["club_pk"])

    def get_queryset(self) -> QuerySet[Webhook]:
        if getattr(self, "swagger_fake_view", False):
            return Webhook.objects.none()
        return Webhook.objects.filter(club=self.club())

    @extend_schema(
        summary="Register a webhook (the answer shows its signing secret, once)",
        responses={
            201: WebhookCreatedSerializer,
            409: OpenApiResponse(
                ErrorSerializer, description="webhook_limit_reached: the club has WEBHOOKS_PER_CLUB webhooks."
            ),
        },
    )
    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        serializer = WebhookSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        hook = webhook_create(actor=signed_in(request.user), club=self.club(), **serializer.validated_data)
        return Response(WebhookCreatedSerializer(hook).data, status=status.HTTP_201_CREATED)

    def perform_update(self, serializer: BaseSerializer[Webhook]) -> None:
        hook = cast("Webhook", serializer.instance)
        webhook_update(actor=signed_in(self.request.user), hook=hook, changes=serializer.validated_data)

    def perform_destroy(self, instance: Webhook) -> None:
        webhook_delete(actor=signed_in(self.request.user), hook=instance)

    @extend_schema(summary="The webhook's latest deliveries, newest first", responses=DeliverySerializer(many=True))
    @action(detail=True, methods=["get"], serializer_class=DeliverySerializer)
    def deliveries(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        hook = self.get_object()
        return Response(DeliverySerializer(hook.deliveries.order_by("-id")[:50], many=True).data)
