"""A team's place follows its size: it takes one (at the back of the queue) when its members
make a size the mode plays, and gives it up when they no longer do.

The caller holds the event's lock (``places.locked_event``) and has changed the members.
"""

from __future__ import annotations

from common.audit.actor import Actor
from registrations.logic.team_size import can_play
from registrations.logic.window import State
from registrations.models import Registration, RegistrationPolicy, RegistrationStatus, TeamEntry
from registrations.services.errors import RegistrationError
from registrations.services.places import (
    current_state,
    locked_registration,
    queue_of,
    state_sentence,
)
from registrations.services.register import arrive, free_places, place
from registrations.services.seating import own_player
from registrations.services.team_reads import is_out, standing_registration
from registrations.services.team_seating import sync_members
from registrations.services.trail import record, snapshot
from registrations.services.withdraw import release
from tournament.models import Tournament


def settle(
    entry: TeamEntry, tournament: Tournament, policy: RegistrationPolicy | None, actor: Actor
) -> None:
    """Bring the team's place in line with its members (see the module docstring); a team
    withdrawn or declined stays out."""
    if is_out(entry):
        return
    playable = can_play(tournament.mode_fit, entry.members.count())
    registration = standing_registration(entry)
    if registration is not None and not playable:
        release(locked_registration(registration), tournament, actor, action="team_too_small")
        entry.registration = None
        entry.save(update_fields=["registration", "updated_at"])
    elif registration is not None and registration.status == RegistrationStatus.REGISTERED:
        sync_members(entry, registration.entrant, actor)
    elif registration is None and playable and policy is not None:
        _take_place(entry, tournament, policy, actor)


def _take_place(
    entry: TeamEntry, tournament: Tournament, policy: RegistrationPolicy, actor: Actor
) -> Registration:
    """The team's registration at the back of the queue, placed as the policy says (inside
    the registration window only)."""
    state = current_state(tournament, policy)
    if state in (State.CLOSED, State.NOT_YET):
        raise RegistrationError(state_sentence(state, policy))
    queue = queue_of(tournament)
    free = free_places(tournament, policy, "", queue)  # the waitlist goes before a newcomer
    existing = Registration.objects.select_for_update().filter(
        tournament=tournament, user=entry.captain_id
    )
    existing = existing.first()
    before = snapshot(existing) if existing is not None else None
    captain = own_player(entry.captain, entry.name)
    registration = arrive(tournament, entry.captain, entry.name, False, existing, captain, queue)
    registration.save()
    entry.registration = registration
    entry.save(update_fields=["registration", "updated_at"])
    place(registration, policy, free)
    record(registration, "team_complete", before, actor, team=entry.pk)
    return registration
