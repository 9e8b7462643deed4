"""Every mutation writes one audit entry in the same transaction as the change itself."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser

from games.models import AuditEntry

_ABSENT = object()


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


def changed_parts(before: Any, after: Any) -> tuple[Any, Any]:
    """What differs between two JSON values: of two objects only the keys whose values differ, compared the same
    way down (a key one side lacks is left out of that side); any other two values whole."""
    if not (isinstance(before, dict) and isinstance(after, dict)):
        return before, after
    old: dict[str, Any] = {}
    new: dict[str, Any] = {}
    for key in dict.fromkeys([*before, *after]):
        was, now = before.get(key, _ABSENT), after.get(key, _ABSENT)
        if was == now:
            continue
        if was is not _ABSENT and now is not _ABSENT:
            was, now = changed_parts(was, now)
        if was is not _ABSENT:
            old[key] = was
        if now is not _ABSENT:
            new[key] = now
    return old, new


def result_changes(changed_deals: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A correction's later deals as its audit entry keeps them: each deal's number and only the parts of its
    result that changed. Whole results made a correction of deal 1 of a 2,001-deal match a 1.3 MB entry."""
    entries = []
    for deal in changed_deals:
        before, after = changed_parts(deal["before"], deal["after"])
        entries.append({"deal_number": deal["deal_number"], "before": before, "after": after})
    return entries
