"""The table's pages. Thin: they read through selectors and render; every write goes from the page's script
through the JSON API (session auth + CSRF), which calls games.services like any other client."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse, reverse_lazy
from django.utils.translation import gettext_lazy
from django.views.decorators.gzip import gzip_page

from games.errors import NotFound
from games.i18n.translation import page_facts
from games.models import Match
from games.rules.facts import every_game_facts, facts_of
from games.rules.registry import game_keys, get_engine
from games.selectors import match_writable_by
from games.selectors.matches import match_queryset, readable_match
from nights.selectors import events_of_user
from table.api import board_for_page
from table.public_rate import public_rate_refusal
from table.selectors import disputes_for_admin, match_for_share_token, recent_players, seats_of, share_link_of
from table.serializers import PublicBoardSerializer
from table.share import share_link_body

if TYPE_CHECKING:  # django-stubs' type, a development tool: not imported when the service runs
    from django_stubs_ext import StrOrPromise

LOGIN_URL = reverse_lazy("table:login")

# Page text the house-rules form needs beside the engines' facts: a choice's value in words (translatable here,
# the values are the engines'), and the kinds of match end. Lazy: each page says them in its request's language.
CHOICE_WORDS: dict[str, StrOrPromise] = {
    "spades_capture_value_other_aces_1_ten_of_diamonds_6": gettext_lazy(
        "Spades at their value, other aces 1, ten of diamonds 6"
    ),
    "ten_of_diamonds_2_majority_4": gettext_lazy("Ten of diamonds 2, most cards 4"),
    "baazi_loser": gettext_lazy("The team that lost the baazi deals"),
    "raw_difference": gettext_lazy("As the running lead says"),
    "optional": gettext_lazy("Optional"),
    "compulsory": gettext_lazy("Compulsory"),
    "pairs": gettext_lazy("Teams of two"),
    "two_sides": gettext_lazy("Two sides, alternate seats"),
    # The sign itself, not a \u escape: xgettext copies an escape into the msgid as it is written.
    "multiply": gettext_lazy("Multiply (×2, ×4)"),  # noqa: RUF001
    "add": gettext_lazy("Add (+1, +2)"),
    "first_speaker_team_plays_28_no_trumps": gettext_lazy("First speaker's team plays 28 no-trumps"),
    "first_speaker_must_bid": gettext_lazy("First speaker must bid"),
    "redeal": gettext_lazy("Redeal"),
    "at_zero_tables": gettext_lazy("At zero tables"),
    "when_cannot_pay": gettext_lazy("When it cannot pay in full"),
    "round_robin_from_payers_right": gettext_lazy("One table at a time from the payer's right"),
    "report": gettext_lazy("Reported only"),
    "forfeit_deal": gettext_lazy("The revoking side loses the deal"),
    "single_24": gettext_lazy("24 cards"),
    "with_joker_25": gettext_lazy("25 cards with the joker"),
    "double_48": gettext_lazy("48 cards (double deck)"),
    "single_round": gettext_lazy("One call each"),
    "continuous": gettext_lazy("Round until three pass"),
    "bid": gettext_lazy("The tricks bid"),
    "contract_value": gettext_lazy("The contract's value"),
    "higher_score_wins_equal_replays": gettext_lazy("Higher score wins, a tie plays on"),
    "bidders_win": gettext_lazy("The bidders win"),
    "lowest_total_ties_share": gettext_lazy("Lowest total; ties share"),
    "lowest_total_then_last_deal": gettext_lazy("Lowest total; then the last deal"),
    "seed": gettext_lazy("Seed"),
    "pagat": gettext_lazy("Pagat"),
    "bicycle": gettext_lazy("Bicycle"),
    "open": gettext_lazy("Open: play as long as you like"),
    "first_to_baazis": gettext_lazy("First to a number of baazis"),
    "fixed_baazis": gettext_lazy("A fixed number of baazis"),
    # issue 20's house rules
    "tricks_taken": gettext_lazy("The tricks taken"),
    "tricks_bid": gettext_lazy("The number bid"),
    "any_time": gettext_lazy("Any time"),
    "after_trump_played": gettext_lazy("Only after a trump has been played"),
    "64": gettext_lazy("64 cards, 8 each"),
    "48": gettext_lazy("48 cards, 6 each (no 8s or 7s)"),
    # Twenty-Eight's trick-entry choices (issue 29)
    "own_card": gettext_lazy("One of the bidder's eight cards"),
    "spare_card": gettext_lazy("A spare card outside the pack"),
    "allowed": gettext_lazy("Allowed"),
    "forbidden": gettext_lazy("Forbidden"),
    "first_speaker": gettext_lazy("The first speaker"),
    "bidder": gettext_lazy("The bidder"),
}


def _page_words() -> dict[str, Any]:
    """Page text the house-rules form needs beside the facts: a choice's value (or match end's kind) in words.
    The kinds themselves are the engine's (the setting row's ``kinds`` in ``game_facts``)."""
    return {"choice_words": {value: str(words) for value, words in CHOICE_WORDS.items()}}


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
    facts = {key: page_facts(game) for key, game in every_game_facts().items()}
    config = {
        "game_facts": facts,
        **_page_words(),
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
