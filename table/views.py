"""The table's pages. Thin: they read through selectors and render; every write goes from the page's script
through the JSON API (session auth + CSRF), which calls games.services like any other client."""

from __future__ import annotations

from typing import Any, cast

from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser
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

# ---------- game facts for the pages ----------
# A minimal server-side fact source, built from games.rules.registry, until the engines' own facts reach the page
# config (issue 16, branch hA): then read them from there and drop this block. The script copies no fact.
# The words for the settings' choices are page text (translatable); the values are the engines'.
CHOICE_WORDS: dict[str, str] = {
    "spades_capture_value_other_aces_1_ten_of_diamonds_6": "Spades at their value, other aces 1, ten of diamonds 6",
    "ten_of_diamonds_2_majority_4": "Ten of diamonds 2, most cards 4",
    "baazi_loser": "The team that lost the baazi deals", "raw_difference": "As the running lead says",
    "optional": "Optional", "compulsory": "Compulsory",
    "pairs": "Teams of two", "two_sides": "Two sides, alternate seats",
    "multiply": "Multiply (\u00d72, \u00d74)", "add": "Add (+1, +2)",
    "first_speaker_team_plays_28_no_trumps": "First speaker's team plays 28 no-trumps",
    "first_speaker_must_bid": "First speaker must bid", "redeal": "Redeal",
    "at_zero_tables": "At zero tables", "when_cannot_pay": "When it cannot pay in full",
    "round_robin_from_payers_right": "One table at a time from the payer's right",
    "report": "Reported only", "forfeit_deal": "The revoking side loses the deal",
    "single_24": "24 cards", "with_joker_25": "25 cards with the joker", "double_48": "48 cards (double deck)",
    "single_round": "One call each", "continuous": "Round until three pass",
    "bid": "The tricks bid", "contract_value": "The contract's value",
    "higher_score_wins_equal_replays": "Higher score wins, a tie plays on", "bidders_win": "The bidders win",
    "lowest_total_ties_share": "Lowest total; ties share",
    "lowest_total_then_last_deal": "Lowest total; then the last deal",
    "seed": "Seed", "pagat": "Pagat", "bicycle": "Bicycle",
    "open": "Open: play as long as you like", "first_to_baazis": "First to a number of baazis",
    "fixed_baazis": "A fixed number of baazis",
}
# Seep's settings are not yet declared with explanations (its engine infers them): one line each until they are.
SEEP_HELP: dict[str, str] = {
    "card_points": "Which cards score: the usual count, or the ten of diamonds 2 and most cards 4.",
    "sweep_points": "Points for clearing the floor.",
    "first_play_sweep_points": "Points for a sweep with the first play of the deal.",
    "last_play_sweep_points": "Points for a sweep with the last play of the deal.",
    "baazi_lead": "The running lead that wins a baazi.",
    "minimum_team_score": "A team scoring less than this in a deal loses the baazi at once.",
    "lead_beyond_baazi_carries_over": "On: the points past the baazi lead start the next one.",
    "after_baazi_dealer_basis": "Who deals after a baazi.",
    "enforce_dealer_order": "On: a deal by anyone but the next dealer is refused.",
    "match_end": "When the match ends: open, the first team to a number of baazis, or a fixed number.",
    "capture_must_take_all_sets": "Play by play: a capture takes every set its card can take.",
    "owner_may_throw_loose": "Play by play: the owner of a standing house may still throw a card loose.",
    "house_only_sweep_counts": "Play by play: taking only a house off an empty floor counts as a sweep.",
    "loose_sets_join_house": "Play by play: loose sets worth a house must join it, or may.",
}
SEEP_CHOICES: dict[str, list[str]] = {
    "card_points": ["spades_capture_value_other_aces_1_ten_of_diamonds_6", "ten_of_diamonds_2_majority_4"],
    "after_baazi_dealer_basis": ["baazi_loser", "raw_difference"], "loose_sets_join_house": ["optional", "compulsory"],
}
MATCH_END_TYPES = ["open", "first_to_baazis", "fixed_baazis"]


def _setting_row(game: str, name: str, row: dict[str, Any]) -> dict[str, Any]:
    """One house rule for a client's form, in the shape of docs/api.md "Game facts for clients" (issue 16)."""
    choices = row.get("enum") or (SEEP_CHOICES.get(name) if game == "seep" else None)
    fact: dict[str, Any] = {
        "name": name, "label": row["title"], "type": "choice" if choices else str(row.get("type", "object")),
        "help": SEEP_HELP.get(name, row["description"]) if game == "seep" else row["description"],
        "default": row.get("default"), "read_only": bool(row.get("readOnly")), "sent_back": name != "players",
    }
    if choices:
        fact["choices"] = list(choices)
    for bound in ("minimum", "maximum"):
        if bound in row:
            fact[bound] = row[bound]
    return fact


def game_facts(game: str) -> dict[str, Any]:
    """What the pages need to know of a game, as issue 16's facts will give it: its name, player counts, the seats
    and teams for each count, and its house rules with their defaults per count (Contract Rummy's packs depend on
    it). Counts are strings, as JSON object keys are."""
    engine = get_engine(game)
    rules = {count: engine.rules_from_settings({}, count) for count in engine.player_counts}
    schema = engine.settings_schema()["properties"]
    return {
        "key": game, "name": engine.display_name, "player_counts": list(engine.player_counts),
        "default_player_count": engine.default_player_count,
        "seats": {str(count): list(engine.seats(r)) for count, r in rules.items()},
        "teams": {str(count): engine.teams(r) for count, r in rules.items()},
        "settings": [_setting_row(game, name, row) for name, row in schema.items()],
        "defaults": {str(count): engine.settings_json(r) for count, r in rules.items()},
    }


def _page_words() -> dict[str, Any]:
    """Page text the house-rules form needs beside the facts: a choice's value in words, match end's kinds."""
    return {"choice_words": CHOICE_WORDS, "match_end_types": MATCH_END_TYPES}


def _signed_in(request: HttpRequest) -> AbstractBaseUser:
    """The user of a page behind login_required (never anonymous there)."""
    return cast(AbstractBaseUser, request.user)


def _game_names() -> dict[str, str]:
    return {key: get_engine(key).display_name for key in GAME_KEYS}


def _page_config(match: Match, **urls: Any) -> dict[str, Any]:
    facts = game_facts(match.game)
    return {"match_id": match.pk, "game": match.game, "game_name": facts["name"], "game_facts": {match.game: facts},
            "undo_seconds": settings.TABLE_UNDO_SECONDS, **urls}


@login_required(login_url=LOGIN_URL)
def home(request: HttpRequest) -> HttpResponse:
    matches = match_queryset(request.user)[:30]
    return render(request, "table/home.html", {"matches": matches, "game_names": _game_names()})


@login_required(login_url=LOGIN_URL)
def new_match(request: HttpRequest) -> HttpResponse:
    facts = {key: game_facts(key) for key in GAME_KEYS}
    config = {"game_facts": facts, **_page_words(), "matches_url": reverse("match-list"),
              "match_page": reverse("table:match", args=[0])}
    return render(request, "table/new_match.html", {"config": config})


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
    return render(request, "table/match.html", {"match": match, "config": config, "game_name": config["game_name"],
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
    may_share = match_writable_by(_signed_in(request), match)
    link = share_link_of(match) if may_share else None
    return render(request, "table/board.html", {
        "match": match, "config": config, "game_name": config["game_name"], "may_share": may_share,
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
    return render(request, "table/board.html", {"match": match, "config": config, "game_name": config["game_name"],
                                                "spectator": True, "board_data": board_data})


@login_required(login_url=LOGIN_URL)
def disputes_page(request: HttpRequest) -> HttpResponse:
    disputes = disputes_for_admin(_signed_in(request))[:200]
    return render(request, "table/disputes.html", {"disputes": disputes, "game_names": _game_names()})
