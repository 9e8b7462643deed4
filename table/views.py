"""The table's pages. Thin: they read through selectors and render; every write goes from the page's script
through the JSON API (session auth + CSRF), which calls games.services like any other client."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse, reverse_lazy
from django.utils.translation import gettext
from django.views.decorators.gzip import gzip_page

from games.errors import NotFound
from games.i18n.translation import page_facts
from games.models import Match
from games.rules.facts import every_game_facts, facts_of
from games.rules.registry import game_keys, get_engine
from games.selectors.access import match_writable_by
from games.selectors.matches import match_queryset, readable_match
from nights.selectors import events_of_user
from table.api import board_for_page
from table.public_rate import public_rate_refusal
from table.selectors import disputes_for_admin, match_for_share_token, recent_players, seats_of, share_link_of
from table.serializers import PublicBoardSerializer
from table.share import share_link_body

LOGIN_URL = reverse_lazy("table:login")


# Each registered game's page module (its deal form, headline, deal summary and chart), found by the game's key: no
# list of the games is kept in the page (tests/table/test_game_modules.py fails for a game without one).
GAME_MODULE = "table/js/games/{key}.js"


def game_module(key: str) -> str:
    """The URL of the game's page module (hashed with DEBUG off), which the page imports."""
    return static(GAME_MODULE.format(key=key))


def _with_choice_words(key: str, facts: dict[str, Any]) -> dict[str, Any]:
    """A game's page facts whose setting rows carry their choices' (or match end's kinds') words, as the game's
    settings declaration gives them (``Setting.words``), in the page's language: the form shows no API name."""
    words = get_engine(key).settings_spec.choice_words()
    rows = [
        {**row, "words": {value: gettext(text) for value, text in words[row["name"]].items()}}
        if row["name"] in words
        else row
        for row in facts["settings"]
    ]
    return {**facts, "settings": rows}


def _game_names() -> dict[str, str]:
    return {key: get_engine(key).display_name for key in game_keys()}


def _page_match(request: HttpRequest, match_id: int) -> Match:
    """The match a page shows: Django's 404 page when there is none the user may see (the API's handler answers
    ``NotFound`` with the error shape; a page answers with a page)."""
    try:
        return readable_match(request.user, match_id)
    except NotFound:
        raise Http404 from None


def _page_config(match: Match, **entries: Any) -> dict[str, Any]:
    """A match page's config: its game's facts (``game_facts``, docs/api.md "Game facts for clients") and URLs."""
    return {
        "match_id": match.pk,
        "game": match.game,
        "game_name": get_engine(match.game).display_name,
        "game_module": game_module(match.game),
        "game_facts": {match.game: page_facts(facts_of(match.game))},
        "undo_seconds": settings.TABLE_UNDO_SECONDS,
        **entries,
    }


@login_required(login_url=LOGIN_URL)
def home(request: HttpRequest) -> HttpResponse:
    matches = match_queryset(request.user)[:30]
    nights = events_of_user(request.user).select_related("club")[:20]
    context = {"matches": matches, "nights": nights, "game_names": _game_names()}
    return render(request, "table/home.html", context)


@login_required(login_url=LOGIN_URL)
def new_match(request: HttpRequest) -> HttpResponse:
    facts = {key: _with_choice_words(key, page_facts(game)) for key, game in every_game_facts().items()}
    config = {
        "game_facts": facts,
        "matches_url": reverse("match-list"),
        "match_page": reverse("table:match", args=[0]),
        "recent_players": recent_players(request.user, settings.TABLE_RECENT_PLAYERS),
    }
    return render(request, "table/new_match.html", {"config": config})


@login_required(login_url=LOGIN_URL)
@gzip_page  # the page carries its board inline (see board_for_page): a tenth of the bytes gzipped
def match_page(request: HttpRequest, match_id: int) -> HttpResponse:
    """Score entry: the board, the deal form of the game, and the deal list with correct, void, confirm and
    dispute."""
    match = _page_match(request, match_id)
    config = _page_config(
        match,
        mode="entry",
        my_seats=seats_of(request.user, match),
        board_url=reverse("table-api:board", args=[match.pk]),
        events_url=reverse("table:events", args=[match.pk]),
        deals_url=reverse("deal-list", args=[match.pk]),
        share_url=reverse("table-api:share", args=[match.pk]),
        board_page=reverse("table:board", args=[match.pk]),
    )
    return render(
        request,
        "table/match.html",
        {
            "match": match,
            "config": config,
            "game_name": config["game_name"],
            "board_data": board_for_page(request, match, config["board_url"]),
        },
    )


@login_required(login_url=LOGIN_URL)
@gzip_page
def board_page(request: HttpRequest, match_id: int) -> HttpResponse:
    match = _page_match(request, match_id)
    config = _page_config(
        match,
        mode="board",
        my_seats=seats_of(request.user, match),
        board_url=reverse("table-api:board", args=[match.pk]),
        events_url=reverse("table:events", args=[match.pk]),
        share_url=reverse("table-api:share", args=[match.pk]),
        entry_page=reverse("table:match", args=[match.pk]),
    )
    may_share = match_writable_by(request.user, match)
    link = share_link_of(match) if may_share else None
    return render(
        request,
        "table/board.html",
        {
            "match": match,
            "config": config,
            "game_name": config["game_name"],
            "may_share": may_share,
            "share": share_link_body(request, link) if link else None,
            "board_data": board_for_page(request, match, config["board_url"]),
        },
    )


@gzip_page
def shared_board_page(request: HttpRequest, token: str) -> HttpResponse:
    """The spectators' scoreboard: no account, only the secret token of the share link."""
    refused = public_rate_refusal(request)
    if refused is not None:
        return refused
    match = match_for_share_token(token)
    if match is None:
        raise Http404
    config = _page_config(
        match,
        mode="spectator",
        my_seats=[],
        board_url=reverse("table-api:shared-board", args=[token]),
        events_url=reverse("table:shared-events", args=[token]),
    )
    board_data = board_for_page(request, match, config["board_url"], PublicBoardSerializer)
    return render(
        request,
        "table/board.html",
        {
            "match": match,
            "config": config,
            "game_name": config["game_name"],
            "spectator": True,
            "board_data": board_data,
        },
    )


@login_required(login_url=LOGIN_URL)
def disputes_page(request: HttpRequest) -> HttpResponse:
    disputes = disputes_for_admin(request.user)[:200]
    return render(request, "table/disputes.html", {"disputes": disputes, "game_names": _game_names()})
