"""Lengths of time on the pages: ``{{ seconds|game_length }}`` -> "50 minutes", "50:30"."""

from django import template
from django.utils.translation import gettext, ngettext

from common.logic.durations import clock_text

register = template.Library()


@register.filter
def game_length(seconds) -> str:
    """A game length given in seconds, in minutes (or as a clock time when it has seconds)."""
    if seconds in (None, ""):
        return "-"
    total = int(seconds)
    if total % 60 == 0:
        minutes = total // 60
        return ngettext("%(count)d minute", "%(count)d minutes", minutes) % {"count": minutes}
    if total < 3600:
        return gettext("%(clock)s (minutes:seconds)") % {"clock": clock_text(total)}
    return gettext("%(clock)s (hours:minutes:seconds)") % {"clock": clock_text(total)}
