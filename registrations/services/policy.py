"""The organiser sets an event's registration policy (the form, the API and the admin's
change all come through here)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.forms.models import model_to_dict
from django.utils.translation import gettext as _

from common.audit.actor import Actor
from common.audit.services import record_change
from registrations.models import RegistrationPolicy
from registrations.services.eligibility import require_organiser
from registrations.services.errors import RegistrationError
from registrations.services.places import locked_event
from registrations.services.promotion import promote_next
from tournament.models import Tournament

#: the fields an organiser sets
FIELDS = (
    "self_service",
    "opens_at",
    "closes_at",
    "capacity",
    "waitlist",
    "who_may",
    "entry_code",
    "review",
    "fee_note",
)


def _plain(policy: RegistrationPolicy) -> dict:
    """The policy as JSON-ready values (the audit entry's before and after)."""
    values = model_to_dict(policy, fields=FIELDS)
    for key in ("opens_at", "closes_at"):
        values[key] = values[key].isoformat() if values[key] else None
    values["entry_code"] = bool(values["entry_code"])  # never the code itself
    return values


def _checked(policy: RegistrationPolicy) -> None:
    """Refuse a policy with a field out of bounds or at odds with another, naming it."""
    try:
        policy.full_clean(exclude=["tournament"])
    except ValidationError as exc:
        problems = [f"{field}: {' '.join(msgs)}" for field, msgs in exc.message_dict.items()]
        raise RegistrationError("; ".join(problems[:10])) from exc


@transaction.atomic
def set_policy(
    tournament: Tournament, actor: Actor, *, site: str = "", **values
) -> RegistrationPolicy:
    """Set the given fields of the event's policy (made on first use); places a larger capacity
    frees go to the waitlist at once."""
    unknown = sorted(set(values) - set(FIELDS))
    if unknown:
        raise RegistrationError(
            _("Unknown registration settings: %(names)s.") % {"names": ", ".join(unknown)}
        )
    tournament = locked_event(tournament)
    require_organiser(tournament, actor)
    policy = RegistrationPolicy.objects.select_for_update().filter(tournament=tournament).first()
    before = _plain(policy) if policy else None
    policy = policy or RegistrationPolicy(tournament=tournament)
    for field, value in values.items():
        setattr(policy, field, value)
    _checked(policy)
    policy.save()
    record_change(
        tournament,
        "registration.policy_set",
        policy,
        before=before,
        after=_plain(policy),
        actor=actor,
    )
    promote_next(tournament, policy, site)
    return policy
