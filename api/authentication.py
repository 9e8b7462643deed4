"""API tokens: ``Authorization: Token <token>``, one token per sign-in (django-rest-knox keeps only a hash of it).

A token expires ``AUTH_TOKEN_TTL_HOURS`` after it was last used (knox's AUTO_REFRESH slides the expiry forward), is
revoked by ``DELETE /auth/token/``, and only the newest ``AUTH_TOKENS_PER_USER`` of an account are kept.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext_lazy
from knox.auth import TokenAuthentication as KnoxTokenAuthentication
from knox.crypto import hash_token
from knox.models import AuthToken
from knox.settings import knox_settings
from rest_framework import authentication
from rest_framework.authentication import get_authorization_header
from rest_framework.exceptions import AuthenticationFailed
from rest_framework.request import Request

from api.languages import activate_saved_language, activate_session_language

SCHEME = "Token"
# Lazy: DRF reads each when it is raised, in the request's language.
WRONG_SCHEME = gettext_lazy(
    "Send the token as 'Authorization: Token <token>'; no other scheme (such as Bearer) is accepted."
)
INVALID = gettext_lazy("Invalid token.")
EXPIRED = gettext_lazy("This token has expired; sign in again (POST /api/v1/auth/token/) for a new one.")


class TokenAuthentication(KnoxTokenAuthentication):
    def authenticate(self, request: Request) -> tuple[Any, AuthToken] | None:
        header = get_authorization_header(request).split()
        if header and header[0].lower() != SCHEME.lower().encode():
            raise AuthenticationFailed(WRONG_SCHEME)
        authenticated: tuple[Any, AuthToken] | None = super().authenticate(request)
        if authenticated is not None:  # now the user is known: their saved language beats Accept-Language
            activate_saved_language(request, authenticated[0])
        return authenticated

    def authenticate_credentials(self, key: bytes) -> tuple[Any, AuthToken]:
        """Knox's check, except that an expired token says so instead of "Invalid token"."""
        try:
            token = key.decode()
        except UnicodeDecodeError:
            raise AuthenticationFailed(INVALID) from None
        stored = AuthToken.objects.select_related("user", "user__preferences").filter(digest=hash_token(token)).first()
        if stored is None:
            raise AuthenticationFailed(INVALID)
        if stored.expiry is not None and stored.expiry < timezone.now():
            stored.delete()
            raise AuthenticationFailed(EXPIRED)
        if knox_settings.AUTO_REFRESH and stored.expiry:
            self.renew_token(stored)
        validated: tuple[Any, AuthToken] = self.validate_user(stored)
        return validated


class SessionAuthentication(authentication.SessionAuthentication):
    """DRF's, and then the signed-in user's saved language beats the cookie and Accept-Language (the session is
    read by then, so this costs no query but the first of a session)."""

    def authenticate(self, request: Request) -> tuple[Any, None] | None:
        authenticated = super().authenticate(request)
        if authenticated is not None:
            activate_session_language(request._request, authenticated[0])
        return authenticated


def token_issue(*, user: Any) -> tuple[AuthToken, str]:
    """A new token for a new sign-in. The account's expired tokens go (here rather than on every request, as knox
    does, to save a query per request), and so do its oldest beyond the limit."""
    AuthToken.objects.filter(user=user, expiry__lt=timezone.now()).delete()
    stored, token = AuthToken.objects.create(user=user)
    surplus = (
        AuthToken.objects.filter(user=user)
        .order_by("-created")
        .values_list("pk", flat=True)[settings.AUTH_TOKENS_PER_USER :]
    )
    AuthToken.objects.filter(pk__in=list(surplus)).delete()
    return stored, token


def token_revoke(*, token: AuthToken, everywhere: bool) -> None:
    """Sign out: ``token`` stops working, or with ``everywhere`` every token of its account."""
    if everywhere:
        AuthToken.objects.filter(user_id=token.user_id).delete()
    else:
        token.delete()
