from django.apps import AppConfig


class WebhooksConfig(AppConfig):
    """Club webhooks: subscriptions, signed deliveries after commit, retries with back-off."""

    name = "webhooks"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from games.events import add_listener
        from webhooks.deliveries import enqueue_deliveries

        add_listener("webhooks", enqueue_deliveries)  # games announces; the club webhooks listen
