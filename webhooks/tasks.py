"""The Celery task that sends one delivery: a thin wrapper over webhooks/deliveries.py, retried with growing
delays. It keeps the name it had under exports (``exports.tasks.deliver_webhook``): tasks already queued carry it, and
the webhooks queue is routed by it (scorekeeper/settings.py)."""

from __future__ import annotations

from celery import shared_task

from webhooks import deliveries


# celery-types lists the time limits as whole seconds; Celery takes any number of seconds, as the timeout here is.
@shared_task(  # type: ignore[call-overload,untyped-decorator]
    bind=True,
    acks_late=True,
    ignore_result=True,
    name=deliveries.DELIVER_TASK,
    max_retries=deliveries.MAX_ATTEMPTS,
    soft_time_limit=deliveries.TIMEOUT_SECONDS * 2,
    time_limit=deliveries.TIMEOUT_SECONDS * 3,
)
def deliver_webhook(self, delivery_id: int) -> None:  # type: ignore[no-untyped-def]
    # In-process (no broker) there is no one to wait for a retry: one attempt, its outcome recorded.
    retry_in = deliveries.attempt_delivery(delivery_id, last_chance=bool(self.request.is_eager))
    if retry_in is not None:
        raise self.retry(countdown=retry_in)
