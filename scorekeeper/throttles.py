"""Rate limits on the API by kind of request, in the shared cache (Redis when configured, so every process counts
together): reads, writes, dry runs (validated like a write, stored nowhere), jobs (exports and imports asked for)
and public reads (the shared board, its page and stream, public standings: no account needed).

A signed-in request counts against its account, whichever token or session it comes with; a request without one,
and every public read, against its client address (scorekeeper/clients.py). Rates are API_<KIND>_RATE settings
(``settings.API_RATES``). Beyond a rate: ``429 throttled`` with ``Retry-After`` (the API's one exception handler),
the sign-in's own throttle and locks apart (api/throttling.py, scorekeeper/sign_in_locks.py).

Counted in fixed windows (one counter per kind, caller and window, raised with the cache's atomic ``incr``) rather
than DRF's default sliding log, which reads a list of up to N timestamps and writes it back on each request: parallel
requests can overwrite each other's counts, and a read rate of 600 would move 600 timestamps per request. A window
allows up to twice the rate across its edge, which is within a limit's purpose.
"""

from __future__ import annotations

import logging
import math
import time
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest
from redis.exceptions import RedisError
from rest_framework.permissions import SAFE_METHODS
from rest_framework.throttling import SimpleRateThrottle

from scorekeeper.clients import client_address

logger = logging.getLogger(__name__)

READ, WRITE, DRY_RUN, JOB, PUBLIC = "read", "write", "dry_run", "job", "public"
KINDS = (READ, WRITE, DRY_RUN, JOB, PUBLIC)
PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


class KindRateThrottle(SimpleRateThrottle):
    """The API's default throttle. A view names its own kinds per method in ``throttle_kinds`` (``{"POST": "job"}``);
    otherwise reads are ``read``, a ``?dry_run=true`` write is ``dry_run`` and any other write is ``write``."""

    def __init__(self) -> None:  # the rate depends on the request: it is read in allow_request, not here
        self.waiting: float | None = None

    def allow_request(self, request: Any, view: Any) -> bool:
        kind = getattr(view, "throttle_kinds", {}).get(request.method) or default_kind(request)
        self.waiting = wait_for(kind, request)
        return self.waiting is None

    def wait(self) -> float | None:
        return self.waiting


def default_kind(request: Any) -> str:
    if request.method in SAFE_METHODS:
        return READ
    dry_run = request.GET.get("dry_run", "").lower() in ("true", "1")
    return DRY_RUN if dry_run else WRITE


def wait_for(kind: str, request: HttpRequest) -> float | None:
    """Count this request against its kind's rate: None when it is within it, else the seconds until it would be."""
    limit, seconds = parse_rate(settings.API_RATES[kind])
    now = time.time()
    window = math.floor(now / seconds)
    key = f"throttle:{kind}:{caller(kind, request)}:{window}"
    try:
        count = _counted(key, seconds + 1)
    except (RedisError, OSError) as error:  # a counter store that is down refuses nobody (the fail-soft cache
        # stands in with memory; a plain Redis cache raises): the rate limits guard the service, they must not stop it
        logger.warning("Rate limit not counted (%s); the request goes through.", error)
        return None
    if count <= limit:
        return None
    return (window + 1) * seconds - now


def _counted(key: str, timeout: int) -> int:
    cache.add(key, 0, timeout=timeout)
    try:
        return int(cache.incr(key))
    except ValueError:  # the window's counter expired between the two calls
        cache.set(key, 1, timeout=timeout)
        return 1


def parse_rate(rate: str) -> tuple[int, int]:
    """``"120/min"`` as (120, 60): DRF's notation (the period's first letter: s, m, h or d), checked by settings.py."""
    count, period = rate.split("/")
    return int(count), PERIODS[period[0]]


def caller(kind: str, request: HttpRequest) -> str:
    user = getattr(request, "user", None)
    if kind != PUBLIC and user is not None and user.is_authenticated:
        return f"user:{user.pk}"
    return f"address:{client_address(request)}"
