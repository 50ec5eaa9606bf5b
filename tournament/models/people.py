"""Who plays: players, teams of players, and entrants (a side registered in one tournament)."""

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy

from tournament.models.choices import EntrantStatus
from tournament.models.event import Tournament

ACCESS_TOKEN_BYTES = 24  # 32 URL-safe characters, 192 bits: not guessable


def new_access_token() -> str:
    """A fresh private-link token for an entrant's phone page."""
    return secrets.token_urlsafe(ACCESS_TOKEN_BYTES)


#: Crockford's base32: no I, L, O or U, so a code read aloud or off a card is typed right
SHORT_CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
#: an entrant's seed is 1 to this in every door (the CSV, the API, the simulation, which seeds
#: every side): the one bound on how many sides an event can seed
MAX_SEED = 100_000
SHORT_CODE_LENGTH = 8  # 40 bits; guessing is rate-limited like the private links


def new_short_code() -> str:
    """A short code for typing a private link by hand (``/p/K7QM2XPD/``)."""
    return "".join(secrets.choice(SHORT_CODE_ALPHABET) for _ in range(SHORT_CODE_LENGTH))


def normalise_short_code(raw: str) -> str | None:
    """The code as stored, from what a person typed (any case, dashes, O for 0, I/L for 1)."""
    if not isinstance(raw, str) or len(raw) > 20:
        return None
    code = raw.upper().replace("-", "").replace(" ", "")
    code = code.translate(str.maketrans({"O": "0", "I": "1", "L": "1"}))
    if len(code) != SHORT_CODE_LENGTH or any(c not in SHORT_CODE_ALPHABET for c in code):
        return None
    return code


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
        help_text=gettext_lazy(
            "Whether anyone may see this player's page of events (never their e-mail)."
        ),
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
    display_name = models.CharField(
        max_length=120, help_text=gettext_lazy("Name shown in pairings.")
    )
    seed = models.PositiveIntegerField(null=True, blank=True)
    status = models.CharField(
        max_length=12, choices=EntrantStatus.choices, default=EntrantStatus.REGISTERED
    )
    access_token = models.CharField(max_length=64, unique=True, default=new_access_token)
    short_code = models.CharField(
        max_length=SHORT_CODE_LENGTH,
        unique=True,
        default=new_short_code,
        help_text=gettext_lazy(
            "The private link's short form, typed by hand (replaced with the link)."
        ),
    )
    checked_in_at = models.DateTimeField(null=True, blank=True)
    dropped_at = models.DateTimeField(null=True, blank=True)
    dropped_after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    name_listed = models.BooleanField(
        default=False,
        help_text=gettext_lazy("The player agreed to be named on the public list of entrants."),
    )
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
        self.short_code = new_short_code()
        self.save(update_fields=["access_token", "short_code"])

    @property
    def short_code_display(self) -> str:
        """The short code as printed: two groups of four (``K7QM-2XPD``)."""
        return f"{self.short_code[:4]}-{self.short_code[4:]}"
