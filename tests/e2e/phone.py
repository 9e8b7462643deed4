"""The phone the e2e page tests hold: its sizes, the players' names, the checks every page state passes (axe-core
with no critical or serious violation in light and dark, no visible control under 44x44 CSS px), and the figures
they collect (written out by test_table_loop.py)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from tests.e2e.axe import axe_version, axe_violations
from tests.e2e.table import Table
from tests.support.browser import new_browser

ANDROID = (360, 640)
IPHONE = (390, 844)
NAMES = ["Asha", "Bala", "Ravi", "Meena"]
SIX = ["Asha", "Bala", "Ravi", "Meena", "Kiran", "Dev"]
DASH = "\u2013"  # the headlines write "2 (en dash) 4"
TIMES = "\u00d7"
MINUS = "\u2212"
FIGURES: dict[str, Any] = {"taps": {}, "axe": {}, "small_controls": {}, "page_weight": {}}

SMALL_CONTROLS = """
const seen = [];
for (const el of document.querySelectorAll('button, a[href], input:not([type=hidden]), select, textarea, summary')) {
  const r = el.getBoundingClientRect();
  if (!r.width || !r.height || getComputedStyle(el).visibility === 'hidden') continue;
  const text = (el.textContent || el.name || '').trim().slice(0, 30);
  const what = `${el.tagName.toLowerCase()}#${el.id}.${el.className} "${text}"`;
  if (r.width < 43.5 || r.height < 43.5) seen.push(`${what} ${Math.round(r.width)}x${Math.round(r.height)}`);
}
return seen;
"""


@contextmanager
def phone_browser(base: str) -> Iterator[Table]:
    """A Chromium of its own, the size of the Android phone, on the app at ``base``; it quits at the end."""
    driver = new_browser()
    table = Table(driver, base)
    set_phone(table, ANDROID)
    try:
        yield table
    finally:
        driver.quit()


def set_phone(table: Table, size: tuple[int, int], dark: bool = False, scale: int = 2) -> None:
    width, height = size
    table.driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": scale, "mobile": True},
    )
    table.driver.execute_cdp_cmd(
        "Emulation.setEmulatedMedia",
        {"features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]},
    )


def check_page(table: Table, state: str) -> None:
    """axe-core in light and in dark mode: no critical or serious violation; no visible control under 44x44."""
    for scheme in ("light", "dark"):
        set_phone(table, ANDROID, dark=scheme == "dark")
        violations = axe_violations(table.driver)
        FIGURES["axe_version"] = axe_version(table.driver)  # 4.14.x, the audit (package.json)
        serious = [
            f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']]}"
            for v in violations
            if v["impact"] in ("critical", "serious")
        ]
        FIGURES["axe"][f"{state} ({scheme})"] = {
            "critical_or_serious": len(serious),
            "other": sorted(
                f"{v['id']} ({v['impact']})" for v in violations if v["impact"] not in ("critical", "serious")
            ),
        }
        assert serious == [], f"{state} ({scheme})"
    set_phone(table, ANDROID)
    small = table.driver.execute_script(SMALL_CONTROLS)
    FIGURES["small_controls"][state] = len(small)
    assert small == [], state
    table.driver.execute_script("window.scrollTo(0, 0);")  # axe scrolls what it checks into view
