"""The standings over the API (JSON rows, or ``standings.csv``) and a round's ``pairings.csv``."""

from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from common.csv_export import csv_download
from tournament.api.base import TournamentNestedMixin
from tournament.models import RoundStatus
from tournament.services.exports import round_table, standings_table
from tournament.services.permissions import is_referee
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
