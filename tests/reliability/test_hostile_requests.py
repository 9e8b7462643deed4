"""The corpus of malformed and hostile requests (tests/reliability/corpus.py): each gets a 4xx in the error shape,
and the database is exactly as it was. Also: SQL and script text in a name is stored and read back as plain text."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest
from django.apps import apps
from rest_framework.test import APIClient

from tests.api.helpers import ERROR_KEYS, start_match
from tests.reliability.corpus import Hostile, corpus
from tests.reliability.world import World, build_world

# A token's sliding expiry moves forward when it is used a minute after the last move (knox's AUTO_REFRESH): a write
# any request makes, refused or not, once the test has run that long.
EXPECTED_COLUMN_WRITES = {"knox": {"expiry"}}


def columns(model: Any) -> list[str]:
    written = EXPECTED_COLUMN_WRITES.get(model._meta.app_label, set())
    return [field.attname for field in model._meta.concrete_fields if field.attname not in written]


def database_fingerprint() -> str:
    """A digest of every row of every table the project owns (Django's too): any write changes it. Except
    django-axes' record of failed sign-ins, which a refused sign-in must write (that is how guessing gets locked),
    and the expected column writes above."""
    digest = hashlib.sha256()
    models = [model for model in apps.get_models(include_auto_created=True) if model._meta.app_label != "axes"]
    for model in sorted(models, key=lambda model: model._meta.db_table):
        rows = model._default_manager.order_by("pk").values_list(*columns(model))
        digest.update(f"{model._meta.db_table}:{list(rows)!r}".encode())
    return digest.hexdigest()


def filled(value: Any, names: dict[str, Any]) -> Any:
    """Put the world's ids in place of ``"{club}"`` and the like, in a body as in a path."""
    if isinstance(value, str) and value.startswith("{") and value.endswith("}") and value[1:-1] in names:
        return names[value[1:-1]]
    if isinstance(value, list):
        return [filled(item, names) for item in value]
    if isinstance(value, dict):
        return {key: filled(item, names) for key, item in value.items()}
    return value


def send(world: World, hostile: Hostile) -> Any:
    from games.models import Match

    names = {
        "match": world.own_match,
        "league_match": world.league_match,
        "club": world.club,
        "league": world.league,
        "player": world.player,
        "owner": world.owner.pk,
        "username": world.owner.username,
        "version": Match.objects.get(pk=world.own_match).version,
    }
    body = hostile.body
    if not isinstance(body, bytes):
        body = b"" if body is None else json.dumps(filled(body, names)).encode()
    headers = {name: value.replace("{version}", str(names["version"])) for name, value in hostile.headers.items()}
    path = hostile.path.replace("{{", "\0").format(**names).replace("\0", "{") if "{" in hostile.path else hostile.path
    client = APIClient() if "Authorization" in headers else world.api  # its own credentials would win
    # The body goes as the bytes it is (the stubs ask for text; the test client sends either).
    return client.generic(
        hostile.method,
        path,
        body,  # type: ignore[arg-type]
        content_type=hostile.content_type,
        headers=headers,
    )


def refusal_problem(hostile: Hostile, response: Any) -> str | None:
    """What is wrong with the answer to a hostile request, or None if it is a proper refusal."""
    if not 400 <= response.status_code < 500:
        return f"answered {response.status_code}: {response.content[:300]!r}"
    if hostile.status is not None and response.status_code != hostile.status:
        return f"answered {response.status_code}, expected {hostile.status}: {response.content[:300]!r}"
    try:
        body = json.loads(response.content)
    except ValueError:
        return f"answered {response.status_code} with a body that is not JSON: {response.content[:200]!r}"
    if not isinstance(body, dict) or set(body) != ERROR_KEYS:
        return f"answered {response.status_code} outside the error shape: {body!r:.300}"
    first = {"code": body["code"], "detail": body["detail"], "field": body["field"]}
    if not body["errors"] or body["errors"][0] != first or not body["detail"] or not isinstance(body["code"], str):
        return f"answered an inconsistent error body: {body!r:.300}"
    return None


def test_the_corpus_holds_at_least_two_hundred_distinct_requests() -> None:
    names = [hostile.name for hostile in corpus()]
    assert len(names) >= 200
    assert len(set(names)) == len(names)


@pytest.mark.django_db
def test_every_hostile_request_is_refused_in_the_error_shape_and_changes_nothing() -> None:
    world = build_world()
    before = database_fingerprint()
    problems = []
    for hostile in corpus():
        response = send(world, hostile)
        problem = refusal_problem(hostile, response)
        if problem is None and database_fingerprint() != before:
            problem = "changed the database"
        if problem:
            problems.append(f"{hostile.name}: {problem}")
            before = database_fingerprint()  # report each request's own effect, not the first one's again
    assert not problems, "\n".join(problems)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "name",
    [
        "Robert'); DROP TABLE games_player; --",
        "<script>alert('x')</script>",
        "<img src=x onerror=alert(1)>",
        "名前 \u202e reversed",
        "a\u0301 combining",
    ],
)
def test_sql_and_script_text_in_a_name_is_kept_as_plain_text(api: Any, name: str) -> None:
    match = start_match(api, players=[{"name": name}, {"name": "B"}, {"name": "C"}, {"name": "D"}])
    assert match["seats"][0]["player"]["name"] == name
    read = api.get(f"/api/v1/matches/{match['id']}/")
    assert read.json()["seats"][0]["player"]["name"] == name
    assert read["Content-Type"] == "application/json"
