"""The refusals of a request itself (too large, sign-in locked), as DRF exceptions the API's one handler
(api/exceptions.py) turns into the error shape; the exports' upload answers "too large" with the same. Kept apart
from the handler: the handler imports DRF's views, whose settings load api.parsers, which raises these."""

from __future__ import annotations

from django.utils.translation import gettext_lazy
from rest_framework import exceptions, status


class SignInLocked(exceptions.Throttled):
    """Too many failed sign-ins for an account or from an address (django-axes): refused until the lock ends."""

    default_detail = gettext_lazy(
        "Too many failed sign-ins for this account or from this address. Try again later, "
        "or ask an administrator to lift the lock."
    )
    default_code = "sign_in_locked"

    def __init__(self, wait: int | None, detail: str | None = None) -> None:
        super().__init__(detail=detail)  # without DRF's "Expected available in n seconds": the detail says it
        self.wait = wait


class RequestTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = gettext_lazy("The request body is too large.")
    default_code = "request_too_large"
