"""Deals of a match: record (idempotent by client_deal_id), read, correct (PUT) and void (DELETE)."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    OpenApiResponse,
    PolymorphicProxySerializer,
    extend_schema,
)
from rest_framework import status, viewsets
from rest_framework.decorators import action
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response

from api.concurrency import etag, if_match_version
from api.serializers.matches import (
    CorrectionInputSerializer,
    CorrectionPreviewSerializer,
    DealInputSerializer,
    DealWithMatchSerializer,
    VoidInputSerializer,
    deal_input,
    deal_with_match_answer,
)
from games.errors import InvalidInput
from games.models import Deal, Match
from games.rules.messages import msg
from games.selectors.access import signed_in
from games.selectors.matches import match_deals, match_id_from_url, readable_match, seat_rows, seats_from_json
from games.selectors.progress import deal_progress
from games.services.deals import Correction, deal_correct, deal_record, deal_void
from web.shapes import DealSerializer

DRY_RUN = OpenApiParameter("dry_run", OpenApiTypes.BOOL, description="Validate and answer, storing nothing.")
IF_MATCH = OpenApiParameter(
    "If-Match",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    description='The match ETag the change is based on, e.g. "7".',
)
# A correction or a void answers the changed deal; with ?dry_run=true the preview instead, with the same status.
DEAL_OR_PREVIEW = OpenApiResponse(
    PolymorphicProxySerializer(
        component_name="DealChangeOrPreview",
        resource_type_field_name=None,
        serializers=[DealWithMatchSerializer, CorrectionPreviewSerializer],
    ),
    description="The deal as changed, with the match; with ?dry_run=true, what would change (CorrectionPreview).",
)
SEEP_DEAL = OpenApiExample(
    "A Seep deal",
    value={
        "client_deal_id": "1b4e28ba-2fa1-11d2-883f-0016d3cca427",
        "dealer": "S1",
        "bid": {"bidder": "S2", "value": 11, "bidder_hand": ["JH", "4C", "KS", "2C"]},
        "card_points": {"A": 62, "B": 38},
        "sweeps": {
            "A": {"regular": 0, "first_play": 0, "last_play": 0},
            "B": {"regular": 0, "first_play": 0, "last_play": 0},
        },
    },
    request_only=True,
)
SEEP_PLAYS_DEAL = OpenApiExample(
    "A Seep deal entered play by play (the first 4 of its 48 plays)",
    description="With `floor` and all 48 `plays` the service referees every play and works out card points and "
    "sweeps itself (docs/referee.md, seep.md §S.7a). Only the first round is shown here.",
    value={
        "dealer": "S1",
        "bid": {"bidder": "S2", "value": 11, "bidder_hand": ["JH", "5H", "6D", "3D"]},
        "floor": ["AH", "3H", "KS", "7S"],
        "plays": [
            {"seat": "S2", "card": "3D", "action": "build", "with": ["AH", "7S"], "house": 11},
            {"card": "QH", "action": "throw"},
            {"card": "8D", "action": "throw"},
            {"card": "AC", "action": "build", "with": ["3H", "8D"]},
        ],
    },
    request_only=True,
)
FIFTY_SIX_DEAL = OpenApiExample(
    "A 56 deal",
    value={
        "dealer": "S1",
        "auction": [
            {"seat": "S2", "call": "bid", "points": 32, "trump": "hearts"},
            {"seat": "S3", "call": "pass"},
            {"seat": "S4", "call": "pass"},
            {"seat": "S1", "call": "pass"},
        ],
        "bidding_team_card_points": 35,
    },
    request_only=True,
)
MAX_DEAL_DIGITS = 9
BEFORE_DEAL = OpenApiParameter(
    "before_deal",
    OpenApiTypes.INT,
    description="The number of a deal being corrected: the deal is read in the state it was played in.",
)
SEEP_PROGRESS = OpenApiExample(
    "A Seep deal after its first play",
    value={
        "dealer": "S1",
        "bid": {"bidder": "S2", "value": 11, "bidder_hand": ["JH", "5H", "6D", "3D"]},
        "floor": ["AH", "3H", "KS", "7S"],
        "plays": [{"card": "3D", "action": "build", "with": ["AH", "7S"], "house": 11}],
    },
    request_only=True,
)
CORRECTION = OpenApiExample(
    "A corrected Seep deal",
    request_only=True,
    value={**SEEP_DEAL.value, "card_points": {"A": 60, "B": 40}, "reason": "Team B's 10 of diamonds was missed."},
)


class DealPagination(PageNumberPagination):
    page_size = 200
    page_size_query_param = "page_size"
    max_page_size = 1000


def dry_run_requested(request: Request) -> bool:
    value = request.query_params.get("dry_run", "false").lower()
    if value not in ("true", "1", "false", "0"):
        raise InvalidInput(msg("dry_run is true or false."), "dry_run")
    return value in ("true", "1")


def deal_response(deal: Deal, match: Match, code: int, *, state_before: dict[str, Any]) -> Response:
    """The deal with the match after it, its seats as the service read them with the match (or read here)."""
    seats_read = getattr(match, "seats_json", None)  # read with the locked match (games.services.deals)
    seats = seat_rows(match.pk) if seats_read is None else seats_from_json(seats_read)
    data = deal_with_match_answer(deal, match, seats, state_before)
    response = Response(data, status=code)
    response["ETag"] = etag(match.version)
    return response


def preview_response(correction: Correction) -> Response:
    deal = correction.deal
    body = {
        "dry_run": True,
        "deal": {
            "number": deal.number,
            "status_after": deal.status,
            "input_before": correction.deal_before["input"],
            "input_after": deal.input,
            "result_before": correction.deal_before["result"],
            "result_after": deal.result,
        },
        "changed_deals": correction.changed_deals,
        "state": {"before": correction.state_before, "after": correction.match.state},
    }
    return Response(body)


class DealViewSet(viewsets.GenericViewSet[Deal]):
    serializer_class = DealSerializer
    pagination_class = DealPagination
    lookup_field = "number"
    lookup_value_regex = r"\d+"
    queryset = Deal.objects.none()
    throttle_kinds: dict[str, str] = {}  # scorekeeper/throttles.py: an action may name its own

    def get_match(self) -> Match:
        return readable_match(self.request.user, self.kwargs["match_pk"], seats=False)  # deals answer without it

    def get_queryset(self) -> QuerySet[Deal]:
        return match_deals(self.get_match())

    @extend_schema(summary="The match's deals in order, voided ones marked")
    def list(self, request: Request, match_pk: str) -> Response:
        page = self.paginate_queryset(self.get_queryset())
        return self.get_paginated_response(DealSerializer(page, many=True).data)

    @extend_schema(summary="Read one deal")
    def retrieve(self, request: Request, match_pk: str, number: str) -> Response:
        return Response(DealSerializer(self.get_object()).data)

    @extend_schema(
        summary="Record a deal",
        description="The deal as the rules files write it. The same client_deal_id again answers the deal already "
        "recorded with 200 and records nothing. A stale If-Match answers 412 with the current match.",
        request=DealInputSerializer,
        parameters=[DRY_RUN, IF_MATCH],
        examples=[SEEP_DEAL, SEEP_PLAYS_DEAL, FIFTY_SIX_DEAL],
        responses={201: DealWithMatchSerializer, 200: DealWithMatchSerializer},
    )
    def create(self, request: Request, match_pk: str) -> Response:
        client_deal_id, payload = deal_input(request.data)
        dry_run = dry_run_requested(request)
        recording = deal_record(
            match_id=match_id_from_url(match_pk),
            actor=signed_in(request.user),
            payload=payload,
            client_deal_id=client_deal_id,
            expected_version=if_match_version(request),
            dry_run=dry_run,
        )
        created = recording.created and not dry_run
        return deal_response(
            recording.deal, recording.match, 201 if created else 200, state_before=recording.state_before
        )

    @extend_schema(
        summary="Correct a deal (If-Match required); later deals are replayed",
        request=CorrectionInputSerializer,
        parameters=[DRY_RUN, IF_MATCH],
        examples=[CORRECTION],
        responses={200: DEAL_OR_PREVIEW},
    )
    def update(self, request: Request, match_pk: str, number: str) -> Response:
        serializer = CorrectionInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        correction = deal_correct(
            match_id=match_id_from_url(match_pk),
            number=int(number),
            actor=signed_in(request.user),
            payload=serializer.validated_data["payload"],
            reason=serializer.validated_data["reason"],
            expected_version=if_match_version(request),
            dry_run=dry_run_requested(request),
        )
        return self._change_response(correction, request)

    @extend_schema(
        summary="Void a deal; it stays listed as voided and later deals are replayed",
        request=VoidInputSerializer,
        parameters=[
            DRY_RUN,
            IF_MATCH,
            OpenApiParameter("reason", OpenApiTypes.STR, description="The reason, if the client cannot send a body."),
        ],
        responses={200: DEAL_OR_PREVIEW},
    )
    def destroy(self, request: Request, match_pk: str, number: str) -> Response:
        body: Any = request.data if isinstance(request.data, dict) and request.data else {}
        serializer = VoidInputSerializer(data={"reason": body.get("reason", request.query_params.get("reason"))})
        serializer.is_valid(raise_exception=True)
        correction = deal_void(
            match_id=match_id_from_url(match_pk),
            number=int(number),
            actor=signed_in(request.user),
            reason=serializer.validated_data["reason"],
            expected_version=if_match_version(request),
            dry_run=dry_run_requested(request),
        )
        return self._change_response(correction, request)

    @extend_schema(
        summary="A deal part way through its plays or tricks: what the referee makes of it so far (stores nothing)",
        description="The deal as entered so far (Seep: the floor, the bidder's four cards and 0 to 48 plays; 56, "
        "Twenty-Eight, Bid Euchre: the auction and the tricks so far, the last one possibly short). Seep answers the "
        "floor, whose play it is, the sweeps and, for each card that seat may hold, the moves the referee accepts; "
        "the trick games answer each whole trick's winner and card points and the tally by team. A play the referee "
        "refuses answers 400 with its code and field. Games without play-by-play entry answer 404.",
        request=OpenApiTypes.OBJECT,
        parameters=[BEFORE_DEAL],
        examples=[SEEP_PROGRESS],
        responses={200: OpenApiTypes.OBJECT},
    )
    # It stores nothing, like a dry run, and counts against the dry runs' rate (a scorer asks after every play).
    @action(detail=False, methods=["post"], url_path="progress", throttle_kinds={"POST": "dry_run"})
    def progress(self, request: Request, match_pk: str) -> Response:
        before = request.query_params.get("before_deal")
        if before is not None and not (before.isascii() and before.isdigit() and len(before) <= MAX_DEAL_DIGITS):
            raise InvalidInput(msg("before_deal is the number of a deal of this match."), "before_deal")
        answer = deal_progress(
            user=signed_in(request.user),
            match_id=match_id_from_url(match_pk),
            payload=request.data,
            before_deal=None if before is None else int(before),
        )
        return Response(answer)

    def _change_response(self, correction: Correction, request: Request) -> Response:
        if dry_run_requested(request):
            return preview_response(correction)
        return deal_response(
            correction.deal, correction.match, status.HTTP_200_OK, state_before=correction.deal_state_before
        )
