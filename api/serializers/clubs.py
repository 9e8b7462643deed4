from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from rest_framework import serializers

from games.models import Club, League, Membership, Player
from games.rules.registry import GAME_KEYS


class PlayerSerializer(serializers.ModelSerializer):
    class Meta:
        model = Player
        fields = ["id", "name", "club", "user"]
        extra_kwargs = {"name": {"allow_blank": False, "max_length": 100}}


class PlayerBriefSerializer(serializers.ModelSerializer):
    class Meta:
        model = Player
        fields = ["id", "name"]


class ClubSerializer(serializers.ModelSerializer):
    class Meta:
        model = Club
        fields = ["id", "name"]


class MembershipSerializer(serializers.ModelSerializer):
    user = serializers.PrimaryKeyRelatedField(queryset=get_user_model().objects.all())

    class Meta:
        model = Membership
        fields = ["user", "role"]


class LeagueSerializer(serializers.ModelSerializer):
    game = serializers.ChoiceField(choices=GAME_KEYS)
    settings = serializers.DictField(required=False, default=dict)

    class Meta:
        model = League
        fields = ["id", "club", "name", "game", "settings", "starts_on", "ends_on"]

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        starts_on, ends_on = attrs.get("starts_on"), attrs.get("ends_on")
        if starts_on and ends_on and ends_on < starts_on:
            raise serializers.ValidationError({"ends_on": "A league cannot end before it starts."})
        return attrs
