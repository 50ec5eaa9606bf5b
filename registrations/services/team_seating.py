"""A team's side in the field: made the first time the team takes a place, and kept in step
with the team's members while it holds it.

``seating.take_place`` calls ``team_side`` for a registration that is a team's: the entrant is
made by the tournament's own ``register_team`` with each member's own player record (their
history and rating follow them across events), or, for a team that gave up its place and takes
one again, its old entrant comes back with the members it has now.
"""

from __future__ import annotations

from common.audit.actor import Actor
from common.audit.services import record_change
from registrations.models import Registration, TeamEntry
from tournament.models import Entrant, EntrantStatus, TeamMember
from tournament.services.registration import register_team, reinstate


def entry_of(registration: Registration) -> TeamEntry | None:
    """The team whose place ``registration`` is, locked; None for a single player's."""
    return TeamEntry.objects.select_for_update().filter(registration=registration.pk).first()


def team_side(entry: TeamEntry, actor: Actor) -> Entrant:
    """The team's entrant in the field, made or brought back, with its members as they are."""
    records = [member.player for member in entry.members.select_related("player")]
    entrant = Entrant.objects.filter(tournament=entry.tournament_id, team=entry.team_id).first()
    if entry.team_id is None or entrant is None:
        entrant = register_team(entry.tournament, entry.name, [], records=records, actor=actor)
        entry.team = entrant.team
        entry.save(update_fields=["team", "updated_at"])
        return entrant
    if entrant.status == EntrantStatus.DROPPED:
        entrant = reinstate(entrant, actor)
    sync_members(entry, entrant, actor)
    return entrant


def sync_members(entry: TeamEntry, entrant: Entrant, actor: Actor) -> None:
    """Make the side's team hold exactly the entry's members (audited when it changes)."""
    wanted = set(entry.members.values_list("player_id", flat=True))
    held = set(TeamMember.objects.filter(team=entrant.team_id).values_list("player_id", flat=True))
    if wanted == held:
        return
    TeamMember.objects.filter(team=entrant.team_id, player__in=held - wanted).delete()
    TeamMember.objects.bulk_create(
        [TeamMember(team_id=entrant.team_id, player_id=pk) for pk in sorted(wanted - held)]
    )
    record_change(
        entry.tournament,
        "entrant.team_members_changed",
        entrant,
        before={"players": sorted(held)},
        after={"players": sorted(wanted)},
        actor=actor,
    )
