"""The tournaments resource of the API: list, read, create and change events (organisers).

Who may do what is in ``tournament.services.permissions``; the error format in
``common.api.errors``.
Every change made here is written to the audit trail with channel API and the client address.
"""

from django.db.models import Count
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.response import Response

from common.api.serializers import DETAIL
from common.api.views import actor_for
from tournament.api.base import EventApiMixin, visible_tournaments
from tournament.api.run_again import RunAgainSerializer
from tournament.api.serializers import TournamentSerializer, TournamentWriteSerializer
from tournament.models import Tournament
from tournament.services.events import create_tournament, update_tournament
from tournament.services.permissions import OrganiserOrReadOnly
from tournament.services.run_again import run_again


@extend_schema_view(
    create=extend_schema(request=TournamentWriteSerializer, responses={201: TournamentSerializer}),
    update=extend_schema(request=TournamentWriteSerializer, responses=TournamentSerializer),
    partial_update=extend_schema(request=TournamentWriteSerializer, responses=TournamentSerializer),
)
class TournamentViewSet(
    EventApiMixin,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    mixins.UpdateModelMixin,
    viewsets.GenericViewSet,
):
    """Tournaments by slug: public ones for all, private ones for their staff and entrants.

    Any signed-in user may create one and becomes its organiser; only organisers change it.
    """

    queryset = Tournament.objects.none()
    serializer_class = TournamentSerializer
    permission_classes = [IsAuthenticatedOrReadOnly, OrganiserOrReadOnly]
    lookup_field = "slug"
    filterset_fields = ["status", "game_system", "mode"]
    ordering_fields = ["starts_on", "name"]

    def get_queryset(self):
        return (
            visible_tournaments(self.request)
            .select_related("organiser")
            .annotate(entrant_count=Count("entrants"))
            .order_by("-starts_on", "name", "id")
        )

    def get_serializer_class(self):
        if self.action in ("create", "update", "partial_update"):
            return TournamentWriteSerializer
        return TournamentSerializer

    def _output(self, tournament, code=status.HTTP_200_OK):
        fresh = self.get_queryset().get(pk=tournament.pk)
        return Response(TournamentSerializer(fresh).data, status=code)

    def create(self, request, *args, **kwargs):
        serializer = TournamentWriteSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        tournament = create_tournament(Tournament(**serializer.validated_data), actor_for(request))
        return self._output(tournament, status.HTTP_201_CREATED)

    def update(self, request, *args, **kwargs):
        partial = kwargs.pop("partial", False)
        tournament = self.get_object()
        serializer = TournamentWriteSerializer(tournament, data=request.data, partial=partial)
        serializer.is_valid(raise_exception=True)
        update_tournament(tournament, serializer.validated_data, actor_for(request))
        return self._output(tournament)

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    @action(detail=True, methods=["get"], url_path="result-form")
    def result_form(self, request, slug=None):
        """The engine's result form for this event's game system and mode."""
        return Response(self.get_object().game_mode)

    @extend_schema(request=RunAgainSerializer, responses={201: TournamentSerializer, 409: DETAIL})
    @action(detail=True, methods=["post"], url_path="run-again")
    def run_again(self, request, slug=None):
        """ "Run this again": a new event with this one's settings on a later day (organisers;
        entrants are not copied). A day in the past or a taken web address: 409, nothing made."""
        source = self.get_object()
        serializer = RunAgainSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        copy = run_again(source, **serializer.validated_data, actor=actor_for(request))
        return self._output(copy, status.HTTP_201_CREATED)
