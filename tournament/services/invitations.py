"""Staff invitations: an organiser invites a referee or co-organiser by e-mail or one-time link.

The link carries a random secret (only its hash is stored); it expires after ``days`` (7 by
default) and works once. Accepting it - signed in, or right after signing up or in - gives the
role in that event only. Each step is audited in the event's trail.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass, replace
from datetime import timedelta

from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext

from common.audit.actor import Actor
from common.audit.models import AuditEntry
from common.audit.services import record_change
from common.errors import ServiceError
from tournament.models import StaffInvitation, StaffRole, StaffRoleKind, Tournament

#: the session key holding an invitation's token while its holder signs up or signs in (sign-up
#: stays open to them when the site's sign-up is by invitation only)
SESSION_KEY = "staff_invitation"
DEFAULT_DAYS = 7
MIN_DAYS, MAX_DAYS = 1, 30
#: pending invitations one event may have at once
MAX_PENDING = 100
MAX_TOKEN_LENGTH = 100


class InvitationError(ServiceError):
    """An invitation that cannot be made or used; the message says why."""


@dataclass(frozen=True)
class NewInvitation:
    """A new invitation and the path of its link (shown or sent once)."""

    invitation: StaffInvitation
    path: str


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def invite(
    tournament: Tournament,
    role: str,
    actor: Actor,
    *,
    email: str = "",
    days: int = DEFAULT_DAYS,
    site: str = "",
) -> NewInvitation:
    """Make an invitation to ``role``; with ``email``, send its link there after the commit."""
    if role not in StaffRoleKind.values:
        raise InvitationError(gettext("%(role)s is not a staff role") % {"role": repr(role)})
    if isinstance(days, bool) or not isinstance(days, int) or not MIN_DAYS <= days <= MAX_DAYS:
        raise InvitationError(
            gettext("an invitation lasts %(least)s to %(most)s days")
            % {"least": MIN_DAYS, "most": MAX_DAYS}
        )
    now = timezone.now()
    with transaction.atomic():
        Tournament.objects.select_for_update().get(pk=tournament.pk)
        pending = StaffInvitation.objects.filter(
            tournament=tournament,
            accepted_at__isnull=True,
            revoked_at__isnull=True,
            expires_at__gt=now,
        ).count()
        if pending >= MAX_PENDING:
            raise InvitationError(
                gettext("this event has %(count)s open invitations; revoke some first")
                % {"count": MAX_PENDING}
            )
        token = secrets.token_urlsafe(32)
        invitation = StaffInvitation.objects.create(
            tournament=tournament,
            role=role,
            email=email.strip(),
            token_hash=hash_token(token),
            created_by=actor.user,
            expires_at=now + timedelta(days=days),
        )
        record_change(
            tournament,
            "staff.invited",
            invitation,
            after={
                "role": role,
                "email": invitation.email,
                "expires_at": str(invitation.expires_at),
            },
            actor=actor,
        )
        path = reverse("tournament:invitation", args=[token])
        if invitation.email:
            transaction.on_commit(lambda: _send(invitation, site + path))
    return NewInvitation(invitation, path)


def _send(invitation: StaffInvitation, link: str) -> None:
    event = invitation.tournament
    send_mail(
        f"{settings.ACCOUNT_EMAIL_SUBJECT_PREFIX}You are invited to {event.name}",
        f"You are invited to be {invitation.get_role_display().lower()} of {event.name}.\n\n"
        f"Open this link to accept (sign in, or make an account first):\n{link}\n\n"
        f"It works once and expires on {invitation.expires_at:%d %B %Y}.",
        None,
        [invitation.email],
    )


def find(token: str) -> StaffInvitation | None:
    """The invitation whose link carries ``token`` (whatever its state), or None."""
    if not isinstance(token, str) or not token or len(token) > MAX_TOKEN_LENGTH:
        return None
    return (
        StaffInvitation.objects.select_related("tournament", "accepted_by")
        .filter(token_hash=hash_token(token))
        .first()
    )


def why_unusable(invitation: StaffInvitation | None) -> str | None:
    """Why the invitation cannot be accepted now, or None."""
    if invitation is None:
        return "This invitation link is not valid. Ask the organiser for a new one."
    return {
        "accepted": "This invitation has already been used.",
        "revoked": "The organiser withdrew this invitation.",
        "expired": "This invitation has expired. Ask the organiser for a new one.",
    }.get(invitation.state)


#: the audit action recording the one account made through an invitation
SIGNED_UP = "staff.invitation_signed_up"


def _signed_up_through(invitation: StaffInvitation) -> bool:
    return AuditEntry.objects.filter(
        tournament_id=invitation.tournament_id,
        action=SIGNED_UP,
        target_type=StaffInvitation._meta.label_lower,
        target_id=str(invitation.pk),
    ).exists()


def opens_sign_up(token) -> bool:
    """Whether ``token`` (from the session) names a live invitation through which no account
    was made yet: its holder may make one."""
    invitation = find(token)
    return (
        invitation is not None
        and why_unusable(invitation) is None
        and not _signed_up_through(invitation)
    )


def sign_up_through(token, make_account, actor: Actor):
    """Make an account through the invitation ``token`` names: ``make_account()`` (which saves
    and returns the new user) runs under the invitation's lock, and the account is recorded in
    the trail, so two sign-ups at once with one link make one account. Refuses with
    ``InvitationError`` when the invitation is not live or was used for an account already."""
    with transaction.atomic():
        found = find(token)
        invitation = StaffInvitation.objects.select_for_update().get(pk=found.pk) if found else None
        problem = why_unusable(invitation)
        if problem:
            raise InvitationError(problem)
        if _signed_up_through(invitation):
            raise InvitationError(
                gettext(
                    "An account was already made with this invitation. Sign in with it, or ask "
                    "the organiser for a new invitation."
                )
            )
        user = make_account()
        record_change(
            invitation.tournament,
            SIGNED_UP,
            invitation,
            after={"user": user.get_username()},
            actor=replace(actor, user=user),
        )
    return user


def accept(token: str, user, actor: Actor) -> StaffRole:
    """Give ``user`` the invitation's role (under a lock: a link works exactly once)."""
    with transaction.atomic():
        found = find(token)
        invitation = (
            StaffInvitation.objects.select_for_update()
            .select_related("tournament")
            .get(pk=found.pk)
            if found
            else None
        )
        problem = why_unusable(invitation)
        if problem:
            raise InvitationError(problem)
        role, _ = StaffRole.objects.get_or_create(
            tournament=invitation.tournament, user=user, role=invitation.role
        )
        invitation.accepted_at = timezone.now()
        invitation.accepted_by = user
        invitation.save(update_fields=["accepted_at", "accepted_by"])
        record_change(
            invitation.tournament,
            "staff.invitation_accepted",
            invitation,
            after={"user": user.get_username(), "role": invitation.role},
            actor=actor,
        )
    return role


def revoke(invitation: StaffInvitation, actor: Actor) -> None:
    """Withdraw a pending invitation (audited); a used one stays as it is."""
    with transaction.atomic():
        invitation = StaffInvitation.objects.select_for_update().get(pk=invitation.pk)
        if invitation.state != "pending":
            raise InvitationError(
                gettext("this invitation is %(state)s: nothing to withdraw")
                % {"state": invitation.state}
            )
        invitation.revoked_at = timezone.now()
        invitation.save(update_fields=["revoked_at"])
        record_change(
            invitation.tournament,
            "staff.invitation_revoked",
            invitation,
            before={"role": invitation.role, "email": invitation.email},
            actor=actor,
        )
