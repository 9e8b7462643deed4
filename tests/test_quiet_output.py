"""What a developer reads in a terminal: a manage.py command prints no library banner, a request's warning is
logged once, and node reads the page's modules without a warning."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SCRIPT = """
import logging, django
django.setup()
logging.getLogger("django.request").warning("Not Found: /probe/")
"""


def run_python(code: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "scorekeeper.settings", "DEBUG": "true"}
    env.pop("DATABASE_URL", None)
    return subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True, timeout=120, check=True
    )


def test_a_request_warning_is_printed_once_and_no_banner_with_debug_on() -> None:
    output = run_python(SCRIPT)
    printed = output.stdout + output.stderr
    assert printed.count("Not Found: /probe/") == 1
    assert "AXES" not in printed


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_node_reads_the_page_modules_as_es_modules_without_a_warning() -> None:
    output = subprocess.run(
        ["node", "--input-type=module", "-e", "await import('./table/static/table/js/i18n.js')"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert "MODULE_TYPELESS_PACKAGE_JSON" not in output.stderr
