"""Signing in with a password, and the lock django-axes puts on an account or an address after too many failures.

This module is apart from api/authentication.py, which DRF imports while it loads its own views.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from rest_framework import serializers
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request

from scorekeeper.clients import lockout_message
from scorekeeper.sign_in_locks import wait_seconds
from web.errors import SignInLocked


def username_max_length() -> int:
    field = get_user_model()._meta.get_field(get_user_model().USERNAME_FIELD)
    return int(getattr(field, "max_length", None) or 150)


class SignInSerializer(AuthTokenSerializer):
    """DRF's, with the username bounded by the accounts' own limit: a longer one names no account, and checked before
    authenticating, django-axes never tries to record it (its column holds 255 characters)."""

    username = serializers.CharField(
        label=AuthTokenSerializer().fields["username"].label,
        write_only=True,
        max_length=username_max_length(),
    )


def signed_in_user(request: Request) -> Any:
    """The account the request's username and password sign in to, or the refusal: ``invalid`` (400), or
    ``sign_in_locked`` (429) once django-axes has locked the account or the client address."""
    serializer = SignInSerializer(data=request.data, context={"request": request})
    if serializer.is_valid():
        return serializer.validated_data["user"]
    if getattr(request, "axes_locked_out", False):  # django-axes marks the request it refused
        wait = wait_seconds(request)
        raise SignInLocked(wait=wait, detail=lockout_message(wait))
    raise ValidationError(serializer.errors)
