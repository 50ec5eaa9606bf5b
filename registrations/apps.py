"""The registrations app: the player's side of entering an event."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RegistrationsConfig(AppConfig):
    name = "registrations"
    verbose_name = _("Registrations")
    default_auto_field = "django.db.models.BigAutoField"
