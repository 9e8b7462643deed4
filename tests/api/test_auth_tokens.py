"""API tokens: a new token per sign-in, sign-out of one device or all, expiry with sliding renewal, clear 401s."""

from __future__ import annotations

import importlib
import json
from datetime import datetime, timedelta
from types import SimpleNamespace
from typing import Any
from urllib.parse import urlencode

import pytest
from django.apps import apps as django_apps
from django.db import connection
from django.utils import timezone
from knox.models import AuthToken

from tests.api.helpers import assert_error
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db
TOKEN_URL = "/api/v1/auth/token/"


def sign_in(client: Any, user: Any) -> str:
    response = client.post(
        TOKEN_URL, {"username": user.username, "password": PASSWORD}, content_type="application/json"
    )
    assert response.status_code == 200, response.json()
    body: str = response.json()["token"]
    return body


def me(client: Any, token: str) -> Any:
    return client.get("/api/v1/me/", HTTP_AUTHORIZATION=f"Token {token}")


def sign_out(client: Any, token: str, query: str = "") -> Any:
    return client.delete(f"{TOKEN_URL}{query}", HTTP_AUTHORIZATION=f"Token {token}")


def test_each_sign_in_gets_a_new_token_with_its_expiry(client: Any, user: Any, settings: Any) -> None:
    before = timezone.now()
    response = client.post(
        TOKEN_URL, {"username": user.username, "password": PASSWORD}, content_type="application/json"
    )
    body = response.json()
    assert set(body) == {"token", "expiry"}
    expiry = datetime.fromisoformat(body["expiry"])
    ttl = timedelta(hours=settings.AUTH_TOKEN_TTL_HOURS)
    assert before + ttl <= expiry <= timezone.now() + ttl
    second = sign_in(client, user)
    assert second != body["token"]
    assert me(client, body["token"]).status_code == 200 and me(client, second).status_code == 200
    assert AuthToken.objects.filter(user=user).count() == 2


def test_a_form_encoded_sign_in_still_works(client: Any, user: Any) -> None:
    response = client.post(
        TOKEN_URL,
        urlencode({"username": user.username, "password": PASSWORD}),
        content_type="application/x-www-form-urlencoded",
    )
    assert response.status_code == 200 and response.json()["token"]


def test_sign_out_revokes_this_token_only(client: Any, user: Any) -> None:
    phone, tablet = sign_in(client, user), sign_in(client, user)
    response = sign_out(client, phone)
    assert response.status_code == 204
    assert_error(me(client, phone), 401, "not_authenticated")
    assert me(client, tablet).status_code == 200
    assert AuthToken.objects.filter(user=user).count() == 1


def test_sign_out_everywhere_revokes_every_token_of_the_account_only(client: Any, user: Any) -> None:
    phone, tablet = sign_in(client, user), sign_in(client, user)
    other = UserFactory.create()
    others = sign_in(client, other)
    assert sign_out(client, phone, "?all=true").status_code == 204
    assert_error(me(client, phone), 401, "not_authenticated")
    assert_error(me(client, tablet), 401, "not_authenticated")
    assert me(client, others).status_code == 200
    assert list(AuthToken.objects.values_list("user", flat=True)) == [other.pk]


def test_sign_out_with_a_bad_all_flag_is_refused_and_revokes_nothing(client: Any, user: Any) -> None:
    token = sign_in(client, user)
    assert_error(sign_out(client, token, "?all=maybe"), 400, "invalid", field="all")
    assert me(client, token).status_code == 200


def test_sign_out_without_a_token_is_401(client: Any) -> None:
    assert_error(client.delete(TOKEN_URL), 401, "not_authenticated")


def test_an_expired_token_is_refused_with_a_clear_message_and_removed(client: Any, user: Any) -> None:
    token = sign_in(client, user)
    AuthToken.objects.filter(user=user).update(expiry=timezone.now() - timedelta(seconds=1))
    body = assert_error(me(client, token), 401, "not_authenticated")
    assert body["detail"] == "This token has expired; sign in again (POST /api/v1/auth/token/) for a new one."
    assert not AuthToken.objects.filter(user=user).exists()


def test_using_a_token_slides_its_expiry_forward(client: Any, user: Any, settings: Any) -> None:
    token = sign_in(client, user)
    soon = timezone.now() + timedelta(hours=1)
    AuthToken.objects.filter(user=user).update(expiry=soon)
    assert me(client, token).status_code == 200
    renewed = AuthToken.objects.get(user=user).expiry
    assert renewed >= timezone.now() + timedelta(hours=settings.AUTH_TOKEN_TTL_HOURS) - timedelta(minutes=1)


def test_an_expired_token_sent_with_a_new_sign_in_does_not_stop_it(client: Any, user: Any) -> None:
    old = sign_in(client, user)
    AuthToken.objects.filter(user=user).update(expiry=timezone.now() - timedelta(seconds=1))
    response = client.post(
        TOKEN_URL,
        {"username": user.username, "password": PASSWORD},
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Token {old}",
    )
    assert response.status_code == 200 and response.json()["token"] != old


def test_only_the_newest_tokens_of_an_account_are_kept(client: Any, user: Any, settings: Any) -> None:
    settings.AUTH_TOKENS_PER_USER = 3
    tokens = [sign_in(client, user) for _ in range(4)]
    assert AuthToken.objects.filter(user=user).count() == 3
    assert_error(me(client, tokens[0]), 401, "not_authenticated")
    assert [me(client, token).status_code for token in tokens[1:]] == [200, 200, 200]


def test_a_bearer_token_is_told_the_scheme_is_token(client: Any, user: Any) -> None:
    token = sign_in(client, user)
    response = client.get("/api/v1/me/", HTTP_AUTHORIZATION=f"Bearer {token}")
    body = assert_error(response, 401, "not_authenticated")
    assert body["detail"] == (
        "Send the token as 'Authorization: Token <token>'; no other scheme (such as Bearer) is accepted."
    )
    assert response["WWW-Authenticate"] == "Token"


def test_a_token_that_is_not_utf8_is_401(client: Any) -> None:
    assert_error(client.get("/api/v1/me/", HTTP_AUTHORIZATION="Token \xff\xfe"), 401, "not_authenticated")


def test_sign_in_with_30000_nested_brackets_is_400(client: Any) -> None:
    response = client.post(TOKEN_URL, "[" * 30_000, content_type="application/json")
    assert_error(response, 400, "invalid")


def test_sign_in_with_a_huge_body_is_413(client: Any) -> None:
    body = json.dumps({"username": "a", "password": "x" * 100_000})
    assert_error(client.post(TOKEN_URL, body, content_type="application/json"), 413, "request_too_large")


def test_a_huge_form_encoded_sign_in_is_413(client: Any) -> None:
    body = urlencode({"username": "a", "password": "x" * 100_000})
    response = client.post(TOKEN_URL, body, content_type="application/x-www-form-urlencoded")
    assert_error(response, 413, "request_too_large")


def test_the_schema_documents_sign_in_sign_out_and_the_429(client: Any) -> None:
    schema = client.get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    token = schema["paths"]["/api/v1/auth/token/"]
    assert {"200", "400", "429"} <= set(token["post"]["responses"])
    assert "204" in token["delete"]["responses"] and "401" in token["delete"]["responses"]
    assert [parameter["name"] for parameter in token["delete"]["parameters"]] == ["all"]


def test_a_token_issued_before_knox_keeps_working_after_the_migration(client: Any, user: Any) -> None:
    copy_drf_tokens = importlib.import_module("api.migrations.0002_knox_tokens_from_drf_tokens").copy_drf_tokens
    legacy = "9944b09199c62bcf9418ad846dd0e4bbdfc6ee4b"  # the shape of DRF's authtoken keys
    with connection.cursor() as cursor:
        cursor.execute("CREATE TABLE authtoken_token (key varchar(40) PRIMARY KEY, user_id integer, created timestamp)")
        cursor.execute("INSERT INTO authtoken_token (key, user_id) VALUES (%s, %s)", [legacy, user.pk])
    copy_drf_tokens(django_apps, SimpleNamespace(connection=connection))  # it only asks the editor's connection
    assert me(client, legacy).json()["username"] == user.username
    assert AuthToken.objects.get(user=user).expiry > timezone.now()


def test_a_new_sign_in_clears_the_accounts_expired_tokens(client: Any, user: Any) -> None:
    sign_in(client, user)
    AuthToken.objects.filter(user=user).update(expiry=timezone.now() - timedelta(seconds=1))
    fresh = sign_in(client, user)
    assert AuthToken.objects.filter(user=user).count() == 1
    assert me(client, fresh).status_code == 200


def test_an_authenticated_request_costs_one_query_for_its_token(
    client: Any, user: Any, django_assert_num_queries: Any
) -> None:
    token = sign_in(client, user)
    with django_assert_num_queries(3):  # the token with its user, then the view's own two
        assert me(client, token).status_code == 200
