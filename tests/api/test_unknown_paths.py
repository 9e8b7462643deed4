"""An address under /api/ that no route matches answers the error shape, with DEBUG on as with it off; elsewhere
Django's own page stays."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import override_settings

from tests.api.helpers import assert_error

UNKNOWN = ["/api/v1/nothing-here/", "/api/v1/matches/abc/", "/api/v2/", "/api/v1/matches/1/deals/x/y/"]


@pytest.mark.django_db
@pytest.mark.parametrize("debug", [False, True])
@pytest.mark.parametrize("path", UNKNOWN)
def test_an_unknown_api_path_is_a_404_in_the_error_shape(api: Any, path: str, debug: bool) -> None:
    with override_settings(DEBUG=debug):
        response = api.get(path)
    body = assert_error(response, 404, "not_found", None)
    assert response["Content-Type"] == "application/json"
    assert body["detail"] == "There is nothing at this address."
    assert len(response.content) < 1024


@pytest.mark.django_db
def test_a_page_that_is_not_there_is_still_djangos_own_page_under_debug(client: Any) -> None:
    with override_settings(DEBUG=True):
        response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


@pytest.mark.django_db
def test_a_404_the_api_answers_itself_keeps_its_own_body_under_debug(api: Any) -> None:
    with override_settings(DEBUG=True):
        response = api.get("/api/v1/matches/999999999/")
    body = assert_error(response, 404, "not_found", None)
    assert body["detail"] != "There is nothing at this address."
