"""Refusals of this app, in the one error shape (api/exceptions.py maps every DomainError by its status and code)."""

from __future__ import annotations

from games.services.errors import DomainError


class QueueUnavailable(DomainError):
    """The task queue (Redis) cannot take the job now; nothing was queued."""

    status_code = 503
    code = "queue_unavailable"


class ImportRefused(DomainError):
    """An interchange file that is malformed or inconsistent; ``field`` is the path of the first problem."""

    status_code = 400
    code = "import_invalid"
