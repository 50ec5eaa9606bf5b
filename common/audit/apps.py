"""App config of the audit trail (its table keeps the name it was born with in matches)."""

from django.apps import AppConfig


class AuditConfig(AppConfig):
    """The audit trail: every change to an event, who made it, through which door, and why."""

    name = "common.audit"
    label = "audit"
    verbose_name = "Audit trail"
