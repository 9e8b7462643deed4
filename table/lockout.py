"""The page django-axes answers when a page sign-in (the table's login, the admin's) is locked. Kept apart from
table/views.py: axes imports it while Django runs its checks, before the API's modules are loaded."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from scorekeeper.clients import lockout_message
from scorekeeper.sign_in_locks import wait_seconds


def sign_in_locked_page(
    request: HttpRequest, original_response: HttpResponse | None = None, credentials: dict[str, Any] | None = None
) -> HttpResponse:
    """The API answers ``429 sign_in_locked`` itself (api/sign_in.py)."""
    return render(request, "table/locked_out.html", {"message": lockout_message(wait_seconds(request))}, status=429)
