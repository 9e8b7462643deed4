"""The README's production command as a private server: the command exactly as documented, but bound to a free port
of 127.0.0.1 with the worker count the test asks for, and always stopped afterwards."""

from __future__ import annotations

import contextlib
import re
import shlex
import sys
from collections.abc import Iterator
from pathlib import Path

from tests.support.servers import ROOT, App, free_port, served
from tests.support.static_files import collected_static_root

# The production command sits in the README between backquotes, after "Production:".
PRODUCTION_COMMAND = re.compile(r"^Production:.*?`(\.venv/bin/gunicorn [^`]+)`", re.MULTILINE | re.DOTALL)


def production_command(port: int, workers: int) -> list[str]:
    found = PRODUCTION_COMMAND.search((ROOT / "README.md").read_text())
    assert found, "README.md names no production command (`.venv/bin/gunicorn ...` after 'Production:')"
    words = shlex.split(found.group(1))
    command = [sys.executable, "-m", "gunicorn", *words[1:]]
    for short, long, value in (("-b", "--bind", f"127.0.0.1:{port}"), ("-w", "--workers", str(workers))):
        option = next((word for word in (short, long) if word in command), None)
        assert option, f"the production command sets no {long}: {found.group(1)}"
        command[command.index(option) + 1] = value
    return command


@contextlib.contextmanager
def serve_production(folder: Path, env: dict[str, str], workers: int = 1, seconds: float = 60) -> Iterator[App]:
    """The production command on a free port, serving the static files collected once for the test run (as the
    README runs collectstatic before it) unless ``env`` names a STATIC_ROOT of its own."""
    port = free_port()
    env = {"STATIC_ROOT": str(collected_static_root()), **env}
    with served(production_command(port, workers), port, folder / f"production-{port}.log", env, seconds) as app:
        yield app
