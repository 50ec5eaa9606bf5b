"""Hosted live games: the event log as it arrived, and the state it replays to."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from common.audit.models import Provenance
from matches.models.choices import LiveGameStatus
from matches.models.match import Match


class LiveGame(models.Model):
    """A match played with the platform as its scoreboard; ``state`` caches the log's replay."""

    match = models.OneToOneField(Match, on_delete=models.PROTECT, related_name="live_game")
    game_system = models.CharField(max_length=40)
    mode = models.CharField(max_length=40)
    setup = models.JSONField(help_text=_("Sides and characters at the start."))
    state = models.JSONField(default=dict, blank=True)
    last_sequence = models.PositiveIntegerField(default=0)
    status = models.CharField(
        max_length=8, choices=LiveGameStatus.choices, default=LiveGameStatus.WAITING
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"Live game of {self.match}"


class LiveEvent(Provenance):
    """One accepted event of a live game, numbered in arrival order."""

    game = models.ForeignKey(LiveGame, on_delete=models.PROTECT, related_name="events")
    sequence = models.PositiveIntegerField()
    payload = models.JSONField()

    class Meta:
        ordering = ["game", "sequence"]
        constraints = [
            models.UniqueConstraint(fields=["game", "sequence"], name="live_event_sequence_unique")
        ]

    def __str__(self) -> str:
        return f"{self.game} #{self.sequence}"
