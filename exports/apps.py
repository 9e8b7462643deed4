from django.apps import AppConfig


class ExportsConfig(AppConfig):
    name = "exports"
    default_auto_field = "django.db.models.BigAutoField"
    verbose_name = "exports, imports and webhooks"

    def ready(self) -> None:
        from exports.webhooks import enqueue_deliveries
        from games.events import add_listener

        add_listener("webhooks", enqueue_deliveries)  # games announces; the club webhooks listen
