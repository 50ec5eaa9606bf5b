"""Through which door a change arrived: kept on every result version, answer and audit entry."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class Channel(models.TextChoices):
    """Through which door a change arrived."""

    PAGE = "page", _("Web page")
    API = "api", _("REST API")
    LIVE = "live", _("Live game")
    ADMIN = "admin", _("Admin")
    SYSTEM = "system", _("System")
