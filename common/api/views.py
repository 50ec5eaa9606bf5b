"""What every app's API views share: the acting person (``actor_for``), and ``ApiViewMixin``
(token authentication first, the error format, the 401/403 rule, ``ETag``s on reads).

A private link (``common.api.private_links``) is credentials too: a request that carries a
valid one is refused with 403, not 401. Which private links are valid is the events' business,
so the mixin asks its ``entrant_of_request`` seam, which the views of the apps that accept
private links fill in (``tournament.api.base.EventApiMixin``, ``matches.api.views``).
"""

from rest_framework import exceptions
from rest_framework.settings import api_settings

from common.api.errors import api_exception_handler
from common.api.etags import conditional
from common.audit.actor import Actor
from common.audit.channels import Channel


def actor_for(request, entrant=None) -> Actor:
    """Who acts on this API request: the user and/or the entrant, channel API, IP, agent."""
    return Actor.from_request(request, Channel.API, entrant=entrant)


class ApiViewMixin:
    """Token auth first (so missing credentials give 401), the error format, the 401/403 rule.

    The authentication classes are the settings' (an API token, then the session).
    """

    authentication_classes = api_settings.DEFAULT_AUTHENTICATION_CLASSES

    @staticmethod
    def entrant_of_request(request, tournament):
        """The side acting through a private link on ``request`` (of ``tournament``, or of any
        event when None). The seam: none here; a view that accepts private links names the
        lookup."""
        return None

    def get_exception_handler(self):
        return api_exception_handler

    def finalize_response(self, request, response, *args, **kwargs):
        # every read carries an ETag; If-None-Match with it answers 304 (common.api.etags)
        response = super().finalize_response(request, response, *args, **kwargs)
        return conditional(request, response)

    def permission_denied(self, request, message=None, code=None):
        # A player who identified through a valid private link is not "unauthenticated": 403.
        if not request.user.is_authenticated and self.entrant_of_request(request, None) is not None:
            raise exceptions.PermissionDenied(detail=message, code=code)
        super().permission_denied(request, message=message, code=code)

    def entrant(self, tournament):
        """The entrant of ``tournament`` acting through its private link, if any."""
        return self.entrant_of_request(self.request, tournament)
