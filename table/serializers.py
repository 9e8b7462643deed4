from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field, inline_serializer
from rest_framework import serializers

from games.rules.registry import get_engine
from games.rules.shapes import Headline
from table.forecast import match_entry, offline_forecast
from table.models import DealConfirmation
from web.shapes import DealSerializer, MatchSerializer, PlayerBriefSerializer


class ConfirmInputSerializer(serializers.Serializer[Any]):
    reason = serializers.CharField(
        max_length=500, required=False, allow_blank=True, default="", help_text="An optional note."
    )


class DisputeInputSerializer(serializers.Serializer[Any]):
    reason = serializers.CharField(max_length=500, allow_blank=False, help_text="What is wrong with the deal.")


class AnswerSerializer(serializers.ModelSerializer[DealConfirmation]):
    deal_number = serializers.IntegerField(source="deal.number", read_only=True)
    player = PlayerBriefSerializer(read_only=True)
    open = serializers.SerializerMethodField(help_text="A dispute not yet resolved by a correction or a void.")

    class Meta:
        model = DealConfirmation
        fields = ["deal_number", "deal_revision", "seat", "player", "verdict", "reason", "created_at", "open"]
        read_only_fields = fields

    def get_open(self, answer: DealConfirmation) -> bool:
        deal = answer.deal
        return (
            answer.verdict == DealConfirmation.Verdict.DISPUTED
            and not deal.is_voided
            and deal.revision == answer.deal_revision
        )


class DisputeSerializer(AnswerSerializer):
    match = serializers.IntegerField(source="deal.match_id", read_only=True)
    game = serializers.CharField(source="deal.match.game", read_only=True)

    class Meta(AnswerSerializer.Meta):
        fields = ["match", "game", *AnswerSerializer.Meta.fields]
        read_only_fields = fields


# The board's headline figures, as the match's engine reads them from its state (docs/api.md). Declared inline, as
# a field named ``label`` would shadow the serializer's own attribute of that name.
HEADLINE_SCHEMA = inline_serializer(
    "Headline",
    {
        "label": serializers.CharField(help_text="What the scores count: 'Baazis won', 'Tables', 'Score'..."),
        "scores": serializers.DictField(child=serializers.IntegerField(), help_text="By side (team, or seat)."),
        "leading": serializers.ListField(child=serializers.CharField(), help_text="The sides ahead; empty when level."),
        "lead": serializers.IntegerField(help_text="By how much they lead."),
        "target": serializers.IntegerField(allow_null=True, help_text="The figure that ends the match (or baazi)."),
        "lower_wins": serializers.BooleanField(),
        "winners": serializers.ListField(child=serializers.CharField(), help_text="Empty until won (or when drawn)."),
        "ahead": serializers.ListField(
            child=serializers.CharField(), help_text="(added) The sides with the best score; empty when level."
        ),
        "order": serializers.ListField(child=serializers.CharField(), help_text="(added) The sides, best first."),
        "to_target": serializers.DictField(
            child=serializers.IntegerField(),
            allow_null=True,
            help_text="(added) By side, what it still needs to reach the target; null without one.",
        ),
        "in_danger": serializers.ListField(
            child=serializers.CharField(), help_text="(added) 56: the teams a failed lowest contract would put out."
        ),
    },
)


class OfflineForecastSerializer(serializers.Serializer[Any]):
    dealer_after = serializers.DictField(child=serializers.CharField(), allow_null=True)
    next_deals = serializers.ListField(child=serializers.DictField(allow_null=True), allow_null=True)


class BoardSerializer(serializers.Serializer[Any]):
    """Everything a scoreboard shows: the match, its headline figures, its deals in order (voided ones marked) and
    the opponents' answers."""

    match = serializers.SerializerMethodField()
    headline = serializers.SerializerMethodField()
    deals = DealSerializer(many=True)
    answers = AnswerSerializer(many=True)
    offline = serializers.SerializerMethodField(
        help_text=(
            "(added) What a page may propose for deals entered offline, before the server folds them: dealer_after "
            "(seat to the next deal's dealer where the deal passes on whatever happened in it, else null) and "
            "next_deals (Contract Rummy: the deals after state.next_deal, null past the last)."
        )
    )

    entry = serializers.SerializerMethodField(
        help_text=(
            "(added) The engine's entry facts under this match's own settings (the game facts' entry for its "
            "player count, answered for the match): what a page keeps a deal's inputs within, the auction as data."
        )
    )

    @extend_schema_field(MatchSerializer)
    def get_match(self, board: Any) -> dict[str, Any]:
        return MatchSerializer(board.match, context=self.context).data

    @extend_schema_field(serializers.DictField())
    def get_entry(self, board: Any) -> dict[str, Any]:
        return match_entry(board.match)

    @extend_schema_field(HEADLINE_SCHEMA)
    def get_headline(self, board: Any) -> Headline:
        return get_engine(board.match.game).headline(board.match.state, board.match.settings)

    @extend_schema_field(OfflineForecastSerializer)
    def get_offline(self, board: Any) -> dict[str, Any]:
        return offline_forecast(board.match)


class PublicMatchSerializer(MatchSerializer):
    """The match for spectators: no account ids."""

    class Meta(MatchSerializer.Meta):
        fields = [name for name in MatchSerializer.Meta.fields if name != "created_by"]
        read_only_fields = fields


class PublicDealSerializer(DealSerializer):
    class Meta(DealSerializer.Meta):
        fields = [name for name in DealSerializer.Meta.fields if name != "recorded_by"]
        read_only_fields = fields


class PublicAnswerSerializer(AnswerSerializer):
    """That a deal was confirmed or disputed, not by whom nor why."""

    class Meta(AnswerSerializer.Meta):
        fields = ["deal_number", "deal_revision", "verdict", "created_at", "open"]
        read_only_fields = fields


class PublicBoardSerializer(BoardSerializer):
    """The board behind a share link: names and scores, no account ids, confirmers or dispute reasons."""

    deals = PublicDealSerializer(many=True)
    answers = PublicAnswerSerializer(many=True)

    @extend_schema_field(PublicMatchSerializer)
    def get_match(self, board: Any) -> dict[str, Any]:
        return PublicMatchSerializer(board.match, context=self.context).data


class ShareLinkSerializer(serializers.Serializer[Any]):
    token = serializers.CharField()
    page_url = serializers.CharField(help_text="The spectators' scoreboard page.")
    board_url = serializers.CharField(help_text="The board as JSON, readable without an account.")
    qr_svg = serializers.CharField(
        help_text="(added) page_url as a QR code: an <svg> element to put in a page (dark on white, sized by CSS)."
    )
