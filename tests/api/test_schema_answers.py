"""Answers the OpenAPI schema must document: each real answer is checked against the schema of its operation and
status (schemathesis's own validation), so a status or a body the schema does not describe fails here."""

from __future__ import annotations

import uuid
from functools import cache
from typing import Any

import pytest
import requests
import schemathesis
from rest_framework.test import APIClient
from schemathesis.core.transport import Response

from tests.api.helpers import assert_error, post_deal, start_match
from tests.deals import seep_deal

pytestmark = pytest.mark.django_db
DEAL = "/api/v1/matches/{match_pk}/deals/{number}/"


@cache
def openapi() -> Any:
    body = APIClient().get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    return schemathesis.openapi.from_dict(body)


def assert_documented(path: str, method: str, answer: Any) -> None:
    """The answer's status is documented for the operation, and its body matches the schema documented for it."""
    operation = openapi()[path][method]
    assert operation.responses.find_by_status_code(answer.status_code) is not None, (
        f"{method} {path} does not document {answer.status_code}"
    )
    headers = {name: [value] for name, value in answer.headers.items()}
    response = Response(answer.status_code, headers, answer.content, requests.PreparedRequest(), 0.0, False)
    operation.validate_response(response)  # raises, naming the mismatch


@pytest.fixture
def match_with_two_deals(api: Any) -> dict[str, Any]:
    match = start_match(api)
    for dealer in ("S1", "S2"):
        assert post_deal(api, match["id"], seep_deal(dealer)).status_code == 201
    return match


def test_a_dry_run_void_answers_its_preview_as_documented(api: Any, match_with_two_deals: dict[str, Any]) -> None:
    path = f"/api/v1/matches/{match_with_two_deals['id']}/deals/1/?dry_run=true"
    answer = api.delete(path, {"reason": "wrong table"}, format="json")
    assert answer.status_code == 200 and answer.json()["dry_run"] is True
    assert_documented(DEAL, "DELETE", answer)


def test_a_dry_run_correction_answers_its_preview_as_documented(api: Any, match_with_two_deals: dict[str, Any]) -> None:
    path = f"/api/v1/matches/{match_with_two_deals['id']}/deals/1/?dry_run=true"
    answer = api.put(
        path, {**seep_deal("S1", points_a=60), "reason": "miscounted"}, format="json", headers={"If-Match": '"2"'}
    )
    assert answer.status_code == 200 and answer.json()["dry_run"] is True
    assert_documented(DEAL, "PUT", answer)


def test_a_void_and_a_correction_answer_the_deal_as_documented(api: Any, match_with_two_deals: dict[str, Any]) -> None:
    base = f"/api/v1/matches/{match_with_two_deals['id']}/deals"
    corrected = api.put(
        f"{base}/1/",
        {**seep_deal("S1", points_a=60), "reason": "miscounted"},
        format="json",
        headers={"If-Match": '"2"'},
    )
    assert corrected.status_code == 200 and corrected.json()["status"] == "corrected"
    assert_documented(DEAL, "PUT", corrected)
    voided = api.delete(f"{base}/2/", {"reason": "wrong table"}, format="json")
    assert voided.status_code == 200 and voided.json()["status"] == "voided"
    assert_documented(DEAL, "DELETE", voided)


def test_the_public_standings_of_an_unknown_link_answer_a_documented_404(client: Any) -> None:
    answer = client.get(f"/api/v1/public/leagues/{uuid.uuid4()}/standings/")
    assert_error(answer, 404, "not_found", None)
    assert_documented("/api/v1/public/leagues/{token}/standings/", "GET", answer)


def test_the_shared_board_of_an_unknown_link_answers_a_documented_404(client: Any) -> None:
    answer = client.get("/api/v1/shared/no-such-link/")
    assert_error(answer, 404, "not_found", None)
    assert_documented("/api/v1/shared/{token}/", "GET", answer)


@pytest.mark.parametrize(
    ("path", "first", "second"),
    [
        ("/api/v1/clubs/", {"name": "Thursday"}, {"name": "Friday"}),
        ("/api/v1/players/", {"name": "Asha"}, {"name": "Bala"}),
    ],
)
def test_a_reused_idempotency_key_answers_a_documented_409(
    api: Any, path: str, first: dict[str, Any], second: dict[str, Any]
) -> None:
    assert api.post(path, first, format="json", headers={"Idempotency-Key": "k"}).status_code == 201
    answer = api.post(path, second, format="json", headers={"Idempotency-Key": "k"})
    assert_error(answer, 409, "idempotency_key_reused", None)
    assert_documented(path, "POST", answer)


def test_every_operation_taking_an_idempotency_key_documents_its_409() -> None:
    for result in openapi().get_all_operations():
        operation = result.ok()
        if any(parameter.name == "Idempotency-Key" for parameter in operation.headers):
            description = operation.responses.find_by_status_code(409)
            assert description is not None, operation.label
            assert "idempotency_key_reused" in str(description.definition), operation.label
