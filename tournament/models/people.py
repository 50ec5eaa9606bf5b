"""Who plays: players, teams of players, and entrants (a side registered in one tournament)."""

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q

from tournament.models.choices import EntrantStatus
from tournament.models.event import Tournament

ACCESS_TOKEN_BYTES = 24  # 32 URL-safe characters, 192 bits: not guessable


def new_access_token() -> str:
    """A fresh private-link token for an entrant's phone page."""
    return secrets.token_urlsafe(ACCESS_TOKEN_BYTES)


class Player(models.Model):
    """A person who plays; most have no account, some link one to follow their events."""

    name = models.CharField(max_length=100)
    club = models.CharField(max_length=100, blank=True)
    email = models.EmailField(blank=True)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="player",
    )
    profile_public = models.BooleanField(
        default=False,
        help_text="Whether anyone may see this player's page of events (never their e-mail).",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Team(models.Model):
    """A team of 2-3 players that plays as one side (Alliances)."""

    MIN_MEMBERS = 2
    MAX_MEMBERS = 3

    name = models.CharField(max_length=100)
    members = models.ManyToManyField(Player, through="TeamMember", related_name="teams")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class TeamMember(models.Model):
    """A player's place in a team."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="memberships")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="memberships")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["team", "player"], name="teammember_once_per_team")
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.team}"


class Entrant(models.Model):
    """A side registered in one tournament: exactly one player or one team."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entrants")
    player = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.PROTECT, related_name="entries"
    )
    team = models.ForeignKey(
        Team, null=True, blank=True, on_delete=models.PROTECT, related_name="entries"
    )
    display_name = models.CharField(max_length=120, help_text="Name shown in pairings.")
    seed = models.PositiveIntegerField(null=True, blank=True)
    status = models.CharField(
        max_length=12, choices=EntrantStatus.choices, default=EntrantStatus.REGISTERED
    )
    access_token = models.CharField(max_length=64, unique=True, default=new_access_token)
    checked_in_at = models.DateTimeField(null=True, blank=True)
    dropped_at = models.DateTimeField(null=True, blank=True)
    dropped_after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["display_name"]
        constraints = [
            models.CheckConstraint(
                condition=(Q(player__isnull=False) & Q(team__isnull=True))
                | (Q(player__isnull=True) & Q(team__isnull=False)),
                name="entrant_is_player_xor_team",
            ),
            models.UniqueConstraint(
                fields=["tournament", "player"],
                condition=Q(player__isnull=False),
                name="entrant_player_once_per_tournament",
            ),
            models.UniqueConstraint(
                fields=["tournament", "team"],
                condition=Q(team__isnull=False),
                name="entrant_team_once_per_tournament",
            ),
            models.UniqueConstraint(
                fields=["tournament", "seed"],
                condition=Q(seed__isnull=False),
                name="entrant_seed_unique_in_tournament",
            ),
        ]
        indexes = [models.Index(fields=["tournament", "status"])]

    def __str__(self) -> str:
        return self.display_name

    def save(self, *args, **kwargs):
        """Fill the display name from the player or team when it was left empty."""
        if not self.display_name:
            self.display_name = str(self.player or self.team or "")
        super().save(*args, **kwargs)

    @property
    def is_active(self) -> bool:
        """Whether the entrant is still in the event (not dropped)."""
        return self.status != EntrantStatus.DROPPED

    def revoke_access_token(self) -> None:
        """Replace the private link, so that an old link (lost or shared) stops working."""
        self.access_token = new_access_token()
        self.save(update_fields=["access_token"])
