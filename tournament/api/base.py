"""Shared API machinery: strict serializers, the error format, the acting person, nested views.

Error format (every endpoint of /api/v1/):

* invalid input - 400, one list of messages per field: ``{"name": ["This field is required."]}``
  (unknown keys in a body are refused the same way: ``{"colour": ["Unknown field."]}``);
* a result the rules refuse (``engine.errors.ResultInvalid``) - 400
  ``{"errors": [{"side": "12", "field": "survivors", "message": "..."}]}``
  (``side`` is null for whole-game problems);
* an action that is not possible in the current state (``ResultFlowError``, ``RoundError``,
  ``RegistrationError``, a
  concurrent change caught by the database) - 409 ``{"detail": "..."}``;
* no credentials - 401; credentials without the right - 403; not visible to you - 404;
* a JSON body nested deeper than 20 levels, or holding a NUL character or a lone surrogate
  (text PostgreSQL cannot store) - 400 ``{"detail": "..."}`` saying which, before any view runs.
"""

from collections.abc import Mapping

from django.db import IntegrityError
from django.db.models import Q
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, inline_serializer
from rest_framework import exceptions, serializers, status
from rest_framework.parsers import JSONParser
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import exception_handler as drf_exception_handler

from engine.errors import MAX_PROBLEMS, EngineUserError, ResultInvalid
from matches.models import Channel
from matches.services.audit import Actor
from matches.services.tables import ResultFlowError
from tournament.models import Tournament
from tournament.permissions import (
    ENTRANT_TOKEN_HEADER,
    can_view_tournament,
    entrant_of_request,
    staff_tournaments,
)
from tournament.safe_json import json_problem, too_deep
from tournament.services.registration import RegistrationError
from tournament.services.rounds import RoundError

ENTRANT_TOKEN = OpenApiParameter(
    ENTRANT_TOKEN_HEADER,
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    required=False,
    description="A player's private-link token (or the query parameter ?token=).",
)


#: the most errors one answer lists: a body with 140,000 unknown keys must not be answered with
#: a 9 MB error list (the engine caps its problems the same way, ``engine.errors.MAX_PROBLEMS``)
MAX_ERRORS = MAX_PROBLEMS


class StrictFieldsMixin:
    """Refuse keys of the request body that are not writable fields of the serializer."""

    def to_internal_value(self, data):
        if isinstance(data, Mapping):
            writable = {name for name, field in self.fields.items() if not field.read_only}
            errors = {}
            refused = [key for key in data if key not in writable]
            for key in refused[:MAX_ERRORS]:
                known = key in self.fields
                errors[str(key)[:100]] = ["This field is read-only." if known else "Unknown field."]
            if len(refused) > MAX_ERRORS:
                errors["non_field_errors"] = [
                    f"... and {len(refused) - MAX_ERRORS} more unknown fields, not listed"
                ]
            if errors:
                raise serializers.ValidationError(errors)
        return super().to_internal_value(data)


class StrictSerializer(StrictFieldsMixin, serializers.Serializer):
    """A plain serializer that refuses unknown keys."""


DETAIL = inline_serializer("Detail", {"detail": serializers.CharField()})


class StrictModelSerializer(StrictFieldsMixin, serializers.ModelSerializer):
    """A model serializer that refuses unknown keys."""


class CheckedJSONParser(JSONParser):
    """DRF's JSON parser that refuses deep nesting and text no database row can keep (400)."""

    def parse(self, stream, media_type=None, parser_context=None):
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise exceptions.ParseError(too_deep()) from None
        problem = json_problem(data)
        if problem:
            raise exceptions.ParseError(problem)
        return data


def api_exception_handler(exc, context):
    """DRF's handler plus the engine's and the services' errors, in the format above."""
    if isinstance(exc, ResultInvalid):
        return Response(
            {"errors": [problem.to_dict() for problem in exc.problems]},
            status=status.HTTP_400_BAD_REQUEST,
        )
    if isinstance(exc, EngineUserError):
        return Response({"detail": exc.message}, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, (ResultFlowError, RoundError, RegistrationError)):
        return Response({"detail": str(exc)}, status=status.HTTP_409_CONFLICT)
    if isinstance(exc, IntegrityError):
        return Response(
            {"detail": "the change conflicts with the current data; reload and try again"},
            status=status.HTTP_409_CONFLICT,
        )
    return drf_exception_handler(exc, context)


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
