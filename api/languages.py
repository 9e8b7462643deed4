"""The signed-in user's saved language: it beats the language cookie and Accept-Language (issue 18).

LocaleMiddleware chooses from the cookie and the header before anyone is known; the user is known once DRF
authenticates the request, so the token and session authentication classes activate the saved language there
(api/authentication.py). It is then active while the view runs and when LocaleMiddleware writes
``Content-Language`` on the way out. Saving it (PATCH /api/v1/me/) also sets the language cookie, so the pages of
that browser follow without a lookup per request.
"""

from __future__ import annotations

from inspect import iscoroutinefunction
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.views.decorators.http import require_POST
from django.views.i18n import set_language as django_set_language


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


class SavedLanguageMiddleware:
    """The pages' side of the same rule: before a page's view (anything outside /api/, whose authentication classes
    do it), a signed-in user's saved language beats the cookie and Accept-Language, read once per session. After
    AuthenticationMiddleware. An async view (the live event streams) is left alone: it reads the session on a
    connection it closes before it waits (table/live.py), and this middleware's thread would keep one open."""

    def __init__(self, get_response: Any) -> None:
        self.get_response = get_response

    def __call__(self, request: Any) -> Any:
        return self.get_response(request)

    def process_view(self, request: Any, view_func: Any, view_args: Any, view_kwargs: Any) -> None:
        if (
            request.path.startswith("/api/")
            or iscoroutinefunction(view_func)
            or settings.SESSION_COOKIE_NAME not in request.COOKIES
        ):
            return
        if request.user.is_authenticated:
            activate_session_language(request, request.user)


def language_save(user: Any, language: str) -> Any:
    """Save the user's language ("" clears it): the API's PATCH /me/ and the pages' language picker."""
    from api.models import UserPreferences  # the models load after this module, which the settings name

    preferences, _ = UserPreferences.objects.update_or_create(user=user, defaults={"language": language})
    return preferences


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """The pages' language picker (POST /i18n/setlang/ {language, next}): Django's set_language (the language
    cookie, then back to ``next``), and for a signed-in user their saved language too, which would otherwise beat
    the new cookie (the same as PATCH /api/v1/me/)."""
    language = request.POST.get("language", "")
    if language in supported_languages() and request.user.is_authenticated:
        language_save(request.user, language)
        request.session[SESSION_KEY] = language
    return django_set_language(request)
