"""Schemathesis against our own OpenAPI schema, signed in, in two phases as schemathesis's own runner has them.

1. Every operation on its own: requests generated from the schema (valid and invalid bodies, queries and headers),
   half of them aimed at objects that exist (the world's club, league, matches, deal 1), half at whatever ids come up.
2. The stateful phase: sequences of calls that follow the links between operations, so a match started by one call
   is read, dealt, corrected and voided by the next ones. The links are the schema's, as schemathesis completes them
   (its dependency analysis injects OpenAPI links: ``POST /matches/`` -> ``/matches/{match_pk}/deals/``, and so on).

Run in-process through the WSGI app. Every answer must be below 500 and match the schema of its status code.
Under ``CI=true`` the draws are the same on every run and the count is CI's (``DEFAULT_REQUESTS``, about a minute and
a half on two cores). Elsewhere each run draws a random seed and prints it; for a long local run:

    SCHEMATHESIS_REQUESTS=5000 .venv/bin/python -m pytest -p no:cacheprovider -q -s \\
        tests/reliability/test_schemathesis.py

``SCHEMATHESIS_REQUESTS`` is the total, split evenly between the phases; ``SCHEMATHESIS_SEED=<seed>`` replays a run
(the seed is printed, and named in a failure).
"""

from __future__ import annotations

import math
import os
import random
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

import pytest
import schemathesis
from django.core.cache import cache as django_cache
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections, transaction
from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st
from hypothesis.errors import Flaky, FlakyFailure, FlakyStrategyDefinition
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.core.failures import FailureGroup  # not an Exception: a BaseExceptionGroup
from schemathesis.engine.errors import is_inconsistent_replay  # schemathesis's own runner's test, as it has it
from schemathesis.specs.openapi.checks import content_type_conformance, response_schema_conformance

from tests.factories import UserFactory
from tests.reliability.world import World, build_world
from tests.support.auth import token_for
from tests.support.environment import IN_CI

DEFAULT_REQUESTS = 2_600  # both phases; about 55 operations
MINIMUM_EXAMPLES_PER_OPERATION = 24  # half valid, half invalid
SCENARIO_STEPS = 8  # steps in one stateful scenario at most
CALLS_PER_SCENARIO = 9  # measured: a scenario's steps, and the calls schemathesis adds to follow their links
MAXIMUM_ROUNDS = 5
CHECKS = [not_a_server_error, response_schema_conformance, content_type_conformance]
# The WSGI transport hands over the body as sent, without undoing a Content-Encoding as an HTTP client would, and it
# asks for gzip: the board then answers gzipped bytes the schema check cannot read. Ask for the plain body (the gzipped
# board is tested in tests/table/test_board_cache.py).
PLAIN_BODY = {"Accept-Encoding": "identity"}


def requests_wanted() -> int:
    return int(os.environ.get("SCHEMATHESIS_REQUESTS") or DEFAULT_REQUESTS)


CI_SEED = 20_261_201


def run_seed() -> int:
    """The seed asked for; else CI's own, so CI draws the same on every run (Hypothesis's ``@seed`` wins over
    ``derandomize``: CI drew a new seed each run until this said so); else a new one."""
    return int(os.environ.get("SCHEMATHESIS_SEED") or (CI_SEED if IN_CI else random.randrange(2**32)))


def draws(examples: int) -> settings:
    """Hypothesis's settings for one phase: no shrinking (a failure names its request already) and no example
    database (the seed, ``run_seed``, says what is drawn)."""
    return settings(
        max_examples=examples,
        deadline=None,
        database=None,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
        stateful_step_count=SCENARIO_STEPS,
    )


@cache
def api_schema() -> Any:
    return schemathesis.openapi.from_wsgi("/api/v1/schema/", get_wsgi_application())


def existing_objects(path: str, world: World) -> dict[str, Any]:
    """Path parameters that name objects of the world, chosen by the resource the path is about."""
    resource_ids = {"clubs": world.club, "leagues": world.league, "matches": world.own_match, "players": world.player}
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
        return token_for(UserFactory.create())
    return world.token


def exercise(operation: Any, world: World, examples: int, run: int) -> tuple[int, str | None]:
    """Send generated requests to one operation; answer how many were sent and the first failure, if any."""
    sent = 0

    @seed(run)
    @draws(examples)
    @given(case=cases_for(operation, world))
    def send(case: Any) -> None:
        nonlocal sent
        sent += 1
        with rolled_back():
            response = case.call(headers={"Authorization": f"Token {token_for_case(operation, world)}", **PLAIN_BODY})
        case.validate_response(response, checks=CHECKS)

    try:
        send()
    except (Exception, FailureGroup) as failure:  # the report says which request broke which check
        return sent, f"{operation.label}: {failure}"
    return sent, None


def each_operation_phase(world: World, requests: int, run: int) -> tuple[int, int, list[str]]:
    """Answer the operations, the requests sent and the failures."""
    operations = [result.ok() for result in api_schema().get_all_operations()]
    examples = max(MINIMUM_EXAMPLES_PER_OPERATION, math.ceil(requests / len(operations)))
    total, failures = 0, []
    for operation in operations:
        sent, failure = exercise(operation, world, examples, run)
        total += sent
        if failure:
            failures.append(failure)
    return len(operations), total, failures


def stateful_phase(world: World, requests: int, run: int) -> tuple[int, list[str]]:
    """Scenarios along the schema's links until about ``requests`` calls are made; answer the calls and failures.

    Each scenario starts from the world: its writes are rolled back and the cache emptied when it ends. Hypothesis
    replays a prefix of an earlier scenario and expects the same draws; a scenario's next step is drawn from the
    answers so far, so a world that a previous scenario had changed (a name taken, a sign-in locked out) answered
    differently and Hypothesis stopped the run as "Inconsistent data generation" (CI saw it once). A check's failure
    is kept as it happens, so a replay that does not reproduce it cannot hide it; a run cut short that way is
    followed by another round, as schemathesis's own runner does."""
    sent, failures = 0, []

    class SignedInWorkflow(api_schema().as_state_machine()):  # type: ignore[misc]
        def setup(self) -> None:
            self.scenario = rolled_back()
            self.scenario.__enter__()

        def teardown(self) -> None:
            self.scenario.__exit__(None, None, None)

        def get_call_kwargs(self, case: Any) -> dict[str, Any]:
            nonlocal sent
            sent += 1
            return {"headers": {"Authorization": f"Token {token_for_case(case.operation, world)}", **PLAIN_BODY}}

        def validate_response(self, response: Any, case: Any, additional_checks: Any = None, **kwargs: Any) -> None:
            try:
                case.validate_response(response, checks=CHECKS)
            except FailureGroup as failure:
                failures.append(f"stateful: {failure}")
                raise

    for round_number in range(MAXIMUM_ROUNDS):  # more scenarios until the calls reach the count asked for
        scenarios = math.ceil((requests - sent) / CALLS_PER_SCENARIO)
        try:
            seed(run + round_number)(SignedInWorkflow).run(settings=draws(scenarios))
        except (Exception, FailureGroup) as failure:  # a check's failure names the request that broke it
            if failures or not replay_drew_differently(failure):
                return sent, failures[:1] or [f"stateful: {failure}"]
            continue  # Hypothesis ended the round early, with no failure: draw the next one
        if sent >= requests or IN_CI:  # under CI a round that ran to its end is enough (CI's time)
            break
    return sent, []


def replay_drew_differently(error: BaseException) -> bool:
    """Hypothesis stopped because a scenario it replayed drew differently (not because a check failed)."""
    return (isinstance(error, Flaky) and not isinstance(error, FlakyFailure)) or is_inconsistent_replay(error)


@contextmanager
def rolled_back() -> Iterator[None]:
    """What happens inside is undone: the database's writes, and the cache (throttles, the boards' versions), so
    every request or scenario meets the same world. A request whose query failed is undone too, rather than leaving
    the test's transaction aborted for every request after it."""
    try:
        with transaction.atomic():
            yield
            transaction.set_rollback(True)
    finally:
        django_cache.clear()


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
def test_generated_requests_and_linked_scenarios_get_no_5xx_and_answers_that_match_the_schema() -> None:
    world, run, requests = build_world(), run_seed(), requests_wanted()
    print(f"schemathesis seed: {run}{' (CI)' if IN_CI else ''}")
    with connection_kept_between_requests():
        operations, single, failures = each_operation_phase(world, requests // 2, run)
        linked, stateful_failures = stateful_phase(world, max(requests // 2, requests - single), run)
    print(f"{single} generated requests to {operations} operations, then {linked} in linked scenarios (seed {run})")
    failures += stateful_failures
    assert not failures, f"seed {run}:\n\n" + "\n\n".join(failures)
    assert operations >= 30
    assert single >= operations * MINIMUM_EXAMPLES_PER_OPERATION * 0.9, f"only {single} requests were generated"
    assert linked >= requests // 4, f"only {linked} calls were made in linked scenarios"


def test_only_a_replay_that_drew_differently_ends_a_round_without_failing() -> None:
    """Hypothesis's "Inconsistent data generation" lets the phase draw another round; a failure that did not come
    back on replay (FlakyFailure) or any other error still fails the test."""
    assert replay_drew_differently(FlakyStrategyDefinition("Inconsistent data generation!"))
    assert not replay_drew_differently(FlakyFailure("did not reproduce", [AssertionError("a check")]))
    assert not replay_drew_differently(AssertionError("a check"))
    assert not replay_drew_differently(ValueError("a request could not be built"))
