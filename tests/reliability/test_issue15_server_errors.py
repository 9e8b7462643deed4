"""Issue 15's 5xx answers, each reproduced as the attacker sent it: every one must be a 4xx in the error shape (or
a proper answer) that leaves the database as it should be."""

from __future__ import annotations

from typing import Any

import pytest

from games.models import Deal
from tests.api.helpers import assert_error, start_match


def raw_request(api: Any, method: str, path: str, body: bytes = b"", **headers: Any) -> Any:
    return api.generic(method, path, body, content_type="application/json", headers=headers)


@pytest.mark.django_db
@pytest.mark.parametrize("body", [
    rb'{"dealer": "S1", "\ud800": 1}',
    rb'{"dealer": "S1", "bid": {"\udfff": 1}}',
    rb'{"dealer": ["\ud800"]}',
    rb'{"dealer": "S1", "sweeps": {"A": {"regular": "x\udbff"}}}',
])
def test_a_lone_surrogate_anywhere_in_a_deal_key_or_value_is_refused_as_invalid(api: Any, body: bytes) -> None:
    match = start_match(api)
    response = raw_request(api, "POST", f"/api/v1/matches/{match['id']}/deals/", body)
    assert_error(response, 400, "invalid", None)
    assert Deal.objects.count() == 0


@pytest.mark.django_db
def test_a_surrogate_pair_is_text_and_is_accepted(api: Any) -> None:
    response = raw_request(api, "POST", "/api/v1/clubs/", rb'{"name": "Club \ud83c\udccf"}')
    assert response.status_code == 201, response.json()
    assert response.json()["name"] == "Club \N{PLAYING CARD BLACK JOKER}"
