"""The elimination over the API: the bracket as it stands, and the request for its next step
(a job, as for a Swiss round)."""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api.views import actor_for
from tournament.api.base import TournamentNestedMixin
from tournament.api.generation import GenerationJobSerializer, job_response
from tournament.jobs import request_elimination_step
from tournament.models import RoundStatus, StageKind
from tournament.services.permissions import IsTournamentOrganiser


class BracketView(TournamentNestedMixin, APIView):
    """The elimination: each stage's groups with seats, places and points, and any tie-breaks."""

    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request, tournament_slug):
        tournament = self.get_tournament()
        rounds = (
            tournament.rounds.exclude(stage__kind=StageKind.SWISS)
            .exclude(status=RoundStatus.DRAFT)
            .select_related("stage")
            .prefetch_related("matches__seats__entrant")
            .order_by("number")
        )
        stages = []
        for round_ in rounds:
            stages.append(
                {
                    "stage": round_.stage.kind,
                    "label": round_.stage.label,
                    "round": round_.number,
                    "game": round_.number_in_stage,
                    "status": round_.status,
                    "groups": [
                        {
                            "label": match.group_label,
                            "table": match.table_number,
                            "status": match.status,
                            "seats": [
                                {
                                    "entrant": seat.entrant_id,
                                    "name": seat.entrant.display_name,
                                    "place": seat.place,
                                    "points": None if seat.points is None else float(seat.points),
                                }
                                for seat in sorted(match.seats.all(), key=lambda s: s.position)
                            ],
                        }
                        for match in sorted(round_.matches.all(), key=lambda m: m.table_number)
                    ],
                }
            )
        return Response(
            {"tournament": tournament.slug, "status": tournament.status, "stages": stages}
        )


class EliminationStepView(TournamentNestedMixin, APIView):
    """Cut to the elimination, or take it one step on (organisers): a job, like round generation.

    Answers 202 with the job and its status URL; 409 while a round is unfinished.
    """

    permission_classes = [IsTournamentOrganiser]

    @extend_schema(request=None, responses={202: GenerationJobSerializer})
    def post(self, request, tournament_slug):
        tournament = self.get_tournament()
        job, _ = request_elimination_step(tournament, actor_for(request))
        job.refresh_from_db()
        return job_response(job, request)
