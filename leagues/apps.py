"""The leagues app: ratings across events."""

from django.apps import AppConfig


class LeaguesConfig(AppConfig):
    name = "leagues"
    verbose_name = "Leagues and ratings"
    default_auto_field = "django.db.models.BigAutoField"
