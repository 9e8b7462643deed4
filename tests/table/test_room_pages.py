"""A club night's room: the director's page, the room display (members, or anyone with its link), the standings page
and the home page's nights; who may open each (anonymous, outsider, removed member, member, director), what each
shows, the room's document with its ETag, and the night's channel hearing its tables and its rounds."""

from __future__ import annotations

import asyncio
import json
import random
import re
from typing import Any

import pytest
import redis
from django.test import Client
from rest_framework.test import APIClient

from games.events import live_channel
from games.models import Membership, Player
from nights.live import night_channel
from nights.models import Event
from tests.factories import UserFactory
from tests.nights.helpers import TEAMS_OF_THREE, check_in, euchre_deal, make_club, make_event, start_round
from tests.support.auth import client_for

pytestmark = pytest.mark.django_db

NAMES = [f"Player {number}" for number in range(1, 10)]  # 9: two tables and a bye


@pytest.fixture
def night(user: Any) -> dict[str, Any]:
    """The director's (``user``, the club's admin) night of 9 checked in, round 1 drawn, one deal at table 1."""
    api = client_for(user)
    event = int(make_event(api, make_club(api))["id"])
    for name in NAMES:
        check_in(api, event, name)
    drawn = start_round(api, event)
    table = drawn["tables"][0]
    deal = api.post(
        f"/api/v1/matches/{table['match']}/deals/", euchre_deal(table["first_dealer"], random.Random(1)), format="json"
    )
    assert deal.status_code == 201, deal.json()
    return {"api": api, "event": event, "round": drawn, "director": user}


def page_client(account: Any | None) -> Client:
    client = Client()
    if account is not None:
        client.force_login(account)
    return client


def club_member(role: str = Membership.Role.MEMBER) -> Any:
    account = UserFactory.create()
    Membership.objects.create(club=Event.objects.get().club, user=account, role=role)
    return account


def removed_member() -> Any:
    account = club_member()
    Membership.objects.filter(user=account).delete()
    return account


def account_for(who: str, night: dict[str, Any]) -> Any:
    """The account of ``who``: None (anonymous), an outsider, a removed member, a member, or the director."""
    if who == "anonymous":
        return None
    if who == "director":
        return night["director"]
    return {"outsider": UserFactory.create, "removed": removed_member, "member": club_member}[who]()


def inline(html: str, element: str) -> Any:
    found = re.search(
        rf'<script (?:type="application/json" id="{element}"|id="{element}" type="application/json")>(.*?)</script>',
        html,
        re.S,
    )
    assert found, element
    return json.loads(found.group(1))


@pytest.mark.parametrize(
    ("who", "status"),
    [("anonymous", 302), ("outsider", 404), ("removed", 404), ("member", 403), ("director", 200)],
)
def test_only_the_clubs_admins_open_the_directors_room(night: dict[str, Any], who: str, status: int) -> None:
    response = page_client(account_for(who, night)).get(f"/table/events/{night['event']}/room/")
    assert response.status_code == status
    if status == 302:
        assert response["Location"] == f"/table/login/?next=/table/events/{night['event']}/room/"


@pytest.mark.parametrize(
    ("who", "status"),
    [("anonymous", 302), ("outsider", 404), ("removed", 404), ("member", 200), ("director", 200)],
)
def test_the_clubs_members_open_the_room_display_and_the_standings(
    night: dict[str, Any], who: str, status: int
) -> None:
    client = page_client(account_for(who, night))
    for page in ("display", ""):
        path = f"/table/events/{night['event']}/{page + '/' if page else ''}"
        assert client.get(path).status_code == status, path


def test_the_room_shows_every_table_of_the_round_with_its_deals_and_state(night: dict[str, Any]) -> None:
    response = page_client(night["director"]).get(f"/table/events/{night['event']}/room/")
    html = response.content.decode()
    assert "<h1>Progressive euchre: director's room</h1>" in html
    document = inline(html, "room-data")["document"]
    assert document["event"]["name"] == "Progressive euchre"
    assert document["round"]["number"] == 1 and document["round"]["status"] == "playing"
    first, second = document["tables"]
    # Nobody seated has an account to confirm with: the deal waits for no one (tests/table/test_room_tables.py).
    assert (first["number"], first["deals"], first["waiting"], first["disputed"], first["done"]) == (1, 1, 0, 0, False)
    assert (second["number"], second["deals"], second["waiting"], second["last_deal_at"]) == (2, 0, 0, None)
    assert [player["seat"] for player in first["players"]] == ["S1", "S2", "S3", "S4"]
    assert len(document["byes"]) == 1
    assert [entrant["name"] for entrant in document["entrants"]] == NAMES
    assert document["standings"][0]["total"] == 0 and len(document["standings"]) == 9


def test_the_room_document_answers_304_until_a_deal_moves_its_etag(night: dict[str, Any]) -> None:
    api, event = night["api"], night["event"]
    first = api.get(f"/api/v1/events/{event}/room/")
    assert first.status_code == 200
    assert api.get(f"/api/v1/events/{event}/room/", HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    table = night["round"]["tables"][1]
    api.post(
        f"/api/v1/matches/{table['match']}/deals/", euchre_deal(table["first_dealer"], random.Random(2)), format="json"
    )
    second = api.get(f"/api/v1/events/{event}/room/", HTTP_IF_NONE_MATCH=first["ETag"])
    assert second.status_code == 200 and second["ETag"] != first["ETag"]
    assert [table["deals"] for table in json.loads(second.content)["tables"]] == [1, 1]


def test_the_room_document_is_the_directors_and_the_display_the_members(night: dict[str, Any]) -> None:
    event = night["event"]
    member = client_for(club_member())
    assert member.get(f"/api/v1/events/{event}/room/").json()["code"] == "permission_denied"
    display = member.get(f"/api/v1/events/{event}/display/")
    assert display.status_code == 200
    body = json.loads(display.content)
    assert sorted(body) == ["event", "lower_wins", "round", "standings", "tables", "tables_done"]
    assert (body["tables"], body["tables_done"]) == (2, 0)
    assert sorted(body["standings"][0]) == ["name", "rank", "total"]  # what the page draws
    outsider = client_for(UserFactory.create())
    assert outsider.get(f"/api/v1/events/{event}/display/").status_code == 404


def test_the_display_link_opens_the_display_without_an_account_until_revoked(night: dict[str, Any]) -> None:
    api, event = night["api"], night["event"]
    assert client_for(club_member()).post(f"/api/v1/events/{event}/display-link/").status_code == 403
    made = api.post(f"/api/v1/events/{event}/display-link/")
    assert made.status_code == 201
    token = made.json()["token"]
    assert made.json()["page_url"] == f"http://testserver/table/d/{token}/"
    assert api.post(f"/api/v1/events/{event}/display-link/").json()["token"] == token
    anonymous = Client()
    page = anonymous.get(f"/table/d/{token}/")
    assert page.status_code == 200
    assert inline(page.content.decode(), "page-config")["events_url"] == f"/table/d/{token}/live/"
    assert APIClient().get(f"/api/v1/displays/{token}/").status_code == 200
    assert api.delete(f"/api/v1/events/{event}/display-link/").status_code == 204
    assert anonymous.get(f"/table/d/{token}/").status_code == 404
    assert APIClient().get(f"/api/v1/displays/{token}/").status_code == 404


def test_the_standings_page_shows_each_rounds_score_and_the_total(night: dict[str, Any]) -> None:
    api, event = night["api"], night["event"]
    close = api.post(f"/api/v1/events/{event}/rounds/1/close/", {"reason": "Time"}, format="json")
    assert close.status_code == 200, close.json()
    standings = api.get(f"/api/v1/events/{event}/standings/").json()["rows"]
    html = page_client(club_member()).get(f"/table/events/{event}/").content.decode()
    rows = re.findall(r"<tr><td>(\d+)</td><th scope=\"row\"><bdi>([^<]+)</bdi></th><td>([^<]+)</td>", html)
    assert [(int(rank), name) for rank, name, _ in rows] == [(row["rank"], row["player"]["name"]) for row in standings]
    assert [float(score) for _, _, score in rows] == [row["rounds"]["1"] for row in standings]
    assert "Round 1</th>" in html


def test_the_home_page_lists_the_nights_a_player_plays_in_and_the_directors(night: dict[str, Any]) -> None:
    player_account = club_member()
    Player.objects.filter(name="Player 3").update(user=player_account)
    for account in (player_account, night["director"]):
        html = page_client(account).get("/table/").content.decode()
        assert f'<a href="/table/events/{night["event"]}/">' in html
    html = page_client(club_member()).get("/table/").content.decode()
    assert "/table/events/" not in html


def test_the_nights_channel_hears_its_tables_deals_and_its_rounds(
    night: dict[str, Any], settings: Any, monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    settings.REDIS_URL = "redis://127.0.0.1:1/0"
    heard: list[tuple[str, dict[str, Any]]] = []
    monkeypatch.setattr("games.events.publish_on", lambda channel, payload: heard.append((channel, payload)))
    monkeypatch.setattr("nights.live.publish_on", lambda channel, payload: heard.append((channel, payload)))
    api, event = night["api"], night["event"]
    table = night["round"]["tables"][1]
    with django_capture_on_commit_callbacks(execute=True):
        api.post(
            f"/api/v1/matches/{table['match']}/deals/",
            euchre_deal(table["first_dealer"], random.Random(3)),
            format="json",
        )
    channels = [channel for channel, _ in heard]
    assert channels == [live_channel(table["match"]), night_channel(event)]
    assert heard[1][1]["night"] == event and heard[1][1]["event"] == "deal.recorded"
    heard.clear()
    with django_capture_on_commit_callbacks(execute=True):
        api.post(f"/api/v1/events/{event}/rounds/1/close/", {"reason": "Time"}, format="json")
    assert heard == [(night_channel(event), {"event": "night.room_changed", "night": event, "change": "round"})]


def test_a_match_of_no_night_is_heard_on_its_own_channel_only(
    user: Any, settings: Any, monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    settings.REDIS_URL = "redis://127.0.0.1:1/0"
    heard: list[str] = []
    monkeypatch.setattr("games.events.publish_on", lambda channel, payload: heard.append(channel))
    api = client_for(user)
    match = api.post(
        "/api/v1/matches/", {"game": "bid_euchre", "players": [{"name": n} for n in "ABCD"]}, format="json"
    ).json()
    with django_capture_on_commit_callbacks(execute=True):
        api.post(f"/api/v1/matches/{match['id']}/deals/", euchre_deal("S1", random.Random(1)), format="json")
    assert heard == [live_channel(match["id"])]


@pytest.mark.parametrize(("who", "status"), [("outsider", 404), ("removed", 404), ("member", 204), ("director", 204)])
def test_the_nights_stream_is_the_clubs_members(night: dict[str, Any], settings: Any, who: str, status: int) -> None:
    """Without Redis a member's stream answers 204 (the page polls); anyone else's 404."""
    settings.REDIS_URL = ""
    response = page_client(account_for(who, night)).get(f"/table/events/{night['event']}/live/")
    assert response.status_code == status


@pytest.mark.parametrize(("link", "status"), [("made", 204), ("none", 404)])
def test_the_display_links_stream_needs_a_live_link(
    night: dict[str, Any], settings: Any, link: str, status: int
) -> None:
    """One request a test: the stream closes the thread's database connections once it has checked access."""
    settings.REDIS_URL = ""
    token = "no-such-token"
    if link == "made":
        token = night["api"].post(f"/api/v1/events/{night['event']}/display-link/").json()["token"]
    assert Client().get(f"/table/d/{token}/live/").status_code == status


@pytest.mark.redis
def test_a_room_of_viewers_is_one_subscription_to_the_nights_channel_that_hears_each_table() -> None:
    """Three viewers of a night on one process's hub: Redis sees one subscriber of ``night:<id>``, and a table's change
    published on its match's channel reaches all three through the echo."""
    from django.conf import settings

    from games.events import publish_live
    from table.hub import LiveHub

    async def scenario() -> tuple[int, list[int]]:
        hub = LiveHub(settings.REDIS_URL, queue_size=4)
        viewers = [await hub.subscribe(night_channel(987654)) for _ in range(3)]
        subscribers = await asyncio.to_thread(
            lambda: dict(redis.Redis.from_url(settings.REDIS_URL).pubsub_numsub(night_channel(987654)))
        )
        await asyncio.to_thread(publish_live, 424243, {"event": "deal.recorded", "match": 424243, "night": 987654})
        heard = [json.loads(str(await asyncio.wait_for(viewer.queue.get(), 5)))["match"] for viewer in viewers]
        for viewer in viewers:
            await hub.unsubscribe(viewer)
        return subscribers[night_channel(987654).encode()], heard

    assert asyncio.run(scenario()) == (1, [424243, 424243, 424243])


def test_a_night_of_fixed_partnerships_checks_teams_in_from_the_room(user: Any) -> None:
    """A round robin of 56 of six in two sides: the room's form asks for a team of three players' names and an
    optional name (nights.selectors.partnership_seats), not a player alone; its document says so and lists the
    teams, a team checked in or gone moving the room's ETag."""
    api = client_for(user)
    event = make_event(api, make_club(api), **TEAMS_OF_THREE)["id"]
    client = page_client(user)
    before = client.get(f"/api/v1/events/{event}/room/")["ETag"]
    added = api.post(
        f"/api/v1/events/{event}/teams/",
        {"players": [{"name": name} for name in ("A1", "A2", "A3")], "name": "The Aces"},
        format="json",
    )
    assert added.status_code == 201, added.json()
    api.post(f"/api/v1/events/{event}/teams/", {"players": [{"name": n} for n in ("B1", "B2", "B3")]}, format="json")
    html = client.get(f"/table/events/{event}/room/").content.decode()
    assert 'id="check-in-form"' not in html and 'id="team-check-in-form"' in html
    assert re.findall(r'<input id="(team-player-\d)" name="player" required', html) == [
        "team-player-1",
        "team-player-2",
        "team-player-3",
    ]
    assert "check each team in with its 3 players together, not one by one." in html
    assert inline(html, "page-config")["teams_url"] == f"/api/v1/events/{event}/teams/"
    client.cookies["django_language"] = "hu"
    hungarian = client.get(f"/table/events/{event}/room/").content.decode()
    client.cookies["django_language"] = "en"
    assert "minden csapat 3 játékosát egyszerre jelentkeztesse be, ne egyenként." in hungarian
    assert "A csapat 2. játékosának neve" in hungarian and "Csapat bejelentkeztetése" in hungarian
    document = inline(html, "room-data")["document"]
    assert document["check_in"] == {"teams": True, "team_size": 3}
    assert [(team["name"], team["given_name"], team["players"]) for team in document["teams"]] == [
        ("The Aces", "The Aces", ["A1", "A2", "A3"]),
        ("B1, B2 & B3", "", ["B1", "B2", "B3"]),
    ]
    assert [team["left_after_round"] for team in document["teams"]] == [None, None]
    after = client.get(f"/api/v1/events/{event}/room/")["ETag"]
    assert after != before
    gone = api.delete(f"/api/v1/events/{event}/teams/{document['teams'][1]['id']}/")
    assert gone.status_code == 204
    assert client.get(f"/api/v1/events/{event}/room/")["ETag"] != after
    left = client.get(f"/api/v1/events/{event}/room/").json()
    assert [team["name"] for team in left["teams"]] == ["The Aces"]  # never drawn: removed


def test_a_night_of_players_checks_each_player_in_alone(night: dict[str, Any]) -> None:
    html = page_client(night["director"]).get(f"/table/events/{night['event']}/room/").content.decode()
    assert 'id="check-in-form"' in html and 'id="team-check-in-form"' not in html
    document = inline(html, "room-data")["document"]
    assert (document["check_in"], document["teams"]) == ({"teams": False, "team_size": None}, [])
