"""Every worked example of shared/rules/examples.json, played through the HTTP API as a phone would."""

from __future__ import annotations

from typing import Any

import pytest

from tests.api.helpers import ERROR_KEYS, post_deal
from tests.examples import example_params, player_count


def refusal_path(deal_index: int | None, field: str | None) -> str | None:
    """The API names fields inside the request; the examples name them inside the example, where a refusal of the
    whole deal (field null, such as ``match_already_finished``) names the deal itself, as the engines' replay does."""
    if deal_index is None:
        return field
    return f"deals[{deal_index}].{field}" if field else f"deals[{deal_index}]"


@pytest.mark.django_db
@pytest.mark.parametrize("case", example_params())
def test_worked_example_through_the_api(api: Any, case: dict[str, Any]) -> None:
    expected = case["expected"]
    error = expected.get("error")
    players = [{"name": f"{case['id']} player {index}"} for index in range(1, player_count(case) + 1)]
    created = api.post(
        "/api/v1/matches/", {"game": case["game"], "players": players, "settings": case["settings"]}, format="json"
    )
    if error and error["deal_number"] is None:
        body = created.json()
        assert (created.status_code, body["code"], body["field"]) == (400, error["code"], error["field"])
        return
    assert created.status_code == 201, created.json()
    match_id = created.json()["id"]
    for index, deal in enumerate(case["deals"]):
        response = post_deal(api, match_id, deal)
        body = response.json()
        if error and error["deal_number"] == index + 1:
            assert response.status_code == 400 and set(body) == ERROR_KEYS, body
            assert (body["code"], refusal_path(index, body["field"])) == (error["code"], error["field"])
            break
        assert response.status_code == 201, body
        want = expected["deals"][index]
        assert {key: body["result"].get(key) for key in want} == want
    state = api.get(f"/api/v1/matches/{match_id}/").json()["state"]
    assert {key: state.get(key) for key in expected["final"]} == expected["final"]
