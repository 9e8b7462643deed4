"""Matches: start, list, read (with ETag), scorers and the audit trail."""

from __future__ import annotations

from typing import Any, cast

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db.models import QuerySet
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from api.concurrency import etag, none_match
from api.filters import MatchFilter
from api.idempotency import idempotent
from api.pagination import ByteBoundedPagination
from api.serializers.matches import AuditEntrySerializer, MatchCreateSerializer, ScorerSerializer
from games.models import AuditEntry, Match
from games.selectors.access import signed_in
from games.selectors.matches import match_queryset, readable_match
from games.services.audit import MatchAuditLog
from games.services.matches import match_scorer_add, match_scorer_remove, match_start
from web.shapes import MatchSerializer

MATCH_EXAMPLE = OpenApiExample(
    "A Seep match with two known players and two new ones",
    value={
        "game": "seep",
        "players": [12, 13, {"name": "Ravi"}, {"name": "Meena"}],
        "settings": {"baazi_lead": 100},
        "league": None,
    },
    request_only=True,
)


def match_response(match: Match, request: Request, code: int = status.HTTP_200_OK) -> Response:
    response = Response(MatchSerializer(match, context={"request": request}).data, status=code)
    response["ETag"] = etag(match.version)
    return response


class MatchViewSet(mixins.ListModelMixin, viewsets.GenericViewSet[Match]):
    serializer_class = MatchSerializer
    lookup_value_regex = r"\d+"
    filterset_class = MatchFilter
    queryset = Match.objects.none()

    def get_queryset(self) -> QuerySet[Match]:
        return match_queryset(self.request.user)

    def get_object(self) -> Match:
        return readable_match(self.request.user, self.kwargs["pk"])

    @extend_schema(
        summary="Start a match",
        request=MatchCreateSerializer,
        examples=[MATCH_EXAMPLE],
        responses={201: MatchSerializer},
    )
    @idempotent
    def create(self, request: Request) -> Response:
        serializer = MatchCreateSerializer(data=request.data, context={"request": request})
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        match = match_start(
            actor=signed_in(request.user),
            game=data["game"],
            players=data["players"],
            settings=data["settings"],
            league=data.get("league"),
        )
        return match_response(self.get_queryset().get(pk=match.pk), request, status.HTTP_201_CREATED)

    @extend_schema(
        summary="Read a match (answers 304 to a matching If-None-Match)",
        parameters=[
            OpenApiParameter(
                "If-None-Match", OpenApiTypes.STR, OpenApiParameter.HEADER, description='The ETag you have, e.g. "7".'
            )
        ],
        responses={200: MatchSerializer, 304: OpenApiResponse(description="Not modified")},
    )
    def retrieve(self, request: Request, pk: str | None = None) -> Response:
        match = self.get_object()
        if none_match(request, match.version):
            response = Response(status=status.HTTP_304_NOT_MODIFIED)
            response["ETag"] = etag(match.version)
            return response
        return match_response(match, request)

    @extend_schema(summary="Who may record deals besides the creator", responses=ScorerSerializer(many=True))
    @action(detail=True, methods=["get"], serializer_class=ScorerSerializer, pagination_class=None)
    def scorers(self, request: Request, pk: str | None = None) -> Response:
        match = self.get_object()
        return Response([{"user": user_id} for user_id in match.scorers.values_list("pk", flat=True)])

    @extend_schema(
        summary="Add a scorer (the match's creator only)", request=ScorerSerializer, responses={201: ScorerSerializer}
    )
    @scorers.mapping.post
    @idempotent
    def add_scorer(self, request: Request, pk: str | None = None) -> Response:
        match = self.get_object()

        def scorer() -> User | None:
            serializer = ScorerSerializer(data=request.data)
            serializer.is_valid(raise_exception=True)
            return get_user_model().objects.filter(pk=serializer.validated_data["user"]).first()

        user = match_scorer_add(actor=signed_in(request.user), match=match, scorer=scorer)
        return Response({"user": user.pk}, status=status.HTTP_201_CREATED)

    @extend_schema(
        summary="Remove a scorer (the match's creator only); 404 for a user who is not one",
        request=None,
        responses={204: None},
    )
    @action(detail=True, methods=["delete"], url_path=r"scorers/(?P<user_id>\d+)")
    def remove_scorer(self, request: Request, pk: str | None = None, user_id: str = "") -> Response:
        match_scorer_remove(actor=signed_in(request.user), match=self.get_object(), user_id=user_id)
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(summary="Every change to the match, oldest first", responses=AuditEntrySerializer(many=True))
    @action(
        detail=True,
        methods=["get"],
        serializer_class=AuditEntrySerializer,
        filterset_class=None,
        pagination_class=ByteBoundedPagination,
    )
    def audit(self, request: Request, pk: str | None = None) -> Response:
        match = self.get_object()
        log: Any = MatchAuditLog(match)  # a sequence of AuditEntry rows that the paginator slices as a queryset
        page = cast("list[AuditEntry] | None", self.paginate_queryset(log))
        return self.get_paginated_response(AuditEntrySerializer(page, many=True).data)
