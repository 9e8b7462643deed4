"""The signed-in user's saved language: it beats the language cookie and Accept-Language (issue 18).

LocaleMiddleware chooses from the cookie and the header before anyone is known. A page (session) user is known
after AuthenticationMiddleware (``UserLanguageMiddleware``); an API token user only once DRF authenticates the
request, so the token and session authentication classes activate it there (api/authentication.py). Either way
the language is active while the view runs and when LocaleMiddleware writes ``Content-Language`` on the way out.
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


def activate_session_language(request: Any) -> None:
    """The saved language of a session's user, read from the database once per session (then kept in it)."""
    if SESSION_KEY not in request.session:
        request.session[SESSION_KEY] = saved_language(request.user)
    language = request.session[SESSION_KEY]
    if language in supported_languages():
        translation.activate(language)
        request.LANGUAGE_CODE = language
