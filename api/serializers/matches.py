from __future__ import annotations

import contextlib
import uuid
from datetime import datetime, tzinfo
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from api.serializers.clubs import OfCallersClubs
from games.models import AuditEntry, Deal, League, Match
from games.rules.messages import msg_template
from games.rules.registry import game_keys, get_engine
from web.fields import GameField
from web.shapes import STATE_BEFORE_HELP, DealSerializer, MatchSerializer


class NewPlayerSerializer(serializers.Serializer[Any]):
    name = serializers.CharField(max_length=100, allow_blank=False)


class PlayerRefField(serializers.Field[Any, Any, Any, Any]):
    """A player id, or ``{"name": ...}`` for a new player made on the spot."""

    default_error_messages = {"invalid": gettext_lazy('Give a player id or {{"name": "..."}} for a new player.')}

    def to_internal_value(self, data: Any) -> int | dict[str, str]:
        if isinstance(data, int) and not isinstance(data, bool) and data > 0:
            return data
        if isinstance(data, dict):
            new_player = NewPlayerSerializer(data=data)
            new_player.is_valid(raise_exception=True)
            return dict(new_player.validated_data)
        self.fail("invalid")
        raise AssertionError  # fail() always raises

    def to_representation(self, value: Any) -> Any:
        return value


extend_schema_field(
    {
        "oneOf": [
            {"type": "integer"},
            {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]},
        ]
    }
)(PlayerRefField)


LARGEST_TABLE = 8  # no game seats more players, whatever its house rules (tests/api/test_match_creation_refusals.py)


class MatchCreateSerializer(serializers.Serializer[Any]):
    game = GameField()
    # No length bound of the serializer's own: the count is the game's rule (player_count_invalid or
    # player_count_out_of_range, with the rules' message), checked by match_start.
    players = serializers.ListField(child=PlayerRefField())
    settings = serializers.DictField(required=False, default=dict)
    league = OfCallersClubs(
        queryset=League.objects.all(),
        club_lookup="club_id",
        required=False,
        allow_null=True,
        missing=msg_template("There is no league {pk_value} in your clubs."),
    )

    def to_internal_value(self, data: Any) -> Any:
        refuse_more_players_than_any_table(data)
        return super().to_internal_value(data)


def refuse_more_players_than_any_table(data: Any) -> None:
    """A list longer than any table is refused by the game's own count rule before its entries are read: each new
    player costs a validation, and 4,000 of them took half a second."""
    if not isinstance(data, dict) or data.get("game") not in game_keys():
        return
    players = data.get("players")
    if isinstance(players, list) and len(players) > LARGEST_TABLE:
        get_engine(data["game"]).rules_from_settings({}, len(players))  # raises the game's player count violation


class DealWithMatchSerializer(DealSerializer):
    """The deal the service answers with, not read through ``match_deals``: ``state_before`` comes from the service
    in the context, as the match does."""

    state_before = serializers.SerializerMethodField(help_text=STATE_BEFORE_HELP)  # type: ignore[assignment]
    match = serializers.SerializerMethodField()

    class Meta(DealSerializer.Meta):
        fields = [*DealSerializer.Meta.fields, "match"]
        read_only_fields = fields

    @extend_schema_field(serializers.DictField())
    def get_state_before(self, deal: Deal) -> dict[str, Any]:
        state: dict[str, Any] = self.context["state_before"]
        return state

    @extend_schema_field(MatchSerializer)
    def get_match(self, deal: Deal) -> dict[str, Any]:
        return MatchSerializer(self.context["match"], context=self.context).data


# The answer of a deal post, built by hand: the serializers above re-read nothing, but copying their fields and
# walking them per instance cost more than the deal's INSERT (issue 31). The bytes are DealWithMatchSerializer's
# (tests/api/test_deal_answer.py compares the two on every kind of answer); the schema stays that serializer's.
DealSeats = list[tuple[str, int, str, str]]  # games.selectors.matches.seat_rows


def _moment(value: datetime | None, zone: tzinfo) -> str | None:
    """What DRF's DateTimeField answers for an aware ``value`` in the current time ``zone`` (ISO 8601, UTC as Z).
    The zone is looked up once an answer: the field looks it up for each moment (the answer's four took 24 us, now
    10; issue 31)."""
    if value is None:
        return None
    text = value.astimezone(zone).isoformat()
    return text[:-6] + "Z" if text.endswith("+00:00") else text


def deal_with_match_answer(deal: Deal, match: Match, seats: DealSeats, state_before: dict[str, Any]) -> dict[str, Any]:
    """What ``DealWithMatchSerializer`` answers for ``deal`` with ``match``, its ``seats`` and ``state_before``."""
    zone = timezone.get_current_timezone()
    return {
        "number": deal.number,
        "client_deal_id": None if deal.client_deal_id is None else str(deal.client_deal_id),
        "status": str(deal.status),
        "revision": deal.revision,
        "input": _dict(deal.input),
        "result": _dict(deal.result),
        "recorded_by": deal.recorded_by_id,
        "recorded_at": _moment(deal.recorded_at, zone),
        "updated_at": _moment(deal.updated_at, zone),
        "state_before": state_before,
        "match": match_answer(match, seats, zone),
    }


def match_answer(match: Match, seats: DealSeats, zone: tzinfo) -> dict[str, Any]:
    """What ``MatchSerializer`` answers for ``match`` with these ``seats``."""
    return {
        "id": match.pk,
        "game": str(match.game),
        "status": str(match.status),
        "version": match.version,
        "league": match.league_id,
        "seats": [
            {"seat": seat, "player": {"id": player_id, "name": name}, "team": team or None}
            for seat, player_id, name, team in seats
        ],
        "teams": None
        if match.teams is None
        else {str(key): [str(seat) for seat in seats] for key, seats in match.teams.items()},
        "settings": _dict(match.settings),
        "state": _dict(match.state),
        "deals_count": match.deals_count,
        "created_by": match.created_by_id,
        "created_at": _moment(match.created_at, zone),
        "updated_at": _moment(match.updated_at, zone),
    }


def _dict(value: dict[str, Any]) -> dict[str, Any]:
    """A DictField's answer: the keys as strings, the values as they are."""
    return {str(key): item for key, item in value.items()}


class UUIDStringField(serializers.UUIDField):
    """A UUID written as a string. DRF's own field also takes a number and makes 5 into 00000000-...-000000000005,
    which no phone means to send."""

    def to_internal_value(self, data: Any) -> Any:
        if not isinstance(data, str):
            self.fail("invalid", value=data)
        return super().to_internal_value(data)


class DealInputSerializer(serializers.Serializer[Any]):
    """The deal as the rules files write it; the fields depend on the game (docs/api.md). Only
    ``client_deal_id`` is common."""

    client_deal_id = UUIDStringField(required=False, allow_null=True)

    def to_internal_value(self, data: Any) -> dict[str, Any]:
        if not isinstance(data, dict):
            raise serializers.ValidationError({"non_field_errors": [gettext("Send the deal as a JSON object.")]})
        common = super().to_internal_value({"client_deal_id": data.get("client_deal_id")})
        return {"client_deal_id": common.get("client_deal_id"), "payload": _the_deal(data)}


def _the_deal(body: dict[str, Any]) -> dict[str, Any]:
    """A deal post's body without its ``client_deal_id``: the deal as the rules read it."""
    return {key: value for key, value in body.items() if key != "client_deal_id"}


def deal_input(data: Any) -> tuple[uuid.UUID | None, dict[str, Any]]:
    """The ``client_deal_id`` and the deal of a post, as ``DealInputSerializer`` validates them. A well-formed post (a
    JSON object whose ``client_deal_id`` is absent, null or a UUID's text) is read here, in 2 us where making the
    serializer and its field took 26 (issue 31). Anything else goes through the serializer, whose refusals are the
    contract's."""
    if isinstance(data, dict):
        given = data.get("client_deal_id")
        if given is None:
            return None, _the_deal(data)
        if isinstance(given, str):
            with contextlib.suppress(ValueError):  # not a UUID: the serializer says so, on its field
                return uuid.UUID(hex=given), _the_deal(data)
    serializer = DealInputSerializer(data=data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data["client_deal_id"], serializer.validated_data["payload"]


class CorrectionInputSerializer(serializers.Serializer[Any]):
    """The whole corrected deal plus a ``reason``."""

    reason = serializers.CharField(max_length=500, allow_blank=False)

    def to_internal_value(self, data: Any) -> dict[str, Any]:
        if not isinstance(data, dict):
            raise serializers.ValidationError({"non_field_errors": [gettext("Send the deal as a JSON object.")]})
        common = super().to_internal_value({"reason": data.get("reason")})
        payload = {key: value for key, value in data.items() if key not in ("reason", "client_deal_id")}
        return {"reason": common["reason"], "payload": payload}


class VoidInputSerializer(serializers.Serializer[Any]):
    reason = serializers.CharField(max_length=500, allow_blank=False)


class DealChangeSerializer(serializers.Serializer[Any]):
    deal_number = serializers.IntegerField()
    before = serializers.DictField()
    after = serializers.DictField()


class PreviewDealSerializer(serializers.Serializer[Any]):
    number = serializers.IntegerField()
    status_after = serializers.ChoiceField(choices=Deal.Status.choices)
    input_before = serializers.DictField()
    input_after = serializers.DictField()
    result_before = serializers.DictField()
    result_after = serializers.DictField()


class StateChangeSerializer(serializers.Serializer[Any]):
    before = serializers.DictField(help_text="The match state now.")
    after = serializers.DictField(help_text="The match state the change would leave.")


class CorrectionPreviewSerializer(serializers.Serializer[Any]):
    """What a correction or a void would change, without changing anything."""

    dry_run = serializers.BooleanField(help_text="Always true: nothing was stored.")
    deal = PreviewDealSerializer()
    changed_deals = DealChangeSerializer(many=True, help_text="Later deals whose result would differ.")
    state = StateChangeSerializer()


class AuditEntrySerializer(serializers.ModelSerializer[AuditEntry]):
    actor: serializers.SlugRelatedField[Any] = serializers.SlugRelatedField(slug_field="username", read_only=True)
    before = serializers.JSONField()
    after = serializers.JSONField()

    class Meta:
        model = AuditEntry
        fields = ["at", "actor", "action", "deal_number", "reason", "before", "after"]
        read_only_fields = fields


class ScorerSerializer(serializers.Serializer[Any]):
    user = serializers.IntegerField(min_value=1)
