"""API views for tournaments (read-only until the organiser API lands)."""

from django.db.models import Count
from rest_framework import viewsets

from tournament.api.serializers import TournamentSerializer
from tournament.models import Tournament


class TournamentViewSet(viewsets.ReadOnlyModelViewSet):
    """Public tournaments, looked up by slug."""

    serializer_class = TournamentSerializer
    lookup_field = "slug"
    filterset_fields = ["status", "game_system", "mode"]
    ordering_fields = ["starts_on", "name"]

    def get_queryset(self):
        return (
            Tournament.objects.filter(is_public=True)
            .select_related("organiser")
            .annotate(entrant_count=Count("entrants"))
            .order_by("-starts_on", "name")
        )
