"""A player drops out of an event from their own private link, and may take it back.

The drop is the organiser's ``registration.drop`` with the player as the actor: it takes effect
from the next pairing (a round in progress keeps their table and result). The player may undo
their own drop (``registration.reinstate``) until the next round is paired; any other drop
(the organisers', a withdrawn registration) is the organisers' to undo (engine/decisions.py).
"""

from django.db import transaction
from django.utils.translation import gettext as _

from common.audit.actor import Actor
from common.audit.models import AuditEntry
from tournament.models import Entrant, EntrantStatus, Tournament, TournamentStatus
from tournament.services import registration

#: event states in which a player may no longer drop themselves: the cut is made
AFTER_THE_SWISS = (TournamentStatus.ELIMINATION, TournamentStatus.FINISHED)


def _own(entrant: Entrant, actor: Actor) -> None:
    """Refuse an actor that is not the entrant's own private link or account."""
    acting = getattr(actor.entrant, "pk", None)
    if acting != entrant.pk:
        raise registration.RegistrationError(_("only the player themselves can do this here"))


def may_drop(entrant: Entrant) -> bool:
    """Whether the player's page offers "Drop from the event"."""
    return entrant.is_active and entrant.tournament.status not in AFTER_THE_SWISS


def drop_myself(entrant: Entrant, actor: Actor) -> Entrant:
    """The player leaves the event from the next pairing on (audited with them as the actor)."""
    _own(entrant, actor)
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=entrant.tournament_id)
        if tournament.status in AFTER_THE_SWISS:
            raise registration.RegistrationError(
                _("the Swiss rounds are over, so only the organisers can take you out: ask them")
            )
        if entrant.status == EntrantStatus.DROPPED:
            raise registration.RegistrationError(_("you have already dropped out"))
        return registration.drop(entrant, actor)


def dropped_by_themselves(entrant: Entrant) -> bool:
    """Whether the entrant's latest drop was the player's own "Drop from the event": made
    through their own link, with no reason (a withdrawal of a registration gives one, and is
    undone by registering again, not here)."""
    latest = (
        AuditEntry.objects.filter(
            tournament_id=entrant.tournament_id,
            action="entrant.dropped",
            target_type=entrant._meta.label_lower,
            target_id=str(entrant.pk),
        )
        .order_by("-created_at", "-id")
        .values_list("entrant_id", "reason")
        .first()
    )
    return latest == (entrant.pk, "")


def can_undo_my_drop(entrant: Entrant) -> bool:
    """Whether the player may take back their drop now: they made it, no round paired since."""
    return registration.can_reinstate(entrant) and dropped_by_themselves(entrant)


def undo_my_drop(entrant: Entrant, actor: Actor) -> Entrant:
    """Take back the player's own drop, before the next round is paired (audited)."""
    _own(entrant, actor)
    if entrant.status != EntrantStatus.DROPPED:
        raise registration.RegistrationError(_("you have not dropped out"))
    if not dropped_by_themselves(entrant):
        raise registration.RegistrationError(
            _("only the organisers can undo this drop: ask them at the desk")
        )
    if not registration.can_reinstate(entrant):
        raise registration.RegistrationError(
            _("a round has been paired since you dropped out, so it can no longer be undone")
        )
    return registration.reinstate(entrant, actor)


def attendance(entrant: Entrant) -> dict:
    """What the player's page says about leaving: the offer to drop, or the drop itself (who
    made it, and whether the player can still undo it)."""
    if entrant.is_active:
        return {"dropped": False, "may_drop": may_drop(entrant)}
    mine = dropped_by_themselves(entrant)
    return {
        "dropped": True,
        "by_organisers": not mine,
        "can_undo": mine and registration.can_reinstate(entrant),
    }
