"""The leagues app: ratings across events."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LeaguesConfig(AppConfig):
    name = "leagues"
    verbose_name = _("Leagues and ratings")
    default_auto_field = "django.db.models.BigAutoField"
