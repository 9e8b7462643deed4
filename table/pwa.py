"""The table as an installable, offline-first web app: the web app manifest, the service worker and the page it
shows for a page never opened while offline. The service worker is served here, not from /static/, so its scope is
/table/ (a worker controls only the pages under its own folder) and its name never changes."""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path

from django.apps import apps
from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

THEME_COLOUR = "#14532d"
BACKGROUND_COLOUR = "#f3f4f6"
ICONS = [
    ("table/icons/icon.svg", "any", "image/svg+xml", "any"),
    ("table/icons/icon-192.png", "192x192", "image/png", "any"),
    ("table/icons/icon-512.png", "512x512", "image/png", "any"),
    ("table/icons/icon-maskable-512.png", "512x512", "image/png", "maskable"),
]


def manifest(request: HttpRequest) -> HttpResponse:
    home = reverse("table:home")
    body = {
        "name": "scorekeeper",
        "short_name": "scorekeeper",
        "id": home,
        "start_url": home,
        "scope": home,
        # In the language of the pages that link it (the browser sends their cookie): the phone's install prompt.
        "lang": translation.get_language(),
        "dir": "rtl" if translation.get_language_bidi() else "ltr",
        "description": gettext("Keeps the score of Seep, 56, Bid Euchre and Contract Rummy played with real cards."),
        "display": "standalone",
        "orientation": "portrait",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": [
            {"src": static(path), "sizes": sizes, "type": kind, "purpose": purpose}
            for path, sizes, kind, purpose in ICONS
        ],
    }
    response = JsonResponse(body, content_type="application/manifest+json")
    response["Cache-Control"] = "no-cache"
    return response


def _table_static_files() -> list[Path]:
    folder = Path(apps.get_app_config("table").path) / "static"
    return sorted(
        path for path in folder.rglob("*") if path.is_file() and path.suffix in {".js", ".css", ".svg", ".png"}
    )


@cache
def _precache_for_deploy(storage: str, static_root: str) -> tuple[list[str], str]:
    """Built once per process for its storage (the files do not change under a deployed process)."""
    return _precache()


def _precache() -> tuple[list[str], str]:
    """The URLs of the page's code, styles and icons (hashed names with DEBUG off), and a version that changes
    with their content, so a deploy (or, under DEBUG, an edit) installs a new worker with fresh copies."""
    folder = Path(apps.get_app_config("table").path) / "static"
    files = _table_static_files()
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.relative_to(folder).as_posix().encode())
        digest.update(path.read_bytes())
    return [static(path.relative_to(folder).as_posix()) for path in files], digest.hexdigest()[:16]


def service_worker(request: HttpRequest) -> HttpResponse:
    storage = settings.STORAGES["staticfiles"]["BACKEND"]
    urls, version = _precache() if settings.DEBUG else _precache_for_deploy(storage, str(settings.STATIC_ROOT))
    context = {
        "version_json": json.dumps(version),
        "precache_json": json.dumps(urls),
        "offline_page_json": json.dumps(reverse("table:offline")),
    }
    response = render(request, "table/sw.js", context, content_type="text/javascript")
    # The browser checks for a new worker on every visit; it must not take this one from its HTTP cache.
    response["Cache-Control"] = "no-cache"
    return response


def offline_page(request: HttpRequest) -> HttpResponse:
    return render(request, "table/offline.html")
