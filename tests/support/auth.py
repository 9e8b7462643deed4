"""API clients signed in as a given user, with a token as signing in would give."""

from __future__ import annotations

from typing import Any

from knox.models import AuthToken
from rest_framework.test import APIClient


def token_for(user: Any) -> str:
    """A new API token for ``user``, as signing in would give."""
    _, token = AuthToken.objects.create(user=user)
    value: str = token
    return value


def client_for(user: Any) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token_for(user)}")
    return client
