"""A registration takes its place in the field (an entrant), or leaves it.

The entrant is made by the tournament's own ``register_player`` (the same checks and audit
entry as the desk's), with the account's player record, so the same person carries their
history from event to event. A player who withdrew and comes back gets their old entrant back.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from common.audit.actor import Actor
from common.audit.channels import Channel
from registrations.models import Registration, RegistrationStatus
from registrations.services.errors import RegistrationError
from registrations.services.team_seating import entry_of, team_side
from tournament.models import Entrant, EntrantStatus, Player, Tournament
from tournament.services.own_entry import enter_own_player
from tournament.services.players import player_of
from tournament.services.registration import OPEN_STATES, drop, register_player, reinstate

#: the most "(2)", "(3)" ... tried to tell a promoted player from a namesake
MAX_NAMESAKES = 50


def own_player(user, name: str) -> Player:
    """The account's player record, made (named ``name``) when it has none yet."""
    record = player_of(user)
    if record is None:
        try:
            with transaction.atomic():
                record = Player.objects.create(user=user, name=name, email=user.email or "")
        except IntegrityError:  # two taps at once both made it: the second one reads the first's
            record = Player.objects.get(user=user)
    return record


def side_and_namesake(
    tournament: Tournament, player: Player, name: str
) -> tuple[Entrant | None, bool]:
    """The record's entrant in the event (or None), and whether another side is shown as
    ``name`` (one query: what ``name_taken`` and the record's side would ask apart)."""
    rows = tournament.entrants.filter(Q(player=player) | Q(display_name__iexact=name))
    own = [entrant for entrant in rows if entrant.player_id == player.pk]
    return (own[0] if own else None), len(rows) > len(own)


def name_taken(tournament: Tournament, name: str, player: Player | None) -> bool:
    """Whether another side of the event is already shown as ``name``."""
    others = tournament.entrants.filter(display_name__iexact=name)
    return others.exclude(player=player).exists() if player else others.exists()


def free_name(tournament: Tournament, name: str, player: Player | None) -> str:
    """``name``, or ``name (2)``... when a namesake took it while the player waited."""
    candidate = name
    for number in range(2, MAX_NAMESAKES + 2):
        if not name_taken(tournament, candidate, player):
            return candidate
        candidate = f"{name} ({number})"
    raise RegistrationError(_("%(name)s is already taken in this event") % {"name": name})


def on_own_registration(registration: Registration) -> Actor:
    """Who adds a registered player to the field: the platform, on the player's own account
    (so their own player record may be attached, whoever gave the place)."""
    return Actor(user=registration.user, channel=Channel.SYSTEM)


def _player_side(registration: Registration, actor: Actor) -> Entrant:
    """A single player's entrant: made, or their old one reinstated."""
    tournament, player = registration.tournament, registration.player
    if player is None or not _enters_plainly(tournament):
        return _desk_side(registration, actor)
    entrant, namesake = side_and_namesake(tournament, player, registration.name)
    if entrant is None:
        name = free_name(tournament, registration.name, player) if namesake else registration.name
        listed = registration.name_listed
        return enter_own_player(tournament, name, player, name_listed=listed, actor=actor)
    if entrant.status == EntrantStatus.DROPPED:
        entrant = reinstate(entrant, actor)
    return entrant


def _enters_plainly(tournament: Tournament) -> bool:
    """Whether a player enters the event as an ordinary entrant (single players, before the
    rounds): else the desk's ``register_player`` records a late entry, or refuses."""
    return tournament.status in OPEN_STATES and not tournament.team_play


def _desk_side(registration: Registration, actor: Actor) -> Entrant:
    """The entrant made by the desk's path (its own lock, checks and late-entry record): for a
    registration without a player record, or one seated once the rounds have begun."""
    tournament = registration.tournament
    entrant = Entrant.objects.filter(tournament=tournament, player=registration.player_id).first()
    if entrant is None:
        name = free_name(tournament, registration.name, registration.player)
        return register_player(
            tournament,
            name,
            player=registration.player,
            name_listed=registration.name_listed,
            actor=actor,
        )
    if entrant.status == EntrantStatus.DROPPED:
        entrant = reinstate(entrant, actor)
    return entrant


def seat(registration: Registration) -> None:
    """Give a registration its side in the field (its entrant made, or its old one
    reinstated; a team's by ``team_seating.team_side``) on the player's (the captain's) own
    account, carrying the player's listing consent; the registration is ``registered``, not
    yet saved (an arriving one is saved once, whole, by its caller)."""
    actor = on_own_registration(registration)
    entry = entry_of(registration) if registration.pk is not None else None
    entrant = team_side(entry, actor) if entry else _player_side(registration, actor)
    if entrant.name_listed != registration.name_listed:
        entrant.name_listed = registration.name_listed
        entrant.save(update_fields=["name_listed"])
    registration.entrant = entrant
    registration.status = RegistrationStatus.REGISTERED


def take_place(registration: Registration) -> Registration:
    """Seat a saved registration in the field (``seat``) and save it."""
    seat(registration)
    registration.save(update_fields=["entrant", "status", "updated_at"])
    return registration


def leave_field(registration: Registration, actor: Actor) -> None:
    """Take the registration's entrant out of the field (a drop, audited by the tournament);
    before round 1 the registration lets go of it, so its place is free for the next player."""
    entrant = registration.entrant
    if entrant is None:
        return
    if entrant.status != EntrantStatus.DROPPED:
        registration.entrant = drop(entrant, actor, reason=str(_("withdrew from the event")))
    if not registration.tournament.rounds.exists():
        registration.entrant = None
