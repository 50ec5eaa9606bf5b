"""An event's registration policy: whether players register themselves, when, how many,
who may, and whether the organiser reviews each registration."""

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

MAX_CAPACITY = 10_000
MAX_ENTRY_CODE = 40
MAX_FEE_NOTE = 500


class WhoMay(models.TextChoices):
    """Who may register themselves."""

    ANYONE = "anyone", _("Anyone signed in")
    CODE = "code", _("Holders of the event's entry code")
    MEMBERS = "members", _("Members of the event's organisation")


class RegistrationPolicy(models.Model):
    """One event's rules for self-registration (no row: the organiser types every player)."""

    tournament = models.OneToOneField(
        "tournament.Tournament", on_delete=models.CASCADE, related_name="registration_policy"
    )
    self_service = models.BooleanField(
        _("players register themselves"),
        default=False,
        help_text=_("Players may register from the event's page; off, the organiser adds them."),
    )
    opens_at = models.DateTimeField(_("opens at"), null=True, blank=True)
    closes_at = models.DateTimeField(_("closes at"), null=True, blank=True)
    capacity = models.PositiveIntegerField(
        _("capacity"),
        null=True,
        blank=True,
        help_text=_("Places in the field (1 to 10,000); empty: no limit."),
    )
    waitlist = models.BooleanField(
        _("waitlist"), default=True, help_text=_("When full, later players join a waitlist.")
    )
    who_may = models.CharField(
        _("who may register"), max_length=8, choices=WhoMay.choices, default=WhoMay.ANYONE
    )
    entry_code = models.CharField(
        _("entry code"),
        max_length=MAX_ENTRY_CODE,
        blank=True,
        help_text=_("Required when only holders of the code may register."),
    )
    review = models.BooleanField(
        _("review each registration"),
        default=False,
        help_text=_("The organiser accepts or declines each registration."),
    )
    fee_note = models.TextField(
        _("fee note"),
        max_length=MAX_FEE_NOTE,
        blank=True,
        help_text=_("What the entry costs and how to pay; paid is marked at the desk."),
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("registration policy")
        verbose_name_plural = _("registration policies")
        constraints = [
            models.CheckConstraint(
                condition=Q(capacity__isnull=True)
                | (Q(capacity__gte=1) & Q(capacity__lte=MAX_CAPACITY)),
                name="registration_capacity_1_to_10000",
                violation_error_message=_("The capacity is from 1 to 10,000 places, or empty."),
            ),
            models.CheckConstraint(
                condition=Q(opens_at__isnull=True)
                | Q(closes_at__isnull=True)
                | Q(closes_at__gt=F("opens_at")),
                name="registration_closes_after_opens",
                violation_error_message=_("Registration closes after it opens."),
            ),
            models.CheckConstraint(
                condition=~Q(who_may="code") | ~Q(entry_code=""),
                name="registration_code_given_when_required",
                violation_error_message=_(
                    "Give an entry code when only holders of the code may register."
                ),
            ),
        ]

    def __str__(self) -> str:
        return str(_("Registration policy of %(event)s") % {"event": self.tournament})
