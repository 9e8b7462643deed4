from __future__ import annotations

from typing import Any, NoReturn

from django.contrib.auth import get_user_model
from django.utils.translation import gettext
from rest_framework import serializers

from games.i18n.translation import localize
from games.models import Club, League, Membership, Player
from games.rules.messages import msg, msg_template
from games.selectors.access import club_ids_of
from web.fields import ChoiceField, GameField


class ClubSerializer(serializers.ModelSerializer[Club]):
    class Meta:
        model = Club
        fields = ["id", "name"]


class MembershipSerializer(serializers.ModelSerializer[Membership]):
    serializer_choice_field = ChoiceField  # the model's role choices
    user = serializers.PrimaryKeyRelatedField(queryset=get_user_model().objects.all())

    class Meta:
        model = Membership
        fields = ["user", "role"]
        extra_kwargs = {"role": {"required": True}}  # API.md: {user, role}; without it the service got no role (500)


class OfCallersClubs(serializers.PrimaryKeyRelatedField[Any]):
    """The id of a club the caller belongs to, or of a league of such a club (``club_lookup="club_id"``). Any
    other id reads as no such id, as its own URL answers 404: naming it must not tell an outsider it exists."""

    def __init__(self, *, club_lookup: str, missing: str, **kwargs: Any) -> None:
        self.club_lookup = club_lookup
        self.missing = missing  # the refusal's template, with {pk_value}
        super().__init__(**kwargs)

    def fail(self, key: str, **kwargs: Any) -> NoReturn:
        if key == "does_not_exist":  # a message, so its value is isolated in Persian and "a(z)" read in Hungarian
            raise serializers.ValidationError(localize(msg(self.missing, pk_value=kwargs["pk_value"])), code=key)
        super().fail(key, **kwargs)
        raise AssertionError  # fail() always raises

    def get_queryset(self) -> Any:
        user = self.context["request"].user
        queryset = super().get_queryset()  # every field built on this is given a queryset
        return queryset.filter(**{f"{self.club_lookup}__in": club_ids_of(user)})  # type: ignore[union-attr]


NO_SUCH_CLUB = msg_template("You belong to no club {pk_value}.")


class PlayerSerializer(serializers.ModelSerializer[Player]):
    club = OfCallersClubs(
        queryset=Club.objects.all(), club_lookup="pk", required=False, allow_null=True, missing=NO_SUCH_CLUB
    )

    class Meta:
        model = Player
        fields = ["id", "name", "club", "user"]
        extra_kwargs = {"name": {"allow_blank": False, "max_length": 100}}


class LeagueSerializer(serializers.ModelSerializer[League]):
    club = OfCallersClubs(queryset=Club.objects.all(), club_lookup="pk", missing=NO_SUCH_CLUB)
    game = GameField()
    settings = serializers.DictField(
        required=False, default=dict, help_text="House rules pinned into every match started in the league."
    )
    tiebreaks = serializers.ListField(
        child=ChoiceField(choices=League.Tiebreak.choices),
        required=False,
        max_length=3,
        help_text="Order of tie-breaks after league points; default game, then won.",
    )
    public_standings = serializers.BooleanField(
        required=False, write_only=True, help_text="Switch the public read-only standings link on or off."
    )
    public_standings_url = serializers.SerializerMethodField()

    class Meta:
        model = League
        fields = [
            "id",
            "club",
            "name",
            "game",
            "settings",
            "starts_on",
            "ends_on",
            "points_for_win",
            "points_for_draw",
            "points_for_loss",
            "tiebreaks",
            "rating_pool",
            "public_standings",
            "public_standings_url",
        ]

    def get_public_standings_url(self, league: League) -> str | None:
        if league.public_token is None:
            return None
        return f"/api/v1/public/leagues/{league.public_token}/standings/"

    def validate_tiebreaks(self, value: list[str]) -> list[str]:
        if len(set(value)) != len(value):
            raise serializers.ValidationError(gettext("Name each tie-break once."))
        return value

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        # A PATCH may send one of the two dates: check it against the other as stored (else the database's check
        # constraint refuses it, a 500).
        starts_on = attrs.get("starts_on", getattr(self.instance, "starts_on", None))
        ends_on = attrs.get("ends_on", getattr(self.instance, "ends_on", None))
        if starts_on and ends_on and ends_on < starts_on:
            field = "ends_on" if "ends_on" in attrs else "starts_on"
            raise serializers.ValidationError(
                {
                    field: localize(
                        msg(
                            "A league cannot end ({ends_on}) before it starts ({starts_on}).",
                            ends_on=ends_on,
                            starts_on=starts_on,
                        )
                    )
                }
            )
        return attrs


class MergeSerializer(serializers.Serializer[Any]):
    player = serializers.IntegerField(min_value=1, help_text="The duplicate record of the same person.")


class RatingSummarySerializer(serializers.Serializer[Any]):
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    ordinal = serializers.FloatField(help_text="mu - 3 sigma: a rating the player has earned with confidence.")
    matches = serializers.IntegerField()


class GameRatingSerializer(RatingSummarySerializer):
    game = serializers.CharField()
    history = serializers.ListField(child=serializers.DictField(), help_text="After each finished match, in order.")


class PlayerRatingsSerializer(serializers.Serializer[Any]):
    player = serializers.IntegerField()
    ratings = GameRatingSerializer(many=True)


class StandingsSerializer(serializers.Serializer[Any]):
    league = serializers.IntegerField()
    game = serializers.CharField()
    by = serializers.ChoiceField(choices=["partnership", "player"])
    rows = serializers.ListField(
        child=serializers.DictField(),
        help_text="rank, entrant {kind, name, players}, "
        "played, won, drawn, lost, points, tiebreak {the game's measures}, rating",
    )
    updated_at = serializers.DateTimeField()
