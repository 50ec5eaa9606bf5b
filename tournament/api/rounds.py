"""The rounds resource of the API: read rounds with their tables; generate, publish and close
them, or close one and pair the next in one request (organisers).
"""

from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import mixins
from rest_framework.decorators import action
from rest_framework.response import Response

from common.api.cursor_pagination import CountedCursorPagination
from common.api.private_links import ENTRANT_TOKEN
from common.api.serializers import DETAIL
from common.api.views import actor_for
from leagues.services.forecasts import table_chances
from matches.models import Match
from tournament.api.base import TOURNAMENT_SLUG, TournamentChildViewSet
from tournament.api.generation import GenerationJobSerializer, job_response, start_swiss_round
from tournament.api.round_serializers import (
    CompleteRoundSerializer,
    GenerateRoundSerializer,
    RoundMatchSerializer,
    RoundSerializer,
)
from tournament.api.serializers import EmptySerializer
from tournament.jobs import close_round_and_pair_next
from tournament.models import Round, RoundStatus
from tournament.services.permissions import OrganiserOrReadOnly, is_referee
from tournament.services.rounds import complete_round, publish_round


class TablePages(CountedCursorPagination):
    """A round's tables by number, a page at a time."""

    ordering = ("table_number", "id")


@extend_schema_view(
    list=extend_schema(parameters=[TOURNAMENT_SLUG, ENTRANT_TOKEN]),
    retrieve=extend_schema(parameters=[TOURNAMENT_SLUG, ENTRANT_TOKEN]),
)
class RoundViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, TournamentChildViewSet):
    """A tournament's rounds by number. Drafts are seen only by the event's staff."""

    queryset = Round.objects.none()
    serializer_class = RoundSerializer
    permission_classes = [OrganiserOrReadOnly]
    lookup_field = "number"
    lookup_value_regex = r"\d+"
    filterset_fields = ["status"]
    ordering_fields = ["number"]

    def rows(self, tournament):
        rounds = tournament.rounds.select_related("stage", "tournament").order_by("number")
        if not is_referee(self.request.user, tournament):
            rounds = rounds.exclude(status=RoundStatus.DRAFT)
        return rounds

    def get_serializer_class(self):
        return {
            "generate": GenerateRoundSerializer,
            "publish": EmptySerializer,
            "complete": CompleteRoundSerializer,
            "close_and_pair": CompleteRoundSerializer,
            "matches": RoundMatchSerializer,
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
        seed = self.validated().get("seed")
        job, _ = start_swiss_round(tournament, actor_for(request), seed=seed)
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
        self.validated()
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
        reason = self.validated().get("reason", "")
        round_ = complete_round(round_, reason=reason, actor=actor_for(request))
        return Response(RoundSerializer(round_).data)

    @extend_schema(
        parameters=[TOURNAMENT_SLUG],
        request=CompleteRoundSerializer,
        responses={202: GenerationJobSerializer, 409: DETAIL},
    )
    @action(detail=True, methods=["post"], url_path="close-and-pair")
    def close_and_pair(self, request, *args, **kwargs):
        """The round turnover (organisers): close this Swiss round - a reason is needed when
        some table has no accepted result - and ask for the next one, in one request. Answers
        202 with the pairing job (done already with the embedded default); the draft's number
        is the job's ``round``. Refused (409, nothing closed) when no Swiss round can follow.
        """
        round_ = self.get_object()
        reason = self.validated().get("reason", "")
        _, job = close_round_and_pair_next(round_, reason=reason, actor=actor_for(request))
        job.refresh_from_db()
        return job_response(job, request)

    @extend_schema(
        parameters=[TOURNAMENT_SLUG, ENTRANT_TOKEN], responses=RoundMatchSerializer(many=True)
    )
    @action(
        detail=True,
        methods=["get"],
        filterset_fields=[],
        ordering_fields=[],
        pagination_class=TablePages,
    )
    def matches(self, request, *args, **kwargs):
        """The round's tables with their seats (entrant, flower colour, place, points, and the
        chance to win the table by the rating model)."""
        round_ = self.get_object()
        matches = (
            Match.objects.filter(round=round_)
            .select_related("round__tournament")
            .prefetch_related("seats__entrant")
            .order_by("table_number")
        )
        page = self.paginate_queryset(matches)
        tables = list(page if page is not None else matches)
        chances = table_chances(round_.tournament.game_system, tables)
        data = RoundMatchSerializer(tables, many=True, context={"win_chances": chances}).data
        if page is not None:
            return self.get_paginated_response(data)
        return Response(data)
