"""The basics of API.md: health, tokens, schema and docs, and the one error shape for every 4xx."""

from __future__ import annotations

import json
from typing import Any

import pytest
from rest_framework.test import APIClient

from games.models import Match
from tests.api.helpers import assert_error, start_match
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db


def test_health_answers_without_authentication(client: Any, settings: Any) -> None:
    settings.REDIS_URL = ""
    body = client.get("/api/v1/health/").json()
    assert body == {"database": "ok", "redis": "not_configured", "workers": "not_configured", "version": "0.1.0"}


def test_health_reports_redis_down_when_it_cannot_be_reached(client: Any, settings: Any) -> None:
    settings.REDIS_URL = "redis://127.0.0.1:1/0"
    assert client.get("/api/v1/health/").json()["redis"] == "down"


def test_a_token_is_issued_for_a_username_and_password(client: Any, user: Any) -> None:
    response = client.post(
        "/api/v1/auth/token/", {"username": user.username, "password": PASSWORD}, content_type="application/json"
    )
    token = response.json()["token"]
    assert response.status_code == 200
    assert client.get("/api/v1/me/", HTTP_AUTHORIZATION=f"Token {token}").json()["username"] == user.username


def test_a_wrong_password_is_refused_in_the_error_shape(client: Any, user: Any) -> None:
    response = client.post(
        "/api/v1/auth/token/", {"username": user.username, "password": "guess"}, content_type="application/json"
    )
    assert_error(response, 400, "invalid")


def test_password_guessing_is_throttled(client: Any, user: Any, settings: Any) -> None:
    for _ in range(10):
        client.post(
            "/api/v1/auth/token/", {"username": user.username, "password": "guess"}, content_type="application/json"
        )
    response = client.post(
        "/api/v1/auth/token/", {"username": user.username, "password": PASSWORD}, content_type="application/json"
    )
    body = assert_error(response, 429, "throttled")
    assert body["extra"]["retry_after_seconds"] > 0 and int(response["Retry-After"]) > 0


def test_the_schema_and_the_docs_are_served(api: APIClient) -> None:
    schema = api.get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert schema.status_code == 200
    paths = json.loads(schema.content)["paths"]
    assert "/api/v1/matches/{match_pk}/deals/{number}/" in paths
    put = paths["/api/v1/matches/{match_pk}/deals/{number}/"]["put"]
    assert {"400", "409", "412", "428"} <= set(put["responses"])
    assert api.get("/api/v1/docs/").status_code == 200


def test_malformed_json_gets_400_in_the_error_shape(api: APIClient) -> None:
    response = api.post("/api/v1/matches/", data='{"game": "seep", ', content_type="application/json")
    assert_error(response, 400, "invalid", None)


# Broken off, not UTF-8, NaN (the client sends bytes as they are; its stubs say text).
UNREADABLE: list[Any] = [b'{"game": "seep", ', b'{"game": "\xff"}', b'{"game": NaN}']


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "en",
            [
                "The request body is not valid JSON: it goes wrong at line 1, column 18.",
                "The request body is not text in its charset: send it as UTF-8, or name its charset in Content-Type.",
                "The request body is not valid JSON: NaN and Infinity are not JSON numbers.",
            ],
        ),
        (
            "et",
            [
                "Päringu sisu ei ole korrektne JSON: viga on real 1, veerus 18.",
                "Päringu sisu ei ole oma märgistikus tekst: saada see UTF-8-na või nimeta selle märgistik päises "
                "Content-Type.",
                "Päringu sisu ei ole korrektne JSON: NaN ja Infinity ei ole JSON-i arvud.",
            ],
        ),
        (
            "fa",
            [
                "بدنه‌ی درخواست JSON معتبر نیست: خطا در سطر \u20681\u2069، ستون \u206818\u2069 است.",
                "بدنه‌ی درخواست در نویسه‌گانِ خودش متن نیست: آن را به‌صورتِ UTF-8 بفرستید یا نویسه‌گانش را در "
                "Content-Type بنویسید.",
                "بدنه‌ی درخواست JSON معتبر نیست: NaN و Infinity در JSON عدد نیستند.",
            ],
        ),
        (
            "hu",
            [
                "A kérés törzse nem érvényes JSON: a hiba helye: 1. sor, 18. oszlop.",
                "A kérés törzse nem szöveg a saját karakterkészletében: küldd UTF-8 kódolással, vagy add meg a "
                "karakterkészletét a Content-Type fejlécben.",
                "A kérés törzse nem érvényes JSON: a NaN és az Infinity nem JSON-számok.",
            ],
        ),
    ],
)
def test_a_body_that_cannot_be_read_is_refused_in_a_whole_sentence_of_the_callers_language(
    api: APIClient, language: str, said: list[str]
) -> None:
    """Broken JSON, bytes that are not UTF-8, and NaN: DRF said "JSON parse error - " and the decoder's English in
    every language; each is one sentence of the caller's language now, and no match is made."""
    answers = [
        api.generic(
            "POST", "/api/v1/matches/", body, content_type="application/json", headers={"Accept-Language": language}
        )
        for body in UNREADABLE
    ]
    assert [assert_error(answer, 400, "invalid", None)["detail"] for answer in answers] == said
    assert not Match.objects.exists()


def test_wrong_types_get_400_with_every_problem_listed(api: APIClient) -> None:
    response = api.post("/api/v1/matches/", {"game": 7, "players": "x", "settings": []}, format="json")
    body = assert_error(response, 400, "invalid")
    assert {error["field"] for error in body["errors"]} == {"game", "players", "settings"}


def test_an_oversized_body_is_refused_before_it_is_read(api: APIClient) -> None:
    huge = json.dumps({"game": "seep", "players": [{"name": "x" * 100}] * 1000})
    assert_error(api.post("/api/v1/matches/", data=huge, content_type="application/json"), 413, "request_too_large")
    assert Match.objects.count() == 0


def test_the_nesting_limit_is_the_setting_s(api: APIClient, settings: Any) -> None:
    """API_MAX_JSON_DEPTH (README): a body nested one level deeper is refused before any view reads it."""
    settings.API_MAX_JSON_DEPTH = 8
    body = {"game": "seep", "players": [{"name": f"P{n}"} for n in range(4)], "settings": {"x": [[[[[[[1]]]]]]]}}
    refused = assert_error(api.post("/api/v1/matches/", body, format="json"), 400, "invalid")
    assert refused["detail"] == "The JSON is nested too deeply (more than 8 levels)."
    assert Match.objects.count() == 0


def test_a_form_encoded_body_is_refused_as_unsupported(api: APIClient) -> None:
    response = api.post("/api/v1/matches/", data="game=seep", content_type="application/x-www-form-urlencoded")
    assert_error(response, 415, "unsupported_media_type")


def test_an_unknown_method_is_refused_in_the_error_shape(api: APIClient) -> None:
    match = start_match(api)
    assert_error(api.delete(f"/api/v1/matches/{match['id']}/"), 405, "method_not_allowed")


def test_an_unknown_match_is_404_in_the_error_shape(api: APIClient) -> None:
    assert_error(api.get("/api/v1/matches/999999/"), 404, "not_found")
    assert_error(api.post("/api/v1/matches/999999/deals/", {}, format="json"), 404, "not_found")


@pytest.mark.parametrize(
    ("body", "detail"),
    [
        ('{"settings": {"x": [[[[[[[1]]]]]]]}}', "The JSON is nested too deeply (more than 8 levels)."),
        ('{"name": "\\ud800"}', "The JSON holds a lone surrogate escape (such as \\ud800), which is not text."),
    ],
)
def test_the_limits_hold_for_a_body_in_another_charset(api: APIClient, settings: Any, body: str, detail: str) -> None:
    """The parser skips its walks when a UTF-8 body's bytes show they would find nothing (issue 31); a body in
    another charset is walked whatever its bytes look like."""
    settings.API_MAX_JSON_DEPTH = 8
    encoded: Any = body.encode("utf-16")  # the client sends bytes as they are (its stubs say text)
    response = api.generic("POST", "/api/v1/clubs/", encoded, content_type="application/json; charset=utf-16")
    assert assert_error(response, 400, "invalid")["detail"] == detail
