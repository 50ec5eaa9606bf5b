"""Top-level URL map: pages, accounts, the REST API v1 with its schema and docs, the admin."""

from allauth.account import views as account_views
from django.contrib import admin
from django.shortcuts import redirect
from django.templatetags.static import static
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from accounts.views.accessibility import accessibility
from accounts.views.language import choose_language
from accounts.views.script_strings import script_strings
from common.rate_limits import rate_limited
from matches import urls as result_doors
from tournament.views import app_shell, players


def favicon(request):
    """Browsers ask for /favicon.ico on every page that names no icon (the admin, the API)."""
    return redirect(static("img/favicon.svg"), permanent=True)


#: a request that found no free database connection is 503 with Retry-After, not a 500
handler500 = "config.busy_database.server_error"

urlpatterns = [
    path("favicon.ico", favicon),
    path("sw.js", app_shell.service_worker, name="service-worker"),
    path("manifest.webmanifest", app_shell.manifest, name="manifest"),
    # the API, the result doors, then the event pages: the most asked for, and routes are tried
    # in order (the API's prefix is one quick check for a page; a result's post skipped 70 page
    # routes). A player's result goes straight to matches (docs/architecture.md).
    path("api/v1/", include("config.api_urls")),
    path("", include(result_doors.routes(side_page=players.my_table))),
    path("", include("tournament.urls")),
    path("", include("registrations.team_urls")),
    # after the event pages (tried first): the header's language switcher, the scripts' strings
    # (gettext() in static/js) and the accessibility statement
    path("i18n/setlang/", choose_language, name="set_language"),
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    path("jsi18n/<str:language>/", script_strings, name="script-strings"),
    path("accessibility/", accessibility, name="accessibility"),
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    path("", include("accounts.urls")),
    # allauth's pages that sign in or send e-mail, marked for the rate limits (docs/operations.md)
    path("accounts/login/", rate_limited("login")(account_views.login), name="account_login"),
    path("accounts/signup/", rate_limited("accounts")(account_views.signup), name="account_signup"),
    path("accounts/email/", rate_limited("accounts")(account_views.email), name="account_email"),
    path(
        "accounts/password/reset/",
        rate_limited("accounts")(account_views.password_reset),
        name="account_reset_password",
    ),
    path("accounts/", include("allauth.urls")),
    path("", include("leagues.urls")),
    path("", include("registrations.urls")),
    path("", include("notifications.urls")),
]
