"""Each entrant's counted Swiss games summed, kept up to date so standings read one row a side."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class EntrantTotals(models.Model):
    """What the standings count of one entrant's games: the sums of its accepted Swiss results
    (rounds that are not drafts), and the distinct opponents met.

    Derived data, never edited: ``tournament.services.standing_totals`` rewrites an entrant's row
    from
    its seats in the same transaction as any change to them (an accepted result or correction, a
    bye, a round leaving draft, an import), so this table always equals a tally of the seats.
    An entrant with no row has played nothing that counts yet.
    """

    entrant = models.OneToOneField(
        "tournament.Entrant", primary_key=True, on_delete=models.CASCADE, related_name="totals"
    )
    points = models.FloatField(default=0)
    games = models.PositiveIntegerField(default=0)
    byes = models.PositiveIntegerField(default=0)
    firsts = models.PositiveIntegerField(default=0, help_text=_("Games finished in first place."))
    stats = models.JSONField(
        default=dict, blank=True, help_text=_("The sum of each per-game statistic.")
    )
    opponents = models.TextField(
        blank=True, help_text=_("Ids of the distinct entrants met in a game, comma-separated.")
    )

    class Meta:
        verbose_name_plural = "entrant totals"

    def __str__(self) -> str:
        return f"totals of entrant {self.entrant_id}"
