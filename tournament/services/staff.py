"""Who runs an event besides its owner: adding and removing referees and co-organisers."""

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext as _

from common.audit.actor import Actor
from common.audit.services import record_change
from common.errors import ServiceError
from tournament.models import StaffRole, StaffRoleKind, Tournament


class StaffError(ServiceError):
    """A staff change that cannot be made; the message says why."""


@transaction.atomic
def add_staff(tournament: Tournament, username: str, role: str, actor: Actor) -> StaffRole:
    """Give an existing account a role in the event (audited)."""
    if role not in StaffRoleKind.values:
        raise StaffError(_("%(role)s is not a staff role") % {"role": repr(role)})
    user = get_user_model().objects.filter(username__iexact=username.strip()).first()
    if user is None:
        raise StaffError(_("there is no account named %(name)s") % {"name": repr(username.strip())})
    staff_role, created = StaffRole.objects.get_or_create(
        tournament=tournament, user=user, role=role
    )
    if not created:
        raise StaffError(
            _("%(name)s is already %(role)s")
            % {"name": user.username, "role": staff_role.get_role_display().lower()}
        )
    record_change(
        tournament,
        "staff.added",
        staff_role,
        after={"user": user.username, "role": role},
        actor=actor,
    )
    return staff_role


@transaction.atomic
def remove_staff(staff_role: StaffRole, actor: Actor) -> None:
    """Take a role away (the event's owner keeps organiser rights whatever the roles say)."""
    before = {"user": staff_role.user.username, "role": staff_role.role}
    record_change(staff_role.tournament, "staff.removed", staff_role, before=before, actor=actor)
    staff_role.delete()
