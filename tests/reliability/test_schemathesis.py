"""Schemathesis against our own OpenAPI schema: every operation, signed in, at least 1,000 generated requests.

Run in-process through the WSGI app. For each operation, requests are generated from the schema (valid and invalid
bodies, queries and headers), half of them aimed at objects that exist (the world's club, league, matches, deal 1),
half at whatever ids come up. Every answer must be below 500 and match the schema of its status code. Under
``CI=true`` the draws are the same on every run; elsewhere each run draws afresh and may find something new.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import content_type_conformance, response_schema_conformance

from tests.conftest import IN_CI, token_for
from tests.factories import UserFactory
from tests.reliability.world import World, build_world

EXAMPLES_PER_MODE = 12  # per operation, for each of valid and invalid generation; about 55 operations
MINIMUM_REQUESTS = 1_000
CHECKS = [not_a_server_error, response_schema_conformance, content_type_conformance]


@cache
def api_schema() -> Any:
    return schemathesis.openapi.from_wsgi("/api/v1/schema/", get_wsgi_application())


def existing_objects(path: str, world: World) -> dict[str, Any]:
    """Path parameters that name objects of the world, chosen by the resource the path is about."""
    resource_ids = {"clubs": world.club, "leagues": world.league, "matches": world.own_match,
                    "players": world.player}
    resource = path.strip("/").split("/")[2] if path.count("/") > 3 else ""
    known = {"match_pk": world.league_match, "club_pk": world.club, "number": 1, "user_id": world.owner.pk}
    if resource in resource_ids:
        known["id"] = resource_ids[resource]
    return known


def cases_for(operation: Any, world: World) -> st.SearchStrategy[Any]:
    names = {parameter.name for parameter in operation.path_parameters}
    pinned = {name: value for name, value in existing_objects(operation.path, world).items() if name in names}
    strategies = []
    for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
        strategies.append(operation.as_strategy(generation_mode=mode))
        if pinned:
            strategies.append(operation.as_strategy(generation_mode=mode, path_parameters=pinned))
    return st.one_of(strategies)


def token_for_case(operation: Any, world: World) -> str:
    """The world's token, except for signing out, which (with ?all=true) would revoke it for every later request:
    that gets a token of a new account of its own."""
    if operation.method.upper() == "DELETE" and operation.path.endswith("/auth/token/"):
        return token_for(UserFactory())
    return world.token


def exercise(operation: Any, world: World, examples: int) -> tuple[int, str | None]:
    """Send generated requests to one operation; answer how many were sent and the first failure, if any."""
    sent = 0

    @settings(max_examples=examples, deadline=None, database=None, phases=[Phase.explicit, Phase.generate],
              suppress_health_check=list(HealthCheck),
              derandomize=IN_CI)  # CI draws the same requests each run, so a red CI is never chance
    @given(case=cases_for(operation, world))
    def run(case: Any) -> None:
        nonlocal sent
        sent += 1
        response = case.call(headers={"Authorization": f"Token {token_for_case(operation, world)}"})
        case.validate_response(response, checks=CHECKS)

    try:
        run()
    except Exception as failure:  # the whole report says which request broke which check
        return sent, f"{operation.label}: {failure}"
    return sent, None


@contextmanager
def connection_kept_between_requests() -> Iterator[None]:
    """Django closes a connection left inside a transaction at the end of each request; the test's data lives in
    such a transaction, so keep it open, as Django's own test client does (which reconnects the handler after each
    of its requests: so enter this after the last use of the test client)."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


@pytest.mark.django_db
def test_generated_requests_to_every_endpoint_get_no_5xx_and_answers_that_match_the_schema() -> None:
    world = build_world()
    total, failures = 0, []
    with connection_kept_between_requests():
        operations = [result.ok() for result in api_schema().get_all_operations()]
        for operation in operations:
            sent, failure = exercise(operation, world, 2 * EXAMPLES_PER_MODE)
            total += sent
            if failure:
                failures.append(failure)
    print(f"{total} generated requests to {len(operations)} operations")
    assert not failures, "\n\n".join(failures)
    assert len(operations) >= 30
    assert total >= MINIMUM_REQUESTS, f"only {total} requests were generated"
