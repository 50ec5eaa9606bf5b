"""Organisations (clubs, conventions) and their staff: who may run an organisation's seasons.

A user who makes an organisation becomes its first staff member; staff add others by username.
Superusers may act for every organisation. Each change is written to the organisation's log.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from common.audit.actor import Actor
from common.errors import ServiceError
from leagues.models import LeagueLogEntry, Organisation, OrganisationStaff
from tournament.services.permissions import is_organiser


class OrganisationError(ServiceError):
    """An organisation change that cannot be made; the message says why."""


def is_org_staff(user, organisation: Organisation | None) -> bool:
    """Whether ``user`` runs ``organisation`` (a staff member, or a superuser)."""
    if organisation is None or not getattr(user, "is_authenticated", False):
        return False
    if user.is_superuser:
        return True
    return OrganisationStaff.objects.filter(organisation=organisation, user=user).exists()


def organisations_of(user):
    """The organisations ``user`` may act for, by name."""
    if not getattr(user, "is_authenticated", False):
        return Organisation.objects.none()
    if user.is_superuser:
        return Organisation.objects.all()
    return Organisation.objects.filter(staff__user=user)


def log_change(organisation, action, target, actor: Actor, *, before=None, after=None):
    """Append one entry to the organisation's log (the leagues' audit trail)."""
    fields = actor.provenance()
    return LeagueLogEntry.objects.create(
        organisation=organisation,
        action=action,
        target_type=target._meta.label_lower,
        target_id=str(target.pk),
        before=before,
        after=after,
        user=fields["user"],
        channel=fields["channel"],
        ip_address=fields["ip_address"],
    )


def require_staff(organisation: Organisation, actor: Actor) -> None:
    """Refuse unless the actor runs the organisation."""
    if not is_org_staff(actor.user, organisation):
        raise OrganisationError(
            _("only the staff of %(organisation)s may do this")
            % {"organisation": organisation.name}
        )


@transaction.atomic
def create_organisation(name: str, slug: str, region: str, actor: Actor) -> Organisation:
    """Make an organisation, with the acting user as its first staff member."""
    if not getattr(actor.user, "is_authenticated", False):
        raise OrganisationError(_("sign in to create an organisation"))
    try:
        with transaction.atomic():
            organisation = Organisation.objects.create(name=name, slug=slug, region=region)
    except IntegrityError as exc:
        raise OrganisationError(_("the address %(slug)s is taken") % {"slug": repr(slug)}) from exc
    OrganisationStaff.objects.create(organisation=organisation, user=actor.user)
    log_change(
        organisation,
        "organisation.created",
        organisation,
        actor,
        after={"name": name, "slug": slug, "region": region},
    )
    return organisation


@transaction.atomic
def add_staff(organisation: Organisation, username: str, actor: Actor) -> OrganisationStaff:
    """Give ``username`` the right to run the organisation's seasons."""
    organisation = Organisation.objects.select_for_update().get(pk=organisation.pk)
    require_staff(organisation, actor)
    user = get_user_model().objects.filter(username__iexact=username.strip()[:150]).first()
    if user is None:
        raise OrganisationError(
            _("there is no account called %(username)s")
            % {"username": repr(username.strip()[:150])}
        )
    staff, created = OrganisationStaff.objects.get_or_create(organisation=organisation, user=user)
    if created:
        log_change(organisation, "organisation.staff_added", staff, actor, after={"user": user.pk})
    return staff


@transaction.atomic
def attach_event(tournament, organisation: Organisation, actor: Actor):
    """Make ``organisation`` the event's owner: its organiser must run the organisation too."""
    tournament = type(tournament).objects.select_for_update().get(pk=tournament.pk)
    if tournament.organisation_id == organisation.pk:
        return tournament
    if tournament.organisation_id is not None:
        raise OrganisationError(
            _("%(event)s belongs to %(owner)s, not %(organisation)s")
            % {
                "event": tournament.name,
                "owner": tournament.organisation.name,
                "organisation": organisation.name,
            }
        )
    require_staff(organisation, actor)
    if not is_organiser(actor.user, tournament):
        raise OrganisationError(
            _("only an organiser of %(event)s may give it to a club") % {"event": tournament.name}
        )
    tournament.organisation = organisation
    tournament.save(update_fields=["organisation", "updated_at"])
    log_change(
        organisation,
        "organisation.event_attached",
        tournament,
        actor,
        after={"event": tournament.slug},
    )
    return tournament
