"""An event's language and time zone (its venue's): two settings of ``Tournament``.

The language is the room's (the projector, slips and cards) and that of e-mails to people who
chose none; the zone is the one every time of the event is shown in (stored times stay UTC).
``common.locale`` applies them.
"""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from common.locale import site_language, zone_names


def validate_time_zone(value: str) -> None:
    """Refuse a name that is not an IANA time zone this machine knows."""
    if value not in zone_names():
        raise ValidationError(
            _("%(value)s is not a time zone name: give one such as Europe/Berlin."),
            code="unknown_time_zone",
            params={"value": value},
        )


def default_time_zone() -> str:
    """A new event's zone: the site's ``TIME_ZONE``."""
    return settings.TIME_ZONE


def default_language() -> str:
    """A new event's language: the site's."""
    return site_language()


def event_language_field() -> models.CharField:
    """``Tournament.language``."""
    return models.CharField(
        _("language"),
        max_length=10,
        choices=settings.LANGUAGES,
        default=default_language,
        help_text=_(
            "The language of the projector, the slips and cards, and of e-mails to players who "
            "chose none."
        ),
    )


def event_time_zone_field() -> models.CharField:
    """``Tournament.time_zone``."""
    return models.CharField(
        _("time zone"),
        max_length=64,
        default=default_time_zone,
        validators=[validate_time_zone],
        help_text=_(
            "The venue's time zone (such as Europe/Berlin): every time of the event is shown in it."
        ),
    )
