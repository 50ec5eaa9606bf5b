"""App config of the audit trail (its table keeps the name it was born with in matches)."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AuditConfig(AppConfig):
    """The audit trail: every change to an event, who made it, through which door, and why."""

    name = "common.audit"
    label = "audit"
    verbose_name = _("Audit trail")
