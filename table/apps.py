from django.apps import AppConfig


class TableConfig(AppConfig):
    """The live table: phone pages, the live scoreboard, confirmations and disputes by the opponents."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "table"
