"""Every mutation writes one audit entry in the same transaction as the change itself."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser

from games.models import AuditEntry


def audit_record(*, actor: AbstractBaseUser | None, action: str, reason: str = "", before: Any = None,
                 after: Any = None, **targets: Any) -> AuditEntry:
    """``targets`` are the rows the change is about: ``match=``, ``club=``, ``league=``, ``player=``,
    ``deal_number=``."""
    return AuditEntry.objects.create(
        actor=actor if actor is not None and actor.is_authenticated else None,
        action=action,
        reason=reason,
        before=before,
        after=after,
        **targets,
    )
