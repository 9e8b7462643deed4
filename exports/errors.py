"""Refusals of this app, in the one error shape (api/exceptions.py maps every DomainError by its status and code)."""

from __future__ import annotations

from games.services.errors import DomainError, QueueUnavailable

__all__ = ["ImportRefused", "QueueUnavailable"]  # QueueUnavailable lives in games.services.errors, shared by webhooks


class ImportRefused(DomainError):
    """An interchange file that is malformed or inconsistent; ``field`` is the path of the first problem."""

    status_code = 400
    code = "import_invalid"
