"""The domain errors, where services have always imported them from: they live in games/errors.py, so that
selectors (a ring below services) raise the same ones."""

from games.errors import (
    CorrectionConflicts,
    DealVoided,
    DomainError,
    ImportRefused,
    InvalidInput,
    NotFound,
    NotPermitted,
    NotSignedIn,
    PreconditionRequired,
    QueueUnavailable,
    StaleVersion,
)

__all__ = [
    "CorrectionConflicts",
    "DealVoided",
    "DomainError",
    "ImportRefused",
    "InvalidInput",
    "NotFound",
    "NotPermitted",
    "NotSignedIn",
    "PreconditionRequired",
    "QueueUnavailable",
    "StaleVersion",
]
