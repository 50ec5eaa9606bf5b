"""The audit trail resource of the API: every change to an event, newest first (staff)."""

from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import mixins

from common.api.cursor_pagination import CountedCursorPagination
from common.audit.models import AuditEntry
from tournament.api.base import TOURNAMENT_SLUG, TournamentChildViewSet
from tournament.api.serializers import AuditEntrySerializer
from tournament.services.permissions import IsTournamentReferee


@extend_schema_view(list=extend_schema(parameters=[TOURNAMENT_SLUG]))
class AuditViewSet(mixins.ListModelMixin, TournamentChildViewSet):
    """The tournament's audit trail, newest first (organisers and referees)."""

    queryset = AuditEntry.objects.none()
    serializer_class = AuditEntrySerializer
    permission_classes = [IsTournamentReferee]
    filterset_fields = ["action", "target_type", "channel"]
    ordering_fields = ["created_at"]
    ordering = ["-created_at", "-id"]
    pagination_class = CountedCursorPagination

    def rows(self, tournament):
        return AuditEntry.objects.filter(tournament=tournament).select_related("user", "entrant")
