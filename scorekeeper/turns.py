"""Work handed to the queue in turns: rows wait in the database, and only a bounded number per lane (a club, an
account) is handed to Celery at a time; when one finishes, the lane's next goes. One lane's flood then waits behind
its own work only, and the queue never holds more than the bounds allow. Club webhooks' deliveries
(webhooks/deliveries.py) and export and import jobs (exports/dispatch.py) are handed out so.

A hand-out runs in its own transaction that first locks the lane's row(s), so two at once (two web processes, two
workers) count one after the other and never both take the last slot; it queues the tasks after that commits.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from django.db import models, transaction

from games.errors import QueueUnavailable
from scorekeeper.queue import enqueue


def lock_rows(rows: models.QuerySet) -> None:  # type: ignore[type-arg]
    """Lock ``rows`` until the transaction ends, in the order of their keys (two lockers never wait for each other)."""
    list(rows.select_for_update().order_by("pk").values_list("pk", flat=True))


def free_slots(bound: int, in_flight: models.QuerySet) -> int:  # type: ignore[type-arg]
    return max(0, bound - in_flight.count())


def oldest(waiting: models.QuerySet, count: int) -> list[int]:  # type: ignore[type-arg]
    """The keys of the ``count`` oldest waiting rows (by key: the order they were recorded in)."""
    if count <= 0:
        return []
    return list(waiting.order_by("pk").values_list("pk", flat=True)[:count])


def hand_out(
    task: str, take_turns: Callable[[], Iterable[int]], unreachable: Callable[[int], None]
) -> dict[int, QueueUnavailable]:
    """Queue ``task`` for each key ``take_turns`` marks handed out (it runs in its own transaction). A key the broker
    cannot take is given to ``unreachable`` (which marks its row failed); returns those keys, with why."""
    with transaction.atomic():
        turns = list(take_turns())
    failed: dict[int, QueueUnavailable] = {}
    for key in turns:
        try:
            enqueue(task, key)
        except QueueUnavailable as error:
            unreachable(key)
            failed[key] = error
    return failed
