"""Swapping two players' seats in a drafted round (the organiser's fix before publishing)."""

from django.db import transaction
from django.utils.translation import gettext as _

from common.audit.actor import SYSTEM, Actor
from common.audit.services import record_change
from matches.models import ResultVersion, Seat
from tournament.models import Entrant, Round, RoundStatus
from tournament.services.registration import RegistrationError


def _seat_record(seat: Seat) -> dict:
    return {
        "entrant": seat.entrant_id,
        "name": seat.entrant.display_name,
        "table": seat.match.table_number,
        "position": seat.position,
        "flower": seat.flower_colour,
    }


@transaction.atomic
def swap_seats(round_: Round, entrant_a: Entrant, entrant_b: Entrant, actor: Actor = SYSTEM):
    """Swap two entrants' seats (table, position, starting colour) in a drafted round.

    Both must sit in this round at different tables, neither of them a bye. The two seats are
    replaced inside one transaction, so the database's one-seat-per-entrant rule holds at
    every step and a failure leaves the draft as it was.
    """
    round_ = Round.objects.select_for_update().select_related("tournament").get(pk=round_.pk)
    if round_.status != RoundStatus.DRAFT:
        sentences = {
            RoundStatus.PUBLISHED: _(
                "round %(number)s is published: only a drafted round's seats can be swapped"
            ),
            RoundStatus.RUNNING: _(
                "round %(number)s is running: only a drafted round's seats can be swapped"
            ),
        }
        complete = _("round %(number)s is complete: only a drafted round's seats can be swapped")
        sentence = sentences.get(round_.status, complete)
        raise RegistrationError(sentence % {"number": round_.number})
    if entrant_a.pk == entrant_b.pk:
        raise RegistrationError(_("choose two different entrants"))
    seats = {
        seat.entrant_id: seat
        for seat in Seat.objects.select_for_update()
        .select_related("match", "entrant")
        .filter(round=round_, entrant_id__in=[entrant_a.pk, entrant_b.pk])
    }
    for entrant in (entrant_a, entrant_b):
        if entrant.pk not in seats:
            raise RegistrationError(
                _("%(entrant)s has no seat in round %(number)s")
                % {"entrant": entrant, "number": round_.number}
            )
    seat_a, seat_b = seats[entrant_a.pk], seats[entrant_b.pk]
    if seat_a.match_id == seat_b.match_id:
        raise RegistrationError(
            _("%(first)s and %(second)s already play at the same table")
            % {"first": entrant_a, "second": entrant_b}
        )
    if seat_a.match.is_bye or seat_b.match.is_bye:
        raise RegistrationError(_("a bye cannot be swapped; re-pair the round instead"))
    # The invariant behind it: a result's placings always name the players at its table. A
    # draft takes no results (matches.services.results), so this only guards that rule.
    if ResultVersion.objects.filter(match__in=[seat_a.match_id, seat_b.match_id]).exists():
        raise RegistrationError(_("a table with a result cannot change its players"))
    before = [_seat_record(seat_a), _seat_record(seat_b)]
    places = [(s.match, s.position, s.flower_colour, s.character) for s in (seat_a, seat_b)]
    Seat.objects.filter(pk__in=[seat_a.pk, seat_b.pk]).delete()
    new_a = Seat.objects.create(
        match=places[1][0],
        round=round_,
        entrant=entrant_a,
        position=places[1][1],
        flower_colour=places[1][2],
    )
    new_b = Seat.objects.create(
        match=places[0][0],
        round=round_,
        entrant=entrant_b,
        position=places[0][1],
        flower_colour=places[0][2],
    )
    record_change(
        round_.tournament,
        "round.seats_swapped",
        round_,
        before={"seats": before},
        after={"seats": [_seat_record(new_a), _seat_record(new_b)]},
        actor=actor,
    )
    return new_a, new_b
