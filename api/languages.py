"""The signed-in user's saved language: it beats the language cookie and Accept-Language (issue 18).

LocaleMiddleware chooses from the cookie and the header before anyone is known; the user is known once DRF
authenticates the request, so the token and session authentication classes activate the saved language there
(api/authentication.py). It is then active while the view runs and when LocaleMiddleware writes
``Content-Language`` on the way out. Saving it (PATCH /api/v1/me/) also sets the language cookie, so the pages of
that browser follow without a lookup per request.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.utils import translation


def supported_languages() -> list[str]:
    return [code for code, _name in settings.LANGUAGES]


def saved_language(user: Any) -> str:
    """The user's saved language code, or "" (anonymous, none saved, or a language no longer offered)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return ""
    try:
        language = user.preferences.language
    except Exception:  # RelatedObjectDoesNotExist: nothing saved yet
        return ""
    return language if language in supported_languages() else ""


def activate_saved_language(request: Any, user: Any) -> None:
    language = saved_language(user)
    if language:
        translation.activate(language)
        request.LANGUAGE_CODE = language


SESSION_KEY = "saved_language"


def activate_session_language(request: Any, user: Any) -> None:
    """The saved language of a session's user (a Django request), read from the database once per session and then
    kept in it."""
    if SESSION_KEY not in request.session:
        request.session[SESSION_KEY] = saved_language(user)  # saved with the session on the way out
    language = request.session[SESSION_KEY]
    if language in supported_languages():
        translation.activate(language)
        request.LANGUAGE_CODE = language
