"""The public reads' rate (scorekeeper/throttles.py, ``API_PUBLIC_RATE`` per client address) on the spectators' page
and live stream, which are Django views, not DRF's: the same count as the shared board's JSON, and the same answer,
``429 throttled`` in the error shape with ``Retry-After``."""

from __future__ import annotations

import math

from django.http import HttpRequest, HttpResponse, JsonResponse
from rest_framework.exceptions import Throttled

from games.errors import error_body
from scorekeeper.throttles import PUBLIC, wait_for


def public_rate_refusal(request: HttpRequest) -> HttpResponse | None:
    """Count the request; None while within the rate, else the refusal to answer."""
    wait = wait_for(PUBLIC, request)
    if wait is None:
        return None
    seconds = max(1, math.ceil(wait))
    body = error_body("throttled", str(Throttled(wait=seconds).detail), None, {"retry_after_seconds": seconds})
    response = JsonResponse(body, status=429)
    response["Retry-After"] = str(seconds)
    return response
