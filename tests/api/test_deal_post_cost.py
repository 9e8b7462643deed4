"""What a deal post costs in SQL (issue 31): the token; the match read without a lock (with its seats for the answer
and the board's count of answers for the live event read in the same query); and the deal and the match's new state
in one statement that writes them only if the match is still at the version read. Each runs in autocommit: no
BEGIN, no COMMIT, no row lock held while the rules play. A regression adds a statement, or a transaction, and
fails here.

These tests commit (``transaction=True``), as production does: inside a test's transaction every statement would
run in it."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
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


@contextmanager
def statements_run() -> Iterator[list[str]]:
    """Each statement run inside, as ``statements`` names it, with " (in a transaction)" after one that ran outside
    autocommit (``BEGIN`` and ``COMMIT`` are not statements Django sees: this is how a transaction shows)."""
    seen: list[str] = []

    def note(execute: Callable[..., Any], sql: str, params: Any, many: bool, context: Any) -> Any:
        inside = "" if connection.get_autocommit() else " (in a transaction)"
        seen.append(statements([{"sql": sql}])[0] + inside)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(note):
        yield seen


def posted(api: APIClient, match_id: int, deal: dict[str, Any], **query: str) -> list[str]:
    with statements_run() as seen:
        path = f"/api/v1/matches/{match_id}/deals/" + ("?dry_run=true" if query else "")
        response = api.post(path, deal, format="json")
    assert response.status_code == (200 if query else 201), response.json()
    return seen


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_deal_post_makes_three_statements_in_autocommit(api: APIClient) -> None:
    match = start_match(api)
    post_deal(api, match["id"], seep_deal("S1"))
    made = posted(api, match["id"], {**seep_deal("S2"), "client_deal_id": str(uuid.uuid4())})
    assert made == [
        "SELECT knox_authtoken",
        "SELECT games_match",  # no FOR UPDATE
        "UPDATE INSERT",  # WITH moved AS (UPDATE games_match ... WHERE version = ...) INSERT INTO games_deal
    ]


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_dry_run_makes_two(api: APIClient) -> None:
    match = start_match(api)
    assert posted(api, match["id"], seep_deal("S1"), dry_run="true") == ["SELECT knox_authtoken", "SELECT games_match"]


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_correction_preview_makes_three(api: APIClient) -> None:
    match = start_match(api)
    post_deal(api, match["id"], seep_deal("S1"))
    answer = post_deal(api, match["id"], seep_deal("S2"))
    path = f"/api/v1/matches/{match['id']}/deals/1/?dry_run=true"
    with statements_run() as seen:
        response = api.put(
            path,
            {**seep_deal("S1", points_a=60), "reason": "typo"},
            format="json",
            headers={"If-Match": answer["ETag"]},
        )
    assert response.status_code == 200, response.json()
    assert seen == ["SELECT knox_authtoken", "SELECT games_match", "SELECT games_deal"]


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_with_no_optimistic_attempt_a_post_takes_the_lock(api: APIClient, settings: Any) -> None:
    settings.DEAL_OPTIMISTIC_ATTEMPTS = 0
    match = start_match(api)
    made = posted(api, match["id"], seep_deal("S1"))
    assert made == [
        "SELECT knox_authtoken",
        "SELECT games_match FOR UPDATE (in a transaction)",
        "INSERT UPDATE (in a transaction)",
    ]


def prepared_on_this_connection() -> list[str]:
    """What each statement prepared on the connection (PostgreSQL keeps them per session) reads or writes first."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements ORDER BY prepare_time")
        return [statements([{"sql": text}])[0] for (text,) in cursor.fetchall()]


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_the_match_read_and_the_write_are_planned_once_per_connection(api: APIClient) -> None:
    """Planning the match read (its subqueries) cost about five times running it (bench/README.md): the read and
    the write are prepared the first time a connection runs them, and later posts reuse them."""
    match = start_match(api)
    post_deal(api, match["id"], seep_deal("S1"))
    post_deal(api, match["id"], seep_deal("S2"))
    assert posted(api, match["id"], seep_deal("S3"), dry_run="true")[1] == "SELECT games_match"
    assert prepared_on_this_connection() == ["SELECT games_match", "UPDATE INSERT"]


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_without_prepared_statements_nothing_is_prepared(api: APIClient, settings: Any) -> None:
    """Behind a pooler that does not carry prepared statements the setting turns them off (README)."""
    settings.DATABASE_PREPARED_STATEMENTS = False
    connection.close()
    match = start_match(api)
    post_deal(api, match["id"], seep_deal("S1"))
    assert prepared_on_this_connection() == []


def test_the_one_statement_writes_every_column_of_a_deal() -> None:
    """A column added to Deal must be written by the recording's INSERT too (its default would be lost)."""
    columns = {field.name for field in Deal._meta.concrete_fields if not field.primary_key}
    assert set(RECORDED_COLUMNS) == columns


def test_the_match_read_has_the_answers_count_and_the_seats(api: APIClient) -> None:
    match = start_match(api)
    with CaptureQueriesContext(connection) as seen:
        post_deal(api, match["id"], seep_deal("S1"))
    locked = [query["sql"] for query in seen.captured_queries if 'FROM "games_match"' in query["sql"]]
    assert len(locked) == 1 and "answers_count" in locked[0] and "seats_json" in locked[0]
    assert Match.objects.get(pk=match["id"]).deals_count == 1


def test_the_deal_routes_are_tried_first() -> None:
    """Each pattern tried before a deal post's own cost it a regular expression match (27 of them: issue 31)."""
    from django.urls import URLResolver, get_resolver

    api_root = next(p for p in get_resolver().url_patterns if str(p.pattern) == "api/v1/")
    assert isinstance(api_root, URLResolver)
    first = api_root.url_patterns[0]
    assert isinstance(first, URLResolver)
    assert {getattr(p, "name", None) for p in first.url_patterns} >= {"deal-list", "deal-detail"}


@pytest.mark.django_db
def test_a_deal_row_is_written_to_three_indexes_besides_its_key() -> None:
    """The unique (match, number) index serves every read by match: the match's own index was one insert more a
    deal (issue 31)."""

    with connection.cursor() as cursor:
        constraints = connection.introspection.get_constraints(cursor, "games_deal")
    indexes = sorted(
        tuple(c["columns"]) for c in constraints.values() if (c["index"] or c["unique"]) and not c["primary_key"]
    )
    assert indexes == [("match_id", "client_deal_id"), ("match_id", "number"), ("recorded_by_id",)]
