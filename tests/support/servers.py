"""Real servers for the reliability tests: the app under gunicorn, a private Redis and PostgreSQL, ports, waits."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from glob import glob
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from django.db import connection

from tests.support.environment import IN_CI, SUITE_RATE_ENVIRONMENT

ROOT = Path(__file__).resolve().parents[2]


REDIS_SERVER = "/usr/bin/redis-server"


def require_binary(path: str | None, what: str) -> str:
    """The path of a binary the test starts: skipped locally when missing, a failure under CI=true."""
    if path and os.access(path, os.X_OK):
        return path
    if IN_CI:
        pytest.fail(f"CI=true but {what} is not installed: this test must run.")
    pytest.skip(f"{what} is not installed")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        value: int = probe.getsockname()[1]
        return value


def wait_until(condition: Callable[[], Any], seconds: float, what: str) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with contextlib.suppress(Exception):
            if found := condition():
                return found
        time.sleep(0.05)
    raise AssertionError(f"timed out after {seconds} s waiting for {what}")


def port_open(port: int) -> bool:
    with socket.socket() as probe:
        probe.settimeout(0.2)
        return probe.connect_ex(("127.0.0.1", port)) == 0


def stop(process: subprocess.Popen[bytes] | None, sig: int = signal.SIGTERM) -> None:
    """Stop a process we started (its own process group: gunicorn's and celery's children go too)."""
    if process is None or process.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, sig)
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=10)


def start(command: list[str], log: Path, env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    with log.open("ab") as out:
        return subprocess.Popen(
            command, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=ROOT, start_new_session=True
        )


def tail(log: Path, lines: int = 30) -> str:
    return "\n".join(log.read_text(errors="replace").splitlines()[-lines:]) if log.exists() else ""


class PrivateRedis:
    """A redis-server of our own without persistence; ``stop`` and ``start`` again keep the port."""

    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.log = folder / "redis.log"
        self.folder = folder
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = start(
            [
                REDIS_SERVER,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--daemonize",
                "no",
                "--dir",
                str(self.folder),
            ],
            self.log,
        )
        wait_until(lambda: port_open(self.port), 10, f"redis on port {self.port}\n{tail(self.log)}")

    def stop(self) -> None:
        stop(self.process)
        wait_until(lambda: not port_open(self.port), 10, "redis to close its port")


def database_url(settings_dict: dict[str, Any] | None = None) -> str:
    """A DATABASE_URL for this connection's database (during a test: the test database). PostgreSQL only: mark the
    test ``postgres``, so it is skipped on SQLite rather than serving a database that is not there."""
    db = settings_dict or connection.settings_dict
    assert "postgresql" in db["ENGINE"], "database_url() needs PostgreSQL: mark the test postgres"
    credentials = quote(db["USER"] or "", safe="") + (f":{quote(db['PASSWORD'], safe='')}" if db["PASSWORD"] else "")
    return f"postgres://{credentials}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


def app_env(folder: Path, **values: str) -> dict[str, str]:
    """The environment of an app or worker subprocess: the given DATABASE_URL/REDIS_URL, our own media folder."""
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
        "MEDIA_ROOT": str(folder / "media"),
        "TMPDIR": str(folder),
        "REDIS_URL": "",
        "LOG_LEVEL": "WARNING",
        "PYTHONUNBUFFERED": "1",
        **SUITE_RATE_ENVIRONMENT,
    }
    env.update(values)
    return env


class App:
    """The app under gunicorn, as production runs it."""

    def __init__(self, base_url: str, process: subprocess.Popen[bytes], log: Path) -> None:
        self.base_url, self.process, self.log = base_url, process, log

    def client(self, token: str | None = None, timeout: float = 20) -> httpx.Client:
        headers = {"Authorization": f"Token {token}"} if token else {}
        return httpx.Client(base_url=self.base_url, headers=headers, timeout=timeout)


@contextlib.contextmanager
def serve(folder: Path, env: dict[str, str], workers: int = 1, threads: int = 4) -> Iterator[App]:
    """The app under gunicorn's sync workers (the WSGI application); tests/reliability/production.py serves the
    README's production command instead. Connections are kept open for a minute (gunicorn's default is 2 s): a test
    that connects its clients first and releases them together at a barrier must not find a connection closed
    under it while a busy machine starts the last of its threads (a POST on it would be reset)."""
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "gunicorn",
        "scorekeeper.wsgi:application",
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        str(workers),
        "--threads",
        str(threads),
        "--timeout",
        "60",
        "--graceful-timeout",
        "2",
        "--keep-alive",
        "60",
    ]
    with served(command, port, folder / f"gunicorn-{port}.log", env, seconds=30) as app:
        yield app


@contextlib.contextmanager
def served(command: list[str], port: int, log: Path, env: dict[str, str], seconds: float) -> Iterator[App]:
    """Start ``command`` serving on ``port``, wait until health answers, and always stop it afterwards."""
    process = start(command, log, env)
    app = App(f"http://127.0.0.1:{port}", process, log)
    try:
        wait_until(
            lambda: (
                process.poll() is None
                and httpx.get(f"{app.base_url}/api/v1/health/", timeout=2).status_code in (200, 503)
            ),
            seconds,
            f"{command[2]} on port {port}\n{tail(log)}",
        )
        yield app
    finally:
        stop(process)


class PrivateCluster:
    def __init__(self, bindir: Path, folder: Path) -> None:
        self.bindir, self.port = bindir, free_port()
        self.home = folder / "pg"
        self.data, self.sockets, self.log = self.home / "data", self.home / "sockets", self.home / "server.log"
        self.as_postgres = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []

    def run(self, *command: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*self.as_postgres, *command], capture_output=True, text=True, timeout=60, check=check)

    def init(self) -> None:
        self.sockets.mkdir(parents=True)
        if self.as_postgres:
            self.home.parent.chmod(0o711)  # mkdtemp made it 0700: the postgres user must reach its own folder
            shutil.chown(self.home, "postgres")
            shutil.chown(self.sockets, "postgres")
        self.run(
            str(self.bindir / "initdb"),
            "-D",
            str(self.data),
            "-U",
            "postgres",
            "-A",
            "trust",
            "--no-sync",
            "-E",
            "UTF8",
            "--locale",
            "C",
        )

    def ctl(self, action: str, *options: str, check: bool = True) -> None:
        if not self.data.exists():
            return
        server_options = f"-p {self.port} -k {self.sockets} -c listen_addresses=127.0.0.1 -c fsync=off"
        self.run(
            str(self.bindir / "pg_ctl"),
            "-D",
            str(self.data),
            "-l",
            str(self.log),
            "-o",
            server_options,
            "-w",
            "-t",
            "30",
            *options,
            action,
            check=check,
        )

    def url(self, name: str, query: str = "") -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{name}{query}"

    def createdb(self, name: str) -> None:
        self.run(str(self.bindir / "createdb"), "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", name)


@contextlib.contextmanager
def private_postgres(folder: Path) -> Iterator[PrivateCluster]:
    """A PostgreSQL cluster of our own (initdb refuses root: run as the postgres user when we are root)."""
    initdb = require_binary(
        next(iter(sorted(glob("/usr/lib/postgresql/*/bin/initdb"), reverse=True)), None),
        "PostgreSQL server binaries (initdb)",
    )
    cluster = PrivateCluster(Path(initdb).parent, folder)
    try:
        cluster.init()
        cluster.ctl("start")
        yield cluster
    finally:
        cluster.ctl("stop", "-m", "immediate", check=False)


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        value: int = probe.getsockname()[1]  # closed again when this returns: nothing listens there
        return value


NEW_USER = (
    "from django.contrib.auth import get_user_model; from knox.models import AuthToken; "
    "print(AuthToken.objects.create(user=get_user_model().objects.create_user('scorer'))[1])"
)


def manage(env: dict[str, str], *command: str) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", *command],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout
