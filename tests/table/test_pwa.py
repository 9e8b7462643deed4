"""The table as an installable, offline-first web app: the manifest, the service worker and its offline page."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.test import Client, override_settings

from tests.support.static_files import collected_static_root

pytestmark = pytest.mark.django_db


def precache_of(script: str) -> list[str]:
    found = re.search(r"^const PRECACHE = (.*);$", script, re.MULTILINE)
    assert found, script[:300]
    return list(json.loads(found.group(1)))


def test_the_manifest_makes_the_table_installable() -> None:
    response = Client().get("/table/manifest.webmanifest")
    assert (response.status_code, response["Content-Type"]) == (200, "application/manifest+json")
    body = response.json()
    assert {key: body[key] for key in ("name", "start_url", "scope", "display", "theme_color")} == {
        "name": "scorekeeper",
        "start_url": "/table/",
        "scope": "/table/",
        "display": "standalone",
        "theme_color": "#14532d",
    }
    icons = {(icon["sizes"], icon["type"], icon["purpose"]): icon["src"] for icon in body["icons"]}
    assert set(icons) == {
        ("any", "image/svg+xml", "any"),
        ("192x192", "image/png", "any"),
        ("512x512", "image/png", "any"),
        ("512x512", "image/png", "maskable"),
    }
    for src in icons.values():
        assert finders.find(src.removeprefix("/static/")), src


@pytest.mark.parametrize(
    ("language", "direction", "description"),
    [
        ("en", "ltr", "Keeps the score of Seep, 56, Bid Euchre and Contract Rummy played with real cards."),
        ("et", "ltr", "Peab arvet Seepi, 56, Bid Euchre'i ja Contract Rummy üle, mida mängitakse päris kaartidega."),
        ("fa", "rtl", "امتیازِ Seep، 56، Bid Euchre و Contract Rummy را که با کارت‌های واقعی بازی می‌شوند نگه می‌دارد."),
        ("hu", "ltr", "Valódi kártyával játszott Seep, 56, Bid Euchre és Contract Rummy pontjait vezeti."),
    ],
)
def test_the_manifest_speaks_the_pages_language(language: str, direction: str, description: str) -> None:
    # The phone's install prompt shows the description: in the language of the pages, whose cookie the browser sends.
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    body = client.get("/table/manifest.webmanifest").json()
    assert (body["lang"], body["dir"], body["description"]) == (language, direction, description)


def test_every_page_links_the_manifest_and_registers_the_worker() -> None:
    page = Client().get("/table/login/").content.decode()
    assert '<link rel="manifest" href="/table/manifest.webmanifest">' in page
    assert '<meta name="service-worker" content="/table/sw.js">' in page
    assert '<script type="module" src="/static/table/js/pwa.js"></script>' in page


def test_the_service_worker_is_served_for_the_table_scope_and_never_from_the_http_cache() -> None:
    response = Client().get("/table/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"
    assert "worker-src 'self'" in response["Content-Security-Policy"]
    script = response.content.decode()
    precache = precache_of(script)
    assert {
        "/static/table/table.css",
        "/static/table/js/pages/match.js",
        "/static/table/js/outbox.js",
        "/static/table/icons/icon-192.png",
    } <= set(precache)
    assert 'const OFFLINE_PAGE = "/table/offline/";' in script
    assert re.search(r'^const VERSION = "[0-9a-f]{16}";$', script, re.MULTILINE)


def test_with_the_production_storage_the_worker_keeps_the_hashed_files() -> None:
    collected = collected_static_root()
    manifest = json.loads((Path(collected) / "staticfiles.json").read_text())["paths"]
    storages = {**settings.STORAGES, "staticfiles": {"BACKEND": "scorekeeper.storage.StaticFilesStorage"}}
    with override_settings(STATIC_ROOT=collected, STORAGES=storages):
        script = Client().get("/table/sw.js").content.decode()
        icon = Client().get("/table/manifest.webmanifest").json()["icons"][1]["src"]
    precache = precache_of(script)
    assert f"/static/{manifest['table/js/pages/match.js']}" in precache
    assert "/static/table/js/pages/match.js" not in precache
    assert icon == f"/static/{manifest['table/icons/icon-192.png']}"


def test_the_offline_page_renders_without_an_account() -> None:
    page = Client().get("/table/offline/")
    assert page.status_code == 200
    assert "<h1>No network</h1>" in page.content.decode()
