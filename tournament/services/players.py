"""Players who keep their history: claiming entries for an account, merging duplicate records.

A ``Player`` is a person; each event's registration may have made its own record for the same
person. An account owns at most one player record (``Player.user``): claiming an entry moves it
onto that record (merging the entry's record into it), so every event the person played shows on
one page. Claims are made with the private link the player already holds, or by the e-mail
address the organiser registered when the account has verified it. Organisers merge two records
of the same person. Every change is audited in each event it touches.

Who may merge (issue 33): an organiser who runs every event either record played in (organises
it, or is staff of its club or convention: ``permissions.run_by``). A merge that would move
entries of someone else's event is refused whole rather than done in part: a partial merge
would still hand the organiser's record a stranger's other entries later on, and splitting one
person's history in two is what the merge exists to undo. Such records are joined by the player
themselves, by claiming (``claim``, ``claim_entry``, ``claim_by_email``). A private link proves
one entry only (the event's organisers hold it too): claimed by its link, an entry whose record
also played elsewhere joins the account alone (``claim_entry``).
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from common.audit.actor import Actor
from common.audit.channels import Channel
from common.audit.services import audit_entry, record_change, record_changes
from common.errors import ServiceError
from leagues.services.ratings import ratings_change
from matches.models import Seat
from tournament.models import Entrant, Player, TeamMember, Tournament
from tournament.services.permissions import run_by
from tournament.services.standings_revision import bump_standings_revision


class PlayerError(ServiceError):
    """A claim or merge that cannot be made; the message says why."""


class PlayerForbidden(PlayerError):
    """A merge the actor may not make: a record played in events they do not run."""


def system_acts(actor: Actor) -> bool:
    """Whether the platform itself acts (a command or a job: no user, no private link)."""
    return actor.channel == Channel.SYSTEM and actor.user is None and actor.entrant is None


def player_of(user) -> Player | None:
    """The account's player record, if it has one."""
    if user is None or not user.is_authenticated:
        return None
    return Player.objects.filter(user=user).first()


def _events_of(player: Player) -> set[int]:
    """The events the record played in, alone or in a team (one query)."""
    return set(_entrants_of(player).values_list("tournament_id", flat=True))


def _entrants_of(player: Player):
    return Entrant.objects.filter(player=player) | Entrant.objects.filter(
        team__memberships__player=player
    )


def _shared_table(first: Player, second: Player) -> str:
    """A table where both players sat ("round 2, table 3 of Club Night"), or ''."""
    seat = (
        Seat.objects.filter(entrant__in=_entrants_of(first), match__is_bye=False)
        .filter(match__seats__entrant__in=_entrants_of(second))
        .select_related("match__round__tournament")
        .first()
    )
    if seat is None:
        return ""
    match = seat.match
    return (
        f"round {match.round.number}, table {match.table_number} of {match.round.tournament.name}"
    )


def _not_run_by(actor: Actor, events: set[int]) -> list[str]:
    """The names of those of ``events`` the actor does not run (none when the system acts)."""
    if system_acts(actor):
        return []
    return list(
        Tournament.objects.filter(pk__in=events)
        .exclude(run_by(actor.user))
        .order_by("name")
        .values_list("name", flat=True)
    )


def merge(source: Player, target: Player, actor: Actor) -> Player:
    """An organiser merges two records of one person: every entry and team place of ``source``
    moves onto ``target``, and ``source`` is deleted.

    Refused (``PlayerForbidden``) unless the actor runs every event either record played in;
    refused too when both records belong to different accounts, or both played in one event
    (an event cannot hold the same person twice). Audited in every event it touches.
    """
    return _combine(source, target, actor, action="player.merged", organiser=True)


def _combine(source: Player, target: Player, actor: Actor, *, action: str, organiser: bool):
    """Move ``source``'s entries onto ``target`` under both records' locks (a merge by an
    organiser when ``organiser``: every event touched must be theirs; else a claim, whose
    proof the caller checked)."""
    if source.pk == target.pk:
        raise PlayerError(_("these are the same player record"))
    with transaction.atomic():
        locked = {
            p.pk: p
            for p in Player.objects.select_for_update().filter(pk__in=[source.pk, target.pk])
        }
        if len(locked) != 2:
            raise PlayerError(_("one of the two player records no longer exists"))
        source, target = locked[source.pk], locked[target.pk]
        if source.user_id and target.user_id and source.user_id != target.user_id:
            raise PlayerError(_("both records belong to accounts; they cannot be merged"))
        shared_table = _shared_table(source, target)
        if shared_table:
            raise PlayerError(
                _(
                    "%(source)s and %(target)s sat at the same table (%(table)s): one person "
                    "cannot play against themselves, so these are two people"
                )
                % {"source": source.name, "target": target.name, "table": shared_table}
            )
        shared = _events_of(source) & _events_of(target)
        if shared:
            names = ", ".join(
                Tournament.objects.filter(pk__in=shared).values_list("name", flat=True)[:3]
            )
            raise PlayerError(
                _("both records played in the same event (%(events)s)") % {"events": names}
            )
        touched = _events_of(source) | _events_of(target)
        foreign = _not_run_by(actor, touched) if organiser else []
        if foreign:
            raise PlayerForbidden(
                _(
                    "%(source)s and %(target)s also played in events you do not run "
                    "(%(events)s): a merge would move entries of those events, so only the "
                    "player can join these records, by adding each entry to their account"
                )
                % {
                    "source": source.name,
                    "target": target.name,
                    "events": ", ".join(foreign[:3]),
                }
            )
        before = {"from": source.pk, "name": source.name, "into": target.pk}
        Entrant.objects.filter(player=source).update(player=target)
        TeamMember.objects.filter(player=source).update(player=target)
        target.user_id = target.user_id or source.user_id
        target.email = target.email or source.email
        target.club = target.club or source.club
        source.user = None
        source.save(update_fields=["user"])
        target.save(update_fields=["user", "email", "club"])
        source.delete()
        touched_events = list(Tournament.objects.filter(pk__in=touched))
        for system in sorted({t.game_system for t in touched_events}):
            ratings_change(system)  # the two records' games now rate one player
        for tournament in touched_events:
            bump_standings_revision(tournament.pk)  # season tables re-read their players
            record_change(
                tournament,
                action,
                target,
                before=before,
                after={"player": target.pk},
                actor=actor,
            )
    return target


def claim(user, player: Player, actor: Actor) -> Player:
    """Make ``player`` (a record of this person) part of the account's history."""
    if player.user_id and player.user_id != user.pk:
        raise PlayerError(_("this entry already belongs to another account"))
    mine = player_of(user)
    if mine is None:
        with transaction.atomic():
            player = Player.objects.select_for_update().get(pk=player.pk)
            if player.user_id and player.user_id != user.pk:
                raise PlayerError(_("this entry already belongs to another account"))
            player.user = user
            player.save(update_fields=["user"])
            for tournament in Tournament.objects.filter(pk__in=_events_of(player)):
                record_change(
                    tournament,
                    "player.claimed",
                    player,
                    after={"user": user.pk},
                    actor=actor,
                )
        return player
    if mine.pk == player.pk:
        return mine
    return _combine(player, mine, actor, action="player.claimed", organiser=False)


def audit_attach(entrant: Entrant, actor: Actor, player: Player | None = None) -> None:
    """Record in every event of the entrant's player record (or of ``player``, a team
    member's) that it was attached to the entrant's event (the record's other clubs see who
    seated their player where)."""
    record_changes(attach_entries(entrant, actor, player))


def attach_entries(entrant: Entrant, actor: Actor, player: Player | None = None) -> list:
    """``audit_attach``'s entries, not yet stored (a caller may store them with its own)."""
    player = player or entrant.player
    after = {"event": entrant.tournament.slug, "name": entrant.tournament.name}
    after["entrant"] = entrant.pk
    return [
        audit_entry(event, "player.attached", player, after=after, actor=actor)
        for event in sorted(_events_of(player))
    ]


def claim_entry(user, entrant: Entrant, actor: Actor, *, member: int | None = None) -> Player:
    """Claim an entry by its private link: a player's own, or one member's place in a team.

    A link proves one entry, and the event's organisers hold it too (issue 33): when the
    entry's record also played in other events, only this entry (or team place) joins the
    account, and the record keeps the rest for the player to claim with their own links or
    e-mail address. A record seen in this event only is claimed whole, as before.
    """
    if entrant.player_id:
        record, covered = entrant.player, {entrant.tournament_id}
        rows = Entrant.objects.filter(pk=entrant.pk)
    else:
        if not isinstance(member, int) or not 0 < member < 2**63:
            raise PlayerError(_("choose which member of the team you are"))
        membership = TeamMember.objects.filter(team_id=entrant.team_id, player_id=member).first()
        if membership is None:
            raise PlayerError(_("choose which member of the team you are"))
        record = membership.player
        covered = set(
            Entrant.objects.filter(team_id=entrant.team_id).values_list("tournament_id", flat=True)
        )
        rows = TeamMember.objects.filter(pk=membership.pk)
    if _events_of(record) <= covered:
        return claim(user, record, actor)
    return _claim_part(user, record, covered, rows, actor)


def _claim_part(user, record: Player, covered: set[int], rows, actor: Actor) -> Player:
    """Move only ``rows`` (this entry, or this team place) of ``record`` onto the account's
    record (made for it if it has none), audited in the events they cover."""
    with transaction.atomic():
        record = Player.objects.select_for_update().get(pk=record.pk)
        if record.user_id and record.user_id != user.pk:
            raise PlayerError(_("this entry already belongs to another account"))
        if record.user_id == user.pk:
            return record
        mine = player_of(user)
        if mine is None:
            mine = Player.objects.create(name=record.name, club=record.club, user=user)
        mine = Player.objects.select_for_update().get(pk=mine.pk)
        if _events_of(mine) & covered:
            raise PlayerError(_("your record already has an entry in this event"))
        rows.update(player=mine)
        events = list(Tournament.objects.filter(pk__in=covered))
        for system in sorted({t.game_system for t in events}):
            ratings_change(system)  # these games now rate the account's record
        for tournament in events:
            bump_standings_revision(tournament.pk)
            record_change(
                tournament,
                "player.claimed",
                mine,
                before={"from": record.pk, "name": record.name},
                after={"player": mine.pk, "user": user.pk, "entry_only": True},
                actor=actor,
            )
    return mine


def claimable_by_email(user) -> list[Player]:
    """Player records registered with one of the account's verified e-mail addresses."""
    from allauth.account.models import EmailAddress

    emails = list(
        EmailAddress.objects.filter(user=user, verified=True).values_list("email", flat=True)
    )
    if not emails:
        return []
    query = Player.objects.none()
    for email in emails:
        query |= Player.objects.filter(email__iexact=email)
    mine = player_of(user)
    return [
        p for p in query.filter(user__isnull=True).distinct() if mine is None or p.pk != mine.pk
    ]


def claim_by_email(user, actor: Actor) -> int:
    """Claim every record registered with the account's verified e-mail; how many joined.

    A record that cannot join (it played in an event the account already has) is left alone.
    """
    joined = 0
    for player in claimable_by_email(user):
        try:
            claim(user, player, actor)
        except PlayerError:
            continue
        joined += 1
    return joined
