"""The organiser's actions on one registration, as the table's forms post them: each reads
its fields, calls its one service and says what it did."""

from django.utils.translation import gettext as _

from registrations.models import RegistrationStatus
from registrations.services.answers import shown_name
from registrations.services.desk import mark_paid, move_in_waitlist, promote
from registrations.services.errors import RegistrationError
from registrations.services.review import accept, decline


def _accept(registration, post, actor, site) -> str:
    accept(registration, actor, post.get("message", ""), site=site)
    registration.refresh_from_db()
    sentence = (
        _("%(name)s is accepted and on the waiting list.")
        if registration.status == RegistrationStatus.WAITLISTED
        else _("%(name)s is accepted and registered.")
    )
    return sentence % {"name": shown_name(registration)}


def _decline(registration, post, actor, site) -> str:
    decline(registration, actor, post.get("message", ""))
    return _("%(name)s is declined; the player sees your message.") % {
        "name": shown_name(registration)
    }


def _promote(registration, post, actor, site) -> str:
    promote(registration, actor, over_capacity=post.get("over_capacity") == "1", site=site)
    return _("%(name)s is promoted into the field.") % {"name": shown_name(registration)}


def _move(registration, post, actor, site) -> str:
    try:
        position = int(post.get("position", ""))
    except ValueError:
        raise RegistrationError(_("A waitlist place is a whole number from 1.")) from None
    move_in_waitlist(registration, position, actor)
    return _("%(name)s is moved in the waitlist.") % {"name": shown_name(registration)}


def _paid(registration, post, actor, site) -> str:
    paid = post.get("paid") == "1"
    mark_paid(registration, paid, actor)
    text = _("%(name)s has paid.") if paid else _("%(name)s is marked not paid.")
    return text % {"name": shown_name(registration)}


#: action name (in the URL) -> what it does
ACTIONS = {
    "accept": _accept,
    "decline": _decline,
    "promote": _promote,
    "move": _move,
    "paid": _paid,
}
