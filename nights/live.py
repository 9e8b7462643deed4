"""A club night's live channel: the room (the director's page and the room display) hears every change of the night
on one channel, ``night:<event id>``, followed by each web process's one hub like a match's (table/hub.py).

Its tables' changes come there as an echo of each table's own live payload (games.events.add_live_echo): a deal
recorded, corrected or voided and an answer to a deal. The locked read of a deal post already says which night its
match belongs to (the ``night`` live field, read in the same query), so a deal costs no query more; an answer's
payload looks it up before commit (table/services.py). The night's own changes (a round drawn, undone or closed, an
entrant in or out) are published there by nights.services after commit. Every message only says "re-read": the room's
document is built once per version and cached (table/room.py), so a room of viewers costs one build per change.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import OuterRef, QuerySet, Subquery

from games.events import publish_on
from games.models import Match

ROOM_CHANGED = "night.room_changed"
# The live field the deal posts carry: the event id of the match's night table, None for any other match.
NIGHT_FIELD = "night"


def night_channel(event_id: int) -> str:
    return f"{settings.LIVE_CHANNEL_PREFIX}night:{event_id}"


def with_night(matches: QuerySet[Match]) -> QuerySet[Match]:
    """``matches`` with the event of each one's night table read in the same query (``night_event``)."""
    from nights.models import Table

    event = Table.objects.filter(match=OuterRef("pk")).values("round__event_id")[:1]
    return matches.annotate(night_event=Subquery(event))


def night_of(match: Match) -> int | None:
    if hasattr(match, "night_event"):
        return match.night_event  # type: ignore[no-any-return]
    return _night_of_match(match.pk)


def _night_of_match(match_id: int) -> int | None:
    from nights.models import Table

    return Table.objects.filter(match_id=match_id).values_list("round__event_id", flat=True).first()


def echo_channel(match_id: int, payload: dict[str, Any]) -> str | None:
    """The night channel that hears this match's live payload, or None for a match of no night (or a payload that
    does not say: each change's payload says it, read before commit, so publishing after it asks the database
    nothing)."""
    event_id = payload.get(NIGHT_FIELD)
    return None if event_id is None else night_channel(int(event_id))


def announce_room_change(event_id: int, what: str) -> None:
    """After commit, tell the night's room that ``what`` changed (a round drawn, undone or closed; an entrant)."""
    payload = {"event": ROOM_CHANGED, "night": event_id, "change": what}
    transaction.on_commit(lambda: publish_on(night_channel(event_id), payload))
