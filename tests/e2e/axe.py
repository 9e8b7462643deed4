"""axe-core 4.14 (npm's axe-core, pinned in package.json / package-lock.json) run in the page under test.

The script is installed like a pip package: `make install-dev` runs `npm ci`, and the first check runs it once
here if node_modules/ is missing (a fresh clone running pytest straight away); a test never downloads it itself.
"""

from __future__ import annotations

import shutil
import subprocess
from functools import cache
from typing import Any

from tests.support.browser import ROOT

AXE_SCRIPT = ROOT / "node_modules" / "axe-core" / "axe.min.js"
# The WCAG 2.x A and AA rules plus axe's best practices (page-has-heading-one, landmarks): what the audit ran.
RUN_AXE = """
const done = arguments[arguments.length - 1];
axe.run(document, {resultTypes: ['violations']}).then((results) => done(results.violations),
                                                     (error) => done({error: String(error)}));
"""


@cache
def axe_source() -> str:
    if not AXE_SCRIPT.exists():
        npm = shutil.which("npm")
        if npm is None:
            raise RuntimeError(f"{AXE_SCRIPT} is missing and npm is not installed: run `make install-dev`")
        subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)
    return AXE_SCRIPT.read_text(encoding="utf-8")


def axe_violations(driver: Any) -> list[dict[str, Any]]:
    """axe.run over the whole document as it stands; the script is injected again after every navigation."""
    if not driver.execute_script("return typeof window.axe === 'object';"):
        driver.execute_script(axe_source())
    driver.set_script_timeout(60)
    result = driver.execute_async_script(RUN_AXE)
    if isinstance(result, dict):
        raise RuntimeError(f"axe.run failed: {result['error']}")
    return list(result)


def axe_version(driver: Any) -> str:
    return str(driver.execute_script("return window.axe ? axe.version : '';"))
