"""How django-allauth behaves here: sign-up open or by invitation only."""

from allauth.account.adapter import DefaultAccountAdapter
from django.conf import settings

#: the session key holding a staff invitation's token while its holder signs up or signs in
INVITATION_SESSION_KEY = "staff_invitation"


class AccountAdapter(DefaultAccountAdapter):
    """Sign-up is open when ``SIGNUP_OPEN`` is on; otherwise only for an invitation's holder."""

    def is_open_for_signup(self, request) -> bool:
        if settings.SIGNUP_OPEN:
            return True
        return bool(request.session.get(INVITATION_SESSION_KEY))
