"""Two phones at one table, on real PostgreSQL: a deal is written only on the match version it was played on (or
under the row lock), so deals are served one after the other; constraints back them up. Each recording race runs
optimistically (the default), with one optimistic try before the lock, and always under the lock."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

import pytest

from games.models import Deal, Match
from games.services.deals import deal_record
from games.services.matches import match_start
from tests.deals import seep_deal
from tests.factories import UserFactory
from tests.support.concurrency import run_together

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture(params=[3, 1, 0], ids=["optimistic", "one-try", "locked"])
def seep_match(request: pytest.FixtureRequest, settings: Any) -> tuple[Any, Match]:
    settings.DEAL_OPTIMISTIC_ATTEMPTS = request.param
    user = UserFactory.create()
    return user, match_start(actor=user, game="seep", players=[{"name": f"P{n}"} for n in range(4)])


def test_two_threads_posting_different_deals_get_numbers_1_and_2(seep_match: tuple[Any, Match]) -> None:
    user, match = seep_match
    calls = [
        lambda: deal_record(match_id=match.pk, actor=user, payload=seep_deal("S1"), client_deal_id=uuid.uuid4())
        for _ in range(2)
    ]
    results = run_together(calls)
    assert not [result for result in results if isinstance(result, Exception)]
    assert sorted(Deal.objects.filter(match=match).values_list("number", flat=True)) == [1, 2]
    stored = Match.objects.get(pk=match.pk)
    assert (stored.version, stored.deals_count, stored.state["running_lead"]) == (2, 2, {"team": "A", "points": 48})


def test_fifty_concurrent_posts_with_25_repeated_ids_store_25_deals(seep_match: tuple[Any, Match]) -> None:
    user, match = seep_match
    ids = [uuid.uuid4() for _ in range(25)]

    def post(deal_id: uuid.UUID) -> Callable[[], Any]:
        return lambda: deal_record(
            match_id=match.pk, actor=user, payload=seep_deal("S1", points_a=50), client_deal_id=deal_id
        )

    results = run_together([post(deal_id) for deal_id in ids + ids])
    assert not [result for result in results if isinstance(result, Exception)]
    assert sum(result.created for result in results) == 25
    numbers = sorted(Deal.objects.filter(match=match).values_list("number", flat=True))
    assert numbers == list(range(1, 26))
    assert Match.objects.get(pk=match.pk).version == 25


def test_two_concurrent_match_starts_with_one_idempotency_key_start_one_match() -> None:
    from rest_framework.test import APIClient

    user = UserFactory.create()
    body = {"game": "seep", "players": [{"name": f"P{n}"} for n in range(4)]}

    def start() -> Any:
        client = APIClient()
        client.force_authenticate(user)
        return client.post("/api/v1/matches/", body, format="json", headers={"Idempotency-Key": "same"})

    responses = run_together([start, start])
    assert sorted(response.status_code for response in responses) == [201, 201]
    assert responses[0].json() == responses[1].json()
    assert Match.objects.count() == 1
