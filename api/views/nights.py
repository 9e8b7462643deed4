"""Club nights: events, entrants, rounds (with their tables) and standings; thin views over nights.services and
nights.selectors."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, mixins, status, viewsets
from rest_framework.request import Request
from rest_framework.response import Response

from api.concurrency import tagged_response
from api.idempotency import idempotent
from api.serializers.nights import (
    CheckInSerializer,
    EntrantSerializer,
    EventChangeSerializer,
    EventSerializer,
    EventStandingsSerializer,
    RoundCloseSerializer,
    RoundSerializer,
    RoundStartSerializer,
    SubstituteSerializer,
    TeamCheckInSerializer,
    TeamSerializer,
)
from games.errors import NotFound
from games.rules.registry import get_engine
from games.selectors.access import clubs_visible_to, signed_in
from games.selectors.matches import id_from_url
from nights.models import Entrant, Event, Round, Team
from nights.selectors import event_round, event_standings, events_visible_to, readable_event, rounds_of, teams_of
from nights.services import (
    entrant_check_in,
    entrant_leave,
    event_create,
    event_update,
    round_close,
    round_start,
    round_substitute,
    round_undo,
    team_check_in,
    team_leave,
)

NO_CONTENT = OpenApiResponse(description="Done; nothing to answer.")
IF_NONE_MATCH = OpenApiParameter(
    "If-None-Match", OpenApiTypes.STR, OpenApiParameter.HEADER, description="The ETag you have: 304 while unchanged."
)
NOT_MODIFIED = OpenApiResponse(description="Not modified: the ETag you sent is current.")


class EventViewSet(
    mixins.ListModelMixin, mixins.RetrieveModelMixin, mixins.CreateModelMixin, viewsets.GenericViewSet[Event]
):
    serializer_class = EventSerializer
    lookup_value_regex = r"\d+"
    queryset = Event.objects.none()

    def get_queryset(self) -> QuerySet[Event]:
        return events_visible_to(self.request.user).order_by("-id")

    def get_object(self) -> Event:
        return readable_event(self.request.user, self.kwargs["pk"])

    @extend_schema(
        summary="Read a night (with its ETag; 304 to a matching If-None-Match)",
        parameters=[IF_NONE_MATCH],
        responses={200: EventSerializer, 304: NOT_MODIFIED},
    )
    def retrieve(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return tagged_response(request, EventSerializer(self.get_object()).data)

    @extend_schema(summary="Make a club night (the club's admins direct it)", responses={201: EventSerializer})
    @idempotent
    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        serializer = EventSerializer(data=request.data, context={"request": request})
        serializer.is_valid(raise_exception=True)
        event = event_create(actor=signed_in(request.user), **serializer.validated_data)
        return Response(EventSerializer(event).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        summary="Rename a night, change its planned rounds, or its rules until round 1 is drawn",
        request=EventChangeSerializer,
        responses={200: EventSerializer},
    )
    def partial_update(self, request: Request, pk: str | None = None) -> Response:
        event = self.get_object()
        serializer = EventChangeSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        changed = event_update(actor=signed_in(request.user), event_id=event.pk, changes=serializer.validated_data)
        return Response(EventSerializer(changed).data)


class ClubEventsView(generics.ListAPIView[Event]):
    """The club's nights, newest first."""

    serializer_class = EventSerializer
    queryset = Event.objects.none()

    def get_queryset(self) -> QuerySet[Event]:
        club = clubs_visible_to(self.request.user).filter(pk=id_from_url(self.kwargs["club_pk"])).first()
        if club is None:
            raise NotFound
        return events_visible_to(self.request.user).filter(club=club).order_by("-id")


class EntrantViewSet(mixins.ListModelMixin, viewsets.GenericViewSet[Entrant]):
    serializer_class = EntrantSerializer
    queryset = Entrant.objects.none()

    def event(self) -> Event:
        return readable_event(self.request.user, self.kwargs["event_pk"])

    def get_queryset(self) -> QuerySet[Entrant]:
        return self.event().entrants.select_related("player").order_by("pk")

    @extend_schema(summary="Check a player in", request=CheckInSerializer, responses={201: EntrantSerializer})
    @idempotent
    def create(self, request: Request, event_pk: str) -> Response:
        event = self.event()
        serializer = CheckInSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        entrant = entrant_check_in(
            actor=signed_in(request.user), event_id=event.pk, player=serializer.validated_data["player"]
        )
        return Response(EntrantSerializer(entrant).data, status=status.HTTP_201_CREATED)

    @extend_schema(summary="A player leaves: drops from the rounds not drawn yet", responses={204: NO_CONTENT})
    def destroy(self, request: Request, event_pk: str, pk: str) -> Response:
        event = self.event()
        entrant_leave(actor=signed_in(request.user), event_id=event.pk, entrant_id=id_from_url(pk))
        return Response(status=status.HTTP_204_NO_CONTENT)


class TeamViewSet(mixins.ListModelMixin, viewsets.GenericViewSet[Team]):
    """The teams of a night of fixed partnerships (round robin, Swiss of a partnership game)."""

    serializer_class = TeamSerializer
    queryset = Team.objects.none()

    def event(self) -> Event:
        return readable_event(self.request.user, self.kwargs["event_pk"])

    def get_queryset(self) -> QuerySet[Team]:
        return teams_of(self.event())

    @extend_schema(
        summary="Check a team in: its players, in the order they sit in its seats",
        request=TeamCheckInSerializer,
        responses={201: TeamSerializer},
    )
    @idempotent
    def create(self, request: Request, event_pk: str) -> Response:
        event = self.event()
        serializer = TeamCheckInSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        team = team_check_in(actor=signed_in(request.user), event_id=event.pk, **serializer.validated_data)
        return Response(TeamSerializer(team).data, status=status.HTTP_201_CREATED)

    @extend_schema(summary="A team leaves: drops from the rounds not drawn yet", responses={204: NO_CONTENT})
    def destroy(self, request: Request, event_pk: str, pk: str) -> Response:
        event = self.event()
        team_leave(actor=signed_in(request.user), event_id=event.pk, team_id=id_from_url(pk))
        return Response(status=status.HTTP_204_NO_CONTENT)


class RoundViewSet(mixins.ListModelMixin, viewsets.GenericViewSet[Round]):
    serializer_class = RoundSerializer
    queryset = Round.objects.none()
    lookup_field = "number"
    lookup_value_regex = r"\d+"

    def event(self) -> Event:
        return readable_event(self.request.user, self.kwargs["event_pk"])

    def get_queryset(self) -> QuerySet[Round]:
        return rounds_of(self.event())

    def answer(self, event: Event, number: int, code: int = status.HTTP_200_OK) -> Response:
        return Response(RoundSerializer(event_round(event, number)).data, status=code)

    @extend_schema(
        summary="Start the next round: draw it and start a match per table",
        request=RoundStartSerializer,
        responses={201: RoundSerializer},
    )
    @idempotent
    def create(self, request: Request, event_pk: str) -> Response:
        event = self.event()
        serializer = RoundStartSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        number = serializer.validated_data.get("number")
        started = round_start(actor=signed_in(request.user), event_id=event.pk, number=number)
        return self.answer(event, started.number, status.HTTP_201_CREATED)

    @extend_schema(
        summary="A round with its tables and byes (with its ETag; 304 to a matching If-None-Match)",
        parameters=[IF_NONE_MATCH],
        responses={200: RoundSerializer, 304: NOT_MODIFIED},
    )
    def retrieve(self, request: Request, event_pk: str, number: str) -> Response:
        return tagged_response(request, RoundSerializer(event_round(self.event(), id_from_url(number))).data)

    @extend_schema(summary="Undo a draw (until its first deal is recorded)", responses={204: NO_CONTENT})
    def destroy(self, request: Request, event_pk: str, number: str) -> Response:
        event = self.event()
        round_undo(actor=signed_in(request.user), event_id=event.pk, number=id_from_url(number))
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(
        summary="Close a round (the director, with a reason; a score for a table that cannot finish)",
        request=RoundCloseSerializer,
        responses={200: RoundSerializer},
    )
    @idempotent
    def close(self, request: Request, event_pk: str, number: str) -> Response:
        event = self.event()
        serializer = RoundCloseSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        round_close(
            actor=signed_in(request.user), event_id=event.pk, number=id_from_url(number), **serializer.validated_data
        )
        return self.answer(event, id_from_url(number))

    @extend_schema(
        summary="A substitute takes an entrant's seat for the round (the seat's score stays the entrant's)",
        request=SubstituteSerializer,
        responses={201: RoundSerializer},
    )
    @idempotent
    def substitute(self, request: Request, event_pk: str, number: str) -> Response:
        event = self.event()
        serializer = SubstituteSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        round_substitute(
            actor=signed_in(request.user),
            event_id=event.pk,
            number=id_from_url(number),
            entrant_id=data["entrant"],
            player=data["player"],
        )
        return self.answer(event, id_from_url(number), status.HTTP_201_CREATED)


class StandingsView(generics.GenericAPIView[Any]):
    serializer_class = EventStandingsSerializer
    pagination_class = None

    @extend_schema(
        summary="The night's standings: each entrant's round scores folded from the tables' matches (with its ETag; "
        "304 to a matching If-None-Match)",
        parameters=[IF_NONE_MATCH],
        responses={200: EventStandingsSerializer, 304: NOT_MODIFIED},
    )
    def get(self, request: Request, event_pk: str) -> Response:
        event = readable_event(request.user, event_pk)
        body = {
            "event": event.pk,
            "game": event.game,
            "lower_wins": get_engine(event.game).side_scores_lower_wins,
            "rows": event_standings(event),
        }
        return tagged_response(request, EventStandingsSerializer(body).data)
