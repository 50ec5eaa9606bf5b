"""Who may hold and use an API token: the same conditions the site's sign-in sets.

* With ``REQUIRE_SUPERUSER_MFA`` on, a superuser without a second factor (allauth.mfa) may not:
  the pages send it to set one up first (``accounts.middleware``), and the API refuses it too.
* With mandatory e-mail verification (``ACCOUNT_EMAIL_VERIFICATION``), an account with no
  confirmed address may not: allauth's sign-in stops it, and so does the API.

The checks run when a token is made (``accounts.tokens.issue``) and on every request a token
signs (``accounts.tokens.token_for_key``), so a token made before the rule applied stops too.
"""

from __future__ import annotations

from allauth.account import app_settings as account_settings
from allauth.account.utils import has_verified_email
from allauth.mfa.utils import is_mfa_enabled
from django.conf import settings
from django.utils.translation import gettext as _


def second_factor_missing(user) -> bool:
    """A superuser without a second factor while ``REQUIRE_SUPERUSER_MFA`` is on."""
    return bool(settings.REQUIRE_SUPERUSER_MFA and user.is_superuser and not is_mfa_enabled(user))


def verification_missing(user, verified: bool | None = None) -> bool:
    """An account with no confirmed e-mail address while verification is mandatory.

    ``verified``: whether it has one, when the caller read it already (None: ask the database).
    """
    if account_settings.EMAIL_VERIFICATION != account_settings.EmailVerificationMethod.MANDATORY:
        return False
    return not (has_verified_email(user) if verified is None else verified)


def api_refusal(user, verified: bool | None = None) -> str | None:
    """Why ``user`` may not hold or use an API token now (a sentence for them), or None."""
    if second_factor_missing(user):
        return _(
            "This superuser account cannot use the API until you set up a second factor: "
            "sign in on the site and set one up at /accounts/2fa/."
        )
    if verification_missing(user, verified):
        return _(
            "This account cannot use the API until you confirm your e-mail address: follow "
            "the link in the e-mail we sent (or send a new one from /accounts/email/)."
        )
    return None
