"""A small club season for the export tests: two leagues, finished and running matches, a correction, a void,
and a player whose name a spreadsheet would run as a formula."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from django.test import override_settings

from scorekeeper.celery import app as celery_app
from tests.support.seasons import Season, fake_dns, make_season, tasks_in_process


@pytest.fixture(autouse=True)
def in_process_tasks() -> Iterator[None]:
    """Tasks run in-process here even when REDIS_URL is set; test_worker.py starts a real worker instead."""
    with tasks_in_process():
        yield


@pytest.fixture(autouse=True)
def media_folder(tmp_path: Path) -> Iterator[None]:
    """Export files go to the default storage; here a folder of the test's own."""
    with override_settings(MEDIA_ROOT=tmp_path / "media"):
        yield


@pytest.fixture
def season(db: None) -> Season:
    return make_season()


@pytest.fixture(autouse=True)
def dns(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[str]]:
    """Webhook host names the tests resolve (there is no DNS here); a test adds the names it needs."""
    return fake_dns(monkeypatch)


@pytest.fixture
def broker_down() -> Iterator[None]:
    """REDIS_URL configured, Redis not there: nothing listens on port 1."""
    conf = celery_app.conf
    saved = conf.task_always_eager, conf.broker_url
    conf.update(task_always_eager=False, broker_url="redis://127.0.0.1:1/0")
    yield
    conf.update(task_always_eager=saved[0], broker_url=saved[1])
