"""A production worker's heap frozen once started (scorekeeper/heap.py, issue 31: the garbage collector's full
collections of a started worker paused it 150-210 ms)."""

from __future__ import annotations

import gc
import sys
from collections.abc import Iterator

import pytest
from django.test import override_settings

from scorekeeper import gunicorn_conf, heap


@pytest.fixture(autouse=True)
def unfrozen() -> Iterator[None]:
    gc.unfreeze()
    yield
    gc.unfreeze()


def test_a_started_worker_freezes_its_heap_with_every_view_imported() -> None:
    gunicorn_conf.post_worker_init(worker=None)

    assert gc.get_freeze_count() > 10_000
    assert "api.views.deals" in sys.modules and "api.views.nights" in sys.modules


@override_settings(WEB_GC_FREEZE=False)
def test_with_the_setting_off_nothing_is_frozen() -> None:
    assert heap.settle() is False
    assert gc.get_freeze_count() == 0
