"""API tokens: made with a name and an expiry, shown once, stored as a hash, revoked at will.

A token is ``eye_`` followed by 40 random URL-safe characters (240 bits), so a fast hash
(SHA-256) is enough to keep the stored form useless to a thief: nothing can be guessed from it.
The hash is looked up through the unique index, which compares nothing character by character.

Who makes tokens (docs/api.md): a signed-in session (the tokens page, ``POST /api/v1/tokens/``) or
the password exchange (``POST /api/v1/auth/token/``), never a token. An account that may not use
the API (``accounts.access``) gets none and its tokens are refused. A new password, by any door,
revokes every token of the account (``accounts.password_change``); so does "revoke all".
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import timedelta
from functools import cache

from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.access import api_refusal
from accounts.models import ApiToken
from common.db import sql
from common.errors import ServiceError

PREFIX = "eye_"
SHOWN_PREFIX_LENGTH = 10
MAX_NAME_LENGTH = 100
MAX_KEY_LENGTH = 100
#: lifetimes a person may choose, in days (the API takes any whole number of days in range)
LIFETIME_CHOICES = (7, 30, 90, 365)
MIN_DAYS, MAX_DAYS = 1, 365
DEFAULT_DAYS = 30
#: active tokens one person may hold (old ones must be revoked or expire first)
MAX_ACTIVE_TOKENS = 50
#: ``last_used_at`` is written at most this often (not on every request)
LAST_USED_GRANULARITY = timedelta(minutes=1)
#: the "field" of a refusal that is about the account, not one input (the API's non-field key)
ACCOUNT_FIELD = "non_field_errors"


class TokenError(ServiceError):
    """A token request that cannot be done; ``field`` names the input at fault."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field
        self.message = message


@dataclass(frozen=True)
class IssuedToken:
    """A new token: the stored row, and the secret to show once."""

    token: ApiToken
    key: str


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


def issue(user, name: str, days: int = DEFAULT_DAYS) -> IssuedToken:
    """Make a named token for ``user`` that expires after ``days`` days."""
    name = (name or "").strip()
    if not name:
        raise TokenError("name", _("Give the token a name, e.g. the script or device it is for."))
    if len(name) > MAX_NAME_LENGTH:
        raise TokenError(
            "name",
            _("A token's name has at most %(limit)s characters.") % {"limit": MAX_NAME_LENGTH},
        )
    if isinstance(days, bool) or not isinstance(days, int) or not MIN_DAYS <= days <= MAX_DAYS:
        raise TokenError(
            "days",
            _("A token lasts %(min)s to %(max)s whole days.") % {"min": MIN_DAYS, "max": MAX_DAYS},
        )
    refusal = api_refusal(user)
    if refusal:
        raise TokenError(ACCOUNT_FIELD, refusal)
    now = timezone.now()
    with transaction.atomic():
        active = ApiToken.objects.select_for_update().filter(
            user=user, revoked_at__isnull=True, expires_at__gt=now
        )
        if len(active) >= MAX_ACTIVE_TOKENS:
            raise TokenError(
                "name",
                _("You hold %(count)s active tokens; revoke one you no longer use.")
                % {"count": MAX_ACTIVE_TOKENS},
            )
        key = PREFIX + secrets.token_urlsafe(30)
        token = ApiToken.objects.create(
            user=user,
            name=name,
            prefix=key[:SHOWN_PREFIX_LENGTH],
            key_hash=hash_key(key),
            expires_at=now + timedelta(days=days),
        )
    return IssuedToken(token, key)


@cache
def _token_columns() -> tuple[sql.ModelColumns, sql.ModelColumns]:
    return sql.ModelColumns(ApiToken, "k"), sql.ModelColumns(get_user_model(), "u")


@cache
def _token_sql() -> str:
    token, user = _token_columns()
    user_model = get_user_model()
    user_id = f"u.{sql.column(user_model, 'pk')}"
    verified = (
        f"EXISTS (SELECT 1 FROM {sql.table(EmailAddress)} e "
        f"WHERE e.{sql.column(EmailAddress, 'user')} = {user_id} "
        f"AND e.{sql.column(EmailAddress, 'verified')})"
    )
    return (
        f"SELECT {token.select}, {user.select}, {verified} FROM {sql.table(ApiToken)} k "
        f"JOIN {sql.table(user_model)} u ON {user_id} = k.{sql.column(ApiToken, 'user')} "
        f"WHERE k.{sql.column(ApiToken, 'key_hash')} = %s"
    )


def _token_with_user(key_hash: str) -> tuple[ApiToken | None, bool]:
    """The token with this hash and its user (``select_related("user")``), and whether the user
    has a confirmed e-mail address, in one prepared statement: every API call with a token asks
    it."""
    row = sql.fetch_one(_token_sql(), [key_hash])
    if row is None:
        return None, False
    token_columns, user_columns = _token_columns()
    token = token_columns.instance(row)
    token.user = user_columns.instance(row, token_columns.width)
    return token, bool(row[-1])


def token_for_key(key: str) -> tuple[ApiToken | None, str]:
    """The active token for ``key`` (its ``user`` loaded), or None and why not (for a 401
    message)."""
    if not key or len(key) > MAX_KEY_LENGTH:
        return None, _("Invalid token.")
    token, verified = _token_with_user(hash_key(key))
    if token is None:
        return None, _("Invalid token.")
    if token.revoked_at is not None:
        return None, _("This token was revoked.")
    now = timezone.now()
    if token.expires_at <= now:
        return None, _("This token has expired; make a new one on your tokens page.")
    if not token.user.is_active:
        return None, _("This account is disabled.")
    refusal = api_refusal(token.user, verified)
    if refusal:
        return None, refusal
    if token.last_used_at is None or now - token.last_used_at > LAST_USED_GRANULARITY:
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
    return token, ""


def revoke(user, token_id: int) -> ApiToken:
    """Revoke one of ``user``'s tokens (revoking twice changes nothing)."""
    with transaction.atomic():
        token = ApiToken.objects.select_for_update().filter(user=user, pk=token_id).first()
        if token is None:
            raise TokenError("token", _("No such token of yours."))
        if token.revoked_at is None:
            token.revoked_at = timezone.now()
            token.save(update_fields=["revoked_at"])
    return token


def revoke_all(user) -> int:
    """Revoke every active token of ``user``; how many were revoked."""
    return ApiToken.objects.filter(user=user, revoked_at__isnull=True).update(
        revoked_at=timezone.now()
    )
