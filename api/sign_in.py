"""Signing in with a password, and the lock django-axes puts on an account or an address after too many failures.

This module is apart from api/authentication.py, which DRF imports while it loads its own views.
"""

from __future__ import annotations

from typing import Any

from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request

from api.errors import SignInLocked
from scorekeeper.clients import lockout_message, lockout_seconds


def signed_in_user(request: Request) -> Any:
    """The account the request's username and password sign in to, or the refusal: ``invalid`` (400), or
    ``sign_in_locked`` (429) once django-axes has locked the account or the client address."""
    serializer = AuthTokenSerializer(data=request.data, context={"request": request})
    if serializer.is_valid():
        return serializer.validated_data["user"]
    if getattr(request, "axes_locked_out", False):  # django-axes marks the request it refused
        raise SignInLocked(wait=lockout_seconds(), detail=lockout_message())
    raise ValidationError(serializer.errors)
