"""A table's extra time in the API (``POST /matches/{id}/extra-time/``): the same service as
the desk page (``matches.services.table_time``), with the caller as the actor."""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import PermissionDenied
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api.serializers import StrictSerializer
from common.api.views import ApiViewMixin, actor_for
from common.audit.reasons import REASON_MAX_CHARS
from common.rate_limits import rate_limited
from matches.models import Match
from matches.services.table_time import MAX_EXTRA_MINUTES, set_table_time
from tournament.services.permissions import is_referee

MATCH_PK = OpenApiParameter(
    "match_pk", OpenApiTypes.INT, OpenApiParameter.PATH, description="The match (table)."
)


class ExtraTimeSerializer(StrictSerializer):
    """The table's extra time in all, in minutes (0 takes it back), and why."""

    minutes = serializers.IntegerField(min_value=0, max_value=MAX_EXTRA_MINUTES)
    reason = serializers.CharField(max_length=REASON_MAX_CHARS)


class TableTimeSerializer(serializers.Serializer):
    """A table's extra time now."""

    match = serializers.IntegerField()
    table = serializers.IntegerField()
    extra_seconds = serializers.IntegerField(
        help_text="The table's clock ends this long after the round's."
    )


@rate_limited("results")
class ExtraTimeView(ApiViewMixin, APIView):
    """Give a table extra time beyond the round clock (referees and organisers of its event).
    Sending the same total again changes nothing."""

    serializer_class = ExtraTimeSerializer

    @extend_schema(
        parameters=[MATCH_PK], request=ExtraTimeSerializer, responses=TableTimeSerializer
    )
    def post(self, request, match_pk):
        match = get_object_or_404(Match.objects.select_related("round__tournament"), pk=match_pk)
        if not is_referee(request.user, match.round.tournament):
            raise PermissionDenied(
                _("Only a referee or organiser of this event may give extra time.")
            )
        body = ExtraTimeSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        match = set_table_time(
            match,
            body.validated_data["minutes"],
            actor_for(request),
            reason=body.validated_data["reason"],
        )
        return Response(
            {"match": match.pk, "table": match.table_number, "extra_seconds": match.extra_seconds}
        )
