"""Every new password revokes the account's API tokens, whatever door set it: allauth's change,
set and reset pages, ``manage.py changepassword``, a shell's ``set_password``.

Django calls each configured password validator's ``password_changed`` once the user row with
the new password is saved (``AbstractBaseUser.save``); this validator checks nothing and uses
only that hook, so no door can change a password and leave the old tokens working.
"""

from django.utils.translation import gettext as _

from accounts import tokens


class RevokeTokensOnPasswordChange:
    """A password "validator" whose only work is revoking tokens after a password change."""

    def validate(self, password, user=None) -> None:
        """Every password is acceptable here (the other validators judge it)."""

    def password_changed(self, password, user=None) -> None:
        """The account's tokens made under the old password stop working."""
        if user is not None and user.pk is not None:
            tokens.revoke_all(user)

    def get_help_text(self) -> str:
        """Said under every new-password field, beside the other validators' rules."""
        return _("A new password ends every API token of your account.")
