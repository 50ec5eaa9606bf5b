"""A round's matches (pods at numbered tables) and the seats of the entrants in them."""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from matches.models.choices import MatchStatus


class Match(models.Model):
    """The sides that play one game together in a round, at one table."""

    round = models.ForeignKey("tournament.Round", on_delete=models.CASCADE, related_name="matches")
    table_number = models.PositiveIntegerField()
    group_label = models.CharField(
        max_length=40,
        blank=True,
        help_text=_("Elimination group: A, B, C, D, AD, BC, Final, or e.g. 'Cut tie-break'."),
    )
    game_in_series = models.PositiveSmallIntegerField(
        default=1, help_text=_("1-3 in the three-game final.")
    )
    is_bye = models.BooleanField(default=False)
    status = models.CharField(max_length=10, choices=MatchStatus.choices, default=MatchStatus.OPEN)
    extra_seconds = models.PositiveIntegerField(
        default=0,
        help_text=_(
            "Time a referee gave this table beyond the round clock (its players' clock "
            "ends this much later)."
        ),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["round", "table_number"]
        verbose_name_plural = "matches"
        constraints = [
            models.UniqueConstraint(
                fields=["round", "table_number"], name="match_table_unique_in_round"
            ),
            models.CheckConstraint(
                condition=Q(table_number__gte=1), name="match_table_number_positive"
            ),
        ]
        indexes = [models.Index(fields=["round", "status"])]

    def __str__(self) -> str:
        label = f" ({self.group_label})" if self.group_label else ""
        return f"Round {self.round.number}, table {self.table_number}{label}"

    @property
    def extra_minutes(self) -> int:
        """The table's extra time in whole minutes (``extra_seconds`` is always whole minutes)."""
        return self.extra_seconds // 60

    @property
    def extra_ms(self) -> int:
        """The table's extra time in milliseconds, as the clock messages count."""
        return self.extra_seconds * 1000


class Seat(models.Model):
    """An entrant's place in a match: starting colour, character, and the accepted outcome.

    ``round`` repeats the match's round so the database can refuse a second seat for the same
    entrant in one round; a trigger keeps it equal to the match's round. ``place``, ``points``
    and ``stats`` copy the accepted result version so standings read one table in one query.
    """

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    round = models.ForeignKey("tournament.Round", on_delete=models.CASCADE, related_name="seats")
    # RESTRICT: an entrant who has played cannot be deleted on its own (drop them instead),
    # but deleting a whole tournament takes its seats and entrants together.
    entrant = models.ForeignKey(
        "tournament.Entrant", on_delete=models.RESTRICT, related_name="seats"
    )
    position = models.PositiveSmallIntegerField(help_text=_("Seat order in the pod, from 1."))
    flower_colour = models.CharField(
        max_length=40,
        blank=True,
        help_text=_(
            "The starting flower; a team's players' flowers joined by \"+\"; "
            "empty where none is dealt (Domination, byes)."
        ),
    )
    character = models.CharField(max_length=40, blank=True)
    place = models.PositiveSmallIntegerField(null=True, blank=True)
    points = models.DecimalField(max_digits=6, decimal_places=2, null=True, blank=True)
    stats = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["match", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["round", "entrant"], name="seat_entrant_once_per_round"
            ),
            models.UniqueConstraint(fields=["match", "position"], name="seat_position_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.entrant} at {self.match}"
