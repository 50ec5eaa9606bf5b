"""British English formats: Django's, with the 24-hour clock the site's times use everywhere
(``FORMAT_MODULE_PATH``; German and French keep Django's own, already 24-hour)."""

from django.conf.locale.en_GB.formats import *  # noqa: F403

DATETIME_FORMAT = "j M Y H:i"
