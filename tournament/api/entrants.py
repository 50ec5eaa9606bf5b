"""The entrants resource of the API: register, change, check in, drop and import sides (CSV).

Every change made here is written to the audit trail with channel API and the client address.
"""

from django.db import transaction
from drf_spectacular.utils import extend_schema, extend_schema_view, inline_serializer
from rest_framework import mixins, serializers, status
from rest_framework.decorators import action
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api.cursor_pagination import CountedCursorPagination
from common.api.private_links import ENTRANT_TOKEN
from common.api.serializers import DETAIL, StrictSerializer
from common.api.views import actor_for
from common.audit.services import record_change
from tournament.api.base import (
    TOURNAMENT_SLUG,
    TournamentChildViewSet,
    TournamentNestedMixin,
    changed,
)
from tournament.api.serializers import (
    CsvImportResultSerializer,
    CsvImportSerializer,
    DropNoShowsSerializer,
    DropSerializer,
    EmptySerializer,
    EntrantCreateSerializer,
    EntrantSerializer,
    EntrantStaffSerializer,
    EntrantUpdateSerializer,
)
from tournament.models import Entrant
from tournament.services import no_shows, registration
from tournament.services.csv_import import CsvImportInvalid
from tournament.services.permissions import IsTournamentOrganiser, OrganiserOrReadOnly, is_organiser
from tournament.services.player_suggestions import suggest_players

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


DROPPED_NO_SHOWS = inline_serializer(
    "DroppedNoShows",
    {"dropped": serializers.IntegerField(), "entrants": EntrantStaffSerializer(many=True)},
)


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
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    mixins.UpdateModelMixin,
    TournamentChildViewSet,
):
    """A tournament's entrants: listed for all who see the event (never with their private
    links); registered, changed, checked in, dropped and imported by its organisers."""

    queryset = Entrant.objects.none()
    serializer_class = EntrantSerializer
    permission_classes = [OrganiserOrReadOnly]
    filterset_fields = ["status"]
    ordering_fields = ["display_name", "seed", "created_at"]
    ordering = ["display_name", "id"]
    pagination_class = CountedCursorPagination

    def rows(self, tournament):
        return tournament.entrants.select_related("player", "team").order_by("display_name", "id")

    def get_serializer_class(self):
        if getattr(self, "swagger_fake_view", False):
            return EntrantSerializer
        if self.action == "create":
            return EntrantCreateSerializer
        if self.action in ("update", "partial_update"):
            return EntrantUpdateSerializer
        if self.action == "check_in":
            return EmptySerializer
        if self.action == "drop":
            return DropSerializer
        if self.action == "import_csv":
            return CsvImportSerializer
        if self.action == "drop_not_checked_in":
            return DropNoShowsSerializer
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
            actor=actor_for(self.request),
        )

    def create(self, request, *args, **kwargs):
        tournament = self.get_tournament()
        data = self.validated()
        actor = actor_for(request)
        if "members" in data:
            entrant = registration.register_team(
                tournament, data["name"], data["members"], seed=data.get("seed"), actor=actor
            )
        else:
            entrant = registration.register_player(
                tournament,
                data["name"],
                club=data.get("club", ""),
                email=data.get("email", ""),
                seed=data.get("seed"),
                display_name=data.get("display_name") or "",
                player=data.get("player"),
                name_listed=data.get("name_listed", False),
                actor=actor,
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
        self.validated()
        entrant = registration.check_in(self.get_object(), actor_for(request))
        return Response(EntrantStaffSerializer(entrant).data)

    @extend_schema(
        parameters=[TOURNAMENT_SLUG],
        request=DropSerializer,
        responses={200: EntrantStaffSerializer, 409: DETAIL},
    )
    @action(detail=True, methods=["post"])
    def drop(self, request, *args, **kwargs):
        """Take the entrant out of the pairings from the next round on (with an optional reason)."""
        reason = self.validated()["reason"].strip()
        entrant = registration.drop(self.get_object(), actor_for(request), reason=reason)
        return Response(EntrantStaffSerializer(entrant).data)

    @extend_schema(
        parameters=[TOURNAMENT_SLUG],
        request=DropNoShowsSerializer,
        responses={200: DROPPED_NO_SHOWS, 409: DETAIL},
    )
    @action(
        detail=False,
        methods=["post"],
        url_path="drop-not-checked-in",
        permission_classes=[IsTournamentOrganiser],
    )
    def drop_not_checked_in(self, request, *args, **kwargs):
        """Before round 1 is paired: drop every entrant not checked in, in one action (one
        audit entry each); ``expected`` is how many the organiser confirmed."""
        expected = self.validated()["expected"]
        dropped = no_shows.drop_not_checked_in(
            self.get_tournament(), actor_for(request), expected=expected
        )
        body = {
            "dropped": len(dropped),
            "entrants": EntrantStaffSerializer(dropped, many=True).data,
        }
        return Response(body)

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
        raw = self.validated()["file"].read()
        try:
            entrants = registration.import_players(tournament, raw, actor_for(request))
        except CsvImportInvalid as exc:
            return Response({"errors": exc.errors}, status=status.HTTP_400_BAD_REQUEST)
        body = {
            "created": len(entrants),
            "entrants": EntrantStaffSerializer(entrants, many=True).data,
        }
        return Response(body, status=status.HTTP_201_CREATED)


class SuggestionSerializer(serializers.Serializer):
    """A known player who may be the one being registered (no e-mail address)."""

    player = serializers.IntegerField()
    name = serializers.CharField()
    club = serializers.CharField()
    events = serializers.IntegerField()
    last_event = serializers.CharField()
    score = serializers.FloatField()
    strong = serializers.BooleanField(
        help_text="So alike that the console asks before a new record."
    )


class SuggestionQuerySerializer(StrictSerializer):
    name = serializers.CharField(max_length=100)
    club = serializers.CharField(max_length=100, required=False, allow_blank=True, default="")


class EntrantSuggestionsView(TournamentNestedMixin, APIView):
    """Known players like ``?name=`` (and ``?club=``), best first, to register them again
    (``player`` in the create body) instead of making a second record of the same person."""

    permission_classes = [IsTournamentOrganiser]
    serializer_class = SuggestionSerializer

    @extend_schema(parameters=[TOURNAMENT_SLUG, SuggestionQuerySerializer])
    def get(self, request, tournament_slug):
        tournament = self.get_tournament()
        self.check_object_permissions(request, tournament)
        query = SuggestionQuerySerializer(data=request.query_params.dict())
        query.is_valid(raise_exception=True)
        found = suggest_players(
            tournament, request.user, query.validated_data["name"], query.validated_data["club"]
        )
        return Response({"suggestions": SuggestionSerializer(found, many=True).data})
