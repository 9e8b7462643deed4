"""Headless Chromium for the end-to-end tests: the browser as a phone, the test users' password, screenshots."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

import requests

ROOT = Path(__file__).resolve().parents[2]


CHROMIUM = os.environ.get("CHROMIUM_BINARY", "/usr/bin/chromium")


CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")


PASSWORD = "a table at the club 42"
# The e2e server's accounts (a scorer, an opponent, two scorers of the language tests) and the opponent's player,
# made by `manage.py shell -c` (formatted with the password).
SETUP_USERS = """
import json
from django.contrib.auth import get_user_model
from games.models import Player
User = get_user_model()
scorer = User.objects.create_user("asha", password={password!r})
opponent = User.objects.create_user("bala", password={password!r})
bala = Player.objects.create(name="Bala", user=opponent, created_by=scorer)
# Scorers of the language tests (tests/e2e/test_page_languages.py): their picker must not change asha's language.
User.objects.create_user("maryam", password={password!r})
User.objects.create_user("zoltan", password={password!r})
print(json.dumps({{"scorer": scorer.pk, "opponent": opponent.pk, "opponent_player": bala.pk}}))
"""


def new_browser() -> Any:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        f"--user-data-dir={tempfile.mkdtemp(prefix='chromium-')}",
        "--window-size=390,844",
    ):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    # A phone's viewport: 390 x 844 CSS pixels, touch, mobile layout.
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True}
    )
    driver.implicitly_wait(0)
    return driver


def screenshot_dir() -> Path:
    """var/screenshots/, outside the tracked tree (var/ is ignored), so a test run leaves `git status` clean; the
    README's pictures are refreshed on purpose with SCREENSHOT_DIR=docs/screenshots (`make screenshots`). A relative
    SCREENSHOT_DIR is taken from the project's root."""
    return ROOT / (os.environ.get("SCREENSHOT_DIR") or "var/screenshots")


def api_session(live_app: dict[str, Any], username: str) -> requests.Session:
    session = requests.Session()
    answer = session.post(f"{live_app['base']}/api/v1/auth/token/", json={"username": username, "password": PASSWORD})
    session.headers["Authorization"] = f"Token {answer.json()['token']}"
    return session
