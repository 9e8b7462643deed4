"""Every page answers a Content-Security-Policy (django-csp): scripts and styles from this origin only, no nonce
(no page runs an inline script); Swagger UI alone may use an inline style.
(tests/e2e/test_content_security_policy.py shows Chromium runs the pages under it.)"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.api.helpers import start_match

pytestmark = pytest.mark.django_db
STRICT = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self' data:",
    "font-src": "'self'",
    "connect-src": "'self'",
    "worker-src": "'self'",
    "manifest-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'self'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
}


def policy(response: Any) -> dict[str, str]:
    return dict(part.strip().split(" ", 1) for part in response["Content-Security-Policy"].split(";"))


def test_the_sign_in_page_and_the_admin_answer_the_strict_policy() -> None:
    assert policy(Client().get("/table/login/")) == STRICT
    assert policy(Client().get("/admin/login/")) == STRICT


def test_a_table_page_runs_no_inline_script_only_its_module_from_the_app(api: APIClient, user: Any) -> None:
    """Each page loads its ES module and the service worker's registration from the app's own static files; no
    executable script is inline (the page config is JSON, which a browser never runs), so 'self' is all they need."""
    match = start_match(api)
    browser = Client()
    browser.force_login(user)
    pages = (
        (f"/table/matches/{match['id']}/", "pages/match.js"),
        (f"/table/matches/{match['id']}/board/", "pages/board.js"),
        ("/table/new/", "pages/new_match.js"),
    )
    for page, module in pages:
        html = browser.get(page).content.decode()
        scripts = re.findall(r"<script\b[^>]*>", html)
        assert [s for s in scripts if 'type="application/json"' not in s] == [
            '<script type="module" src="/static/table/js/pwa.js">',  # every page: the service worker's registration
            f'<script type="module" src="/static/table/js/{module}">',
        ]
        assert policy(browser.get(page)) == STRICT  # no nonce: nothing inline needs one


def test_swagger_ui_loads_its_script_as_a_file_and_only_its_style_is_relaxed() -> None:
    response = Client().get("/api/v1/docs/")
    assert policy(response) == {**STRICT, "style-src": "'self' 'unsafe-inline'"}
    assert re.findall(r"<script(?![^>]*\bsrc=)[^>]*>", response.content.decode()) == []
