"""How django-allauth behaves here: sign-up open or by invitation only, where a new sign-in
lands (an invitation being accepted, else the dashboard). A new password revokes every API
token of the account by any door (``accounts.password_change``)."""

from allauth.account.adapter import DefaultAccountAdapter
from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from common.audit.actor import Actor
from common.audit.channels import Channel
from tournament.services import invitations
from tournament.services.invitations import SESSION_KEY as INVITATION_SESSION_KEY


class AccountAdapter(DefaultAccountAdapter):
    """Sign-up is open when ``SIGNUP_OPEN`` is on; otherwise only to the holder of a live
    invitation (``tournament.services.invitations``), for one account."""

    def is_open_for_signup(self, request) -> bool:
        if settings.SIGNUP_OPEN:
            return True
        return invitations.opens_sign_up(request.session.get(INVITATION_SESSION_KEY))

    def save_user(self, request, user, form, commit=True):
        """With sign-up closed, the account is made through the session's invitation (which
        then opens sign-up to nobody else); a link used twice at the same moment makes one."""
        if settings.SIGNUP_OPEN or not commit:
            return super().save_user(request, user, form, commit)
        try:
            return invitations.sign_up_through(
                request.session.get(INVITATION_SESSION_KEY),
                lambda: super(AccountAdapter, self).save_user(request, user, form, commit),
                Actor.from_request(request, Channel.PAGE),
            )
        except invitations.InvitationError as error:
            raise PermissionDenied(str(error)) from error

    def get_login_redirect_url(self, request) -> str:
        """Back to the invitation being accepted, if any; else the dashboard."""
        token = request.session.get(INVITATION_SESSION_KEY)
        if token:
            return reverse("tournament:invitation", args=[token])
        return super().get_login_redirect_url(request)
