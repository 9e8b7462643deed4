"""Refusals of this app, in the one error shape (api/exceptions.py maps every DomainError by its status and code)."""

from __future__ import annotations

from games.errors import DomainError, ImportRefused

# ImportRefused (the importer's refusal) and QueueUnavailable (shared by webhooks) live in games/errors.py.
__all__ = ["ImportTooLarge", "JobQuotaExceeded"]


class ImportTooLarge(ImportRefused):
    """An import file holding more values than ``IMPORT_MAX_ITEMS``: refused while streamed, before it is decoded."""

    status_code = 413
    code = "import_too_large"


class JobQuotaExceeded(DomainError):
    """An account or a club has as many export and import jobs queued or running, or started this hour, as allowed;
    ``extra`` names the quota, its limit and ``retry_after_seconds`` (also the Retry-After header)."""

    status_code = 429
    code = "job_quota_exceeded"
