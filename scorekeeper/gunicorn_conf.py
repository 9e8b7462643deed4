"""gunicorn's configuration for production (the README's command reads it with ``-c python:scorekeeper.gunicorn_conf``).

uvicorn workers (the uvicorn-worker package) serve the ASGI application: each worker is one event loop that waits
on every connection at once, so a client sending its request a byte at a time costs a socket, not a worker (a sync
worker waits on one client until its request is complete: three such clients froze three of them). The same
workers hold the live scoreboard streams, which a sync worker cannot. gunicorn still supervises the processes:
it restarts one that dies or stops answering its heartbeat."""

import subprocess
import sys
from typing import Any

from scorekeeper import settings

worker_class = "uvicorn_worker.UvicornWorker"
# An idle connection between two requests is closed after this long (uvicorn's keep-alive timeout).
keepalive = settings.WEB_KEEPALIVE_SECONDS
# uvicorn would take X-Forwarded-For from a local proxy as the client's address; TRUSTED_PROXY_COUNT alone decides
# that (scorekeeper/clients.client_address), for sign-in lockouts and live-stream limits alike.
forwarded_allow_ips = ""
# A listening socket per worker (gunicorn binds it in each worker it starts) where WEB_REUSE_PORT says so.
reuse_port = settings.WEB_REUSE_PORT


def post_worker_init(worker: Any) -> None:
    """Once a worker has loaded the application: its views imported and its heap frozen out of the garbage
    collector's full collections (scorekeeper/heap.py, ``WEB_GC_FREEZE``)."""
    from scorekeeper import heap  # Django is set up only once the worker has loaded the application

    heap.settle()


def on_starting(server: Any) -> None:
    """With DEBUG off every page names its static files by the hashed names in STATIC_ROOT's manifest, so without
    one every page would answer 500: collect them before the first worker starts. The README's production command
    runs ``collectstatic`` itself (an upgrade must refresh the manifest); this covers a server started without it."""
    if settings.DEBUG or (settings.STATIC_ROOT / "staticfiles.json").exists():
        return
    server.log.warning("No static files manifest in %s: running collectstatic first.", settings.STATIC_ROOT)
    subprocess.run(
        [sys.executable, str(settings.BASE_DIR / "manage.py"), "collectstatic", "--noinput", "-v", "0"],
        check=True,
        cwd=settings.BASE_DIR,
    )
