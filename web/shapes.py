"""The match, seat, player and deal shapes that the API answers with and the table's board embeds: read-only
serializers, their fields built once per class (web.fields.FieldsBuiltOnce)."""

from __future__ import annotations

from rest_framework import serializers

from games.models import Deal, Match, Player, Seat
from web.fields import FieldsBuiltOnce


class PlayerBriefSerializer(FieldsBuiltOnce, serializers.ModelSerializer[Player]):
    class Meta:
        model = Player
        fields = ["id", "name"]


class SeatSerializer(FieldsBuiltOnce, serializers.ModelSerializer[Seat]):
    player = PlayerBriefSerializer()
    team = serializers.SerializerMethodField()

    class Meta:
        model = Seat
        fields = ["seat", "player", "team"]

    def get_team(self, seat: Seat) -> str | None:
        return seat.team or None


class MatchSerializer(FieldsBuiltOnce, serializers.ModelSerializer[Match]):
    seats = SeatSerializer(many=True, read_only=True)
    teams = serializers.DictField(child=serializers.ListField(child=serializers.CharField()), allow_null=True)
    settings = serializers.DictField(help_text="Every house rule of the match, defaults filled in.")
    state = serializers.DictField(help_text="The match state; its keys are listed per game in docs/api.md.")

    class Meta:
        model = Match
        fields = [
            "id",
            "game",
            "status",
            "version",
            "league",
            "seats",
            "teams",
            "settings",
            "state",
            "deals_count",
            "created_by",
            "created_at",
            "updated_at",
        ]
        read_only_fields = fields


STATE_BEFORE_HELP = (
    "The match state this deal was played in: the state after the deal before it (for a voided one, the state "
    "before that one), or the initial state for deal 1. A correction of this deal starts from it."
)


class DealSerializer(FieldsBuiltOnce, serializers.ModelSerializer[Deal]):
    input = serializers.DictField()
    result = serializers.DictField()
    # Null only in a dry run's answer: the deal was never stored.
    recorded_at = serializers.DateTimeField(read_only=True, allow_null=True)
    updated_at = serializers.DateTimeField(read_only=True, allow_null=True)
    # Read from the queryset's annotation (games.selectors.match_deals), never from a query per deal.
    state_before = serializers.DictField(read_only=True, help_text=STATE_BEFORE_HELP)

    class Meta:
        model = Deal
        fields = [
            "number",
            "client_deal_id",
            "status",
            "revision",
            "input",
            "result",
            "recorded_by",
            "recorded_at",
            "updated_at",
            "state_before",
        ]
        read_only_fields = fields
