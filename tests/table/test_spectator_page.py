"""A spectator's shared board leads nowhere that asks to sign in (issue 27 point 8): the brand is no link for a
visitor without an account (the home page would only send them to sign in), and the board has no entry link."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.api.helpers import start_match

pytestmark = pytest.mark.django_db


def links(page: str) -> list[str]:
    return re.findall(r'<a [^>]*href="([^"]+)"', page)


def test_the_shared_board_has_no_link_to_sign_in(api: APIClient) -> None:
    match = start_match(api)
    token = api.post(f"/api/v1/matches/{match['id']}/share/").json()["token"]
    page = Client().get(f"/table/s/{token}/").content.decode()
    assert 'class="brand"' in page
    assert links(page) == []


def test_a_signed_in_scorer_keeps_the_brands_link_home(api: APIClient, user: object) -> None:
    match = start_match(api)
    scorer = Client()
    scorer.force_login(user)  # type: ignore[arg-type]
    page = scorer.get(f"/table/matches/{match['id']}/board/").content.decode()
    assert "/table/" in links(page)
