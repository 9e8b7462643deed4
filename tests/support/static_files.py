"""The static files as production serves them: collected once per test run into a temporary folder (never into the
work tree), by ``manage.py collectstatic`` in a subprocess, as the README's production command does."""

from __future__ import annotations

import atexit
import functools
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]  # the project (tests/support/ is two below it)


@functools.cache
def collected_static_root() -> Path:
    """A STATIC_ROOT holding the hashed, gzipped files and their manifest (removed when the test run ends)."""
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-static-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    collect_static(folder)
    return folder


def collect_static(folder: Path) -> None:
    """A few seconds on an idle machine (whitenoise gzips every file, Swagger UI's and ReDoc's bundles included), but
    minutes on a busy one: a generous timeout."""
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"],
        cwd=ROOT,
        env={**os.environ, "STATIC_ROOT": str(folder)},
        check=True,
        capture_output=True,
        timeout=1200,
    )
