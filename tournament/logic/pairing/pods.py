"""Free-for-all rounds: seat players into pods of 4 (or 3) by the event's pairing method.

``pair_pods`` is the entry point the service layer calls once per round with the
players still in the event (dropped players left out, late entries included with their
points, usually 0, and no opponents).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tournament.logic.pairing.clubs import seat_field
from tournament.logic.pairing.core import check_sides
from tournament.logic.pairing.registry import get_method
from tournament.logic.pairing.seat_order import balance_seats
from tournament.logic.pairing.sizes import pod_sizes
from tournament.logic.pairing.types import (
    Pairing,
    PairingError,
    PairingOptions,
    Side,
    too_few_sides,
)


def pair_pods(sides: Sequence[Side], options: PairingOptions | None = None) -> Pairing:
    """Pair one free-for-all round.

    Every side is seated exactly once, in pods sized by ``pod_sizes``. No two sides that
    have met share a pod whenever the field allows it (guaranteed when the number of
    pods exceeds the most opponents any side has met, e.g. 12r - 11 or more sides before
    round r); otherwise as few repeat pairs as possible (proven minimal on fields of up
    to 16 sides). Swiss rounds group similar points, table 1 being the top pod. With
    ``options.seeding`` the draw is replaced by the sides' strengths (``seeding.py``). With
    ``options.clubs_apart`` clubmates sit at different tables where it is free (``clubs.py``);
    with ``options.balance_seats`` each table's seats follow the seat history (``seat_order.py``).
    The same sides and options always give the same round, whatever order the sides come in.
    """
    options = options or PairingOptions()
    method = get_method(options.method)
    method.check(options)
    ordered = check_sides(sides)
    if len(ordered) < 2:
        raise PairingError(too_few_sides(len(ordered)))
    sizes = pod_sizes(len(ordered), options.preferred_size)
    rng = random.Random(options.seed)
    explanation = {"seed": options.seed, "preferred_size": options.preferred_size}
    pairing = seat_field(method, ordered, sizes, rng, explanation, options)
    return balance_seats(pairing, ordered) if options.balance_seats else pairing
