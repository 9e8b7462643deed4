"""A club night's room as JSON: the director's document, the room display's (for the club's members, or for anyone
with the display's link), and that link. Mounted under /api/v1/ (table/api_urls.py); the room pages read these."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.selectors.access import signed_in
from nights.models import Event
from nights.selectors import directed_event, readable_event
from scorekeeper.throttles import PUBLIC
from table.api import RENEW
from table.models import EventDisplayLink
from table.room import DISPLAY, ROOM, room_response
from table.services import display_link_get_or_create, display_link_revoke
from table.share import share_qr_svg

IF_NONE_MATCH = OpenApiParameter(
    "If-None-Match", OpenApiTypes.STR, OpenApiParameter.HEADER, description="The room's ETag you have."
)
ROOM_RESPONSES = {
    200: OpenApiResponse(OpenApiTypes.OBJECT, description="The room's document (docs/api.md, 'The director's room')."),
    304: OpenApiResponse(description="Not modified"),
}


class DisplayLinkSerializer(serializers.Serializer[Any]):
    token = serializers.CharField()
    page_url = serializers.CharField(help_text="The room display's page, for a screen nobody signs in on.")
    display_url = serializers.CharField(help_text="The display's document as JSON, readable without an account.")
    qr_svg = serializers.CharField(help_text="page_url as a QR code: an <svg> element.")


def display_link_body(request: Request, link: EventDisplayLink) -> dict[str, Any]:
    page_url = request.build_absolute_uri(reverse("table:shared-display", args=[link.token]))
    return {
        "token": link.token,
        "page_url": page_url,
        "display_url": request.build_absolute_uri(reverse("table-api:shared-display", args=[link.token])),
        "qr_svg": share_qr_svg(page_url, gettext("QR code of the room display's link")),
    }


class RoomView(APIView):
    @extend_schema(
        summary="A club night's room: every table of the current round, the standings, the entrants (its director)",
        parameters=[IF_NONE_MATCH],
        responses=ROOM_RESPONSES,
    )
    def get(self, request: Request, event_pk: int) -> HttpResponse:
        return room_response(request, directed_event(request.user, event_pk), ROOM)


class DisplayView(APIView):
    @extend_schema(
        summary="A club night's room display: the standings and the round's clock (the club's members)",
        parameters=[IF_NONE_MATCH],
        responses=ROOM_RESPONSES,
    )
    def get(self, request: Request, event_pk: int) -> HttpResponse:
        return room_response(request, readable_event(request.user, event_pk), DISPLAY)


class SharedDisplayView(APIView):
    permission_classes = [AllowAny]
    authentication_classes: list[type] = []
    throttle_kinds = {"GET": PUBLIC, "HEAD": PUBLIC}

    @extend_schema(
        summary="A club night's room display through its link, without an account: names and scores only",
        parameters=[IF_NONE_MATCH],
        responses=ROOM_RESPONSES,
    )
    def get(self, request: Request, token: str) -> HttpResponse:
        event = Event.objects.filter(display_link__token=token).first()
        if event is None:
            raise Http404
        return room_response(request, event, DISPLAY)


class DisplayLinkView(APIView):
    @extend_schema(
        summary="The room display's link of a club night (made on first request; its director only)",
        request=None,
        parameters=[RENEW],
        responses={200: DisplayLinkSerializer, 201: DisplayLinkSerializer},
    )
    def post(self, request: Request, event_pk: int) -> Response:
        event = readable_event(request.user, event_pk)
        renew = request.query_params.get("renew", "").lower() in ("1", "true")
        link, created = display_link_get_or_create(event_id=event.pk, actor=signed_in(request.user), renew=renew)
        return Response(DisplayLinkSerializer(display_link_body(request, link)).data, status=201 if created else 200)

    @extend_schema(
        summary="Revoke the room display's link: its page and streams stop at once (the night's director only)",
        request=None,
        responses={204: None},
    )
    def delete(self, request: Request, event_pk: int) -> Response:
        event = readable_event(request.user, event_pk)
        display_link_revoke(event_id=event.pk, actor=signed_in(request.user))
        return Response(status=status.HTTP_204_NO_CONTENT)
