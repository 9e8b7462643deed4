"""The games a match may be started in, and each one's facts, as their engines answer them (docs/api.md, "Game
facts for clients"): what a client needs to offer a game, draw its table and read its results."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, viewsets
from rest_framework.exceptions import NotFound
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response

from games.i18n.translation import localize, localize_facts
from games.rules.facts import every_game_facts, facts_of
from games.rules.messages import comma_list, msg
from games.rules.registry import game_keys


def _seats() -> serializers.ListField:
    return serializers.ListField(child=serializers.CharField())


class GameFactsSerializer(serializers.Serializer[Any]):
    key = serializers.CharField()
    name = serializers.CharField(help_text="The game's name for people.")
    rules_file = serializers.CharField(help_text="The rules file in shared/rules/ the engine implements.")
    player_counts = serializers.ListField(child=serializers.IntegerField(), help_text="Ascending.")
    default_player_count = serializers.IntegerField()
    player_counts_under_settings = serializers.ListField(
        child=serializers.DictField(),
        help_text="Counts a house rule opens beyond player_counts: {count, settings} (the settings that open it; "
        "seats, teams and defaults have the count too).",
    )
    plays_in_teams = serializers.BooleanField(help_text="False where everyone plays alone (standings by player).")
    turn_direction = serializers.ChoiceField(
        choices=["clockwise", "counter_clockwise"],
        help_text="Which way the turn goes round the table seen from above (the order of the seats S1..Sn).",
    )
    seats = serializers.DictField(child=_seats(), help_text="By player count: the seats in the order of play.")
    teams = serializers.DictField(
        child=serializers.DictField(child=_seats(), allow_null=True),
        help_text="By player count: team -> its seats, or null where everyone plays alone.",
    )
    settings = serializers.ListField(
        child=serializers.DictField(),
        help_text="The house rules, in order: {name, label, help, type, default, minimum?, maximum?, choices?, "
        "kinds?, read_only, sent_back}.",
    )
    defaults = serializers.DictField(
        child=serializers.DictField(), help_text="By player count: every house rule with its default."
    )
    state_keys = serializers.ListField(child=serializers.CharField())
    result_keys = serializers.ListField(
        child=serializers.CharField(), help_text="The keys every deal's result has (some deals add more)."
    )
    entry = serializers.DictField(
        child=serializers.DictField(),
        help_text="By player count: the bounds a deal form keeps its inputs within (card_points_total, bid_range).",
    )
    tiebreak_measures = serializers.ListField(
        child=serializers.DictField(), help_text="The standings' tie-breaks in order: {name, better}."
    )


class GameViewSet(viewsets.ViewSet):
    lookup_field = "key"
    lookup_value_regex = "[a-z0-9_]+"
    pagination_class = PageNumberPagination

    @extend_schema(summary="The games and their facts", responses={200: GameFactsSerializer(many=True)})
    def list(self, request: Request) -> Response:
        paginator = self.pagination_class()
        # A list pages like a queryset (DRF slices it); the stubs only know querysets.
        games: Any = [localize_facts(facts) for facts in every_game_facts().values()]
        return paginator.get_paginated_response(paginator.paginate_queryset(games, request, view=self))

    @extend_schema(summary="One game's facts", responses={200: GameFactsSerializer})
    def retrieve(self, request: Request, key: str) -> Response:
        if key not in game_keys():
            # DRF keeps a detail as plain text: it is said in the request's language here.
            raise NotFound(
                localize(
                    msg("There is no game {key!r}; the games are {games}.", key=key, games=comma_list(game_keys()))
                )
            )
        return Response(localize_facts(facts_of(key)))
