"""Who may try a password, decided from django-axes' record of failed sign-ins (its "Access attempts"): locks that
stop the one guessing, not the account's owner.

- The pair of account and address is locked after ``SIGN_IN_FAILURE_LIMIT`` (axes' ``AXES_FAILURE_LIMIT``) failures;
  the owner signing in from another address is not.
- An address is locked after ``SIGN_IN_ADDRESS_FAILURE_LIMIT`` failures whatever the accounts (one trying many), and
  an account after ``SIGN_IN_ACCOUNT_FAILURE_LIMIT`` failures whatever the addresses (many trying one); neither
  applies to an address the account has signed in from before (axes' "Access logs").
- None applies to a device the account signed in on before: a signed cookie (OWASP's "device cookie") set by each
  successful sign-in, trusted until ``SIGN_IN_FAILURE_LIMIT`` failures are made with it.
- A lock lasts ``SIGN_IN_LOCKOUT_MINUTES`` from the failure that set it, twice that from the next failure after it
  ends, and so on up to ``SIGN_IN_LOCKOUT_MAX_MINUTES``. Attempts during a lock are refused without being recorded,
  so they never restart it (``AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False``). Failures are forgotten
  ``SIGN_IN_FAILURES_KEPT_HOURS`` after the latest one.
"""

from __future__ import annotations

import json
import math
import secrets
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_username
from axes.models import AccessAttempt, AccessLog
from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.core.cache import cache
from django.db.models import Max, QuerySet, Sum
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

DEVICE_COOKIE = "sk_device"
DEVICE_SALT = "scorekeeper.sign-in-device"
SIGNED_IN_DEVICE = "sign_in_device_for"  # request attribute: the account a successful sign-in was for
LOCK_WAIT = "sign_in_wait"  # request attribute: seconds until the lock found ends, None for until lifted


class SignInLockHandler(AxesDatabaseHandler):
    """axes' database handler (it records every failure and success) with the locks above."""

    def is_locked(self, request: Any, credentials: dict[str, Any] | None = None) -> bool:
        wait = lock_wait(request, get_client_username(request, credentials))
        setattr(_http_request(request), LOCK_WAIT, wait)
        return wait is None or wait > 0

    def get_failures(self, request: Any, credentials: dict[str, Any] | None = None) -> int:
        """axes compares this with AXES_FAILURE_LIMIT after recording a failure: the limit when a lock now holds."""
        limit: int = settings.AXES_FAILURE_LIMIT
        return limit if self.is_locked(request, credentials) else 0

    def clean_expired_user_attempts(self, request: Any = None, credentials: dict[str, Any] | None = None) -> int:
        count: int
        count, _ = AccessAttempt.objects.filter(attempt_time__lt=timezone.now() - _kept()).delete()
        return count

    def user_login_failed(self, sender: Any, credentials: dict[str, Any], request: Any = None, **kwargs: Any) -> None:
        if request is not None and not getattr(request, "axes_locked_out", False):
            _count_device_failure(request, get_client_username(request, credentials))
        super().user_login_failed(sender, credentials, request, **kwargs)


def lock_wait(request: Any, username: str | None) -> float | None:
    """Seconds until this request's sign-in may be tried (0: now), or None: locked until an administrator lifts it."""
    if username is not None and trusted_device(request, username):
        return 0
    now = getattr(request, "axes_attempt_time", None) or timezone.now()
    address = request.axes_ip_address
    recent = AccessAttempt.objects.filter(attempt_time__gte=now - _kept())
    pair = _wait(recent.filter(username=username, ip_address=address), settings.AXES_FAILURE_LIMIT, now)
    if pair != 0 or _signed_in_before(username, address):
        return pair
    by_address = _wait(recent.filter(ip_address=address), settings.SIGN_IN_ADDRESS_FAILURE_LIMIT, now)
    if by_address != 0:
        return by_address
    return _wait(recent.filter(username=username), settings.SIGN_IN_ACCOUNT_FAILURE_LIMIT, now)


def lock_length(failures_beyond_limit: int) -> timedelta | None:
    """The lock the limit's failure sets, doubled by each failure after one ends, at most the cap (None: no end)."""
    if not settings.SIGN_IN_LOCKOUT_MINUTES:
        return None
    doublings = min(failures_beyond_limit, 32)  # the cap is reached long before; keeps the number small
    minutes = min(settings.SIGN_IN_LOCKOUT_MINUTES * 2**doublings, settings.SIGN_IN_LOCKOUT_MAX_MINUTES)
    return timedelta(minutes=minutes)


def _wait(attempts: QuerySet[AccessAttempt], limit: int, now: datetime) -> float | None:
    if not limit:
        return 0
    found = attempts.aggregate(failures=Sum("failures_since_start"), latest=Max("attempt_time"))
    if (found["failures"] or 0) < limit:
        return 0
    length = lock_length(found["failures"] - limit)
    if length is None:
        return None
    seconds: float = (found["latest"] + length - now).total_seconds()
    return max(0.0, seconds)


def _signed_in_before(username: str | None, address: str) -> bool:
    return bool(username) and AccessLog.objects.filter(username=username, ip_address=address).exists()


def _kept() -> timedelta:
    return timedelta(hours=settings.SIGN_IN_FAILURES_KEPT_HOURS)


def wait_seconds(request: Any) -> int | None:
    """The lock's wait for this request in whole seconds (rounded up), None when it has no end."""
    wait = getattr(_http_request(request), LOCK_WAIT, None)
    return None if wait is None else math.ceil(wait)


# Device cookies


def trusted_device(request: Any, username: str) -> bool:
    """The request carries the cookie of a successful sign-in to this account, not yet used for too many failures."""
    device = _device(request)
    return device is not None and device[1] == username and _device_failures(device[0]) < settings.SIGN_IN_FAILURE_LIMIT


def _device(request: Any) -> tuple[str, str] | None:
    raw = _http_request(request).get_signed_cookie(
        DEVICE_COOKIE, default=None, salt=DEVICE_SALT, max_age=timedelta(days=settings.SIGN_IN_DEVICE_COOKIE_DAYS)
    )
    try:
        nonce, username = json.loads(raw) if raw else (None, None)
    except (ValueError, TypeError):
        return None
    return (nonce, username) if isinstance(nonce, str) and isinstance(username, str) else None


def _device_key(nonce: str) -> str:
    return f"sign-in-device-failures:{nonce}"


def _device_failures(nonce: str) -> int:
    return int(cache.get(_device_key(nonce), 0))


def _count_device_failure(request: Any, username: str | None) -> None:
    device = _device(request)
    if device is None or device[1] != username:
        return
    key = _device_key(device[0])
    cache.add(key, 0, timeout=int(_kept().total_seconds()))
    try:
        cache.incr(key)
    except ValueError:  # expired between the two calls
        cache.set(key, 1, timeout=int(_kept().total_seconds()))


def remember_device(sender: Any, request: Any = None, user: Any = None, **kwargs: Any) -> None:
    """On ``user_logged_in``: the response to this request sets the account's device cookie (the middleware)."""
    if request is not None and user is not None:
        setattr(_http_request(request), SIGNED_IN_DEVICE, user.get_username())


class DeviceCookieMiddleware:
    """Sets the device cookie on the response to a successful sign-in (page or API)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        username = getattr(request, SIGNED_IN_DEVICE, None)
        if username is not None:
            response.set_signed_cookie(
                DEVICE_COOKIE,
                json.dumps([secrets.token_urlsafe(16), username]),
                salt=DEVICE_SALT,
                max_age=settings.SIGN_IN_DEVICE_COOKIE_DAYS * 24 * 3600,
                secure=settings.SESSION_COOKIE_SECURE,
                httponly=True,
                samesite="Lax",
            )
        return response


def _http_request(request: Any) -> HttpRequest:
    """Django's request under DRF's (attributes set on DRF's wrapper do not reach the middleware)."""
    django_request: HttpRequest = getattr(request, "_request", request)
    return django_request


# Connected when the middleware (or axes, for the handler) first imports this module, before any sign-in.
user_logged_in.connect(remember_device, dispatch_uid="scorekeeper.sign_in_locks.remember_device")
