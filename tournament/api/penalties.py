"""A side's warnings and point penalties in the API (``/tournaments/{slug}/entrants/{id}/
penalties/``): the list, and giving one. Referees and organisers of the event only; the same
service as the desk page (``tournament.services.penalties``), with the caller as the actor."""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import PermissionDenied
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api.serializers import StrictSerializer
from common.api.views import actor_for
from common.audit.reasons import REASON_MAX_CHARS
from common.rate_limits import rate_limited
from tournament.api.base import TOURNAMENT_SLUG, TournamentNestedMixin
from tournament.models import Penalty, PenaltyKind
from tournament.services.penalties import MAX_PENALTY_POINTS, give_penalty, withdraw_penalty
from tournament.services.permissions import is_referee

ENTRANT_PK = OpenApiParameter(
    "entrant_pk", OpenApiTypes.INT, OpenApiParameter.PATH, description="The side's id."
)


class PenaltySerializer(serializers.ModelSerializer):
    """A warning or point penalty as given."""

    round = serializers.IntegerField(
        source="round.number", allow_null=True, help_text="The round it was given in, if any."
    )

    class Meta:
        model = Penalty
        fields = [
            "id",
            "entrant",
            "kind",
            "points",
            "reason",
            "round",
            "created_at",
            "withdrawn_at",
            "withdrawal_reason",
        ]


class GivePenaltySerializer(StrictSerializer):
    """What to give: a warning, or a point penalty of 1 to 10 points; always a reason."""

    kind = serializers.ChoiceField(choices=PenaltyKind.choices)
    points = serializers.IntegerField(
        min_value=0,
        max_value=MAX_PENALTY_POINTS,
        required=False,
        default=0,
        help_text="Points taken off the side's standings (a point penalty only; 0 or left out "
        "for a warning).",
    )
    reason = serializers.CharField(max_length=REASON_MAX_CHARS, help_text="The side sees it.")
    round = serializers.IntegerField(
        min_value=1, required=False, help_text="The number of the round it is given in."
    )
    request_key = serializers.UUIDField(
        required=False,
        help_text="A key the client makes; sending the same penalty again with it gives back "
        "the first one instead of a second.",
    )


@rate_limited("results")
class PenaltiesView(TournamentNestedMixin, APIView):
    """A side's warnings and point penalties (staff of the event)."""

    serializer_class = PenaltySerializer

    def entrant_of_the_address(self):
        tournament = self.get_tournament()
        if not is_referee(self.request.user, tournament):
            raise PermissionDenied(
                _("Only a referee or organiser of this event sees its penalties.")
            )
        return get_object_or_404(tournament.entrants, pk=self.kwargs["entrant_pk"])

    @extend_schema(parameters=[TOURNAMENT_SLUG, ENTRANT_PK], responses=PenaltySerializer(many=True))
    def get(self, request, tournament_slug, entrant_pk):
        entrant = self.entrant_of_the_address()
        rows = entrant.penalties.select_related("round")
        return Response(PenaltySerializer(rows, many=True).data)

    @extend_schema(
        parameters=[TOURNAMENT_SLUG, ENTRANT_PK],
        request=GivePenaltySerializer,
        responses={201: PenaltySerializer},
    )
    def post(self, request, tournament_slug, entrant_pk):
        entrant = self.entrant_of_the_address()
        body = GivePenaltySerializer(data=request.data)
        body.is_valid(raise_exception=True)
        asked = body.validated_data
        round_ = None
        if "round" in asked:
            round_ = get_object_or_404(entrant.tournament.rounds, number=asked["round"])
        penalty = give_penalty(
            entrant,
            asked["kind"],
            actor_for(request),
            reason=asked["reason"],
            points=asked["points"],
            round_=round_,
            request_key=asked.get("request_key"),
        )
        return Response(PenaltySerializer(penalty).data, status=status.HTTP_201_CREATED)


class WithdrawPenaltySerializer(StrictSerializer):
    """Why the penalty is withdrawn (the side sees it)."""

    reason = serializers.CharField(max_length=REASON_MAX_CHARS, help_text="The side sees it.")


@rate_limited("results")
class WithdrawPenaltyView(PenaltiesView):
    """Withdraw one of a side's warnings or point penalties (staff of the event): it is kept
    and shown as withdrawn, and its points no longer count. Withdrawing it again changes
    nothing."""

    http_method_names = ["post", "options"]

    @extend_schema(
        parameters=[
            TOURNAMENT_SLUG,
            ENTRANT_PK,
            OpenApiParameter(
                "penalty_pk", OpenApiTypes.INT, OpenApiParameter.PATH, description="The penalty."
            ),
        ],
        request=WithdrawPenaltySerializer,
        responses={200: PenaltySerializer},
    )
    def post(self, request, tournament_slug, entrant_pk, penalty_pk):
        entrant = self.entrant_of_the_address()
        given = get_object_or_404(entrant.penalties, pk=penalty_pk)
        body = WithdrawPenaltySerializer(data=request.data)
        body.is_valid(raise_exception=True)
        given = withdraw_penalty(given, actor_for(request), reason=body.validated_data["reason"])
        return Response(PenaltySerializer(given).data)
