"""API tokens a person makes, names, and revokes (stored as hashes, shown once); the language a
person chose."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class ApiToken(models.Model):
    """One API token: its owner, a name, the hash of its secret and its life.

    The secret itself is never stored; ``prefix`` (its first characters) lets a person tell
    their tokens apart in a list.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(max_length=100)
    prefix = models.CharField(max_length=16)
    key_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["user", "created_at"])]
        constraints = [
            models.CheckConstraint(
                condition=Q(expires_at__gt=models.F("created_at")),
                name="apitoken_expires_after_creation",
            )
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}...)"

    @property
    def state(self) -> str:
        """active, expired or revoked."""
        if self.revoked_at is not None:
            return "revoked"
        if self.expires_at <= timezone.now():
            return "expired"
        return "active"


class LanguagePreference(models.Model):
    """The language a person chose for the site and their e-mails (blank: none chosen)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="language_preference"
    )
    language = models.CharField(
        _("language"), max_length=10, blank=True, choices=settings.LANGUAGES
    )
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.user_id}: {self.language or '-'}"
