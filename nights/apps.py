from django.apps import AppConfig


class NightsConfig(AppConfig):
    name = "nights"
    default_auto_field = "django.db.models.BigAutoField"
    verbose_name = "club nights"

    def ready(self) -> None:
        from games.events import add_live_echo, add_live_field
        from nights.live import NIGHT_FIELD, echo_channel, night_of, with_night

        # A table's change reaches its night's room too; the deal post reads which night in its locked read.
        add_live_field(NIGHT_FIELD, night_of, with_night)
        add_live_echo("night_room", echo_channel)
