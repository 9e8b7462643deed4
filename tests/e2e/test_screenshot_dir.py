"""Where the end-to-end tests write their screenshots: never into the tracked tree unless asked to."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.browser import ROOT, screenshot_dir


def test_screenshots_go_to_the_ignored_var_folder_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SCREENSHOT_DIR", raising=False)
    assert screenshot_dir() == ROOT / "var" / "screenshots"
    assert "/var/" in (ROOT / ".gitignore").read_text().splitlines()


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("docs/screenshots", ROOT / "docs" / "screenshots"),
        ("/tmp/shots", Path("/tmp/shots")),
    ],
)
def test_screenshot_dir_sends_them_elsewhere(monkeypatch: pytest.MonkeyPatch, value: str, expected: Path) -> None:
    monkeypatch.setenv("SCREENSHOT_DIR", value)
    assert screenshot_dir() == expected
