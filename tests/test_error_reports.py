"""With DEBUG on, the error page lists the settings, the environment and each frame's variables: no password of a
broker, cache or database URL may be among them."""

from __future__ import annotations

import sys

import pytest
from django.test import RequestFactory, override_settings
from django.views.debug import technical_500_response

PASSWORD = "s3cret-pass"
REDIS = f"redis://:{PASSWORD}@cache.example:6379/0"


def error_page(accept: str) -> str:
    request = RequestFactory().get(
        "/api/v1/matches/",
        HTTP_ACCEPT=accept,
        REDIS_URL=REDIS,
        DATABASE_URL=f"postgres://scorekeeper:{PASSWORD}@db.example/scores",
    )
    broker = REDIS  # a frame's local variable, as in the Redis client's own frames
    try:
        raise ConnectionError(f"cannot reach {broker.rsplit('@', 1)[1]}")
    except ConnectionError:
        return technical_500_response(request, *sys.exc_info()).content.decode()


@pytest.mark.parametrize("accept", ["text/html", "text/plain"])
@override_settings(
    DEBUG=True,
    REDIS_URL=REDIS,
    CELERY_BROKER_URL=REDIS,
    CELERY_RESULT_BACKEND=REDIS,
    SCOREKEEPER_CACHE={"LOCATION": REDIS},
)
def test_the_debug_error_page_hides_the_passwords_of_urls(accept: str) -> None:
    page = error_page(accept)
    assert "REDIS_URL" in page and "CELERY_BROKER_URL" in page and "cannot reach cache.example:6379/0" in page
    assert PASSWORD not in page
