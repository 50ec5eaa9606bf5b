"""The service behind "Run this again": a new event like another on a later day (weekly clubs).

The copy takes every declared event setting (``tournament.models.event_settings``), the
organisation, the venue and address; it starts being set up, with no entrants, rounds, results
or staff but the organiser who asked. The console's page and the API call ``run_again`` alike.
"""

import datetime

from django.core.exceptions import ValidationError
from django.core.validators import validate_slug
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from common.audit.actor import Actor
from common.audit.services import record_change
from common.errors import ServiceError
from tournament.models import StaffRole, StaffRoleKind, Tournament, TournamentStatus
from tournament.models.event_settings import NAMES
from tournament.services.events import settings_of
from tournament.services.permissions import is_organiser

#: what the copy gets anew rather than from the original
NOT_COPIED = ("name", "slug", "starts_on", "status")
COPIED = tuple(name for name in NAMES if name not in NOT_COPIED)
MAX_NAME = Tournament._meta.get_field("name").max_length
MAX_SLUG = Tournament._meta.get_field("slug").max_length


class RunAgainRefused(ServiceError):
    """The event cannot be run again as asked; the message says what to change."""


def run_again_problem(
    source: Tournament, starts_on: datetime.date, slug: str, name: str, today: datetime.date
) -> str | None:
    """Why the copy cannot be made as asked (None: it can)."""
    if starts_on < today:
        return _("%(day)s is in the past: choose today or a later day.") % {"day": starts_on}
    if source.starts_on and starts_on <= source.starts_on:
        return _("Choose a day after %(name)s's own day (%(day)s).") % {
            "name": source.name,
            "day": source.starts_on,
        }
    try:
        validate_slug(slug)
    except ValidationError:
        return _("Give a web address of letters, digits and hyphens.")
    if len(slug) > MAX_SLUG or len(name) > MAX_NAME:
        return _("The web address has at most %(slug)d characters, the name %(name)d.") % {
            "slug": MAX_SLUG,
            "name": MAX_NAME,
        }
    if Tournament.objects.filter(slug=slug).exists():
        return _("The web address %(slug)s is taken; choose another one.") % {"slug": slug}
    return None


def run_again(
    source: Tournament, *, starts_on: datetime.date, slug: str, name: str = "", actor: Actor
) -> Tournament:
    """A new event like ``source`` on ``starts_on`` at ``slug`` (named ``name``, or as the
    original); the actor, an organiser of the original, organises it. Refused, changing
    nothing, for a day in the past or not after the original's, or a taken web address."""
    name = name.strip() or source.name
    slug = slug.strip()
    with transaction.atomic():
        source = Tournament.objects.select_for_update().get(pk=source.pk)
        if not is_organiser(actor.user, source):
            raise RunAgainRefused(
                _("Only an organiser of %(name)s may run it again.") % {"name": source.name}
            )
        problem = run_again_problem(source, starts_on, slug, name, timezone.localdate())
        if problem:
            raise RunAgainRefused(problem)
        copy = Tournament(
            **{setting: getattr(source, setting) for setting in COPIED},
            name=name,
            slug=slug,
            starts_on=starts_on,
            status=TournamentStatus.SETUP,
            organisation=source.organisation,
            organiser=actor.user,
        )
        try:
            with transaction.atomic():
                copy.save()
        except IntegrityError as taken:  # the address was taken meanwhile
            message = _("The web address %(slug)s is taken; choose another one.")
            raise RunAgainRefused(message % {"slug": slug}) from taken
        StaffRole.objects.create(tournament=copy, user=actor.user, role=StaffRoleKind.ORGANISER)
        record_change(
            copy,
            "tournament.created",
            copy,
            after={**settings_of(copy), "run_again_from": source.slug},
            actor=actor,
        )
    return copy
