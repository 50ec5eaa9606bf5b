"""Team registration (issue 36, item 5): a captain's team, its invitation link and its members.

A team forms before it takes a place: the captain names it and shares its link; members open
the link signed in and join. The team holds a place (its captain's ``Registration``, with the
team's ``Entrant``) only while its size is one the event's mode can play. Each member keeps
their own account and player record.
"""

import secrets

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

#: a team's name, as the pairings show it (an entrant's name holds 120 characters)
MAX_TEAM_NAME = 60
INVITE_TOKEN_BYTES = 24  # 32 URL-safe characters: not guessable


def new_invite_token() -> str:
    """A fresh secret for a team's invitation link."""
    return secrets.token_urlsafe(INVITE_TOKEN_BYTES)


class TeamEntry(models.Model):
    """A team a captain registers for one event; it gathers members through its link."""

    tournament = models.ForeignKey(
        "tournament.Tournament", on_delete=models.CASCADE, related_name="team_entries"
    )
    captain = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="captained_teams"
    )
    name = models.CharField(_("team name"), max_length=MAX_TEAM_NAME)
    invite_token = models.CharField(max_length=64, unique=True, default=new_invite_token)
    registration = models.OneToOneField(
        "registrations.Registration",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="team_entry",
        help_text=_("The captain's registration: the team's place, once its size can play."),
    )
    team = models.OneToOneField(
        "tournament.Team",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="team_entry",
        help_text=_("The side it plays as, made when it first takes a place."),
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["tournament", "created_at", "pk"]
        verbose_name = _("team entry")
        verbose_name_plural = _("team entries")
        constraints = [
            models.UniqueConstraint(
                Lower("name"), "tournament", name="team_entry_name_once_per_event"
            ),
            models.UniqueConstraint(
                fields=["tournament", "captain"], name="team_entry_one_per_captain"
            ),
        ]

    def __str__(self) -> str:
        return self.name


class TeamEntryMember(models.Model):
    """One person in a team entry; a person is in at most one team of an event."""

    entry = models.ForeignKey(TeamEntry, on_delete=models.CASCADE, related_name="members")
    #: the team's event, repeated so that the database keeps one team per person and event
    tournament = models.ForeignKey(
        "tournament.Tournament", on_delete=models.CASCADE, related_name="+"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="team_entry_members"
    )
    player = models.ForeignKey(
        "tournament.Player", on_delete=models.PROTECT, related_name="team_entry_members"
    )
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["entry", "joined_at", "pk"]
        verbose_name = _("team member")
        verbose_name_plural = _("team members")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "user"], name="team_entry_member_once_per_event"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.entry}"
