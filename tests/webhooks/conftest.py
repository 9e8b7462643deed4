"""Webhook tests run their deliveries in-process, against the exports' club season, with names resolved from a
table (there is no DNS here)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support.seasons import Season, fake_dns, make_season, tasks_in_process


@pytest.fixture(autouse=True)
def in_process_tasks() -> Iterator[None]:
    with tasks_in_process():
        yield


@pytest.fixture
def season(db: None) -> Season:
    return make_season()


@pytest.fixture(autouse=True)
def dns(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[str]]:
    return fake_dns(monkeypatch)
