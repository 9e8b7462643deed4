from django.apps import AppConfig


class NightsConfig(AppConfig):
    name = "nights"
    default_auto_field = "django.db.models.BigAutoField"
    verbose_name = "club nights"
