"""Top-level URL map: pages, accounts, the REST API v1 with its schema and docs, the admin."""

from django.contrib import admin
from django.shortcuts import redirect
from django.templatetags.static import static
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView


def favicon(request):
    """Browsers ask for /favicon.ico on every page that names no icon (the admin, the API)."""
    return redirect(static("img/favicon.svg"), permanent=True)


urlpatterns = [
    path("favicon.ico", favicon),
    path("admin/", admin.site.urls),
    path("api/v1/", include("config.api_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("", include("accounts.urls")),
    path("accounts/", include("allauth.urls")),
    path("", include("tournament.urls")),
]
