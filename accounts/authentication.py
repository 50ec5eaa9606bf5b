"""DRF authentication by API token: ``Authorization: Token <key>`` (or ``Bearer <key>``)."""

from django.utils.translation import gettext as _
from rest_framework import authentication, exceptions

from accounts.tokens import token_for_key

KEYWORDS = ("token", "bearer")


class ApiTokenAuthentication(authentication.BaseAuthentication):
    """A person's API token (accounts.tokens): hashed, expiring, revocable.

    ``request.auth`` is the token itself, so a view can tell a token from a session (a token
    cannot make tokens)."""

    keyword = "Token"

    def authenticate(self, request):
        header = authentication.get_authorization_header(request).split()
        if not header or header[0].lower().decode("latin-1") not in KEYWORDS:
            return None
        if len(header) != 2:
            raise exceptions.AuthenticationFailed(
                _("Invalid token header: give 'Token' and the key, with one space between.")
            )
        try:
            key = header[1].decode("ascii")
        except UnicodeError as exc:
            raise exceptions.AuthenticationFailed(_("Invalid token.")) from exc
        token, why = token_for_key(key)
        if token is None:
            raise exceptions.AuthenticationFailed(why)
        return token.user, token

    def authenticate_header(self, request) -> str:
        return self.keyword
