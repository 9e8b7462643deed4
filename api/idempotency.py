"""``Idempotency-Key`` for POSTs (deals use ``client_deal_id`` instead).

The first answer is stored with the change it made, in one transaction; the unique (user, key) constraint makes a
concurrent duplicate wait for the first and then roll back its own work, so a retried POST never acts twice and
always gets the first answer. A key reused for a different request is refused.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Callable
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import CharField
from rest_framework.request import Request
from rest_framework.response import Response

from api.models import IdempotentResponse
from games.errors import DomainError
from games.rules.messages import msg

HEADER = "Idempotency-Key"


class IdempotencyKeyReused(DomainError):
    status_code = 409
    code = "idempotency_key_reused"


def _fitting(value: str, column: str) -> str:
    """``value`` as stored in ``column``: itself when it fits, else its digest. A path can be any length
    (``/matches/000…0007/scorers/`` names match 7), and so can a key; a digest never collides where a cut might."""
    field = IdempotentResponse._meta.get_field(column)
    if isinstance(field, CharField) and len(value) <= (field.max_length or 0):
        return value
    return f"sha256:{hashlib.sha256(value.encode()).hexdigest()}"


def _request_hash(request: Request) -> str:
    return hashlib.sha256(json.dumps(request.data, sort_keys=True, default=str).encode()).hexdigest()


def _replay(stored: IdempotentResponse, request: Request) -> Response:
    if stored.endpoint != _fitting(request.path, "endpoint") or stored.request_hash != _request_hash(request):
        raise IdempotencyKeyReused(
            msg(
                "The Idempotency-Key {key!r} was used for a different request; use a new key for a new request.",
                key=request.headers[HEADER],
            ),
            None,
        )
    response = Response(stored.body, status=stored.status_code)
    response["Idempotent-Replayed"] = "true"
    return response


def idempotent(view_method: Callable[..., Response]) -> Callable[..., Response]:
    """Decorate a view's POST handler so that an ``Idempotency-Key`` makes retries safe."""

    @functools.wraps(view_method)
    def wrapper(self: Any, request: Request, *args: Any, **kwargs: Any) -> Response:
        key = request.headers.get(HEADER)
        if not key or not request.user.is_authenticated:
            return view_method(self, request, *args, **kwargs)
        key = _fitting(key, "key")
        stored = IdempotentResponse.objects.filter(user=request.user, key=key).first()
        if stored is not None:
            return _replay(stored, request)
        try:
            with transaction.atomic():
                response = view_method(self, request, *args, **kwargs)
                if response.status_code < 300:
                    IdempotentResponse.objects.create(
                        user=request.user,
                        key=key,
                        endpoint=_fitting(request.path, "endpoint"),
                        request_hash=_request_hash(request),
                        status_code=response.status_code,
                        body=response.data,
                    )
        except IntegrityError:
            stored = IdempotentResponse.objects.filter(user=request.user, key=key).first()
            if stored is None:  # not a duplicate key: the failure was the view's own
                raise
            return _replay(stored, request)
        return response

    wrapper.accepts_idempotency_key = True  # type: ignore[attr-defined]  # read by api.schema
    return wrapper
