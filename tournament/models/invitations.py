"""Staff invitations: a one-time, expiring link that makes its holder a referee or co-organiser."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournament.models.choices import StaffRoleKind
from tournament.models.event import Tournament


class StaffInvitation(models.Model):
    """An organiser's invitation to one role in one event, by e-mail or as a link.

    Only a hash of the link's secret is stored. Used once: accepting it records who accepted,
    and a used, revoked or expired invitation grants nothing.
    """

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="invitations")
    role = models.CharField(max_length=10, choices=StaffRoleKind.choices)
    email = models.EmailField(
        blank=True, help_text=_("Where the link was sent (empty: link only).")
    )
    token_hash = models.CharField(max_length=64, unique=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    accepted_at = models.DateTimeField(null=True, blank=True)
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="accepted_invitations",
    )
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.get_role_display()} of {self.tournament} ({self.state})"

    @property
    def state(self) -> str:
        """pending, accepted, revoked or expired."""
        if self.accepted_at is not None:
            return "accepted"
        if self.revoked_at is not None:
            return "revoked"
        if self.expires_at <= timezone.now():
            return "expired"
        return "pending"
