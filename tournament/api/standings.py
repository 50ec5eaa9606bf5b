"""Standings, brackets, jobs, elimination steps and CSV exports over the API."""

from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from tournament.api.base import ApiViewMixin, TournamentNestedMixin, actor_for
from tournament.api.generation import GenerationJobSerializer, job_response
from tournament.csv_export import csv_download
from tournament.jobs import request_elimination_step
from tournament.models import GenerationJob, RoundStatus, StageKind
from tournament.permissions import IsTournamentOrganiser, is_referee
from tournament.services.exports import round_table, standings_table
from tournament.services.standings import cached_standings


class StandingRowSerializer(serializers.Serializer):
    """One line of the standings; ``rank`` is shared by true ties, ``position`` is unique."""

    position = serializers.IntegerField()
    rank = serializers.IntegerField()
    entrant = serializers.IntegerField(source="entrant_id")
    name = serializers.CharField()
    status = serializers.CharField()
    points = serializers.FloatField()
    tiebreaks = serializers.DictField(child=serializers.FloatField())
    games_played = serializers.IntegerField()
    byes = serializers.IntegerField()


def standing_dicts(rows) -> list[dict]:
    """Standings rows as plain dicts for the serializer."""
    return [
        {
            "position": row.position,
            "rank": row.rank,
            "entrant_id": int(row.entrant_id),
            "name": row.name,
            "status": row.status,
            "points": row.points,
            "tiebreaks": dict(row.tiebreaks),
            "games_played": row.games_played,
            "byes": row.byes,
        }
        for row in rows
    ]


class StandingsView(TournamentNestedMixin, APIView):
    """The Swiss standings of a tournament, best first (``standings.csv`` for a spreadsheet)."""

    as_csv = False

    @extend_schema(responses=StandingRowSerializer(many=True))
    def get(self, request, tournament_slug):
        tournament = self.get_tournament()
        if self.as_csv:
            header, table = standings_table(tournament)
            return csv_download(f"{tournament.slug}-standings.csv", header, table)
        rows = standing_dicts(cached_standings(tournament))
        return Response(StandingRowSerializer(rows, many=True).data)


class PairingsCsvView(TournamentNestedMixin, APIView):
    """A published round as CSV, a line per seat (``tournament.services.exports.round_table``)."""

    @extend_schema(responses={(200, "text/csv"): OpenApiTypes.STR})
    def get(self, request, tournament_slug, number):
        tournament = self.get_tournament()
        round_ = get_object_or_404(tournament.rounds, number=number)
        if round_.status == RoundStatus.DRAFT and not is_referee(request.user, tournament):
            raise exceptions.NotFound()
        header, table = round_table(round_)
        return csv_download(f"{tournament.slug}-round-{round_.number}.csv", header, table)


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


class JobView(ApiViewMixin, APIView):
    """A background job's progress (staff of its tournament only)."""

    @extend_schema(responses=GenerationJobSerializer)
    def get(self, request, pk):
        job = get_object_or_404(GenerationJob.objects.select_related("tournament", "round"), pk=pk)
        if not is_referee(request.user, job.tournament):
            raise exceptions.NotFound()
        return Response(GenerationJobSerializer(job, context={"request": request}).data)


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
