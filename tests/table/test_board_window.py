"""The scoreboard sends a window of the latest deals (issue 15, data 12): BOARD_DEALS_WINDOW of them and the
answers about them, a Link (rel="earlier") to the window before, and the same ETag and 304 for every window. The
shared board through a share link is windowed the same way."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import override_settings
from rest_framework.test import APIClient

from games.models import Deal, Seat
from table.models import DealConfirmation
from tests.api.helpers import assert_error, post_deal, start_match
from tests.support.corrections import alternating_deals

pytestmark = pytest.mark.django_db


def match_with_deals(api: APIClient, count: int) -> dict[str, Any]:
    match = start_match(api)
    for deal in alternating_deals(count):
        assert post_deal(api, match["id"], deal).status_code == 201
    return match


def answer(match_id: int, number: int, verdict: str) -> None:
    deal = Deal.objects.get(match_id=match_id, number=number)
    seat = Seat.objects.get(match_id=match_id, seat="S2")
    DealConfirmation.objects.create(
        deal=deal,
        deal_revision=deal.revision,
        player=seat.player,
        seat="S2",
        verdict=verdict,
        reason="no" if verdict == "disputed" else "",
    )


def windows(client: APIClient, url: str) -> list[tuple[list[int], list[int], str | None]]:
    """Each window from the latest back: its deal numbers, the deal numbers of its answers, its earlier link."""
    found = []
    while url:
        response = client.get(url)
        assert response.status_code == 200
        body = response.json()
        link = response.headers.get("Link")
        found.append(([d["number"] for d in body["deals"]], [a["deal_number"] for a in body["answers"]], link))
        url = link[1 : link.index(">")] if link else ""
    return found


@override_settings(BOARD_DEALS_WINDOW=3)
def test_the_board_sends_the_latest_deals_and_links_to_the_window_before(api: APIClient) -> None:
    match = match_with_deals(api, 7)
    answer(match["id"], 1, "disputed")
    answer(match["id"], 6, "confirmed")
    url = f"http://testserver/api/v1/matches/{match['id']}/board/"
    assert windows(api, url) == [
        ([5, 6, 7], [6], f'<{url}?before=5>; rel="earlier"'),
        ([2, 3, 4], [], f'<{url}?before=2>; rel="earlier"'),
        ([1], [1], None),
    ]
    assert api.get(url).json()["match"]["deals_count"] == 7  # the match itself is whole


@override_settings(BOARD_DEALS_WINDOW=3)
def test_every_window_answers_304_until_the_match_changes(api: APIClient) -> None:
    match = match_with_deals(api, 5)
    url = f"/api/v1/matches/{match['id']}/board/"
    for window in (url, f"{url}?before=3"):
        first = api.get(window)
        assert (first.status_code, first["ETag"]) == (200, '"5.0"')
        assert api.get(window, headers={"If-None-Match": '"5.0"'}).status_code == 304
    post_deal(api, match["id"], alternating_deals(6)[5])
    changed = api.get(url, headers={"If-None-Match": '"5.0"'})
    assert (changed.status_code, changed["ETag"]) == (200, '"6.0"')
    assert [d["number"] for d in changed.json()["deals"]] == [4, 5, 6]


@override_settings(BOARD_DEALS_WINDOW=2)
def test_the_shared_board_is_windowed_the_same_way(api: APIClient) -> None:
    match = match_with_deals(api, 5)
    token = api.post(f"/api/v1/matches/{match['id']}/share/").json()["token"]
    url = f"http://testserver/api/v1/shared/{token}/"
    assert [(deals, link) for deals, _, link in windows(APIClient(), url)] == [
        ([4, 5], f'<{url}?before=4>; rel="earlier"'),
        ([2, 3], f'<{url}?before=2>; rel="earlier"'),
        ([1], None),
    ]


def test_the_default_window_is_the_latest_hundred_deals(api: APIClient) -> None:
    match = match_with_deals(api, 105)
    response = api.get(f"/api/v1/matches/{match['id']}/board/")
    assert [d["number"] for d in response.json()["deals"]] == list(range(6, 106))
    assert response["Link"].endswith('/board/?before=6>; rel="earlier"')


@pytest.mark.parametrize("before", ["abc", "0", "-3", str(2**63)])
def test_a_bad_window_is_refused_in_the_error_shape(api: APIClient, before: str) -> None:
    match = start_match(api)
    assert_error(api.get(f"/api/v1/matches/{match['id']}/board/?before={before}"), 400, "invalid", "before")
