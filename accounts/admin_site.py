"""The Django admin site, open to superusers only.

Staff of an event (organisers, referees) use the site's own pages: the dashboard, the console and
the desk. The admin is the superuser's tool for the rare repair no page offers.
"""

from django.contrib.admin import AdminSite

from common.rate_limits import rate_limited


class SuperuserAdminSite(AdminSite):
    site_header = "Eye for an Eye tournaments: administration"
    site_title = "Administration"

    @rate_limited("login")
    def login(self, request, extra_context=None):
        """The admin's sign-in form: its failures count toward the ``login`` limit."""
        return super().login(request, extra_context)

    def has_permission(self, request) -> bool:
        return bool(request.user.is_active and request.user.is_superuser)
