"""Domain errors raised by services and selectors. The API's one exception handler (api/exceptions.py) maps them (and
RuleViolation) to HTTP; the pages (table/) turn ``NotFound`` into their 404."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.rules.messages import msg

if TYPE_CHECKING:
    from games.models import Match


def error_body(
    code: str,
    detail: str,
    field: str | None,
    extra: dict[str, Any] | None = None,
    errors: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """The one error shape (API.md "Errors"), for the API's exception handler and the pages' streams alike."""
    first = {"code": code, "detail": detail, "field": field}
    return {**first, "extra": extra or {}, "errors": errors or [first]}


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
            msg(
                "The match changed since you loaded it (you have version {sent_version}, it is now at version "
                "{version}). Reload the score and enter the deal again if it is still needed.",
                sent_version=sent_version,
                version=match.version,
            ),
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


class NotFound(DomainError):
    """No such thing, or one the caller may not see: both answer 404, so a private match or club stays invisible."""

    status_code = 404
    code = "not_found"

    def __init__(self, detail: str = "", field: str | None = None, **extra: Any) -> None:
        super().__init__(detail, field, **extra)  # no detail: the API answers its usual "Not found."


class MatchClosed(DomainError):
    """The match's organiser cut it short (a club night's round closed, or its round's deals all played): it takes
    no new deal; corrections of its deals stay open."""

    status_code = 409
    code = "match_closed"


class NotSignedIn(DomainError):
    """A change asked for without an account (the API refuses such requests before a view runs)."""

    status_code = 401
    code = "not_authenticated"


class NotPermitted(DomainError):
    """The caller may see the match but not make this change."""

    status_code = 403
    code = "permission_denied"


class ImportRefused(DomainError):
    """An interchange file that is malformed or inconsistent; ``field`` is the path of the first problem."""

    status_code = 400
    code = "import_invalid"


class QueueUnavailable(DomainError):
    """The task queue (Redis) cannot take the job now; nothing was queued (scorekeeper/queue.py)."""

    status_code = 503
    code = "queue_unavailable"
