"""Every page answers a Content-Security-Policy (django-csp): scripts and styles from this origin only, and the
pages' one inline starter allowed by the request's own nonce; Swagger UI alone may use an inline style.
(tests/e2e/test_content_security_policy.py shows Chromium runs the pages under it.)"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.api.helpers import start_match

pytestmark = pytest.mark.django_db
STRICT = {"default-src": "'self'", "script-src": "'self'", "style-src": "'self'", "img-src": "'self' data:",
          "font-src": "'self'", "connect-src": "'self'", "worker-src": "'self'", "manifest-src": "'self'",
          "object-src": "'none'", "base-uri": "'self'", "form-action": "'self'", "frame-ancestors": "'none'"}


def policy(response: Any) -> dict[str, str]:
    return dict(part.strip().split(" ", 1) for part in response["Content-Security-Policy"].split(";"))


def test_the_sign_in_page_and_the_admin_answer_the_strict_policy() -> None:
    assert policy(Client().get("/table/login/")) == STRICT
    assert policy(Client().get("/admin/login/")) == STRICT


def test_a_match_page_allows_its_inline_starter_by_the_requests_nonce(api: APIClient, user: Any) -> None:
    match = start_match(api)
    browser = Client()
    browser.force_login(user)
    for page in (f"/table/matches/{match['id']}/", f"/table/matches/{match['id']}/board/", "/table/new/"):
        response = browser.get(page)
        nonces = re.findall(r'<script nonce="([^"]+)">', response.content.decode())
        assert len(nonces) == 1
        assert policy(response) == {**STRICT, "script-src": f"'self' 'nonce-{nonces[0]}'"}
    assert browser.get(page).content != response.content  # a new nonce for every answer


def test_swagger_ui_loads_its_script_as_a_file_and_only_its_style_is_relaxed() -> None:
    response = Client().get("/api/v1/docs/")
    assert policy(response) == {**STRICT, "style-src": "'self' 'unsafe-inline'"}
    assert re.findall(r"<script(?![^>]*\bsrc=)[^>]*>", response.content.decode()) == []
