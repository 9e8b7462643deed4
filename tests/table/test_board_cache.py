"""The board is built once per version and served from the cache with the same ETag and 304s; a deal, a correction,
a void and an answer each make a new ETag (so a cached board is never an older one), and the live event of each
change carries that ETag, so a page that already has it does nothing."""

from __future__ import annotations

import gzip
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from games import events
from games.models import Match, Player
from table import api as table_api
from table import selectors as table_selectors
from table.serializers import BoardSerializer, PublicBoardSerializer
from tests.api.helpers import post_deal, start_match
from tests.deals import seep_deal
from tests.factories import UserFactory
from tests.support.auth import client_for

pytestmark = pytest.mark.django_db(transaction=True)  # the events go out on commit, as in production


@pytest.fixture
def builds(monkeypatch: pytest.MonkeyPatch) -> Counter[tuple[int, str]]:
    """Each board built, by (version, serializer)."""
    counted: Counter[tuple[int, str]] = Counter()
    build = table_api.build_board_json

    def counted_build(match: Match, before: int | None, serializer: type[BoardSerializer]) -> Any:
        counted[(match.version, serializer.__name__)] += 1
        return build(match, before, serializer)

    monkeypatch.setattr(table_api, "build_board_json", counted_build)
    return counted


@pytest.fixture
def published(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    sent: list[dict[str, Any]] = []
    monkeypatch.setattr(events, "publish_live", lambda match_id, payload: sent.append(payload))
    monkeypatch.setattr("table.services.publish_live", lambda match_id, payload: sent.append(payload))
    return sent


def next_deal(api: APIClient, match_id: int) -> Any:
    dealer = api.get(f"/api/v1/matches/{match_id}/").json()["state"]["next_dealer"] or "S1"
    return post_deal(api, match_id, seep_deal(dealer))


def test_many_readers_of_a_version_cost_one_build_and_each_change_one_more(
    api: APIClient, builds: Counter[tuple[int, str]]
) -> None:
    match = start_match(api)
    url = f"/api/v1/matches/{match['id']}/board/"
    first = [api.get(url) for _ in range(50)]
    assert {(r.status_code, r["ETag"], r["Cache-Control"]) for r in first} == {(200, '"0.0"', "no-cache")}
    assert len({r.content for r in first}) == 1
    assert api.get(url, headers={"If-None-Match": '"0.0"'}).status_code == 304
    assert next_deal(api, match["id"]).status_code == 201
    second = [api.get(url, headers={"If-None-Match": '"0.0"'}) for _ in range(50)]
    assert {(r.status_code, r["ETag"]) for r in second} == {(200, '"1.0"')}
    assert [deal["number"] for deal in second[0].json()["deals"]] == [1]
    assert builds == {(0, "BoardSerializer"): 1, (1, "BoardSerializer"): 1}


def test_the_shared_board_is_cached_apart_from_the_signed_in_one(
    api: APIClient, builds: Counter[tuple[int, str]]
) -> None:
    match = start_match(api)
    next_deal(api, match["id"])
    token = api.post(f"/api/v1/matches/{match['id']}/share/").json()["token"]
    signed_in = api.get(f"/api/v1/matches/{match['id']}/board/").json()
    shared = [Client().get(f"/api/v1/shared/{token}/") for _ in range(20)]
    assert "recorded_by" in signed_in["deals"][0]
    assert {(r.status_code, r["ETag"]) for r in shared} == {(200, '"1.0"')}
    assert "recorded_by" not in shared[0].json()["deals"][0]
    assert "created_by" not in shared[0].json()["match"]
    assert builds == {(1, "BoardSerializer"): 1, (1, "PublicBoardSerializer"): 1}


def test_a_correction_a_void_and_an_answer_each_make_a_new_board_and_their_event_carries_its_etag(
    user: Any, api: APIClient, published: list[dict[str, Any]]
) -> None:
    opponent = UserFactory.create()
    seated = Player.objects.create(name="Bala", user=opponent, created_by=user)
    match = start_match(api, players=[{"name": "Asha"}, seated.pk, {"name": "Ravi"}, {"name": "Meena"}])
    url = f"/api/v1/matches/{match['id']}/board/"
    seen = []

    def board_after(change: Any) -> None:
        assert change.status_code in (200, 201), change.json()
        board = api.get(url)
        deal = board.json()["deals"][0]
        seen.append(
            (
                board["ETag"],
                published[-1]["event"],
                published[-1]["etag"],
                deal["status"],
                deal["result"]["team_scores"],
                len(board.json()["answers"]),
            )
        )

    board_after(next_deal(api, match["id"]))
    board_after(
        api.put(
            f"/api/v1/matches/{match['id']}/deals/1/",
            {**seep_deal(points_a=70), "reason": "miscounted"},
            format="json",
            headers={"If-Match": '"1"'},
        )
    )
    board_after(client_for(opponent).post(f"/api/v1/matches/{match['id']}/deals/1/confirm/", {}, format="json"))
    board_after(api.delete(f"/api/v1/matches/{match['id']}/deals/1/", {"reason": "dealt twice"}, format="json"))
    assert seen == [
        ('"1.0"', "deal.recorded", '"1.0"', "recorded", {"A": 62, "B": 38}, 0),
        ('"2.0"', "deal.corrected", '"2.0"', "corrected", {"A": 70, "B": 30}, 0),
        ('"2.1"', "deal.confirmed", '"2.1"', "corrected", {"A": 70, "B": 30}, 1),
        ('"3.1"', "deal.voided", '"3.1"', "voided", {"A": 70, "B": 30}, 1),
    ]


def test_readers_missing_the_cache_together_wait_for_one_build(api: APIClient, monkeypatch: pytest.MonkeyPatch) -> None:
    match = Match.objects.get(pk=start_match(api)["id"])
    built = []
    lock = threading.Lock()

    def slow_build(match: Match, before: int | None, serializer: type[BoardSerializer]) -> table_api.BoardJson:
        with lock:
            built.append(match.version)
        time.sleep(0.2)  # long enough for every reader to arrive while it builds
        return table_api.BoardJson(b"board 0", None)

    monkeypatch.setattr(table_api, "build_board_json", slow_build)
    with ThreadPoolExecutor(max_workers=8) as pool:
        bodies = list(
            pool.map(
                lambda _: table_api.board_json(match, '"0.0"', before=None, serializer=PublicBoardSerializer), range(8)
            )
        )
    assert (bodies, built) == ([('"0.0"', table_api.BoardJson(b"board 0", None))] * 8, [0])


def test_a_reader_that_accepts_gzip_gets_the_board_compressed_once_with_the_same_etag(
    api: APIClient, builds: Counter[tuple[int, str]]
) -> None:
    match = start_match(api)
    next_deal(api, match["id"])
    url = f"/api/v1/matches/{match['id']}/board/"
    plain = api.get(url)
    zipped = [api.get(url, headers={"Accept-Encoding": "gzip, deflate, br"}) for _ in range(3)]
    vary = "Accept-Encoding, Accept, Accept-Language"  # Accept-Language: LocaleMiddleware's, on every answer
    assert (plain["ETag"], plain["Vary"], plain.get("Content-Encoding")) == ('"1.0"', vary, None)
    assert {(r["ETag"], r["Content-Encoding"]) for r in zipped} == {('"1.0"', "gzip")}
    assert gzip.decompress(zipped[0].content) == plain.content
    assert builds == {(1, "BoardSerializer"): 1}


def test_a_shared_board_poll_that_changed_nothing_is_one_query_and_an_answer_moves_its_etag(
    user: Any, api: APIClient, django_assert_num_queries: Any
) -> None:
    opponent = UserFactory.create()
    seated = Player.objects.create(name="Bala", user=opponent, created_by=user)
    match = start_match(api, players=[{"name": "Asha"}, seated.pk, {"name": "Ravi"}, {"name": "Meena"}])
    next_deal(api, match["id"])
    token = api.post(f"/api/v1/matches/{match['id']}/share/").json()["token"]
    spectator = Client()
    with django_assert_num_queries(1):  # the link, its match and the answers count behind the ETag, at once
        unchanged = spectator.get(f"/api/v1/shared/{token}/", headers={"If-None-Match": '"1.0"'})
    client_for(opponent).post(f"/api/v1/matches/{match['id']}/deals/1/confirm/", {}, format="json")
    answered = spectator.get(f"/api/v1/shared/{token}/", headers={"If-None-Match": '"1.0"'})
    assert (unchanged.status_code, answered.status_code, answered["ETag"]) == (304, 200, '"1.1"')
    assert [answer["verdict"] for answer in answered.json()["answers"]] == ["confirmed"]


def test_a_shared_board_read_from_the_cache_reads_no_match_row(api: APIClient, django_assert_num_queries: Any) -> None:
    match = start_match(api)
    next_deal(api, match["id"])
    token = api.post(f"/api/v1/matches/{match['id']}/share/").json()["token"]
    spectator = Client()
    first = spectator.get(f"/api/v1/shared/{token}/")
    with django_assert_num_queries(1) as queries:  # the link's match id, version and answers count: the ETag
        cached = spectator.get(f"/api/v1/shared/{token}/", headers={"If-None-Match": '"0.0"'})
    assert (first.status_code, cached.status_code, cached["ETag"], cached.content) == (200, 200, '"1.0"', first.content)
    assert "state" not in queries.captured_queries[0]["sql"]


def test_a_shared_board_built_after_its_match_moved_on_is_kept_and_answered_under_the_new_etag(
    api: APIClient, builds: Counter[tuple[int, str]]
) -> None:
    match = start_match(api)
    token = api.post(f"/api/v1/matches/{match['id']}/share/").json()["token"]
    key = table_selectors.shared_board_key(token)
    assert key == table_selectors.SharedBoardKey(match["id"], '"0.0"')
    next_deal(api, match["id"])  # between the key's read and the build
    tag, board = table_api.board_json(key, key.etag, before=None, serializer=PublicBoardSerializer)
    again = Client().get(f"/api/v1/shared/{token}/")
    assert (tag, again["ETag"], builds) == ('"1.0"', '"1.0"', {(1, "PublicBoardSerializer"): 1})
    assert again.json()["match"]["version"] == 1
    assert gzip.decompress(board.gzipped) == again.content
