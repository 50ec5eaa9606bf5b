"""``{% player_push_switch entrant %}`` and ``{% staff_push_switch tournament %}``: the
"notify me" panel of the players' page and the referee desk (nothing when push is off)."""

from django import template
from django.urls import reverse
from django.utils.translation import gettext as _

from common.webpush.vapid import configured_keys

register = template.Library()

PANEL = "notifications/_switch.html"


def _panel(context, owner: str, on_url: str, off_url: str, heading: str, explains: str):
    keys = configured_keys()
    return {
        "push": keys is not None,
        "public_key": keys.public_key if keys else "",
        "owner": owner,
        "on_url": on_url,
        "off_url": off_url,
        "heading": heading,
        "explains": explains,
        "csrf_token": context.get("csrf_token"),
    }


@register.inclusion_tag(PANEL, takes_context=True)
def player_push_switch(context, entrant):
    """The switch for a side's notifications, posted with its private link."""
    token = entrant.access_token
    return _panel(
        context,
        f"entrant-{entrant.pk}",
        reverse("notifications:player-on", args=[token]),
        reverse("notifications:player-off", args=[token]),
        _("Notifications on this phone"),
        _(
            "Hear when your table is up, when a result waits for your confirmation, and if your "
            "table's result is disputed or corrected."
        ),
    )


@register.inclusion_tag(PANEL, takes_context=True)
def staff_push_switch(context, tournament):
    """The switch for a referee's dispute notifications of one event."""
    return _panel(
        context,
        f"staff-{tournament.pk}",
        reverse("notifications:staff-on", args=[tournament.slug]),
        reverse("notifications:staff-off", args=[tournament.slug]),
        _("Dispute notifications on this device"),
        _("Hear of every dispute at %(event)s while you are on its staff.")
        % {"event": tournament.name},
    )
