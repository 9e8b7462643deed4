"""Small helpers for API tests: start a match, post a deal, read the error shape."""

from __future__ import annotations

from typing import Any

from rest_framework.test import APIClient

ERROR_KEYS = {"code", "detail", "field", "extra", "errors"}


def start_match(api: APIClient, game: str = "seep", players: int | list[Any] = 4, **body: Any) -> dict[str, Any]:
    """Start a match with new players (a count) or the given player references."""
    if isinstance(players, int):
        players = [{"name": f"Player {index}"} for index in range(1, players + 1)]
    payload = {"game": game, "players": players, **body}
    response = api.post("/api/v1/matches/", payload, format="json")
    assert response.status_code == 201, response.json()
    answer: dict[str, Any] = response.json()
    return answer


def post_deal(api: APIClient, match_id: int, deal: dict[str, Any], **headers: Any) -> Any:
    return api.post(f"/api/v1/matches/{match_id}/deals/", deal, format="json", headers=headers)


def assert_error(response: Any, status: int, code: str, field: str | None = "<any>") -> dict[str, Any]:
    """The response is a refusal in the one error shape with this status, code (and field)."""
    body: dict[str, Any] = response.json()
    assert response.status_code == status, body
    assert set(body) == ERROR_KEYS, body
    assert body["code"] == code, body
    if field != "<any>":
        assert body["field"] == field, body
    assert body["errors"][0] == {"code": body["code"], "detail": body["detail"], "field": body["field"]}
    assert body["detail"]
    return body
