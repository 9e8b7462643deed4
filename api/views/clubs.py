"""Players, clubs with their members, and leagues."""

from __future__ import annotations

import uuid
from typing import Any, TypeVar, cast

from django.db.models import Model, QuerySet
from django.http import Http404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.serializers import BaseSerializer
from rest_framework.views import APIView

from api.idempotency import idempotent
from api.serializers.clubs import (
    ClubSerializer,
    LeagueSerializer,
    MembershipSerializer,
    MergeSerializer,
    PlayerRatingsSerializer,
    PlayerSerializer,
    StandingsSerializer,
)
from games.errors import InvalidInput
from games.models import Club, League, Player
from games.rules.messages import msg, or_chain
from games.selectors.access import (
    clubs_visible_to,
    leagues_visible_to,
    players_visible_to,
    signed_in,
)
from games.selectors.tallies.ratings import player_ratings
from games.selectors.tallies.standings import league_standings, standings_kinds
from games.services.clubs import (
    club_create,
    club_update,
    league_save,
    membership_remove,
    membership_set,
)
from games.services.players import player_create, player_merge, player_unmerge, player_update
from scorekeeper.throttles import PUBLIC

_Row = TypeVar("_Row", bound=Model)


# List, read, create and change; a create retried with its Idempotency-Key gets the first answer again. (A comment,
# not a docstring: drf-spectacular would print a docstring as every operation's description.)
class ListCreateUpdateViewSet(
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    mixins.UpdateModelMixin,
    viewsets.GenericViewSet[_Row],
):
    @idempotent
    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().create(request, *args, **kwargs)


class PlayerViewSet(ListCreateUpdateViewSet[Player]):
    serializer_class = PlayerSerializer
    queryset = Player.objects.none()

    def get_queryset(self) -> QuerySet[Player]:
        return players_visible_to(self.request.user).order_by("id")

    def perform_create(self, serializer: BaseSerializer[Player]) -> None:
        serializer.instance = player_create(actor=signed_in(self.request.user), **serializer.validated_data)

    def perform_update(self, serializer: BaseSerializer[Player]) -> None:
        player = cast("Player", serializer.instance)
        player_update(actor=signed_in(self.request.user), player=player, changes=serializer.validated_data)

    @extend_schema(summary="A player's rating per game, with its history", responses=PlayerRatingsSerializer)
    @action(detail=True, methods=["get"], serializer_class=PlayerRatingsSerializer)
    def ratings(self, request: Request, pk: str | None = None) -> Response:
        return Response(player_ratings(self.get_object()))

    @extend_schema(
        summary="Merge a duplicate record of the same person into this player (reversible)",
        request=MergeSerializer,
        responses=PlayerSerializer,
    )
    @action(detail=True, methods=["post"], serializer_class=MergeSerializer)
    @idempotent
    def merge(self, request: Request, pk: str | None = None) -> Response:
        player, duplicate = self._merge_pair(request)
        merged = player_merge(actor=signed_in(request.user), player=player, duplicate=duplicate)
        return Response(PlayerSerializer(merged).data)

    @extend_schema(
        summary="Undo a merge: the duplicate counts as a person of its own again",
        request=MergeSerializer,
        responses=PlayerSerializer,
    )
    @action(detail=True, methods=["post"], serializer_class=MergeSerializer)
    @idempotent
    def unmerge(self, request: Request, pk: str | None = None) -> Response:
        player, duplicate = self._merge_pair(request)
        unmerged = player_unmerge(actor=signed_in(request.user), player=player, duplicate=duplicate)
        return Response(PlayerSerializer(unmerged).data)

    def _merge_pair(self, request: Request) -> tuple[Player, Player]:
        player = self.get_object()
        serializer = MergeSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        duplicate = self.get_queryset().filter(pk=serializer.validated_data["player"]).first()
        if duplicate is None:
            raise InvalidInput(msg("There is no such player that you can see."), "player")
        return player, duplicate  # the services check that the caller may administer both


class ClubViewSet(ListCreateUpdateViewSet[Club]):
    serializer_class = ClubSerializer
    queryset = Club.objects.none()

    def get_queryset(self) -> QuerySet[Club]:
        return clubs_visible_to(self.request.user).order_by("id")

    def perform_create(self, serializer: BaseSerializer[Club]) -> None:
        serializer.instance = club_create(actor=signed_in(self.request.user), **serializer.validated_data)

    def perform_update(self, serializer: BaseSerializer[Club]) -> None:
        serializer.instance = club_update(
            actor=signed_in(self.request.user),
            club=cast("Club", serializer.instance),
            changes=serializer.validated_data,
        )

    @extend_schema(summary="The club's members and their roles", responses=MembershipSerializer(many=True))
    @action(detail=True, methods=["get"], serializer_class=MembershipSerializer, pagination_class=None)
    def members(self, request: Request, pk: str | None = None) -> Response:
        club = self.get_object()
        return Response(MembershipSerializer(club.memberships.order_by("id"), many=True).data)

    @extend_schema(
        summary="Add a member or change a member's role (admins only)",
        request=MembershipSerializer,
        responses={201: MembershipSerializer},
    )
    @members.mapping.post
    @idempotent
    def add_member(self, request: Request, pk: str | None = None) -> Response:
        club = self.get_object()

        def member() -> dict[str, Any]:
            serializer = MembershipSerializer(data=request.data)
            serializer.is_valid(raise_exception=True)
            return dict(serializer.validated_data)

        membership = membership_set(actor=signed_in(request.user), club=club, member=member)
        return Response(MembershipSerializer(membership).data, status=status.HTTP_201_CREATED)

    @extend_schema(summary="Remove a member (admins only)", request=None, responses={204: None})
    @action(detail=True, methods=["delete"], url_path=r"members/(?P<user_id>\d+)")
    def remove_member(self, request: Request, pk: str | None = None, user_id: str = "") -> Response:
        membership_remove(actor=signed_in(request.user), club=self.get_object(), user_id=user_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class LeagueViewSet(ListCreateUpdateViewSet[League]):
    serializer_class = LeagueSerializer
    queryset = League.objects.none()

    def get_queryset(self) -> QuerySet[League]:
        return leagues_visible_to(self.request.user).order_by("id")

    def perform_create(self, serializer: BaseSerializer[League]) -> None:
        serializer.instance = league_save(
            actor=signed_in(self.request.user), league=League(), changes=serializer.validated_data
        )

    def perform_update(self, serializer: BaseSerializer[League]) -> None:
        league = cast("League", serializer.instance)
        league_save(actor=signed_in(self.request.user), league=league, changes=serializer.validated_data)

    @extend_schema(
        summary="League standings, by partnership or by player",
        parameters=[
            OpenApiParameter(
                "by",
                OpenApiTypes.STR,
                enum=["partnership", "player"],
                description="Partnership games default to partnership; Contract Rummy is by player only.",
            )
        ],
        responses=StandingsSerializer,
    )
    @action(detail=True, methods=["get"], serializer_class=StandingsSerializer)
    def standings(self, request: Request, pk: str | None = None) -> Response:
        league = self.get_object()
        return Response(league_standings(league, standings_kind(request, league)))


def standings_kind(request: Request, league: League) -> str | None:
    kind = request.query_params.get("by")
    allowed = standings_kinds(league.game)
    if kind is not None and kind not in allowed:
        raise InvalidInput(msg("{game} standings are by {kinds}.", game=league.game, kinds=or_chain(allowed)), "by")
    return kind


class PublicStandingsView(APIView):
    """Read-only standings behind a link the club can switch off; no sign-in."""

    permission_classes = [AllowAny]
    authentication_classes: list[type] = []
    throttle_kinds = {"GET": PUBLIC, "HEAD": PUBLIC}

    @extend_schema(summary="Public league standings (the club's share link)", responses=StandingsSerializer)
    def get(self, request: Request, token: uuid.UUID) -> Response:
        league = League.objects.filter(public_token=token).first()
        if league is None:
            raise Http404
        return Response(league_standings(league, standings_kind(request, league)))
