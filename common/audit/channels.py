"""Through which door a change arrived: kept on every result version, answer and audit entry."""

from django.db import models


class Channel(models.TextChoices):
    """Through which door a change arrived."""

    PAGE = "page", "Web page"
    API = "api", "REST API"
    LIVE = "live", "Live game"
    ADMIN = "admin", "Admin"
    SYSTEM = "system", "System"
