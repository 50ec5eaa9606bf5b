"""Random opponents each round: the rulebook's tournament way, repeat opponents avoided."""

from tournament.logic.pairing.method import PairingMethod
from tournament.logic.translation import gettext_noop


class RandomOpponents(PairingMethod):
    """A seeded draw decides who meets; the bye of an odd alliance round is drawn too."""

    key = "random"
    label = gettext_noop("Random")
    help_text = gettext_noop(
        "Random: new opponents each round, as the rulebook's tournament plays its five rounds."
    )


METHOD = RandomOpponents()
