from django.apps import AppConfig


class TableConfig(AppConfig):
    """The live table: phone pages, the live scoreboard, confirmations and disputes by the opponents."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "table"

    def ready(self) -> None:
        from games.events import add_live_field
        from table.selectors import board_etag, match_with_answers_count

        # A page that already has this board skips the re-read; the answers it counts are read with the match.
        add_live_field("etag", board_etag, match_with_answers_count)
