"""The standings over the API (JSON rows, or ``standings.csv``) and a round's ``pairings.csv``."""

from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api.etags import etag_of, not_modified
from common.csv_export import csv_download
from tournament.api.base import TournamentNestedMixin
from tournament.models import RoundStatus
from tournament.services.exports import round_table, standings_table
from tournament.services.permissions import is_referee
from tournament.services.standings import cached_standings, standings_cache_key


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
        etag = self.standings_etag(request)
        if etag is not None and (unchanged := not_modified(request, etag)) is not None:
            unchanged["ETag"] = etag  # a 304 computes nothing
            return unchanged
        rows = standing_dicts(cached_standings(tournament))
        headers = {"ETag": etag} if etag else None
        return Response(StandingRowSerializer(rows, many=True).data, headers=headers)

    def standings_etag(self, request) -> str | None:
        """The JSON standings' tag from their own version (their cache key), known before they
        are computed; None for the CSV and the browsable page (tagged by their bytes)."""
        if self.as_csv or request.accepted_renderer.format != "json":
            return None
        return etag_of(standings_cache_key(self.get_tournament()), "standings.json")


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
