"""The accounts app: sign-in pages (django-allauth), the staff dashboard, API tokens, and the
player's own page."""

from django.apps import AppConfig
from django.contrib.admin.apps import AdminConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = _("Accounts")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from accounts import (
            language,  # noqa: F401 - the sign-in receiver of the saved language
            schema,  # noqa: F401 - registers the API schema's token scheme
        )


class SuperuserAdminConfig(AdminConfig):
    """The Django admin, for superusers only (everyone else signs in to the site's own pages)."""

    default_site = "accounts.admin_site.SuperuserAdminSite"
