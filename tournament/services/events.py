"""Creating an event and changing its settings: one service each, whichever door asks (the
console's create form, the API), with one audit entry of the same shape.

The form or serializer validates the input; these store it, make the creator the organiser and
write the trail: ``tournament.created`` with every setting, ``tournament.updated`` with the
settings that changed (before and after). Only public events feed the ratings, so an event
that turns public or private asks for its game system's ratings to be rebuilt.
"""

import datetime

from django.db import transaction

from common.audit.actor import Actor
from common.audit.services import record_change
from leagues.services.ratings import ratings_change
from tournament.models import RoundStatus, StaffRole, StaffRoleKind, Tournament
from tournament.models.event_settings import NAMES

#: The settings an organiser gives an event (what the trail records of it): their declaration.
SETTINGS = NAMES


def settings_of(tournament: Tournament) -> dict:
    """The event's settings as plain JSON values."""
    values = {}
    for name in SETTINGS:
        value = getattr(tournament, name)
        values[name] = value.isoformat() if isinstance(value, datetime.date) else value
    return values


def create_tournament(tournament: Tournament, actor: Actor) -> Tournament:
    """Store a new, validated event; whoever creates it becomes its organiser."""
    with transaction.atomic():
        tournament.organiser = actor.user
        tournament.save()
        StaffRole.objects.create(
            tournament=tournament, user=actor.user, role=StaffRoleKind.ORGANISER
        )
        record_change(
            tournament,
            "tournament.created",
            tournament,
            after=settings_of(tournament),
            actor=actor,
        )
    return tournament


def update_tournament(tournament: Tournament, values: dict, actor: Actor) -> Tournament:
    """Change validated settings of an event; the trail keeps those that changed."""
    with transaction.atomic():
        before = settings_of(tournament)
        for name, value in values.items():
            setattr(tournament, name, value)
        # only the settings: a full save would write back the revision and news stamps as this
        # request read them, undoing a result's bump that committed meanwhile
        tournament.save(update_fields=[*values, "updated_at"])
        after = settings_of(tournament)
        changed = [name for name in SETTINGS if before[name] != after[name]]
        if changed:
            record_change(
                tournament,
                "tournament.updated",
                tournament,
                before={name: before[name] for name in changed},
                after={name: after[name] for name in changed},
                actor=actor,
            )
        if (
            "is_public" in changed
            and tournament.rounds.filter(status=RoundStatus.COMPLETE).exists()
        ):
            # only public events feed the ratings: this one's games join or leave them
            ratings_change(tournament.game_system)
    return tournament
