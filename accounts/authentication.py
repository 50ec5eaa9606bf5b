"""DRF authentication by API token: ``Authorization: Token <key>`` (or ``Bearer <key>``)."""

from rest_framework import authentication, exceptions

from accounts.tokens import user_for_key

KEYWORDS = ("token", "bearer")


class ApiTokenAuthentication(authentication.BaseAuthentication):
    """A person's API token (accounts.tokens): hashed, expiring, revocable."""

    keyword = "Token"

    def authenticate(self, request):
        header = authentication.get_authorization_header(request).split()
        if not header or header[0].lower().decode("latin-1") not in KEYWORDS:
            return None
        if len(header) != 2:
            raise exceptions.AuthenticationFailed(
                "Invalid token header: give 'Token' and the key, with one space between."
            )
        try:
            key = header[1].decode("ascii")
        except UnicodeError as exc:
            raise exceptions.AuthenticationFailed("Invalid token.") from exc
        user, why = user_for_key(key)
        if user is None:
            raise exceptions.AuthenticationFailed(why)
        return user, None

    def authenticate_header(self, request) -> str:
        return self.keyword
