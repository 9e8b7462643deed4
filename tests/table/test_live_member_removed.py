"""A member removed from a club while watching one of its matches stops receiving its events within seconds, not when
the stream would have ended by itself (STREAM_SECONDS, 300 s): the removal is announced on the club's live channel,
which the hub follows once for all the club's viewers (no database work per stream), and ends that member's streams
only. Without Redis there are no streams: the page polls the board, and each read checks access."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.db import connection
from django.http import StreamingHttpResponse
from django.test import RequestFactory, override_settings
from rest_framework.test import APIClient

from games.events import MEMBER_REMOVED, club_channel, member_removed_key
from games.models import Club, League, Membership
from table import live
from table.hub import LiveHub, Signal, Subscription
from tests.api.helpers import start_match
from tests.factories import ClubFactory, MembershipFactory
from tests.support.auth import client_for

CLUB = club_channel(3)
MATCH = "match:7"


def message(channel: str, data: dict[str, Any]) -> dict[str, Any]:
    return {"type": "message", "channel": channel.encode(), "data": json.dumps(data).encode()}


def queued(subscription: Subscription) -> list[Any]:
    items = []
    while not subscription.queue.empty():
        items.append(subscription.queue.get_nowait())
    return items


def member_viewer(user_id: int) -> Subscription:
    return Subscription(MATCH, member_removed_key(user_id), asyncio.Queue(3), watch=CLUB)


def test_a_removal_on_the_clubs_channel_ends_only_the_removed_members_streams() -> None:
    removed, other = member_viewer(41), member_viewer(42)
    hub = LiveHub("redis://unused", queue_size=3)
    for subscription in (removed, other):
        for channel in subscription.channels:
            hub.viewers.setdefault(channel, set()).add(subscription)
    hub._dispatch(message(MATCH, {"event": "deal.recorded", "version": 2}))
    hub._dispatch(message(CLUB, {"event": MEMBER_REMOVED, "club": 3, "user": 41}))
    hub._dispatch(message(MATCH, {"event": "deal.recorded", "version": 3}))
    assert queued(removed) == [Signal.END]  # what it had not read yet is dropped too
    assert [json.loads(item)["version"] for item in queued(other)] == [2, 3]  # the club's channel relays nothing


@pytest.fixture
def club_match() -> dict[str, Any]:
    """A league match of a club, its admin's client, and two members who may read it."""
    club = ClubFactory.create()
    admin = MembershipFactory.create(club=club, role=Membership.Role.ADMIN).user
    removed, staying = (MembershipFactory.create(club=club, role=Membership.Role.MEMBER).user for _ in range(2))
    league = League.objects.create(club=club, name="Sunday", game="seep")
    admin_api = client_for(admin)
    match = start_match(admin_api, league=league.pk)
    return {"club": club, "admin": admin_api, "removed": removed, "staying": staying, "id": match["id"]}


def remove(admin: APIClient, club: Club, user: Any) -> int:
    return admin.delete(f"/api/v1/clubs/{club.pk}/members/{user.pk}/").status_code


@pytest.mark.django_db(transaction=True)
@pytest.mark.redis
def test_a_member_removed_while_watching_stops_receiving_within_seconds(club_match: dict[str, Any]) -> None:
    match_id, admin = club_match["id"], club_match["admin"]

    async def open_stream(user: Any) -> Any:
        request = RequestFactory().get(f"/table/matches/{match_id}/events/")
        request.user = user
        response = await live.match_events(request, match_id)
        assert isinstance(response, StreamingHttpResponse)
        stream: Any = response.streaming_content  # an async iterator here
        chunks = aiter(stream)
        assert _text(await anext(chunks)) == "retry: 3000\nevent: ready\ndata: {}\n\n"
        return chunks

    @sync_to_async
    def removed_now() -> int:
        status = remove(admin, club_match["club"], club_match["removed"])
        connection.close()  # this thread's connection, or the test database stays in use at teardown
        return status

    async def watch() -> tuple[int, list[str], float, bool]:
        removed, staying = await open_stream(club_match["removed"]), await open_stream(club_match["staying"])
        started = time.monotonic()
        status = await removed_now()
        rest = [_text(chunk) async for chunk in removed]
        took = time.monotonic() - started
        try:
            await asyncio.wait_for(anext(staying), timeout=0.5)
            staying_open = False
        except TimeoutError:
            staying_open = True  # still waiting for the match's next event
        await staying.aclose()
        return status, rest, took, staying_open

    status, rest, took, staying_open = asyncio.run(asyncio.wait_for(watch(), timeout=15))
    assert (status, rest, staying_open) == (204, [], True)  # ended at the removal, relaying nothing more
    assert took < 3
    assert Membership.objects.filter(user=club_match["removed"]).count() == 0


@pytest.mark.django_db
@override_settings(REDIS_URL="")
def test_without_redis_a_removed_members_next_poll_of_the_board_is_refused(club_match: dict[str, Any]) -> None:
    """No streams without Redis (the page polls): the next read after the removal answers 404, as for a stranger."""
    board = f"/api/v1/matches/{club_match['id']}/board/"
    phone = client_for(club_match["removed"])
    assert phone.get(board).status_code == 200
    assert remove(club_match["admin"], club_match["club"], club_match["removed"]) == 204
    refused = phone.get(board)
    assert (refused.status_code, refused.json()["code"]) == (404, "not_found")


def _text(chunk: Any) -> str:
    return chunk.decode() if isinstance(chunk, bytes) else str(chunk)
