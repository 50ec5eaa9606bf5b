"""A write to an address that lacks its trailing slash gets a clear 404, never a 500.

Django's ``CommonMiddleware`` redirects ``/x`` to ``/x/`` when only the latter exists. For a POST
(or PUT, PATCH, DELETE) a redirect would drop the body, so in DEBUG Django raises an error (an
answer 500) and in production it redirects anyway and the browser repeats the request as a GET.
This middleware, placed before ``CommonMiddleware``, answers such a write with 404 and the
address to use (JSON on the API), and leaves every other request alone.
"""

from django.conf import settings
from django.http import HttpResponse, JsonResponse
from django.urls import Resolver404, resolve
from django.utils.translation import gettext as _

SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


def with_slash_exists(path: str) -> bool:
    """Whether ``path`` + "/" is an address of the site."""
    try:
        resolve(path + "/")
    except Resolver404:
        return False
    return True


class WriteWithoutSlashMiddleware:
    """404 with the right address for a write to ``/x`` when only ``/x/`` exists."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        path = request.path_info
        if (
            settings.APPEND_SLASH
            and request.method not in SAFE_METHODS
            and not path.endswith("/")
            and with_slash_exists(path)
        ):
            message = _("This address ends with a slash: send the %(method)s to %(path)s/") % {
                "method": request.method,
                "path": path,
            }
            if path.startswith("/api/"):
                return JsonResponse({"detail": message}, status=404)
            return HttpResponse(message, status=404, content_type="text/plain; charset=utf-8")
        return self.get_response(request)
