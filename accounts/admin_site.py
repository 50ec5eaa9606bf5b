"""The Django admin site, open to superusers only.

Staff of an event (organisers, referees) use the site's own pages: the dashboard, the console and
the desk. The admin is the superuser's tool for the rare repair no page offers.

The admin has no sign-in form of its own: ``/admin/login/`` sends everyone to the site's sign-in
(allauth: password, then the second factor when one is set up) with ``next`` back to the admin,
so there is exactly one way in and a password posted to the admin never makes a session. Its
password change is the site's too (which also revokes the account's API tokens).
"""

from django.contrib.admin import AdminSite
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy


class SuperuserAdminSite(AdminSite):
    site_header = gettext_lazy("Eye for an Eye tournaments: administration")
    site_title = gettext_lazy("Administration")

    def login(self, request, extra_context=None):
        """To the site's sign-in, back to ``next`` (a page of this site) or the admin's index.

        Never a form here: a GET, a POST (with any username and password) alike only redirect.
        """
        index = reverse("admin:index", current_app=self.name)
        target = request.GET.get("next") or index
        if not url_has_allowed_host_and_scheme(
            target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
        ):
            target = index
        if not request.user.is_authenticated:
            return redirect_to_login(target, reverse("account_login"))
        if self.has_permission(request):
            return redirect(target)
        # signed in, but not a superuser: the sign-in page would send them straight back here
        raise PermissionDenied(
            _(
                "The administration is for superusers only. Organisers and referees use "
                "their events' own pages from My events."
            )
        )

    def password_change(self, request, extra_context=None):
        """The site's password change (allauth's, with its rate limit and token revocation)."""
        return redirect("account_change_password")

    def has_permission(self, request) -> bool:
        return bool(request.user.is_active and request.user.is_superuser)
