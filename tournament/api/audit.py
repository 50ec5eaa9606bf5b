"""The audit trail resource of the API: every change to an event, newest first (staff)."""

from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import mixins, viewsets

from common.audit.models import AuditEntry
from tournament.api.base import TOURNAMENT_SLUG, TournamentNestedMixin
from tournament.api.serializers import AuditEntrySerializer
from tournament.services.permissions import IsTournamentReferee


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
