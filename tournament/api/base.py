"""Shared machinery of the tournament app's API views: the tournaments a request may see, the
views nested under a tournament (``TournamentChildViewSet`` for an event's own rows), and
``EventApiMixin``: the common ``ApiViewMixin``
(``common.api.views``) with the events' private links filled in.
"""

from django.db.models import Q
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from rest_framework import exceptions, viewsets

from common.api.views import ApiViewMixin
from tournament.models import Tournament
from tournament.services.permissions import (
    can_view_tournament,
    entrant_of_request,
    staff_tournaments,
)


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


class EventApiMixin(ApiViewMixin):
    """An API view that takes a player's private link (of an event) as credentials."""

    entrant_of_request = staticmethod(entrant_of_request)


class TournamentNestedMixin(EventApiMixin):
    """Views under /tournaments/{slug}/: the tournament, 404 when the requester cannot see it."""

    def get_tournament(self) -> Tournament:
        if not hasattr(self, "_tournament"):
            tournament = get_object_or_404(Tournament, slug=self.kwargs["tournament_slug"])
            if not can_view_tournament(self.request.user, tournament, self.entrant(tournament)):
                raise exceptions.NotFound()
            self._tournament = tournament
        return self._tournament


class TournamentChildViewSet(TournamentNestedMixin, viewsets.GenericViewSet):
    """A viewset of one event's rows under /tournaments/{slug}/: the event found once (404 when
    the requester cannot see it), the rows ``rows(tournament)`` names (none while the schema is
    drawn), and the request's body checked by a serializer (``validated``). Who may act is
    each viewset's ``permission_classes``, which ask the same ``get_tournament``."""

    def rows(self, tournament: Tournament):
        """The event's rows this viewset lists and looks up."""
        raise NotImplementedError

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return self.queryset.none()
        return self.rows(self.get_tournament())

    def validated(self, serializer_class=None) -> dict:
        """The request's body checked by ``serializer_class`` (by default the action's own):
        400 with a message per field when it is wrong."""
        data = self.request.data
        if serializer_class is None:
            serializer = self.get_serializer(data=data)
        else:
            serializer = serializer_class(data=data)
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data


TOURNAMENT_SLUG = OpenApiParameter(
    "tournament_slug", OpenApiTypes.STR, OpenApiParameter.PATH, description="The tournament's slug."
)


def changed(before: dict, after: dict) -> tuple[dict, dict]:
    """The fields that differ, as (before, after) dicts."""
    keys = [key for key in after if before.get(key) != after.get(key)]
    return {k: before.get(k) for k in keys}, {k: after.get(k) for k in keys}
