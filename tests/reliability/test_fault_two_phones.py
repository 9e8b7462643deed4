"""Two phones at one table, through HTTP on PostgreSQL: the app under gunicorn (two processes, many threads) on the
test database, 50 POSTs to one match sent at the same moment, every client_deal_id twice (a phone retrying on poor
Wi-Fi). Exactly 25 deals, numbered 1..25; each pair answers one 201 and one 200 with the same deal."""

from __future__ import annotations

import threading
import uuid
from collections import defaultdict
from pathlib import Path
from typing import Any

import httpx
import pytest

from games.models import Deal
from tests.deals import seep_deal
from tests.factories import UserFactory
from tests.support.auth import token_for
from tests.support.servers import App, app_env, database_url, serve

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

PHONES = 50


def post_together(app: App, token: str, path: str, bodies: list[dict[str, Any]]) -> list[httpx.Response | Exception]:
    """Each body from its own thread and HTTP connection, all released at once."""
    barrier = threading.Barrier(len(bodies), timeout=30)
    answers: list[httpx.Response | Exception] = [RuntimeError("no answer")] * len(bodies)

    def phone(index: int) -> None:
        with app.client(token, timeout=60) as client:
            client.get("/api/v1/health/")  # connected before the start
            barrier.wait()
            try:
                answers[index] = client.post(path, json=bodies[index])
            except httpx.HTTPError as error:
                answers[index] = error

    threads = [threading.Thread(target=phone, args=(index,), daemon=True) for index in range(len(bodies))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=90)
    return answers


def test_fifty_concurrent_posts_with_25_repeated_ids_record_25_deals_and_answer_every_retry(workdir: Path) -> None:
    token = token_for(UserFactory.create())
    # 2 x 13 request threads: as many concurrent requests as the server's processes take, without exhausting the
    # shared PostgreSQL's connections.
    with serve(workdir, app_env(workdir, DATABASE_URL=database_url()), workers=2, threads=13) as app:
        with app.client(token) as client:
            match = client.post(
                "/api/v1/matches/", json={"game": "seep", "players": [{"name": f"P{n}"} for n in range(4)]}
            )
        assert match.status_code == 201, match.text
        match_id = match.json()["id"]
        ids = [str(uuid.uuid4()) for _ in range(PHONES // 2)]
        # Each id carries its own card points, so a deal can be told from the others by its input.
        bodies = [
            {**seep_deal("S1", points_a=40 + index), "client_deal_id": deal_id} for index, deal_id in enumerate(ids)
        ]
        answers = post_together(app, token, f"/api/v1/matches/{match_id}/deals/", bodies + bodies)

    assert not [answer for answer in answers if isinstance(answer, Exception)], answers
    by_id: dict[str, list[httpx.Response]] = defaultdict(list)
    for answer in answers:
        assert isinstance(answer, httpx.Response)
        assert answer.status_code in (200, 201), answer.text
        by_id[answer.json()["client_deal_id"]].append(answer)
    assert sorted(by_id) == sorted(ids)
    for deal_id, pair in by_id.items():
        assert sorted(answer.status_code for answer in pair) == [200, 201], deal_id
        first, retry = sorted(pair, key=lambda answer: answer.status_code, reverse=True)
        deal = {key: value for key, value in first.json().items() if key != "match"}  # the match moves on
        assert {key: value for key, value in retry.json().items() if key != "match"} == deal
        assert deal["input"]["card_points"] == bodies[ids.index(deal_id)]["card_points"]

    numbers = sorted(answer.json()["number"] for pair in by_id.values() for answer in pair if answer.status_code == 201)
    assert numbers == list(range(1, PHONES // 2 + 1))
    stored = dict(Deal.objects.filter(match_id=match_id).values_list("number", "client_deal_id"))
    assert sorted(stored) == numbers
    assert {str(deal_id) for deal_id in stored.values()} == set(ids)
