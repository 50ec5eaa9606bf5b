"""A player's registration for one event: their place in the field or the waitlist."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

MAX_ORGANISER_MESSAGE = 2000
MAX_NAME = 120


class RegistrationStatus(models.TextChoices):
    """Where a registration stands."""

    PENDING = "pending", _("Awaiting review")
    REGISTERED = "registered", _("Registered")
    WAITLISTED = "waitlisted", _("Waitlisted")
    DECLINED = "declined", _("Declined")
    WITHDRAWN = "withdrawn", _("Withdrawn")


class Registration(models.Model):
    """One account's registration for one event (once per event and account)."""

    tournament = models.ForeignKey(
        "tournament.Tournament", on_delete=models.CASCADE, related_name="registrations"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="registrations"
    )
    player = models.ForeignKey(
        "tournament.Player",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="registrations",
    )
    entrant = models.OneToOneField(
        "tournament.Entrant",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="registration",
        help_text=_("The entrant, while the registration holds a place in the field."),
    )
    name = models.CharField(
        _("name"), max_length=MAX_NAME, help_text=_("The name shown in the event's pairings.")
    )
    status = models.CharField(
        _("status"),
        max_length=10,
        choices=RegistrationStatus.choices,
        default=RegistrationStatus.PENDING,
    )
    queue_number = models.PositiveIntegerField(
        _("queue number"), help_text=_("Arrival order; the waitlist is ordered by it.")
    )
    paid = models.BooleanField(_("paid"), default=False)
    name_listed = models.BooleanField(
        _("name listed"),
        default=False,
        help_text=_("The player agreed to be named on the public list of entrants."),
    )
    organiser_message = models.TextField(
        _("message from the organiser"), max_length=MAX_ORGANISER_MESSAGE, blank=True
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["tournament", "queue_number"]
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="registration_once"),
            models.UniqueConstraint(
                fields=["tournament", "queue_number"], name="registration_queue_number_unique"
            ),
            models.CheckConstraint(
                condition=Q(queue_number__gte=1), name="registration_queue_number_positive"
            ),
        ]
        indexes = [models.Index(fields=["tournament", "status", "queue_number"])]

    def __str__(self) -> str:
        return f"{self.user} @ {self.tournament}"
