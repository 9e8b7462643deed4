"""Who is asking, and how long they must wait: the client's real address for the sign-in throttle and django-axes
alike, and the message for a sign-in lock.

``X-Forwarded-For`` is written by whoever sends the request, so it only counts behind proxies we run: with
``TRUSTED_PROXY_COUNT`` = n, the client is the address the outermost of our n proxies saw (the n-th entry from the
right); anything further left was made up by the client. With 0 (the default) only the socket's address counts.
"""

from __future__ import annotations

import ipaddress
import math

from django.conf import settings
from django.http import HttpRequest
from django.utils.translation import gettext, ngettext


def client_address(request: HttpRequest) -> str:
    remote: str = request.META.get("REMOTE_ADDR", "")
    proxies = settings.TRUSTED_PROXY_COUNT
    forwarded = [entry.strip() for entry in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if entry.strip()]
    if proxies == 0 or not forwarded:
        return remote
    claimed: str = forwarded[-min(proxies, len(forwarded))]
    return claimed if _is_address(claimed) else remote  # a mangled header must not become a key (or a DB error)


def _is_address(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def lockout_message(seconds: int | None) -> str:
    """In the active language, for a lock that ends in ``seconds`` (None: when an administrator lifts it): the API's
    refusal and the locked-out page say it while answering the request."""
    if seconds is None:
        return gettext(
            "Too many failed sign-ins for this account or from this address. Ask an administrator to lift the lock."
        )
    minutes = max(1, math.ceil(seconds / 60))
    return ngettext(
        "Too many failed sign-ins for this account or from this address. Try again in {minutes} minute, or ask an "
        "administrator to lift the lock.",
        "Too many failed sign-ins for this account or from this address. Try again in {minutes} minutes, or ask an "
        "administrator to lift the lock.",
        minutes,
    ).format(minutes=minutes)
