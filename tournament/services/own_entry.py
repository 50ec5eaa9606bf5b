"""A player's own record entered in an event's field by the registration service, which holds
the event's lock and has already checked what the desk's ``register_player`` checks.

The desk's path (``registration.register_player``) locks the event again, checks the name, the
side and the record, and writes its audit entries one by one: fourteen statements while every
other registration of a rush waits for the lock (issue 36). Here: the entrant's insert and one
insert for its audit entries (``entrant.created`` and ``player.attached`` in every event of the
record), the same entries the desk writes.
"""

from __future__ import annotations

from common.audit.actor import Actor
from common.audit.services import audit_entry, record_changes
from tournament.models import Entrant, Player, Tournament
from tournament.services.players import attach_entries


def enter_own_player(
    tournament: Tournament, name: str, player: Player, *, name_listed: bool, actor: Actor
) -> Entrant:
    """Add ``player`` (the actor's own record) to the field as ``name``.

    The caller holds the event's lock (``select_for_update``) and has checked that the event
    takes single players now (not a late entry), that ``name`` is free and that the record has
    no entrant in the event."""
    entrant = Entrant.objects.create(
        tournament=tournament, display_name=name, player=player, name_listed=name_listed
    )
    after = {"name": entrant.display_name, "status": entrant.status, "checked_in_at": None}
    created = audit_entry(tournament, "entrant.created", entrant, after=after, actor=actor)
    record_changes([created, *attach_entries(entrant, actor, player)])
    return entrant
