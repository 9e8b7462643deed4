"""The table's pages. Thin: they read through selectors and render; every write goes from the page's script
through the JSON API (session auth + CSRF), which calls games.services like any other client."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse, reverse_lazy
from django.views.decorators.gzip import gzip_page

from api.views.matches import match_queryset, readable_match
from games.models import Match
from games.rules.registry import GAME_KEYS, get_engine
from games.selectors import match_writable_by
from table.api import board_for_page
from table.selectors import disputes_for_admin, match_for_share_token, seats_of, share_link_of
from table.serializers import PublicBoardSerializer
from table.share import share_link_body

LOGIN_URL = reverse_lazy("table:login")
GAME_NAMES = {"seep": "Seep", "fifty_six": "56", "bid_euchre": "Bid Euchre", "contract_rummy": "Contract Rummy"}
# Player counts the start page offers, default first.
PLAYER_COUNTS = {"seep": [4], "fifty_six": [4, 6, 8], "bid_euchre": [4], "contract_rummy": [4, 3, 5, 6, 7, 8]}



def _page_config(match: Match, **urls: str) -> dict[str, Any]:
    return {"match_id": match.pk, "game": match.game, "game_name": GAME_NAMES[match.game], **urls}


@login_required(login_url=LOGIN_URL)
def home(request: HttpRequest) -> HttpResponse:
    matches = match_queryset(request.user)[:30]
    return render(request, "table/home.html", {"matches": matches, "game_names": GAME_NAMES})


@login_required(login_url=LOGIN_URL)
def new_match(request: HttpRequest) -> HttpResponse:
    games = [{"key": key, "name": GAME_NAMES[key], "counts": PLAYER_COUNTS[key],
              "defaults": {count: _defaults(key, count) for count in PLAYER_COUNTS[key]}} for key in GAME_KEYS]
    config = {"games": games, "matches_url": reverse("match-list"), "match_page": reverse("table:match", args=[0])}
    return render(request, "table/new_match.html", {"config": config})


def _defaults(game: str, player_count: int) -> dict[str, Any]:
    """Every house rule of ``game`` with its default for this many players (Contract Rummy's packs depend on it)."""
    engine = get_engine(game)
    return engine.settings_json(engine.rules_from_settings({}, player_count))


@login_required(login_url=LOGIN_URL)
@gzip_page  # the page carries its board inline (see board_for_page): a tenth of the bytes gzipped
def match_page(request: HttpRequest, match_id: int) -> HttpResponse:
    """Score entry: the board, the deal form of the game, and the deal list with correct, void, confirm and
    dispute."""
    match = readable_match(request.user, match_id)
    config = _page_config(
        match, mode="entry", my_seats=seats_of(request.user, match),
        board_url=reverse("table-api:board", args=[match.pk]),
        events_url=reverse("table:events", args=[match.pk]),
        deals_url=reverse("deal-list", args=[match.pk]),
        share_url=reverse("table-api:share", args=[match.pk]),
        board_page=reverse("table:board", args=[match.pk]),
    )
    return render(request, "table/match.html", {"match": match, "config": config, "game_name": GAME_NAMES[match.game],
                                                "board_data": board_for_page(request, match, config["board_url"])})


@login_required(login_url=LOGIN_URL)
@gzip_page
def board_page(request: HttpRequest, match_id: int) -> HttpResponse:
    match = readable_match(request.user, match_id)
    config = _page_config(
        match, mode="board", my_seats=seats_of(request.user, match),
        board_url=reverse("table-api:board", args=[match.pk]),
        events_url=reverse("table:events", args=[match.pk]),
        share_url=reverse("table-api:share", args=[match.pk]),
        entry_page=reverse("table:match", args=[match.pk]),
    )
    may_share = match_writable_by(request.user, match)
    link = share_link_of(match) if may_share else None
    return render(request, "table/board.html", {
        "match": match, "config": config, "game_name": GAME_NAMES[match.game], "may_share": may_share,
        "share": share_link_body(request, link) if link else None,
        "board_data": board_for_page(request, match, config["board_url"])})


@gzip_page
def shared_board_page(request: HttpRequest, token: str) -> HttpResponse:
    """The spectators' scoreboard: no account, only the secret token of the share link."""
    match = match_for_share_token(token)
    if match is None:
        raise Http404
    config = _page_config(
        match, mode="spectator", my_seats=[],
        board_url=reverse("table-api:shared-board", args=[token]),
        events_url=reverse("table:shared-events", args=[token]),
    )
    board_data = board_for_page(request, match, config["board_url"], PublicBoardSerializer)
    return render(request, "table/board.html", {"match": match, "config": config, "game_name": GAME_NAMES[match.game],
                                                "spectator": True, "board_data": board_data})


@login_required(login_url=LOGIN_URL)
def disputes_page(request: HttpRequest) -> HttpResponse:
    disputes = disputes_for_admin(request.user)[:200]
    return render(request, "table/disputes.html", {"disputes": disputes, "game_names": GAME_NAMES})
