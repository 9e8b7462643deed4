"""OpenAPI generation that documents the error answers every endpoint can give, in the one error shape."""

from __future__ import annotations

from typing import Any

from drf_spectacular.authentication import SessionScheme
from drf_spectacular.contrib.knox_auth_token import KnoxTokenScheme
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from rest_framework.permissions import AllowAny

from web.error_body import ErrorSerializer

COMMON_ERRORS = {
    "400": "Refused: the request or a rule (code, detail, field say which).",
    "401": "not_authenticated: send Authorization: Token <token>.",
    "403": "permission_denied: you may read this but not change it.",
    "404": "not_found, also for a private match or club you cannot see.",
}
WRITE_ERRORS = {"413": "request_too_large: the body is over the limit."}
IDEMPOTENCY_ERRORS = {"409": "idempotency_key_reused: the Idempotency-Key was sent before with a different request."}
THROTTLED = "throttled: over this kind of request's rate (README); retry after Retry-After (extra.retry_after_seconds)."
PUBLIC_LINK_ERRORS = {"404": "not_found: no such link, or it was switched off."}
DEAL_WRITE_ERRORS = {
    "409": "correction_conflicts (a later deal would become illegal) or deal_voided.",
    "412": "stale_version: If-Match is not the current version; extra.match is the current match.",
    "428": "precondition_required: a correction needs If-Match.",
}


class TokenScheme(KnoxTokenScheme):
    """``Authorization: Token <token>`` (api/authentication.py, knox's tokens) in the schema's security schemes."""

    target_class = "api.authentication.TokenAuthentication"
    name = "tokenAuth"


class PageSessionScheme(SessionScheme):
    """The pages' session cookie (DRF's, which then applies the user's saved language: api/authentication.py)."""

    target_class = "api.authentication.SessionAuthentication"


IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    description="Any unique string: a retry with the same key gets the first answer and changes nothing more.",
)


class ScorekeeperAutoSchema(AutoSchema):
    def get_override_parameters(self) -> list[Any]:
        parameters = list(super().get_override_parameters())
        if self._accepts_idempotency_key():
            parameters.append(IDEMPOTENCY_KEY)
        return parameters

    def _accepts_idempotency_key(self) -> bool:
        action = getattr(self.view, "action", None)  # a viewset's; a plain view has none
        handler = getattr(self.view, action, None) if action else None
        handler = handler or getattr(self.view, self.method.lower(), None)
        return self.method == "POST" and getattr(handler, "accepts_idempotency_key", False)

    def _get_response_bodies(self, direction: Any = "response") -> dict[str, Any]:
        responses = super()._get_response_bodies(direction)
        for code, description in self._error_codes().items():
            if code not in responses:
                responses[code] = {
                    **self._get_response_for_code(ErrorSerializer, code, direction=direction),
                    "description": description,
                }
        return responses

    def _error_codes(self) -> dict[str, str]:
        public = any(isinstance(permission, AllowAny) for permission in self.view.get_permissions())
        codes = {"400": COMMON_ERRORS["400"]} if public else dict(COMMON_ERRORS)
        if public and getattr(self.view, "throttle_scope", None):
            codes["429"] = "throttled: too many attempts; retry after extra.retry_after_seconds."
        elif self.view.get_throttles():  # the rates by kind (scorekeeper/throttles.py)
            codes["429"] = THROTTLED
        if public and "{" in self.path:  # a link's token names the object: a wrong or revoked one is not found
            codes.update(PUBLIC_LINK_ERRORS)
        if self.method in ("POST", "PUT", "PATCH"):
            codes.update(WRITE_ERRORS)
        if self._accepts_idempotency_key():
            codes.update(IDEMPOTENCY_ERRORS)
        if "/deals/" in self.path and self.method in ("POST", "PUT", "DELETE"):
            codes.update(DEAL_WRITE_ERRORS)
        return codes
