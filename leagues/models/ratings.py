"""A player's rating per game system, and its history game by game (for the rating chart).

Both tables are derived: ``leagues.services.ratings.recompute`` rebuilds them from the accepted
results of finished rounds, so they can always be thrown away and made again.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _


class PlayerRating(models.Model):
    """A player's current rating in one game system."""

    system = models.CharField(max_length=40)
    player = models.ForeignKey(
        "tournament.Player", on_delete=models.CASCADE, related_name="ratings"
    )
    mu = models.FloatField(
        help_text=_("The skill estimate: what the rating lists rank by and show.")
    )
    sigma = models.FloatField()
    conservative = models.FloatField(
        help_text=_("mu - 3 sigma: a cautious lower bound, kept for reference (ranks nothing).")
    )
    games = models.PositiveIntegerField()
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["system", "player"], name="rating_once_per_system")
        ]
        indexes = [models.Index(fields=["system", "-mu"], name="rating_list_order")]
        ordering = ["system", "-mu", "player_id"]

    def __str__(self) -> str:
        return f"{self.player} {self.system}: {self.mu:.1f}"


class RatingChange(models.Model):
    """A player's rating after one rated game."""

    system = models.CharField(max_length=40)
    player = models.ForeignKey(
        "tournament.Player", on_delete=models.CASCADE, related_name="rating_changes"
    )
    match = models.ForeignKey("matches.Match", on_delete=models.CASCADE, related_name="+")
    sequence = models.PositiveIntegerField(help_text=_("The game's place in the replay, from 1."))
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField()

    class Meta:
        indexes = [models.Index(fields=["system", "player", "sequence"])]
        ordering = ["system", "player_id", "sequence"]

    def __str__(self) -> str:
        return f"{self.player} {self.system} #{self.games}"
