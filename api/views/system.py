"""Health, sign-in and "who am I"."""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.core.cache import cache
from django.db import connection
from django.utils import translation
from django.utils.translation import get_language_from_request
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.parsers import FormParser
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

import scorekeeper
from api.authentication import TokenAuthentication, token_issue, token_revoke
from api.languages import SESSION_KEY, language_save, saved_language
from api.parsers import BoundedJSONParser
from api.sign_in import SignInSerializer, signed_in_user
from api.throttling import SignInRateThrottle
from games.models import Membership
from games.selectors.access import signed_in
from scorekeeper.celery import app as celery_app
from web.error_body import ErrorSerializer

logger = logging.getLogger(__name__)


def redis_status() -> str:
    if not settings.REDIS_URL:
        return "not_configured"
    import redis

    try:
        _redis(settings.REDIS_URL).ping()
    except redis.RedisError:
        return "down"
    return "ok"


def _redis(url: str) -> Any:
    """A client on the process's one capped pool (scorekeeper/redis_pool.py): a client per health check left a
    connection open per check until the collector came by (63 held after a minute of checks, bench/live.py)."""
    from scorekeeper.redis_pool import client

    return client(url)


WORKERS_CACHE_KEY = "health:workers"


def workers_status(redis: str) -> str:
    """ "ok" when a Celery worker answers a ping, "none" when none does (or Redis is down: none can be reached),
    "not_configured" without a broker (jobs run in the web process). The answer is kept a few seconds, so that
    health checks cost one ping, bounded in time, however often they come."""
    if not settings.REDIS_URL or celery_app.conf.task_always_eager:
        return "not_configured"
    if redis != "ok":
        return "none"
    try:
        return str(cache.get_or_set(WORKERS_CACHE_KEY, _ping_workers, settings.HEALTH_WORKERS_CACHE_SECONDS))
    except Exception:  # health must answer whatever the queue does; the log says why
        logger.warning("Health could not ask the workers", exc_info=True)
        return "none"


def _ping_workers() -> str:
    # limit=1: the first answer ends the wait, so only "none" takes the whole timeout. The connection's own timeouts
    # bound the rest, so a Redis that stops answering half-way cannot hold the health check.
    wait = settings.HEALTH_WORKERS_TIMEOUT_SECONDS
    bounded = {"socket_connect_timeout": 1, "socket_timeout": wait + 1, "max_retries": 0}
    with celery_app.connection_for_write(transport_options=bounded) as broker:
        replies = celery_app.control.ping(timeout=wait, limit=1, connection=broker)
    return "ok" if replies else "none"


def database_status() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except Exception:  # any driver error means the database is not usable
        return "down"
    return "ok"


class HealthView(APIView):
    permission_classes = [AllowAny]
    authentication_classes: list[type] = []
    throttle_classes: list[type] = []  # a load balancer's probe is never refused

    @extend_schema(
        summary="Is the service up?",
        responses=inline_serializer(
            "Health",
            {
                "database": serializers.ChoiceField(choices=["ok", "down"]),
                "redis": serializers.ChoiceField(choices=["ok", "not_configured", "down"]),
                "workers": serializers.ChoiceField(
                    choices=["ok", "none", "not_configured"],
                    help_text=("Whether a Celery worker answers: with none, exports and webhooks wait in the queue."),
                ),
                "version": serializers.CharField(),
            },
        ),
    )
    def get(self, request: Request) -> Response:
        redis = redis_status()
        body = {
            "database": database_status(),
            "redis": redis,
            "workers": workers_status(redis),
            "version": scorekeeper.__version__,
        }
        return Response(body, status=200 if body["database"] == "ok" else 503)


SIGN_IN_ERRORS = {
    429: OpenApiResponse(
        ErrorSerializer,
        description=(
            "throttled (too many attempts from this address) or sign_in_locked (too many failed sign-ins for this "
            "account or address); retry after extra.retry_after_seconds (also the Retry-After header)."
        ),
    )
}


class SignOutQuery(serializers.Serializer[Any]):
    all = serializers.BooleanField(default=False, help_text="Sign out everywhere: every token of the account.")


class TokenView(APIView):
    """Sign in for a new token (POST), sign this token or all of the account's tokens out (DELETE)."""

    parser_classes = [BoundedJSONParser, FormParser]
    throttle_scope = "auth"

    def get_authenticators(self) -> list[Any]:
        # Signing in needs no credentials, and a stale token a client still sends must not stop a new sign-in.
        # (The schema generator asks before it has a request.)
        return [] if getattr(self.request, "method", None) == "POST" else [TokenAuthentication()]

    def get_permissions(self) -> list[Any]:
        return [AllowAny()] if self.request.method == "POST" else [IsAuthenticated()]

    def get_throttles(self) -> list[Any]:
        return [SignInRateThrottle()] if self.request.method == "POST" else []

    @extend_schema(
        summary="Sign in: a new token for this device",
        request=SignInSerializer,
        responses={
            200: inline_serializer("Token", {"token": serializers.CharField(), "expiry": serializers.DateTimeField()}),
            **SIGN_IN_ERRORS,
        },
    )
    def post(self, request: Request) -> Response:
        user = signed_in_user(request)
        stored, token = token_issue(user=user)
        user_logged_in.send(sender=type(user), request=request, user=user)
        return Response({"token": token, "expiry": serializers.DateTimeField().to_representation(stored.expiry)})

    @extend_schema(
        summary="Sign out: revoke this token, or with ?all=true every token of the account",
        parameters=[SignOutQuery],
        request=None,
        responses={204: None},
    )
    def delete(self, request: Request) -> Response:
        query = SignOutQuery(data=request.query_params)
        query.is_valid(raise_exception=True)
        token_revoke(token=request.auth, everywhere=query.validated_data["all"])
        return Response(status=204)


class LanguagePreferenceInput(serializers.Serializer[Any]):
    # "" clears the saved language: the cookie or Accept-Language decide again.
    language = serializers.ChoiceField(choices=[("", "none"), *settings.LANGUAGES], allow_blank=True)


ME_RESPONSE = inline_serializer(
    "Me",
    {
        "id": serializers.IntegerField(),
        "username": serializers.CharField(),
        "language": serializers.CharField(help_text='The saved language (en, et, fa, hu), or "" for none.'),
        "players": serializers.ListField(child=serializers.IntegerField()),
        "clubs": serializers.ListField(child=serializers.DictField()),
    },
)


class MeView(APIView):
    @extend_schema(
        summary="The signed-in user, their saved language, their player records and their clubs", responses=ME_RESPONSE
    )
    def get(self, request: Request) -> Response:
        return Response(self._me(signed_in(request.user)))

    @extend_schema(
        summary="Save the signed-in user's language: it beats Accept-Language and the language cookie",
        request=LanguagePreferenceInput,
        responses={200: ME_RESPONSE, 400: ErrorSerializer},
    )
    def patch(self, request: Request) -> Response:
        data = LanguagePreferenceInput(data=request.data)
        data.is_valid(raise_exception=True)
        language = data.validated_data["language"]
        user = signed_in(request.user)
        user.preferences = language_save(user, language)  # the reverse one-to-one, set for _me
        if not isinstance(request.successful_authenticator, TokenAuthentication):
            request.session[SESSION_KEY] = language  # the pages of this session follow at once
        translation.activate(language or get_language_from_request(request._request))
        response = Response(self._me(user))
        if language:  # the pages of this browser follow (Django's own language cookie, as /i18n/setlang/ sets)
            response.set_cookie(
                settings.LANGUAGE_COOKIE_NAME, language, max_age=settings.LANGUAGE_COOKIE_AGE, samesite="Lax"
            )
        else:
            response.delete_cookie(settings.LANGUAGE_COOKIE_NAME)
        return response

    @staticmethod
    def _me(user: Any) -> dict[str, Any]:
        clubs = Membership.objects.filter(user_id=user.pk).values("club", "role")
        return {
            "id": user.pk,
            "username": user.get_username(),
            "language": saved_language(user),
            "players": list(user.players.values_list("pk", flat=True)),
            "clubs": [{"club": item["club"], "role": item["role"]} for item in clubs],
        }
