"""What a deal post costs in SQL (issue 31): the token, the match locked (with its seats for the answer and the
board's count of answers for the live event read in the same query), and the deal and the match's new state in one
statement; nothing after the commit. A regression adds a statement and fails here."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from games.models import Deal, Match
from games.services.deals import RECORDED_COLUMNS
from tests.api.helpers import post_deal, start_match
from tests.deals import seep_deal

pytestmark = pytest.mark.django_db


def statements(queries: list[dict[str, Any]]) -> list[str]:
    """Each statement as what it does: its verb and first table (savepoints as one word)."""
    found = []
    for query in queries:
        words = query["sql"].replace('"', "").split()
        verb = words[0]
        if verb in ("SAVEPOINT", "RELEASE", "ROLLBACK"):
            found.append(verb)
        elif verb == "WITH":
            found.append(" ".join(word.strip("(") for word in words if word.strip("(") in ("INSERT", "UPDATE")))
        else:
            # a SELECT's table is its last FROM's: subqueries in its columns come before it
            table = (
                words[len(words) - 1 - words[::-1].index("FROM") + 1]
                if verb == "SELECT"
                else words[2 if verb != "UPDATE" else 1]
            )
            found.append(f"{verb} {table}{' FOR UPDATE' if 'FOR UPDATE' in query['sql'] else ''}")
    return found


def posted(api: APIClient, match_id: int, deal: dict[str, Any], callbacks: Any, **query: str) -> list[str]:
    with CaptureQueriesContext(connection) as seen, callbacks(execute=True):
        path = f"/api/v1/matches/{match_id}/deals/" + ("?dry_run=true" if query else "")
        response = api.post(path, deal, format="json")
    assert response.status_code == (200 if query else 201), response.json()
    return statements(seen.captured_queries)


@pytest.mark.postgres
def test_a_deal_post_makes_three_statements(api: APIClient, django_capture_on_commit_callbacks: Any) -> None:
    match = start_match(api)
    post_deal(api, match["id"], seep_deal("S1"))
    made = posted(
        api, match["id"], {**seep_deal("S2"), "client_deal_id": str(uuid.uuid4())}, django_capture_on_commit_callbacks
    )
    assert made == [
        "SELECT knox_authtoken",
        "SAVEPOINT",  # BEGIN outside a test's transaction
        "SELECT games_match FOR UPDATE",
        "INSERT UPDATE",
        "RELEASE",  # COMMIT
    ]


@pytest.mark.postgres
def test_a_dry_run_makes_two(api: APIClient, django_capture_on_commit_callbacks: Any) -> None:
    match = start_match(api)
    made = posted(api, match["id"], seep_deal("S1"), django_capture_on_commit_callbacks, dry_run="true")
    assert made == [
        "SELECT knox_authtoken",
        "SAVEPOINT",
        "SELECT games_match FOR UPDATE",
        "RELEASE",
    ]


def test_the_one_statement_writes_every_column_of_a_deal() -> None:
    """A column added to Deal must be written by the recording's INSERT too (its default would be lost)."""
    columns = {field.name for field in Deal._meta.concrete_fields if not field.primary_key}
    assert set(RECORDED_COLUMNS) == columns


def test_the_lock_reads_the_answers_count_with_the_match(api: APIClient) -> None:
    match = start_match(api)
    with CaptureQueriesContext(connection) as seen:
        post_deal(api, match["id"], seep_deal("S1"))
    locked = [query["sql"] for query in seen.captured_queries if 'FROM "games_match"' in query["sql"]]
    assert len(locked) == 1 and "answers_count" in locked[0] and "seats_json" in locked[0]
    assert Match.objects.get(pk=match["id"]).deals_count == 1
