from django.apps import AppConfig


class ExportsConfig(AppConfig):
    name = "exports"
    default_auto_field = "django.db.models.BigAutoField"
    verbose_name = "exports and imports"

    def ready(self) -> None:
        from exports import tasks  # noqa: F401  registers the tasks that exports.services and .imports queue by name
