"""End-to-end fixtures: the real ASGI app under uvicorn, and Debian's headless Chromium driven by Selenium.

The server runs in its own process on a fresh SQLite file (migrated once per session), with Redis when REDIS_URL
is set, so the scoreboard's server-sent events are tested for real; without it the pages fall back to polling.
Tests are skipped when Chromium is not installed, and fail instead under CI=true. No browser is ever downloaded:
the driver and the browser are the distribution's (/usr/bin/chromedriver, /usr/bin/chromium). Screenshots go to
var/screenshots/, or to $SCREENSHOT_DIR (docs/screenshots to refresh the README's).
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests

from tests.support.browser import CHROMEDRIVER, CHROMIUM, PASSWORD, ROOT, SETUP_USERS, new_browser, screenshot_dir
from tests.support.environment import SUITE_RATE_ENVIRONMENT

IN_CI = os.environ.get("CI", "").lower() == "true"


@pytest.fixture(scope="session")
def browser_available() -> None:
    if Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists():
        return
    if IN_CI:
        pytest.fail(f"CI=true but Chromium is missing ({CHROMIUM}, {CHROMEDRIVER}): .ci/run installs it.")
    pytest.skip("Chromium and chromedriver are not installed (apt-get install chromium chromium-driver)")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _prepared_app(workdir: Path) -> tuple[dict[str, str], dict[str, Any]]:
    """A fresh SQLite database in ``workdir``, migrated, with the scorer's and the opponent's accounts: the server's
    environment and the accounts' ids."""
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{workdir / 'e2e.sqlite3'}",
        "DEBUG": "true",
        "CELERY_TASK_ALWAYS_EAGER": "true",
        "MEDIA_ROOT": str(workdir / "media"),
        "LOG_LEVEL": "WARNING",
        # The suite signs in more than 10 times a minute; without Redis the server's throttle is its own memory,
        # which the tests' cache.clear() does not reach (tests/api/test_auth_lockout.py tests the throttle).
        "AUTH_THROTTLE_RATE": "1000/min",
        **SUITE_RATE_ENVIRONMENT,
    }
    manage = [sys.executable, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True)
    made = subprocess.run(
        [*manage, "shell", "-c", SETUP_USERS.format(password=PASSWORD)],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return env, json.loads(made.stdout.strip().splitlines()[-1])


def _serve(env: dict[str, str], port: int) -> subprocess.Popen[bytes]:
    """uvicorn serving scorekeeper.asgi on ``port``, answering once this returns."""
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "uvicorn",
            "scorekeeper.asgi:application",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--log-level",
            "warning",
            "--timeout-graceful-shutdown",
            "1",
        ],
        cwd=ROOT,
        env=env,
    )
    _wait_for(f"http://127.0.0.1:{port}/api/v1/health/")
    return server


def _stop(server: subprocess.Popen[bytes]) -> None:
    server.terminate()
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait(timeout=10)


@pytest.fixture(scope="session")
def live_app(browser_available: None) -> Iterator[dict[str, Any]]:
    """uvicorn serving scorekeeper.asgi on a fresh database, with two accounts: a scorer and an opponent."""
    workdir = Path(tempfile.mkdtemp(prefix="scorekeeper-e2e-"))
    env, ids = _prepared_app(workdir)
    port = _free_port()
    server = _serve(env, port)
    try:
        yield {"base": f"http://127.0.0.1:{port}", "redis": bool(env.get("REDIS_URL")), **ids}
    finally:
        _stop(server)
        shutil.rmtree(workdir, ignore_errors=True)


class StoppableApp:
    """A server of a module's own that the test stops for real (its process ended: nothing answers on its port, so
    neither the page nor its service worker reaches it) and starts again on the same port and database."""

    def __init__(self, workdir: Path) -> None:
        self.env, self.ids = _prepared_app(workdir)
        self.database = workdir / "e2e.sqlite3"
        self.port = _free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.server: subprocess.Popen[bytes] | None = _serve(self.env, self.port)

    def stop(self) -> None:
        if self.server is not None:
            _stop(self.server)
            self.server = None
        with pytest.raises(requests.ConnectionError):
            requests.get(f"{self.base}/api/v1/health/", timeout=2)

    def start(self) -> None:
        if self.server is None:
            self.server = _serve(self.env, self.port)

    def as_live_app(self) -> dict[str, Any]:
        return {"base": self.base, "redis": bool(self.env.get("REDIS_URL")), **self.ids}


@pytest.fixture(scope="module")
def stoppable_app(browser_available: None) -> Iterator[StoppableApp]:
    workdir = Path(tempfile.mkdtemp(prefix="scorekeeper-e2e-stop-"))
    app = StoppableApp(workdir)
    try:
        yield app
    finally:
        app.stop()
        shutil.rmtree(workdir, ignore_errors=True)


def _wait_for(url: str) -> None:
    for _ in range(100):
        try:
            if requests.get(url, timeout=1).status_code == 200:
                return
        except requests.RequestException:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"the server at {url} did not start")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """On a failure, add what each browser's console said to the report."""
    report = yield
    if report.when == "call" and report.failed:
        for name in ("scorer_browser", "spectator_browser", "opponent_browser"):
            driver = getattr(item, "funcargs", {}).get(name)
            if driver is not None:
                lines = [f"{entry['level']} {entry['message']}" for entry in driver.get_log("browser")]
                report.sections.append((f"{name} console", "\n".join(lines) or "(empty)"))
                driver.save_screenshot(str(Path(tempfile.gettempdir()) / f"e2e-failed-{name}.png"))
    return report


@pytest.fixture(scope="session")
def scorer_browser(live_app: dict[str, Any]) -> Iterator[Any]:
    driver = new_browser()
    yield driver
    driver.quit()


@pytest.fixture(scope="session")
def spectator_browser(live_app: dict[str, Any]) -> Iterator[Any]:
    driver = new_browser()
    yield driver
    driver.quit()


@pytest.fixture(scope="session")
def opponent_browser(live_app: dict[str, Any]) -> Iterator[Any]:
    driver = new_browser()
    yield driver
    driver.quit()


@pytest.fixture(scope="session")
def screenshots() -> Path:
    directory = screenshot_dir()
    directory.mkdir(parents=True, exist_ok=True)
    return directory
