"""The table's API: confirm or dispute a deal, the scoreboard (also through a share link), open disputes.

Mounted under /api/v1/ (table/api_urls.py); the pages call these with fetch(), as any other client would.
"""

from __future__ import annotations

import gzip
import json
import threading
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db.models import prefetch_related_objects
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.safestring import SafeString, mark_safe
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.utils.urls import replace_query_param
from rest_framework.views import APIView

from games.models import Match
from games.selectors.access import signed_in
from games.selectors.matches import MAX_ID, match_id_from_url, readable_match, seats_prefetch
from scorekeeper.throttles import PUBLIC
from table.models import DealConfirmation
from table.selectors import (
    SharedBoardKey,
    board_etag,
    board_for,
    disputes_for_admin,
    match_with_answers_count,
    shared_board_key,
)
from table.serializers import (
    AnswerSerializer,
    BoardSerializer,
    ConfirmInputSerializer,
    DisputeInputSerializer,
    DisputeSerializer,
    PublicBoardSerializer,
    ShareLinkSerializer,
)
from table.services import deal_answer, share_link_get_or_create, share_link_revoke
from table.share import share_link_body

IF_NONE_MATCH = OpenApiParameter(
    "If-None-Match", OpenApiTypes.STR, OpenApiParameter.HEADER, description='The board ETag you have, e.g. "7.2".'
)
BEFORE = OpenApiParameter(
    "before",
    OpenApiTypes.INT,
    OpenApiParameter.QUERY,
    description="(added) The deals before this deal number instead of the latest: the board "
    'sends at most BOARD_DEALS_WINDOW deals; its Link header (rel="earlier") names the '
    "next older window.",
)
EARLIER_LINK = OpenApiParameter(
    "Link",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    response=[200],
    description='<...?before=n>; rel="earlier" while older deals are left out.',
)
BOARD_RESPONSES = {200: BoardSerializer, 304: OpenApiResponse(description="Not modified")}
PUBLIC_BOARD_RESPONSES = {200: PublicBoardSerializer, 304: OpenApiResponse(description="Not modified")}
RENEW = OpenApiParameter("renew", OpenApiTypes.BOOL, description="Replace the link: the old one stops working at once.")
BOARD_PARAMETERS = [IF_NONE_MATCH, BEFORE, EARLIER_LINK]


class BoardQuerySerializer(serializers.Serializer[Any]):
    before = serializers.IntegerField(required=False, min_value=1, max_value=MAX_ID)


def board_response(
    request: Request, match: Match | SharedBoardKey, serializer: type[BoardSerializer] = BoardSerializer
) -> HttpResponse:
    """The board with an ETag of match version and answers count; a matching If-None-Match answers 304. Each
    window (``?before=``) is its own URL, so the one ETag serves them all. The body is the cached JSON as it is
    (not a DRF Response): the same bytes for every reader of a version. A shared board comes with its key only
    (``SharedBoardKey``): the match itself is read only when the cache does not have the board."""
    before = None
    if request.query_params:  # the page's reads have none: no serializer to build for them
        query = BoardQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        before = query.validated_data.get("before")
    tag = match.etag if isinstance(match, SharedBoardKey) else board_etag(match)
    sent = {item.strip().removeprefix("W/") for item in request.headers.get("If-None-Match", "").split(",")}
    if tag in sent:
        response: HttpResponse = Response(status=304)
    else:
        tag, board = board_json(match, tag, before=before, serializer=serializer)
        response = board_body_response(request, board)
        if board.earlier_before is not None:
            earlier = replace_query_param(request.build_absolute_uri(), "before", board.earlier_before)
            response["Link"] = f'<{earlier}>; rel="earlier"'
    response["ETag"] = tag
    response["Cache-Control"] = "no-cache"
    return response


@dataclass(frozen=True)
class BoardJson:
    """A board as kept in the cache: its JSON gzipped (once per version, not per reader: a 200-deal board is 90 kB
    of JSON and a tenth of that gzipped, so each cache read moves a tenth too) and the ``before`` of its earlier
    window. The rare client that does not take gzip gets it unzipped."""

    gzipped: bytes
    earlier_before: int | None


def board_body_response(request: Request, board: BoardJson) -> HttpResponse:
    accepts_gzip = "gzip" in request.headers.get("Accept-Encoding", "")
    response = HttpResponse(
        board.gzipped if accepts_gzip else gzip.decompress(board.gzipped), content_type="application/json"
    )
    if accepts_gzip:
        response["Content-Encoding"] = "gzip"
    response["Vary"] = "Accept-Encoding"
    return response


# A few locks, chosen by key, so that readers of one board missing the cache together wait for one build (a new
# version read by a thousand viewers at once) without a lock per board ever seen.
_BUILD_LOCKS = [threading.Lock() for _ in range(64)]


def board_json(
    match: Match | SharedBoardKey, tag: str, *, before: int | None, serializer: type[BoardSerializer]
) -> tuple[str, BoardJson]:
    """The board built once per version and served from the cache (Redis when configured, shared by every
    process), with its ETag. The key holds the ETag, which moves with every deal, correction, void and answer, so a
    cached board is never one of an older version. A board built from a shared link's key reads the match then, and
    is kept (and answered) under the ETag of what it read, which a change since the key was read may have moved."""
    key = board_key(match.match_id if isinstance(match, SharedBoardKey) else match.pk, tag, before, serializer)
    found = cache.get(key)
    if found is not None:
        return tag, found
    with _BUILD_LOCKS[hash(key) % len(_BUILD_LOCKS)]:
        found = cache.get(key)  # another reader may have built it meanwhile
        if found is not None:
            return tag, found
        if isinstance(match, SharedBoardKey):
            match = match_for_share_key(match)
            tag = board_etag(match)
            key = board_key(match.pk, tag, before, serializer)
            found = cache.get(key)
        if found is None:
            found = build_board_json(match, before, serializer)
            cache.set(key, found, settings.BOARD_CACHE_SECONDS)
    return tag, found


def board_key(match_id: int, tag: str, before: int | None, serializer: type[BoardSerializer]) -> str:
    return f"board:{match_id}:{tag.strip(chr(34))}:{serializer.__name__}:{settings.BOARD_DEALS_WINDOW}:{before or ''}"


def match_for_share_key(key: SharedBoardKey) -> Match:
    """The match behind a shared board's key, with its answers counted (its ETag as of now)."""
    match = match_with_answers_count(Match.objects.filter(pk=key.match_id)).first()
    if match is None:  # deleted since the key was read
        raise Http404
    return match


def build_board_json(match: Match, before: int | None, serializer: type[BoardSerializer]) -> BoardJson:
    prefetch_related_objects([match], seats_prefetch())  # a no-op when the access check fetched them
    board = board_for(match, window=settings.BOARD_DEALS_WINDOW, before=before)
    body = JSONRenderer().render(serializer(board).data)
    return BoardJson(gzip.compress(body, compresslevel=6, mtime=0), board.earlier_before)


# What json_script escapes: inside <script> the JSON may not close the element or open a comment.
_SCRIPT_SAFE = str.maketrans({"<": "\\u003C", ">": "\\u003E", "&": "\\u0026"})


def board_for_page(
    request: Request | HttpRequest, match: Match, board_url: str, serializer: type[BoardSerializer] = BoardSerializer
) -> SafeString:
    """The board a page would fetch first, to inline in it (``<script type="application/json">``): the first paint
    shows the score without a second request. The same cached JSON as ``board_url`` answers, with its ETag (the
    page's first poll then answers 304) and the URL of the earlier window when older deals are left out."""
    tag, board = board_json(match, board_etag(match), before=None, serializer=serializer)
    earlier = (
        None
        if board.earlier_before is None
        else request.build_absolute_uri(f"{board_url}?before={board.earlier_before}")
    )
    body = gzip.decompress(board.gzipped).decode()
    text = f'{{"etag": {json.dumps(tag)}, "earlier": {json.dumps(earlier)}, "board": {body}}}'
    return mark_safe(text.translate(_SCRIPT_SAFE))  # safe: JSON with <, > and & escaped, as json_script does


class DealConfirmView(APIView):
    @extend_schema(
        summary="Confirm a deal (a player of the other team, once per revision of the deal)",
        request=ConfirmInputSerializer,
        responses={201: AnswerSerializer},
        description="403 not_a_player for anyone not seated; 403 same_team_as_scorer for the scorer's "
        "own side; 409 already_answered the second time; 409 deal_voided for a voided deal.",
    )
    def post(self, request: Request, match_pk: int, number: int) -> Response:
        serializer = ConfirmInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return self._answer(
            request, match_pk, number, DealConfirmation.Verdict.CONFIRMED, serializer.validated_data["reason"]
        )

    @staticmethod
    def _answer(request: Request, match_pk: int, number: int, verdict: str, reason: str) -> Response:
        match = readable_match(request.user, match_pk, seats=False)
        answer = deal_answer(
            match_id=match.pk, number=number, actor=signed_in(request.user), verdict=verdict, reason=reason
        )
        return Response(AnswerSerializer(answer).data, status=status.HTTP_201_CREATED)


class DealDisputeView(APIView):
    @extend_schema(
        summary="Dispute a deal with a reason (a player of the other team, once per revision)",
        request=DisputeInputSerializer,
        responses={201: AnswerSerializer},
        description="The dispute stays open until the deal is corrected or voided; the club's admins "
        "see it in /disputes/. Same refusals as confirm, and 400 invalid (field reason) without a "
        "reason.",
    )
    def post(self, request: Request, match_pk: int, number: int) -> Response:
        serializer = DisputeInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return DealConfirmView._answer(
            request, match_pk, number, DealConfirmation.Verdict.DISPUTED, serializer.validated_data["reason"]
        )


class MatchBoardView(APIView):
    @extend_schema(
        summary="The scoreboard: match, deals and answers (poll with If-None-Match)",
        parameters=BOARD_PARAMETERS,
        responses=BOARD_RESPONSES,
    )
    def get(self, request: Request, match_pk: int) -> HttpResponse:
        return board_response(request, readable_match(request.user, match_pk, seats=False))


class SharedBoardView(APIView):
    permission_classes = [AllowAny]
    authentication_classes: list[type] = []
    throttle_kinds = {"GET": PUBLIC, "HEAD": PUBLIC}

    @extend_schema(
        summary="The scoreboard through a share link, without an account: names and scores only",
        parameters=BOARD_PARAMETERS,
        responses=PUBLIC_BOARD_RESPONSES,
    )
    def get(self, request: Request, token: str) -> HttpResponse:
        key = shared_board_key(token)
        if key is None:
            raise Http404
        return board_response(request, key, PublicBoardSerializer)


class ShareLinkView(APIView):
    @extend_schema(
        summary="The match's share link for spectators (made on first request; the match's scorers only)",
        request=None,
        parameters=[RENEW],
        responses={200: ShareLinkSerializer, 201: ShareLinkSerializer},
    )
    def post(self, request: Request, match_pk: int) -> Response:
        renew = request.query_params.get("renew", "").lower() in ("1", "true")
        link, created = share_link_get_or_create(
            match_id=match_id_from_url(match_pk), actor=signed_in(request.user), renew=renew
        )
        return Response(ShareLinkSerializer(share_link_body(request, link)).data, status=201 if created else 200)

    @extend_schema(
        summary="Revoke the share link: its board and streams stop at once (the match's scorers only)",
        request=None,
        responses={204: None},
    )
    def delete(self, request: Request, match_pk: int) -> Response:
        share_link_revoke(match_id=match_id_from_url(match_pk), actor=signed_in(request.user))
        return Response(status=status.HTTP_204_NO_CONTENT)


class DisputeListView(APIView):
    @extend_schema(
        summary="Open disputes in the matches of clubs you administer and friendly matches you started",
        responses=DisputeSerializer(many=True),
    )
    def get(self, request: Request) -> Response:
        return Response(DisputeSerializer(disputes_for_admin(request.user)[:200], many=True).data)
