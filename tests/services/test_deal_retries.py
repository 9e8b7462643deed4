"""A retry (the same ``client_deal_id``) answers the deal already recorded, and a first recording pays no lookup of
its id (issue 19): the retry is found by the unique constraint, or when it is refused."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Deal, Match
from games.services.deals import deal_record
from games.services.matches import match_start
from tests.deals import seep_deal
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def scorer() -> Any:
    return UserFactory.create()


def new_match(scorer: Any) -> Match:
    return match_start(actor=scorer, game="seep", players=[{"name": f"P{n}"} for n in range(4)])


def test_a_first_recording_reads_no_deal(scorer: Any) -> None:
    match = new_match(scorer)
    with CaptureQueriesContext(connection) as queries:
        deal_record(match_id=match.pk, actor=scorer, payload=seep_deal(), client_deal_id=uuid.uuid4())
    assert [
        # No deal row is looked up (by its client_deal_id or otherwise); the locked read of the match may join deals
        # only to count the board's answers (INNER JOIN "games_deal" inside that subquery).
        q["sql"]
        for q in queries.captured_queries
        if q["sql"].startswith("SELECT") and 'FROM "games_deal"' in q["sql"]
    ] == []


def test_a_retry_still_legal_on_the_new_state_meets_the_constraint_and_answers_the_first_deal(scorer: Any) -> None:
    match = new_match(scorer)
    client_deal_id = uuid.uuid4()
    first = deal_record(match_id=match.pk, actor=scorer, payload=seep_deal(), client_deal_id=client_deal_id)
    legal_now = seep_deal(Match.objects.get(pk=match.pk).state["next_dealer"], points_a=40)
    assert deal_record(match_id=match.pk, actor=scorer, payload=legal_now, dry_run=True).created  # not refused
    retry = deal_record(match_id=match.pk, actor=scorer, payload=legal_now, client_deal_id=client_deal_id)
    assert (retry.created, retry.deal.pk, retry.match.version) == (False, first.deal.pk, 1)
    assert list(Deal.objects.filter(match=match).values_list("number", "client_deal_id")) == [(1, client_deal_id)]


def test_a_retry_refused_on_the_new_state_answers_the_first_deal(scorer: Any) -> None:
    match = new_match(scorer)
    client_deal_id = uuid.uuid4()
    first = deal_record(match_id=match.pk, actor=scorer, payload=seep_deal(), client_deal_id=client_deal_id)
    retry = deal_record(
        match_id=match.pk, actor=scorer, payload=seep_deal(), client_deal_id=client_deal_id, expected_version=0
    )  # stale by now, and deal 1's dealer again
    assert (retry.created, retry.deal.pk) == (False, first.deal.pk)
    assert Deal.objects.filter(match=match).count() == 1


def test_a_dry_run_of_a_deal_already_recorded_answers_it(scorer: Any) -> None:
    match = new_match(scorer)
    client_deal_id = uuid.uuid4()
    first = deal_record(match_id=match.pk, actor=scorer, payload=seep_deal(), client_deal_id=client_deal_id)
    again = deal_record(
        match_id=match.pk, actor=scorer, payload=seep_deal("S2"), client_deal_id=client_deal_id, dry_run=True
    )
    assert (again.created, again.deal.pk) == (False, first.deal.pk)
