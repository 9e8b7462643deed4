"""Domain errors raised by services. The API's one exception handler maps them (and RuleViolation) to HTTP."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from games.models import Match


class DomainError(Exception):
    status_code = 400
    code = "invalid"

    def __init__(self, detail: str, field: str | None = None, **extra: Any) -> None:
        super().__init__(detail)
        self.detail = detail
        self.field = field
        self.extra = extra


class StaleVersion(DomainError):
    """``If-Match`` named an older version: someone else changed the match first."""

    status_code = 412
    code = "stale_version"

    def __init__(self, match: Match, sent_version: int) -> None:
        super().__init__(
            f"The match changed since you loaded it (you have version {sent_version}, it is now at "
            f"version {match.version}). Reload the score and enter the deal again if it is still needed.",
            None,
            current_version=match.version,
        )
        self.match = match


class PreconditionRequired(DomainError):
    status_code = 428
    code = "precondition_required"


class CorrectionConflicts(DomainError):
    """Replaying the later deals on the corrected history made one of them illegal."""

    status_code = 409
    code = "correction_conflicts"


class DealVoided(DomainError):
    status_code = 409
    code = "deal_voided"


class InvalidInput(DomainError):
    """A request that is well-formed JSON but names something that cannot be used (a player id, a league)."""


class NotPermitted(DomainError):
    """The caller may see the match but not make this change."""

    status_code = 403
    code = "permission_denied"


class QueueUnavailable(DomainError):
    """The task queue (Redis) cannot take the job now; nothing was queued (scorekeeper/queue.py)."""

    status_code = 503
    code = "queue_unavailable"
