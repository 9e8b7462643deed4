"""Players, clubs with their members, and leagues."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import QuerySet
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import PermissionDenied
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.serializers import BaseSerializer

from api.permissions import club_role, require_club_admin, require_club_writer
from api.serializers.clubs import ClubSerializer, LeagueSerializer, MembershipSerializer, PlayerSerializer
from games.models import Club, League, Membership, Player
from games.rules.errors import RuleViolation
from games.selectors import club_ids_of, players_visible_to
from games.services.clubs import (
    club_create,
    league_save,
    membership_remove,
    membership_set,
    player_create,
    player_update,
)


class PlayerViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, mixins.CreateModelMixin,
                    mixins.UpdateModelMixin, viewsets.GenericViewSet):
    serializer_class = PlayerSerializer
    queryset = Player.objects.none()

    def get_queryset(self) -> QuerySet[Player]:
        return players_visible_to(self.request.user).order_by("id")

    def perform_create(self, serializer: BaseSerializer) -> None:
        data = serializer.validated_data
        self._check_links(data)
        serializer.instance = player_create(actor=self.request.user, **data)

    def perform_update(self, serializer: BaseSerializer) -> None:
        player = serializer.instance
        if player.created_by_id != self.request.user.pk and not (
            player.club_id and club_role(self.request.user, player.club) == Membership.Role.ADMIN
        ):
            raise PermissionDenied("Only the person who added this player or a club admin can change it.")
        self._check_links(serializer.validated_data)
        player_update(actor=self.request.user, player=player, changes=serializer.validated_data)

    def _check_links(self, data: dict[str, Any]) -> None:
        if data.get("club") is not None:
            require_club_writer(self.request, data["club"])


class ClubViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, mixins.CreateModelMixin,
                  mixins.UpdateModelMixin, viewsets.GenericViewSet):
    serializer_class = ClubSerializer
    queryset = Club.objects.none()

    def get_queryset(self) -> QuerySet[Club]:
        return Club.objects.filter(pk__in=club_ids_of(self.request.user)).order_by("id")

    def perform_create(self, serializer: BaseSerializer) -> None:
        serializer.instance = club_create(actor=self.request.user, **serializer.validated_data)

    def perform_update(self, serializer: BaseSerializer) -> None:
        require_club_admin(self.request, serializer.instance)
        serializer.save()

    @extend_schema(summary="The club's members and their roles", responses=MembershipSerializer(many=True))
    @action(detail=True, methods=["get"], serializer_class=MembershipSerializer, pagination_class=None)
    def members(self, request: Request, pk: str | None = None) -> Response:
        club = self.get_object()
        return Response(MembershipSerializer(club.memberships.order_by("id"), many=True).data)

    @extend_schema(summary="Add a member or change a member's role (admins only)", request=MembershipSerializer,
                   responses={201: MembershipSerializer})
    @members.mapping.post
    def add_member(self, request: Request, pk: str | None = None) -> Response:
        club = self.get_object()
        require_club_admin(request, club)
        serializer = MembershipSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        membership = membership_set(actor=request.user, club=club, **serializer.validated_data)
        return Response(MembershipSerializer(membership).data, status=status.HTTP_201_CREATED)

    @extend_schema(summary="Remove a member (admins only)", request=None, responses={204: None})
    @action(detail=True, methods=["delete"], url_path=r"members/(?P<user_id>\d+)")
    def remove_member(self, request: Request, pk: str | None = None, user_id: str = "") -> Response:
        club = self.get_object()
        require_club_admin(request, club)
        get_user_model().objects.get(pk=int(user_id))
        membership_remove(actor=request.user, club=club, user_id=int(user_id))
        return Response(status=status.HTTP_204_NO_CONTENT)


class LeagueViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, mixins.CreateModelMixin,
                    mixins.UpdateModelMixin, viewsets.GenericViewSet):
    serializer_class = LeagueSerializer
    queryset = League.objects.none()

    def get_queryset(self) -> QuerySet[League]:
        return League.objects.filter(club_id__in=club_ids_of(self.request.user)).order_by("id")

    def perform_create(self, serializer: BaseSerializer) -> None:
        require_club_admin(self.request, serializer.validated_data["club"])
        serializer.instance = league_save(actor=self.request.user, league=League(),
                                          changes=serializer.validated_data)

    def perform_update(self, serializer: BaseSerializer) -> None:
        league = serializer.instance
        require_club_admin(self.request, league.club)
        changes = dict(serializer.validated_data)
        for fixed in ("club", "game"):
            if fixed in changes and changes[fixed] != getattr(league, fixed):
                raise RuleViolation("invalid", f"A league's {fixed} cannot change once it exists.", fixed)
        league_save(actor=self.request.user, league=league, changes=changes)
