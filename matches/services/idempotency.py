"""Idempotency keys on the result actions: the same key twice makes one change.

A phone that sent a report and lost the answer sends it again with the same key. Each result
service calls ``replay`` right after it locks the match: when the key was already used by this
actor for this very action, the original outcome comes back (marked ``replayed``) and nothing
new is written; a key reused for something else is refused. After a change, ``remember`` stores
the key with what was made, in the same transaction, so a refused or rolled-back action leaves
no key behind and may be sent again.
"""

from __future__ import annotations

import hashlib
import json
import uuid

from django.utils.translation import gettext as _

from common.audit.actor import Actor
from matches.models import IdempotentRequest, Match, ResultResponse, ResultVersion
from matches.services.tables import ResultFlowError

KEY_HEADER = "HTTP_IDEMPOTENCY_KEY"
KEY_FIELD = "idempotency_key"


class KeyInvalid(ResultFlowError):
    """A key that is not a UUID, or one already used for another action."""


def parse_key(value) -> uuid.UUID | None:
    """The key a client sent (a UUID in any of its usual spellings), None when none was sent."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, uuid.UUID):
        return value
    text = str(value).strip()
    if len(text) > 45:
        raise KeyInvalid(_("the idempotency key must be a UUID"))
    try:
        return uuid.UUID(text)
    except ValueError:
        raise KeyInvalid(_("the idempotency key must be a UUID")) from None


def actor_ref(actor: Actor) -> str:
    """Who a key belongs to: the signed-in user, the side acting through its link, or both."""
    parts = []
    user = actor.user
    if getattr(user, "is_authenticated", False):
        parts.append(f"user:{user.pk}")
    if actor.entrant is not None:
        parts.append(f"entrant:{actor.entrant.pk}")
    return "/".join(parts) or "system"


def fingerprint(action: str, target: int, body) -> str:
    """A digest of what was asked: the action, what it acts on and its content."""
    text = json.dumps([action, target, body], sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def replay(
    key: uuid.UUID | None, actor: Actor, action: str, match: Match, target: int, body
) -> ResultVersion | ResultResponse | None:
    """The outcome already made under ``key`` by ``actor`` (call it under the match's lock), or
    None when the key is new (or no key was sent).

    Raises ``KeyInvalid`` when the key was used for another match, action or content.
    """
    if key is None:
        return None
    seen = (
        IdempotentRequest.objects.filter(key=key, actor=actor_ref(actor))
        .select_related("version", "response")
        .first()
    )
    if seen is None:
        return None
    if (
        seen.match_id != match.pk
        or seen.action != action
        or seen.fingerprint != fingerprint(action, target, body)
    ):
        raise KeyInvalid(
            _("this idempotency key was already used for another action; make a new one")
        )
    outcome = seen.version if seen.version_id is not None else seen.response
    outcome.replayed = True
    return outcome


def remember(
    key: uuid.UUID | None,
    actor: Actor,
    action: str,
    match: Match,
    target: int,
    body,
    outcome: ResultVersion | ResultResponse,
) -> None:
    """Store ``key`` with the outcome it made (in the transaction that made it)."""
    if key is None:
        return
    IdempotentRequest.objects.create(
        key=key,
        actor=actor_ref(actor),
        action=action,
        match=match,
        fingerprint=fingerprint(action, target, body),
        version=outcome if isinstance(outcome, ResultVersion) else None,
        response=outcome if isinstance(outcome, ResultResponse) else None,
    )


def was_replayed(outcome) -> bool:
    """Whether a service returned an outcome made earlier under the same key."""
    return bool(getattr(outcome, "replayed", False))
