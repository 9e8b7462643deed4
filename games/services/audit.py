"""Every mutation writes one audit entry in the same transaction as the change itself, except a deal's recording:
the deal row is its own entry (``MatchAuditLog`` reads both), so that recording a deal writes two rows, not four."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from django.contrib.auth.models import User
from django.db.models import F, IntegerField, QuerySet, Value

from games.models import AuditEntry, Deal, Match

_ABSENT = object()
RECORDED = "deal.recorded"
# Where an entry of the log comes from; at the same moment a recording comes before the entries about its deal.
_FROM_DEAL, _FROM_ENTRY = 0, 1


def audit_record(
    *, actor: User | None, action: str, reason: str = "", before: Any = None, after: Any = None, **targets: Any
) -> AuditEntry:
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
    # The keys of ``before`` in its order, then those only ``after`` has: one pass each, no list of both built (a
    # correction of deal 1 of a long match compares thousands of results, issue 28).
    for key, was in before.items():
        now = after.get(key, _ABSENT)
        if was == now:
            continue
        if now is _ABSENT:
            old[key] = was
            continue
        old[key], new[key] = changed_parts(was, now)
    for key, now in after.items():
        if key not in before:
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


class MatchAuditLog:
    """A match's audit log, oldest first: its AuditEntry rows, and the recording of each deal read from the deal row
    (deals recorded before that have an entry row of their own, ``recording_in_audit_log``). Counted and sliced
    like a queryset, in SQL, so a page of a long match reads that page's rows only."""

    def __init__(self, match: Match) -> None:
        self.entries = AuditEntry.objects.filter(match=match).order_by()
        self.recordings = Deal.objects.filter(match=match, recording_in_audit_log=False).order_by()

    def count(self) -> int:
        return self.entries.count() + self.recordings.count()

    def __getitem__(self, window: slice) -> list[AuditEntry]:
        keys = list(self._keys()[window])
        entries = self.entries.select_related("actor").in_bulk([pk for _, kind, pk in keys if kind == _FROM_ENTRY])
        deals = (
            self.recordings.select_related("recorded_by")
            .prefetch_related("revisions__created_by")
            .in_bulk([pk for _, kind, pk in keys if kind == _FROM_DEAL])
        )
        return [entries[pk] if kind == _FROM_ENTRY else recording_entry(deals[pk]) for _, kind, pk in keys]

    def __iter__(self) -> Iterator[AuditEntry]:
        return iter(self[0 : self.count()])

    def _keys(self) -> QuerySet[Any]:
        def keyed(rows: QuerySet[Any], at: str, kind: int) -> QuerySet[Any]:
            # django-stubs types an annotated queryset's values_list as Any: named here for the strict check.
            keys: QuerySet[Any] = rows.annotate(
                key_at=F(at), key_kind=Value(kind, output_field=IntegerField()), key_id=F("pk")
            ).values_list("key_at", "key_kind", "key_id")
            return keys

        return (
            keyed(self.recordings, "recorded_at", _FROM_DEAL)
            .union(keyed(self.entries, "at", _FROM_ENTRY), all=True)
            .order_by("key_at", "key_kind", "key_id")
        )


def recording_entry(deal: Deal) -> AuditEntry:
    """The audit entry of a deal's recording (unsaved): what was first recorded, by whom and when."""
    first = deal.revision_history()[0]
    return AuditEntry(
        at=deal.recorded_at,
        actor=deal.recorded_by,
        action=RECORDED,
        match_id=deal.match_id,
        deal_number=deal.number,
        after={"input": first.input, "result": first.result},
    )
