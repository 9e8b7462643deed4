"""The pages render for who may see them; the board answers with ETags; share links open it to spectators."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from django.http import StreamingHttpResponse
from django.test import Client, override_settings
from rest_framework.test import APIClient

from games.events import publish_live
from games.rules.registry import GAME_KEYS
from table.live import _event_stream
from tests.api.helpers import assert_error, post_deal, start_match
from tests.deals import seep_deal
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def browser(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize("game", GAME_KEYS)
def test_the_entry_and_board_pages_render_for_each_game(game: str, api: APIClient, browser: Client) -> None:
    match = start_match(api, game=game)
    entry = browser.get(f"/table/matches/{match['id']}/")
    assert entry.status_code == 200
    page = entry.content.decode()
    assert 'id="deal-form"' in page
    assert f'"game": "{game}"' in page
    assert f'"deals_url": "/api/v1/matches/{match["id"]}/deals/"' in page
    assert '<meta name="csrf-token"' in page
    assert browser.get(f"/table/matches/{match['id']}/board/").status_code == 200


def test_pages_ask_to_sign_in_and_hide_other_peoples_matches(api: APIClient) -> None:
    match = start_match(api)
    response = Client().get(f"/table/matches/{match['id']}/")
    assert (response.status_code, response["Location"]) == (302, f"/table/login/?next=/table/matches/{match['id']}/")
    stranger = Client()
    stranger.force_login(UserFactory.create())
    assert stranger.get(f"/table/matches/{match['id']}/").status_code == 404
    assert stranger.get(f"/table/matches/{match['id']}/board/").status_code == 404


def test_home_new_match_disputes_and_sign_in_pages_render(browser: Client) -> None:
    for path in ("/table/", "/table/new/", "/table/disputes/"):
        assert browser.get(path).status_code == 200, path
    assert Client().get("/table/login/").status_code == 200
    assert Client().get("/").headers["Location"] == "/table/"


def test_the_new_match_page_carries_every_games_defaults_by_player_count(browser: Client) -> None:
    config = browser.get("/table/new/").context["config"]
    rummy = config["game_facts"]["contract_rummy"]
    assert (rummy["defaults"]["4"]["decks"], rummy["defaults"]["5"]["decks"]) == (1, 2)
    assert list(config["game_facts"]) == list(GAME_KEYS)


def test_the_pages_get_the_games_facts_and_the_house_rules_in_words(browser: Client) -> None:
    """The facts a page shows come from the engines (no copy in the script): seats and teams per player count, and
    each house rule's label, explanation, type and choices, whose words are sent beside them."""
    config = browser.get("/table/new/").context["config"]
    fifty_six = config["game_facts"]["fifty_six"]
    assert fifty_six["teams"]["6"] == {"T1": ["S1", "S4"], "T2": ["S2", "S5"], "T3": ["S3", "S6"]}
    doubling = next(row for row in fifty_six["settings"] if row["name"] == "double_mode")
    assert (doubling["label"], doubling["type"], doubling["choices"]) == ("Doubling", "choice", ["multiply", "add"])
    assert doubling["words"] == {"multiply": "Multiply (\u00d72, \u00d74)", "add": "Add (+1, +2)"}
    match_end = next(row for row in config["game_facts"]["seep"]["settings"] if row["name"] == "match_end")
    assert match_end["kinds"] == ["open", "first_to_baazis", "fixed_baazis"]  # Seep's engine's, not a copy
    assert "match_end_types" not in config
    assert all("kinds" not in row for row in fifty_six["settings"])


def test_the_board_answers_304_until_a_deal_changes_it(api: APIClient) -> None:
    match = start_match(api)
    url = f"/api/v1/matches/{match['id']}/board/"
    first = api.get(url)
    assert (first.status_code, first["ETag"]) == (200, '"0.0"')
    assert set(first.json()) == {"match", "headline", "deals", "answers", "offline", "entry"}
    assert api.get(url, headers={"If-None-Match": '"0.0"'}).status_code == 304
    post_deal(api, match["id"], seep_deal())
    second = api.get(url, headers={"If-None-Match": '"0.0"'})
    assert (second.status_code, second["ETag"]) == (200, '"1.0"')
    assert [deal["number"] for deal in second.json()["deals"]] == [1]
    assert second.json()["headline"] == {
        "label": "Baazis won",
        "scores": {"A": 0, "B": 0},
        "leading": ["A"],
        "lead": 24,
        "target": 100,
        "lower_wins": False,
        "winners": [],
        "ahead": [],  # by baazis won: level; the running lead is A's
        "order": ["A", "B"],
        "to_target": None,
        "in_danger": [],
    }


def test_the_boards_entry_is_the_engines_entry_facts_under_the_matchs_own_settings(api: APIClient) -> None:
    """The page follows the match's own auction and totals (docs/api.md, the board's entry): Bid Euchre with extra
    moons and stick the dealer, continuous bidding off."""
    settings = {"extra_moon_calls": True, "stick_the_dealer": True}
    match = start_match(api, game="bid_euchre", settings=settings)
    entry = api.get(f"/api/v1/matches/{match['id']}/board/").json()["entry"]
    assert entry["tricks_per_deal"] == 6
    auction = entry["auction"]
    assert (auction["one_round"], auction["pass_drops_out"], auction["pass_barred"]) == (
        True,
        False,
        ["dealer_after_all_passed"],
    )
    assert [call["call"] for call in auction["raises"]] == [
        "bid",
        "partners_best",
        "shoot_the_moon",
        "triple_moon",
        "quadruple_moon",
    ]
    plain = api.get(f"/api/v1/matches/{start_match(api, game='bid_euchre')['id']}/board/").json()["entry"]
    assert [call["call"] for call in plain["auction"]["raises"]] == ["bid", "partners_best", "shoot_the_moon"]


def test_a_share_link_opens_the_board_to_anyone_and_is_made_once(api: APIClient) -> None:
    match = start_match(api)
    made = api.post(f"/api/v1/matches/{match['id']}/share/")
    again = api.post(f"/api/v1/matches/{match['id']}/share/")
    assert (made.status_code, again.status_code) == (201, 200)
    token = made.json()["token"]
    assert again.json()["token"] == token
    assert made.json()["page_url"] == f"http://testserver/table/s/{token}/"
    spectator = Client()
    board = spectator.get(f"/api/v1/shared/{token}/")
    assert (board.status_code, board.json()["match"]["id"]) == (200, match["id"])
    assert spectator.get(f"/table/s/{token}/").status_code == 200
    assert_error(APIClient().get("/api/v1/shared/not-a-token/"), 404, "not_found", None)


def test_the_event_stream_says_204_without_redis_so_the_page_polls() -> None:
    with override_settings(REDIS_URL=""):
        response = asyncio.run(_event_stream(1))
    assert response.status_code == 204


@pytest.mark.redis
def test_the_event_stream_relays_what_is_published_on_the_match_channel() -> None:
    """A stream opens with a ready event, then relays each message of the channel games.events publishes to."""

    async def listen() -> list[str]:
        response = await _event_stream(424242)
        assert isinstance(response, StreamingHttpResponse)
        stream: Any = response.streaming_content  # an async iterator (a generator: aclose() ends it)
        chunks = aiter(stream)
        ready = await anext(chunks)
        publish_live(424242, {"event": "deal.recorded", "match": 424242, "version": 3})
        change = await asyncio.wait_for(anext(chunks), timeout=5)
        await chunks.aclose()  # the browser went away: the stream unsubscribes and closes its connection
        return [_text(ready), _text(change)]

    assert asyncio.run(listen()) == [
        "retry: 3000\nevent: ready\ndata: {}\n\n",
        'event: change\ndata: {"event": "deal.recorded", "match": 424242, "version": 3}\n\n',
    ]


def _text(chunk: Any) -> str:
    return chunk.decode() if isinstance(chunk, bytes) else str(chunk)
