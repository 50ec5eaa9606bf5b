"""API views of the tournament app: tournaments, entrants (with CSV import), rounds, audit.

Who may do what is in ``tournament.permissions``; the error format in ``tournament.api.base``.
Every change made here is written to the audit trail with channel API and the client address.
"""

from django.db import transaction
from django.db.models import Count
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    extend_schema,
    extend_schema_view,
    inline_serializer,
)
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.response import Response

from matches.api.serializers import MatchSerializer
from matches.models import AuditEntry, Match
from matches.services.audit import record_change
from tournament.api.base import (
    DETAIL,
    ENTRANT_TOKEN,
    ApiViewMixin,
    TournamentNestedMixin,
    actor_for,
    audit_actor,
    visible_tournaments,
)
from tournament.api.generation import GenerationJobSerializer, job_response, start_swiss_round
from tournament.api.serializers import (
    AuditEntrySerializer,
    CompleteRoundSerializer,
    CsvImportResultSerializer,
    CsvImportSerializer,
    EmptySerializer,
    EntrantCreateSerializer,
    EntrantSerializer,
    EntrantStaffSerializer,
    EntrantUpdateSerializer,
    GenerateRoundSerializer,
    RoundSerializer,
    TournamentSerializer,
    TournamentWriteSerializer,
)
from tournament.models import (
    Entrant,
    Round,
    RoundStatus,
    StaffRole,
    StaffRoleKind,
    Tournament,
)
from tournament.permissions import (
    IsTournamentOrganiser,
    IsTournamentReferee,
    OrganiserOrReadOnly,
    is_organiser,
    is_referee,
)
from tournament.services import registration
from tournament.services.csv_import import CsvImportInvalid
from tournament.services.rounds import complete_round, publish_round

TOURNAMENT_SLUG = OpenApiParameter(
    "tournament_slug", OpenApiTypes.STR, OpenApiParameter.PATH, description="The tournament's slug."
)
CSV_ERRORS = inline_serializer(
    "CsvImportErrors",
    {
        "errors": inline_serializer(
            "CsvImportError",
            {
                "line": serializers.IntegerField(),
                "field": serializers.CharField(allow_null=True),
                "message": serializers.CharField(),
            },
            many=True,
        )
    },
)


def changed(before: dict, after: dict) -> tuple[dict, dict]:
    """The fields that differ, as (before, after) dicts."""
    keys = [key for key in after if before.get(key) != after.get(key)]
    return {k: before.get(k) for k in keys}, {k: after.get(k) for k in keys}


@extend_schema_view(
    create=extend_schema(request=TournamentWriteSerializer, responses={201: TournamentSerializer}),
    update=extend_schema(request=TournamentWriteSerializer, responses=TournamentSerializer),
    partial_update=extend_schema(request=TournamentWriteSerializer, responses=TournamentSerializer),
)
class TournamentViewSet(
    ApiViewMixin,
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
        with transaction.atomic():
            tournament = serializer.save(organiser=request.user)
            StaffRole.objects.create(
                tournament=tournament, user=request.user, role=StaffRoleKind.ORGANISER
            )
            record_change(
                tournament,
                "tournament.created",
                tournament,
                after=TournamentWriteSerializer(tournament).data,
                **audit_actor(request),
            )
        return self._output(tournament, status.HTTP_201_CREATED)

    def update(self, request, *args, **kwargs):
        partial = kwargs.pop("partial", False)
        tournament = self.get_object()
        serializer = TournamentWriteSerializer(tournament, data=request.data, partial=partial)
        serializer.is_valid(raise_exception=True)
        with transaction.atomic():
            before = dict(TournamentWriteSerializer(tournament).data)
            tournament = serializer.save()
            old, new = changed(before, dict(TournamentWriteSerializer(tournament).data))
            if new:
                record_change(
                    tournament,
                    "tournament.updated",
                    tournament,
                    before=old,
                    after=new,
                    **audit_actor(request),
                )
        return self._output(tournament)

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    @action(detail=True, methods=["get"], url_path="result-form")
    def result_form(self, request, slug=None):
        """The engine's result form for this event's game system and mode."""
        return Response(self.get_object().game_mode)


@extend_schema_view(
    list=extend_schema(parameters=[TOURNAMENT_SLUG, ENTRANT_TOKEN]),
    retrieve=extend_schema(parameters=[TOURNAMENT_SLUG, ENTRANT_TOKEN]),
    create=extend_schema(
        parameters=[TOURNAMENT_SLUG],
        request=EntrantCreateSerializer,
        responses={201: EntrantStaffSerializer},
    ),
    update=extend_schema(
        parameters=[TOURNAMENT_SLUG],
        request=EntrantUpdateSerializer,
        responses=EntrantStaffSerializer,
    ),
    partial_update=extend_schema(
        parameters=[TOURNAMENT_SLUG],
        request=EntrantUpdateSerializer,
        responses=EntrantStaffSerializer,
    ),
)
class EntrantViewSet(
    TournamentNestedMixin,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    mixins.UpdateModelMixin,
    viewsets.GenericViewSet,
):
    """A tournament's entrants: listed for all who see the event (never with their private
    links); registered, changed, checked in, dropped and imported by its organisers."""

    queryset = Entrant.objects.none()
    serializer_class = EntrantSerializer
    permission_classes = [OrganiserOrReadOnly]
    filterset_fields = ["status"]
    ordering_fields = ["display_name", "seed", "created_at"]

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Entrant.objects.none()
        return (
            self.get_tournament()
            .entrants.select_related("player", "team")
            .order_by("display_name", "id")
        )

    def get_serializer_class(self):
        if getattr(self, "swagger_fake_view", False):
            return EntrantSerializer
        if self.action == "create":
            return EntrantCreateSerializer
        if self.action in ("update", "partial_update"):
            return EntrantUpdateSerializer
        if self.action in ("check_in", "drop"):
            return EmptySerializer
        if self.action == "import_csv":
            return CsvImportSerializer
        if is_organiser(self.request.user, self.get_tournament()):
            return EntrantStaffSerializer
        return EntrantSerializer

    def get_serializer_context(self):
        context = super().get_serializer_context()
        if not getattr(self, "swagger_fake_view", False):
            context["tournament"] = self.get_tournament()
        return context

    def _audit(self, action_name, entrant, *, before=None, after=None):
        record_change(
            entrant.tournament,
            action_name,
            entrant,
            before=before,
            after=after,
            **audit_actor(self.request),
        )

    def create(self, request, *args, **kwargs):
        tournament = self.get_tournament()
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        actor = audit_actor(request)
        if "members" in data:
            entrant = registration.register_team(
                tournament, data["name"], data["members"], seed=data.get("seed"), who=actor
            )
        else:
            entrant = registration.register_player(
                tournament,
                data["name"],
                club=data.get("club", ""),
                email=data.get("email", ""),
                seed=data.get("seed"),
                display_name=data.get("display_name") or "",
                who=actor,
            )
        return Response(EntrantStaffSerializer(entrant).data, status=status.HTTP_201_CREATED)

    def update(self, request, *args, **kwargs):
        partial = kwargs.pop("partial", False)
        entrant = self.get_object()
        serializer = EntrantUpdateSerializer(entrant, data=request.data, partial=partial)
        serializer.is_valid(raise_exception=True)
        with transaction.atomic():
            before = dict(EntrantUpdateSerializer(entrant).data)
            entrant = serializer.save()
            old, new = changed(before, dict(EntrantUpdateSerializer(entrant).data))
            if new:
                self._audit("entrant.updated", entrant, before=old, after=new)
        return Response(EntrantStaffSerializer(entrant).data)

    @extend_schema(
        parameters=[TOURNAMENT_SLUG],
        request=EmptySerializer,
        responses={200: EntrantStaffSerializer, 409: DETAIL},
    )
    @action(detail=True, methods=["post"], url_path="check-in")
    def check_in(self, request, *args, **kwargs):
        """Mark the entrant present (repeating it changes nothing)."""
        self.get_serializer(data=request.data).is_valid(raise_exception=True)
        entrant = registration.check_in(self.get_object(), audit_actor(request))
        return Response(EntrantStaffSerializer(entrant).data)

    @extend_schema(
        parameters=[TOURNAMENT_SLUG],
        request=EmptySerializer,
        responses={200: EntrantStaffSerializer, 409: DETAIL},
    )
    @action(detail=True, methods=["post"])
    def drop(self, request, *args, **kwargs):
        """Take the entrant out of the pairings from the next round on."""
        self.get_serializer(data=request.data).is_valid(raise_exception=True)
        entrant = registration.drop(self.get_object(), audit_actor(request))
        return Response(EntrantStaffSerializer(entrant).data)

    @extend_schema(
        parameters=[TOURNAMENT_SLUG],
        request={"multipart/form-data": CsvImportSerializer},
        responses={201: CsvImportResultSerializer, 400: CSV_ERRORS},
    )
    @action(
        detail=False,
        methods=["post"],
        url_path="import",
        parser_classes=[MultiPartParser, FormParser],
        permission_classes=[IsTournamentOrganiser],
    )
    def import_csv(self, request, *args, **kwargs):
        """Register many players from a CSV file (name, club, email, seed): all or nothing."""
        tournament = self.get_tournament()
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        raw = serializer.validated_data["file"].read()
        try:
            entrants = registration.import_players(tournament, raw, audit_actor(request))
        except CsvImportInvalid as exc:
            return Response({"errors": exc.errors}, status=status.HTTP_400_BAD_REQUEST)
        body = {
            "created": len(entrants),
            "entrants": EntrantStaffSerializer(entrants, many=True).data,
        }
        return Response(body, status=status.HTTP_201_CREATED)


@extend_schema_view(
    list=extend_schema(parameters=[TOURNAMENT_SLUG, ENTRANT_TOKEN]),
    retrieve=extend_schema(parameters=[TOURNAMENT_SLUG, ENTRANT_TOKEN]),
)
class RoundViewSet(
    TournamentNestedMixin, mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet
):
    """A tournament's rounds by number. Drafts are seen only by the event's staff."""

    queryset = Round.objects.none()
    serializer_class = RoundSerializer
    permission_classes = [OrganiserOrReadOnly]
    lookup_field = "number"
    lookup_value_regex = r"\d+"
    filterset_fields = ["status"]
    ordering_fields = ["number"]

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Round.objects.none()
        tournament = self.get_tournament()
        rounds = tournament.rounds.select_related("stage", "tournament").order_by("number")
        if not is_referee(self.request.user, tournament):
            rounds = rounds.exclude(status=RoundStatus.DRAFT)
        return rounds

    def get_serializer_class(self):
        return {
            "generate": GenerateRoundSerializer,
            "publish": EmptySerializer,
            "complete": CompleteRoundSerializer,
            "matches": MatchSerializer,
        }.get(self.action, RoundSerializer)

    @extend_schema(
        parameters=[TOURNAMENT_SLUG],
        request=GenerateRoundSerializer,
        responses={202: GenerationJobSerializer, 409: DETAIL},
    )
    @action(detail=False, methods=["post"])
    def generate(self, request, *args, **kwargs):
        """Ask for the next Swiss round (organisers): answers with the job and its status URL.

        Asking again before that round is complete returns the same job (idempotent).
        """
        tournament = self.get_tournament()
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        job, _ = start_swiss_round(
            tournament, request.user, seed=serializer.validated_data.get("seed")
        )
        return job_response(job, request)

    @extend_schema(
        parameters=[TOURNAMENT_SLUG],
        request=EmptySerializer,
        responses={200: RoundSerializer, 409: DETAIL},
    )
    @action(detail=True, methods=["post"])
    def publish(self, request, *args, **kwargs):
        """Make a drafted round's tables visible to everyone (organisers)."""
        round_ = self.get_object()
        self.get_serializer(data=request.data).is_valid(raise_exception=True)
        round_ = publish_round(round_, actor_for(request))
        return Response(RoundSerializer(round_).data)

    @extend_schema(
        parameters=[TOURNAMENT_SLUG],
        request=CompleteRoundSerializer,
        responses={200: RoundSerializer, 409: DETAIL},
    )
    @action(detail=True, methods=["post"])
    def complete(self, request, *args, **kwargs):
        """Close a round; a reason is needed when some table has no accepted result."""
        round_ = self.get_object()
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        reason = serializer.validated_data.get("reason", "")
        round_ = complete_round(round_, reason=reason, actor=actor_for(request))
        return Response(RoundSerializer(round_).data)

    @extend_schema(
        parameters=[TOURNAMENT_SLUG, ENTRANT_TOKEN], responses=MatchSerializer(many=True)
    )
    @action(detail=True, methods=["get"], filterset_fields=[], ordering_fields=[])
    def matches(self, request, *args, **kwargs):
        """The round's tables with their seats (entrant, flower colour, place, points)."""
        round_ = self.get_object()
        matches = (
            Match.objects.filter(round=round_)
            .select_related("round__tournament")
            .prefetch_related("seats__entrant")
            .order_by("table_number")
        )
        page = self.paginate_queryset(matches)
        data = MatchSerializer(page if page is not None else matches, many=True).data
        if page is not None:
            return self.get_paginated_response(data)
        return Response(data)


@extend_schema_view(list=extend_schema(parameters=[TOURNAMENT_SLUG]))
class AuditViewSet(TournamentNestedMixin, mixins.ListModelMixin, viewsets.GenericViewSet):
    """The tournament's audit trail, newest first (organisers and referees)."""

    queryset = AuditEntry.objects.none()
    serializer_class = AuditEntrySerializer
    permission_classes = [IsTournamentReferee]
    filterset_fields = ["action", "target_type", "channel"]
    ordering_fields = ["created_at"]

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return AuditEntry.objects.none()
        return (
            AuditEntry.objects.filter(tournament=self.get_tournament())
            .select_related("user", "entrant")
            .order_by("-created_at", "-id")
        )


__all__ = [
    "AuditViewSet",
    "EntrantViewSet",
    "RoundViewSet",
    "TournamentViewSet",
]
