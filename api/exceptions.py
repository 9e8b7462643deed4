"""The one exception handler: every refusal becomes ``{code, detail, field, extra, errors}``.

Rules violations, domain errors and DRF's own errors (validation, authentication, permissions, 404, throttling,
malformed JSON) all arrive here; no view catches a domain error itself.
"""

from __future__ import annotations

import math
import sqlite3
import sys
from collections.abc import Iterator
from typing import Any

from django.conf import settings
from django.core.exceptions import ObjectDoesNotExist, PermissionDenied, RequestDataTooBig, SuspiciousOperation
from django.db import OperationalError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.urls import is_valid_path
from django.utils.translation import gettext
from django.views import defaults
from psycopg_pool import PoolTimeout
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import set_rollback

from games.errors import DomainError, NotFound, StaleVersion, error_body
from games.i18n.translation import localize
from games.rules.errors import RuleViolation
from games.rules.messages import Message, msg
from web.errors import RequestTooLarge, SignInLocked
from web.shapes import MatchSerializer

# SQLite's lock was held for the whole busy timeout: writes queue up, so a phone tries again after a short pause rather
# than after as long again.
SQLITE_BUSY_RETRY_AFTER_SECONDS = 5

# DRF exception class -> our stable code, where DRF's own code is not the one API.md names. The first class that
# matches names the code (so a subclass comes before its base).
DRF_CODES: dict[type[exceptions.APIException], str] = {
    SignInLocked: "sign_in_locked",
    exceptions.NotAuthenticated: "not_authenticated",
    exceptions.AuthenticationFailed: "not_authenticated",
    exceptions.PermissionDenied: "permission_denied",
    exceptions.NotFound: "not_found",
    exceptions.ParseError: "invalid",
    exceptions.ValidationError: "invalid",
    exceptions.Throttled: "throttled",
    exceptions.MethodNotAllowed: "method_not_allowed",
    exceptions.UnsupportedMediaType: "unsupported_media_type",
    exceptions.NotAcceptable: "not_acceptable",
}


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, NotFound):  # answered as every other 404 is: DRF's "Not found." unless it says more
        exc = exceptions.NotFound(localize(exc.detail) or None)
    if isinstance(exc, RuleViolation):
        return _respond(400, error_body(exc.code, localize(exc.detail), exc.field, exc.extra))
    if isinstance(exc, DomainError):
        # A message carried as a fact (correction_conflicts' rule_detail) is read by people too; values a client
        # switches on (codes, seats, suits) stay as they are.
        extra = {key: localize(value) if key.endswith("detail") else value for key, value in exc.extra.items()}
        if isinstance(exc, StaleVersion):
            extra["match"] = _match_resource(exc.match, context)
        response = _respond(exc.status_code, error_body(exc.code, localize(exc.detail), exc.field, extra))
        if "retry_after_seconds" in extra:  # a quota (429 job_quota_exceeded) says when to try again
            response["Retry-After"] = str(extra["retry_after_seconds"])
        return response
    if (busy := database_busy(exc)) is not None:
        detail, retry_after = busy
        set_rollback()
        return Response(
            error_body("database_busy", detail, None, {"retry_after_seconds": retry_after}),
            status=503,
            headers={"Retry-After": str(retry_after)},
        )
    if isinstance(exc, RequestDataTooBig):
        exc = RequestTooLarge(gettext("The request body is larger than the service accepts."))
    elif isinstance(exc, SuspiciousOperation):
        exc = exceptions.ParseError(gettext("The request could not be read."))
    elif isinstance(exc, (Http404, ObjectDoesNotExist)):
        exc = exceptions.NotFound()
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()
    if isinstance(exc, exceptions.APIException):
        return _drf_error(exc)
    return None


def _drf_error(exc: exceptions.APIException) -> Response:
    code = next((code for cls, code in DRF_CODES.items() if isinstance(exc, cls)), exc.default_code)
    if isinstance(exc, exceptions.ValidationError):
        errors = [{"code": code, "detail": localize(detail), "field": field} for field, detail in _flatten(exc.detail)]
        first = errors[0] if errors else {"code": code, "detail": gettext("The request is not valid."), "field": None}
        body = error_body(code, str(first["detail"]), first["field"], errors=errors or [first])
    else:
        body = error_body(code, localize(exc.detail) if isinstance(exc.detail, Message) else str(exc.detail), None)
    # DRF's Throttled (and SignInLocked) carry the wait; its stubs do not declare the attribute.
    wait = getattr(exc, "wait", None) if isinstance(exc, exceptions.Throttled) else None
    if wait is not None:
        body["extra"]["retry_after_seconds"] = int(wait)
    response = _respond(exc.status_code, body)
    if getattr(exc, "auth_header", None):
        response["WWW-Authenticate"] = exc.auth_header  # type: ignore[attr-defined]
    if wait is not None:
        response["Retry-After"] = str(int(wait))
    return response


def _flatten(detail: Any, path: str | None = None) -> Iterator[tuple[str | None, str]]:
    """DRF's nested error dicts and lists as (``players[2].name``, message) pairs."""
    if isinstance(detail, dict):
        for key, value in detail.items():
            if isinstance(key, int):  # a ListField reports its elements by index
                yield from _flatten(value, f"{path or ''}[{key}]")
            else:
                yield from _flatten(value, _join(path, None if key == "non_field_errors" else str(key)))
    elif isinstance(detail, list):
        if all(isinstance(item, str) for item in detail):
            for item in detail:
                yield path, str(item)
        else:
            for index, item in enumerate(detail):
                if item:
                    yield from _flatten(item, f"{path or ''}[{index}]")
    else:
        yield path, str(detail)


def _join(path: str | None, name: str | None) -> str | None:
    if name is None:
        return path
    return f"{path}.{name}" if path else name


def _respond(status_code: int, body: dict[str, Any]) -> Response:
    set_rollback()
    return Response(body, status=status_code)


def _match_resource(match: Any, context: dict[str, Any]) -> dict[str, Any]:
    return MatchSerializer(match, context={"request": context.get("request")}).data


def not_found_view(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """Django's own 404, for an address no route matches (``/api/v1/matches/abc/``): the error shape under /api/,
    Django's page elsewhere. Wired as ``handler404`` in the root URLconf."""
    if not request.path.startswith("/api/"):
        return defaults.page_not_found(request, exception)
    detail = gettext("There is nothing at this address.")
    if not request.path_info.endswith("/") and is_valid_path(f"{request.path_info}/"):
        detail = localize(
            msg(
                "There is nothing at this address; API addresses end with a slash: {address}",
                address=f"{request.path}/",
            )
        )
    return JsonResponse(error_body("not_found", detail, None), status=404)


def server_error_view(request: HttpRequest) -> HttpResponse:
    """Django's own 500, for an exception nothing answered (DEBUG off). A request that waited out the database (see
    ``database_busy``) outside the API's views (a page, a middleware) answers ``503 database_busy`` with
    ``Retry-After`` (in the error shape under /api/), so a client or a balancer tries again later. Wired as
    ``handler500`` in the root URLconf; Django calls it inside its ``except``, so the exception is at hand."""
    busy = database_busy(sys.exc_info()[1])
    if busy is None:
        return defaults.server_error(request)
    detail, retry_after = busy
    body = error_body("database_busy", detail, None, {"retry_after_seconds": retry_after})
    response: HttpResponse = (
        JsonResponse(body, status=503)
        if request.path.startswith("/api/")
        else HttpResponse(detail, status=503, content_type="text/plain; charset=utf-8")
    )
    response["Retry-After"] = str(retry_after)
    return response


def database_busy(exc: BaseException | None) -> tuple[str, int] | None:
    """The detail and the seconds to wait before trying again, for a request that waited out the database: the whole
    ``DATABASE_POOL_TIMEOUT`` for a pooled PostgreSQL connection, or the whole ``SQLITE_BUSY_TIMEOUT_SECONDS`` for
    SQLite's write lock (the embedded default, where one request writes at a time). An overloaded server, not a
    fault of the request: nothing was done. None for any other failure."""
    if _waited_out_the_pool(exc):
        detail = gettext("The server is busy: no database connection came free in time. Try again in a few seconds.")
        return detail, math.ceil(settings.DATABASE_POOL_TIMEOUT)
    if _waited_out_sqlite(exc):
        detail = gettext("The server is busy: the database stayed locked by other writes. Try again in a few seconds.")
        return detail, SQLITE_BUSY_RETRY_AFTER_SECONDS
    return None


def _waited_out_the_pool(exc: BaseException | None) -> bool:
    """True for psycopg's pool timeout, as raised or as Django's OperationalError wrapping it."""
    while exc is not None:
        if isinstance(exc, PoolTimeout):
            return True
        exc = exc.__cause__ if isinstance(exc, OperationalError) else None
    return False


def _waited_out_sqlite(exc: BaseException | None) -> bool:
    """True for SQLite's "database is locked" only (as Django's OperationalError wrapping sqlite3's): the lock was
    held by other writes for the whole busy timeout. Any other SQLite error (a full disk, a missing table) stays a
    500."""
    cause = exc.__cause__ if isinstance(exc, OperationalError) else None
    return isinstance(cause, sqlite3.OperationalError) and str(cause) == "database is locked"
