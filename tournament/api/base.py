"""Shared machinery of the tournament app's API views: the acting person, the entrant token, the
tournaments a request may see, the views nested under a tournament. The error format and the
strict serializers every API shares are in ``common.api.errors`` and ``common.api.serializers``.
"""

from django.db.models import Q
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from rest_framework import exceptions
from rest_framework.settings import api_settings

from common.api.errors import api_exception_handler
from common.audit.actor import Actor
from common.audit.channels import Channel
from tournament.models import Tournament
from tournament.services.permissions import (
    ENTRANT_TOKEN_HEADER,
    can_view_tournament,
    entrant_of_request,
    staff_tournaments,
)

ENTRANT_TOKEN = OpenApiParameter(
    ENTRANT_TOKEN_HEADER,
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    required=False,
    description="A player's private-link token (or the query parameter ?token=).",
)


def actor_for(request, entrant=None) -> Actor:
    """Who acts on this API request: the user and/or the entrant, channel API, IP, agent."""
    return Actor.from_request(request, Channel.API, entrant=entrant)


def visible_tournaments(request):
    """Tournaments the requester may read: public ones, staff's own, the token's own."""
    user = request.user
    if user.is_authenticated and user.is_superuser:
        return Tournament.objects.all()
    query = Q(is_public=True)
    if user.is_authenticated:
        query |= staff_tournaments(user)
    entrant = entrant_of_request(request, None)
    if entrant is not None:
        query |= Q(pk=entrant.tournament_id)
    return Tournament.objects.filter(query)


class ApiViewMixin:
    """Token auth first (so missing credentials give 401), the error format, the 401/403 rule.

    The authentication classes are the settings' (an API token, then the session).
    """

    authentication_classes = api_settings.DEFAULT_AUTHENTICATION_CLASSES

    def get_exception_handler(self):
        return api_exception_handler

    def permission_denied(self, request, message=None, code=None):
        # A player who identified through a valid private link is not "unauthenticated": 403.
        if not request.user.is_authenticated and entrant_of_request(request, None) is not None:
            raise exceptions.PermissionDenied(detail=message, code=code)
        super().permission_denied(request, message=message, code=code)

    def entrant(self, tournament):
        """The entrant of ``tournament`` acting through its private link, if any."""
        return entrant_of_request(self.request, tournament)


class TournamentNestedMixin(ApiViewMixin):
    """Views under /tournaments/{slug}/: the tournament, 404 when the requester cannot see it."""

    def get_tournament(self) -> Tournament:
        if not hasattr(self, "_tournament"):
            tournament = get_object_or_404(Tournament, slug=self.kwargs["tournament_slug"])
            if not can_view_tournament(self.request.user, tournament, self.entrant(tournament)):
                raise exceptions.NotFound()
            self._tournament = tournament
        return self._tournament


TOURNAMENT_SLUG = OpenApiParameter(
    "tournament_slug", OpenApiTypes.STR, OpenApiParameter.PATH, description="The tournament's slug."
)


def changed(before: dict, after: dict) -> tuple[dict, dict]:
    """The fields that differ, as (before, after) dicts."""
    keys = [key for key in after if before.get(key) != after.get(key)]
    return {k: before.get(k) for k in keys}, {k: after.get(k) for k in keys}
