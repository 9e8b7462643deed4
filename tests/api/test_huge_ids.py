"""An id in an address longer than Python reads as a number (4,300 digits) is a 404 in the error shape, like any id
that cannot be one, on every route that reads an id from its path (games.selectors.matches.id_from_url)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.api.helpers import assert_error, start_match

pytestmark = pytest.mark.django_db
HUGE = "9" * 4301
PADDED = "0" * 5000 + "987654"  # not a large number, but too long for int() to read


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/api/v1/matches/{id}/"),
        ("get", "/api/v1/matches/{id}/deals/"),
        ("post", "/api/v1/matches/{id}/deals/"),
        ("get", "/api/v1/matches/{id}/audit/"),
        ("put", "/api/v1/matches/{id}/deals/1/"),
        ("delete", "/api/v1/matches/{id}/deals/1/"),
        ("get", "/api/v1/matches/{id}/deals/1/"),
        ("delete", "/api/v1/matches/{match}/scorers/{id}/"),
        ("get", "/api/v1/matches/{id}/board/"),
        ("post", "/api/v1/matches/{id}/share/"),
    ],
)
@pytest.mark.parametrize("huge", [HUGE, PADDED], ids=["4301 nines", "5000 zeros then 1"])
def test_a_path_id_too_long_for_a_number_is_not_found(api: Any, method: str, path: str, huge: str) -> None:
    match = start_match(api)
    response = getattr(api, method)(path.format(id=huge, match=match["id"]), {"reason": "typo"}, format="json")
    assert_error(response, 404, "not_found", field=None)


def test_a_superscript_digit_is_not_an_id(api: Any) -> None:
    assert_error(api.get("/api/v1/matches/²/deals/"), 404, "not_found")
