"""Registration and attendance: add an entrant, check in, undo, drop, self check-in, seat swaps.

Small functions that pages and the API alike can call. Each one locks the row it changes,
changes it, and appends an audit entry (before and after) in the same transaction, so the
trail never disagrees with the data. ``actor`` says who made the change and through which door
(``common.audit.actor.Actor``; the system when not given).
"""

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from common.audit.actor import SYSTEM, Actor
from common.audit.channels import Channel
from common.audit.services import record_change
from common.errors import ServiceError
from common.live import realtime
from notifications.services import webhook_events
from notifications.services.subscriptions import forget_devices
from tournament.models import (
    Entrant,
    EntrantStatus,
    Player,
    RoundStatus,
    Team,
    TeamMember,
    Tournament,
    TournamentStatus,
)
from tournament.services.csv_import import import_entrants
from tournament.services.player_suggestions import may_attach
from tournament.services.players import audit_attach, system_acts
from tournament.services.team_members import member_records

#: Event states in which players may still join without being a late entry.
OPEN_STATES = (TournamentStatus.SETUP, TournamentStatus.REGISTRATION)


class RegistrationError(ServiceError):
    """A registration change that cannot be made now; the message says why."""


def _snapshot(entrant: Entrant) -> dict:
    return {
        "name": entrant.display_name,
        "status": entrant.status,
        "checked_in_at": entrant.checked_in_at.isoformat() if entrant.checked_in_at else None,
    }


def _locked(entrant: Entrant) -> Entrant:
    return Entrant.objects.select_for_update().select_related("tournament").get(pk=entrant.pk)


def registration_open(tournament: Tournament) -> bool:
    """Whether players may check themselves in: the organiser opened registration and the
    first round is not paired yet (pairing moves the event on to its Swiss rounds)."""
    return tournament.status == TournamentStatus.REGISTRATION


@transaction.atomic
def open_registration(tournament: Tournament, actor: Actor = SYSTEM) -> Tournament:
    """Move an event from set-up to open registration (self check-in starts working)."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.status != TournamentStatus.SETUP:
        raise RegistrationError(_("registration can only be opened while the event is set up"))
    tournament.status = TournamentStatus.REGISTRATION
    tournament.save(update_fields=["status", "updated_at"])
    record_change(
        tournament,
        "tournament.registration_opened",
        tournament,
        before={"status": TournamentStatus.SETUP},
        after={"status": tournament.status},
        actor=actor,
    )
    webhook_events.registration_opened(tournament)
    return tournament


def _join(
    tournament: Tournament, name: str, *, team_play: bool, make_side, actor: Actor, seed=None
) -> Entrant:
    """Add a side to the event under ``name``; ``make_side`` creates its player or team.

    Shared by players and teams: the same closing time, the same duplicate check, the same
    late-entry record (a late side is paired from the next generated round on).
    """
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    name = name.strip()
    if not name:
        raise RegistrationError(_("a name is required"))
    if tournament.team_play != team_play:
        sides = _("sides in this event are single players")
        raise RegistrationError(
            _("sides in this event are teams") if tournament.team_play else sides
        )
    if tournament.status in (TournamentStatus.ELIMINATION, TournamentStatus.FINISHED):
        raise RegistrationError(_("the Swiss rounds are over: nobody can join now"))
    if tournament.entrants.filter(display_name__iexact=name).exists():
        raise RegistrationError(_("%(name)s is already registered") % {"name": repr(name)})
    late = tournament.status not in OPEN_STATES
    try:
        with transaction.atomic():
            side = make_side(name)
            entrant = Entrant.objects.create(
                tournament=tournament, display_name=name, seed=seed, **side
            )
    except IntegrityError as exc:
        raise RegistrationError(
            _("%(name)s could not be registered: %(why)s") % {"name": repr(name), "why": exc}
        ) from exc
    after = _snapshot(entrant)
    if late:
        after["joins_from_round"] = _next_round_number(tournament)
    record_change(
        tournament,
        "entrant.late_entry" if late else "entrant.created",
        entrant,
        after=after,
        actor=actor,
    )
    return entrant


@transaction.atomic
def register_player(
    tournament: Tournament,
    name: str,
    *,
    club: str = "",
    email: str = "",
    seed: int | None = None,
    display_name: str = "",
    player: Player | None = None,
    name_listed: bool = False,
    actor: Actor = SYSTEM,
) -> Entrant:
    """Add a player to the event (shown as ``display_name`` when given; named on the public
    list of entrants when ``name_listed``: the player agreed); after the first round
    it is recorded as a late entry. ``player`` is a known player's record (the same person as
    at earlier events: their history, rating and seasons carry on), if the actor may attach it
    (``_attachable``; audited in every event of the record); else a new record is made."""

    def make_side(_shown_name):
        if player is not None:
            known = _attachable(tournament, player, actor)
            if tournament.entrants.filter(player=known).exists():
                raise RegistrationError(
                    _("%(name)s is already registered in this event") % {"name": known.name}
                )
            return {"player": known, "name_listed": name_listed}
        record = Player.objects.create(name=name.strip(), club=club.strip(), email=email.strip())
        return {"player": record, "name_listed": name_listed}

    shown = display_name.strip() or name
    entrant = _join(tournament, shown, team_play=False, make_side=make_side, actor=actor, seed=seed)
    if player is not None:
        audit_attach(entrant, actor)
    return entrant


def _attachable(tournament: Tournament, player: Player, actor: Actor) -> Player:
    """The known record ``player``, locked, if the actor may attach it to ``tournament``: it is
    the actor's own, it played in an event the actor runs, or it has no account and no entries
    (issue 33)."""
    locked = Player.objects.select_for_update().filter(pk=player.pk).first()
    if locked is None:
        raise RegistrationError(_("that player record no longer exists"))
    own = locked.user_id is not None and locked.user_id == getattr(actor.user, "pk", None)
    if not (own or system_acts(actor) or may_attach(tournament, actor.user, locked)):
        raise RegistrationError(
            _(
                "%(name)s has played in events you do not run, so their record is not yours to "
                "attach: register them as a new player (name and e-mail), and they can add the "
                "entry to their record themselves with its private link or their account"
            )
            % {"name": locked.name}
        )
    return locked


@transaction.atomic
def register_team(
    tournament: Tournament,
    name: str,
    members: list[str],
    *,
    seed: int | None = None,
    actor: Actor = SYSTEM,
    records: list[Player] | None = None,
) -> Entrant:
    """Add a team of two or three named players to a team event (Alliances), of a size the
    event's mode seats (King of the Hill (Alliance): two). A member the organiser already knows
    keeps their record (``team_members``: one record per person across team events, issue 35),
    audited like a known single player. ``records``: the members' own player records, in the
    order of ``members`` (a team whose members registered themselves), used as they are."""
    if records is not None:
        members = [record.name for record in records]
    members = [m.strip() for m in members if m and m.strip()]
    if not Team.MIN_MEMBERS <= len(members) <= Team.MAX_MEMBERS:
        raise RegistrationError(
            _("a team has %(least)s or %(most)s players, not %(count)s")
            % {"least": Team.MIN_MEMBERS, "most": Team.MAX_MEMBERS, "count": len(members)}
        )
    named = (
        {record.pk for record in records} if records is not None else {m.lower() for m in members}
    )
    if len(named) != len(members):
        raise RegistrationError(_("each player of a team is named once"))
    size_problem = tournament.mode_fit.team_size_problem(len(members))
    if tournament.team_play and size_problem is not None:
        raise RegistrationError(size_problem.text(_))

    known = []

    def make_side(clean_name):
        team = Team.objects.create(name=clean_name)
        given = [(record, False) for record in records or ()]
        for record, was_known in given or member_records(tournament, members, actor):
            TeamMember.objects.create(team=team, player=record)
            known.extend([record] if was_known else [])
        return {"team": team}

    entrant = _join(tournament, name, team_play=True, make_side=make_side, actor=actor, seed=seed)
    for record in known:
        audit_attach(entrant, actor, player=record)
    return entrant


def import_players(tournament: Tournament, raw: bytes, actor: Actor = SYSTEM) -> list[Entrant]:
    """Register every player of a CSV file, or none (``CsvImportInvalid`` lists the bad lines),
    and record the import in the audit trail."""
    with transaction.atomic():
        created = import_entrants(tournament, raw)
        record_change(
            tournament,
            "entrants.imported",
            tournament,
            after={
                "count": len(created),
                "entrants": [{"id": e.pk, "name": e.display_name} for e in created],
            },
            actor=actor,
        )
    return created


def _next_round_number(tournament: Tournament) -> int:
    """The first round a late entrant plays: the next one paired (a draft is not changed)."""
    return (tournament.rounds.aggregate(n=Max("number"))["n"] or 0) + 1


@transaction.atomic
def check_in(entrant: Entrant, actor: Actor = SYSTEM) -> Entrant:
    """Mark an entrant present; doing it twice changes nothing (and records nothing)."""
    entrant = _locked(entrant)
    if entrant.status == EntrantStatus.DROPPED:
        raise RegistrationError(
            _("%(entrant)s has dropped out; they cannot check in") % {"entrant": entrant}
        )
    if entrant.status == EntrantStatus.CHECKED_IN:
        return entrant
    before = _snapshot(entrant)
    entrant.status = EntrantStatus.CHECKED_IN
    entrant.checked_in_at = timezone.now()
    entrant.save(update_fields=["status", "checked_in_at"])
    record_change(
        entrant.tournament,
        "entrant.checked_in",
        entrant,
        before=before,
        after=_snapshot(entrant),
        actor=actor,
    )
    return entrant


@transaction.atomic
def undo_check_in(entrant: Entrant, actor: Actor = SYSTEM) -> Entrant:
    """Take back a check-in made by mistake (the entrant is registered again)."""
    entrant = _locked(entrant)
    if entrant.status != EntrantStatus.CHECKED_IN:
        raise RegistrationError(_("%(entrant)s is not checked in") % {"entrant": entrant})
    before = _snapshot(entrant)
    entrant.status = EntrantStatus.REGISTERED
    entrant.checked_in_at = None
    entrant.save(update_fields=["status", "checked_in_at"])
    record_change(
        entrant.tournament,
        "entrant.check_in_undone",
        entrant,
        before=before,
        after=_snapshot(entrant),
        actor=actor,
    )
    return entrant


@transaction.atomic
def drop(entrant: Entrant, actor: Actor = SYSTEM, *, reason: str = "") -> Entrant:
    """Take an entrant out of the pairings from the next generated round on."""
    entrant = _locked(entrant)
    if entrant.status == EntrantStatus.DROPPED:
        raise RegistrationError(_("%(entrant)s has already dropped out") % {"entrant": entrant})
    before = _snapshot(entrant)
    last_done = entrant.tournament.rounds.filter(status=RoundStatus.COMPLETE).aggregate(
        n=Max("number")
    )["n"]
    entrant.status = EntrantStatus.DROPPED
    entrant.dropped_at = timezone.now()
    entrant.dropped_after_round = last_done
    entrant.save(update_fields=["status", "dropped_at", "dropped_after_round"])
    record_change(
        entrant.tournament,
        "entrant.dropped",
        entrant,
        before=before,
        after=_snapshot(entrant) | {"dropped_after_round": last_done},
        reason=reason,
        actor=actor,
    )
    return entrant


def can_reinstate(entrant: Entrant, latest_round_created=None) -> bool:
    """Whether a dropped entrant may come back: no round has been paired since the drop.

    ``latest_round_created`` (the newest round's creation time) may be given to save a query.
    """
    if entrant.status != EntrantStatus.DROPPED or entrant.dropped_at is None:
        return False
    if latest_round_created is None:
        latest_round_created = entrant.tournament.rounds.aggregate(at=Max("created_at"))["at"]
    return latest_round_created is None or latest_round_created < entrant.dropped_at


@transaction.atomic
def reinstate(entrant: Entrant, actor: Actor = SYSTEM) -> Entrant:
    """Undo a drop made by mistake, before the next round is paired (audited)."""
    Tournament.objects.select_for_update().get(pk=entrant.tournament_id)  # no round meanwhile
    entrant = _locked(entrant)
    if entrant.status != EntrantStatus.DROPPED:
        raise RegistrationError(_("%(entrant)s has not dropped out") % {"entrant": entrant})
    if not can_reinstate(entrant):
        raise RegistrationError(
            _(
                "a round has been paired since %(entrant)s dropped out: they can enter again as "
                "a late entry instead"
            )
            % {"entrant": entrant}
        )
    before = _snapshot(entrant)
    entrant.status = EntrantStatus.CHECKED_IN if entrant.checked_in_at else EntrantStatus.REGISTERED
    entrant.dropped_at = None
    entrant.dropped_after_round = None
    entrant.save(update_fields=["status", "dropped_at", "dropped_after_round"])
    record_change(
        entrant.tournament,
        "entrant.reinstated",
        entrant,
        before=before,
        after=_snapshot(entrant),
        actor=actor,
    )
    return entrant


def check_in_everyone(tournament: Tournament, actor: Actor = SYSTEM) -> int:
    """Check in every registered entrant (the "everyone present" button); how many."""
    done = 0
    for entrant in tournament.entrants.filter(status=EntrantStatus.REGISTERED).order_by("pk"):
        check_in(entrant, actor)
        done += 1
    return done


def self_check_in(
    entrant: Entrant, *, ip_address: str | None = None, actor: Actor | None = None
) -> Entrant:
    """A player checks in through their own private link, while registration is open (the
    page's door by default; the API passes its ``actor``)."""
    if not registration_open(entrant.tournament):
        raise RegistrationError(_("check-in is closed: ask the organiser's desk"))
    actor = actor or Actor(entrant=entrant, channel=Channel.PAGE, ip_address=ip_address)
    return check_in(entrant, actor)


@transaction.atomic
def replace_private_link(entrant: Entrant, actor: Actor = SYSTEM) -> Entrant:
    """Give the entrant a new private link: the old one stops working at once, over HTTP and on
        every socket opened with it (closed once this commits), and every device subscribed with it
    stops receiving its notifications. Audited, without either token."""
    entrant = _locked(entrant)
    entrant.revoke_access_token()
    record_change(entrant.tournament, "entrant.link_replaced", entrant, actor=actor)
    realtime.close_private_link_sockets(entrant.pk)
    forget_devices(entrant)  # the old link's holder hears nothing more
    return entrant
