"""The sign-in throttle, keyed by the client's real address (scorekeeper/clients.py decides it, for django-axes,
the live streams and this throttle alike)."""

from __future__ import annotations

from typing import Any

from rest_framework.throttling import ScopedRateThrottle

from scorekeeper.clients import client_address

__all__ = ["SignInRateThrottle"]


class SignInRateThrottle(ScopedRateThrottle):
    """DRF's scoped throttle (scope ``auth``, ``AUTH_THROTTLE_RATE``), keyed by the real client address."""

    def get_ident(self, request: Any) -> str:
        return client_address(request)
