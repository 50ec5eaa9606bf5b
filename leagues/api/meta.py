"""The meta across events over the API: ``GET /api/v1/meta/``, open data.

Per game system, mode and chief: games, wins, the win share with its 95% Wilson interval and
the average place, counted over public events' accepted games of finished rounds
(``leagues.services.meta``), narrowed by ``?system=``, ``?mode=``, ``?organisation=<slug>``,
``?season=<slug>``, ``?region=``, ``?from=`` and ``?to=`` (YYYY-MM-DD). Anyone may read it
(rate limited, the ``open_data`` scope); the answer states its licence (CC BY 4.0). A filter
that cannot be read is a 400 naming it.
"""

from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions, generics, serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from common.api.views import ApiViewMixin
from common.rate_limits import rate_limited
from leagues.logic.open_data import OPEN_DATA_LICENCE
from leagues.services.meta import MAX_GAMES, MetaFilterError, meta_for, read_filters


class MetaLineSerializer(serializers.Serializer):
    """One chief's record in one game system and mode."""

    system = serializers.CharField()
    mode = serializers.CharField()
    chief = serializers.CharField()
    games = serializers.IntegerField(help_text=_("Games in which a side named this chief."))
    wins = serializers.IntegerField(help_text=_("Of those, games its side placed first."))
    win_share = serializers.FloatField(help_text=_("wins / games, 0 to 1."))
    win_share_low = serializers.FloatField(source="win_low", help_text=_("95% Wilson interval."))
    win_share_high = serializers.FloatField(source="win_high", help_text=_("95% Wilson interval."))
    average_place = serializers.FloatField(help_text=_("1 is first."))


class LicenceSerializer(serializers.Serializer):
    name = serializers.CharField()
    url = serializers.URLField()
    attribution = serializers.CharField()


class MetaSerializer(serializers.Serializer):
    """The meta for the filters asked, with its coverage and licence."""

    licence = LicenceSerializer()
    filters = serializers.DictField(child=serializers.CharField())
    games = serializers.IntegerField(help_text=_("Games counted."))
    unnamed_games = serializers.IntegerField(
        help_text=_("Games counted where no side named a chief.")
    )
    truncated = serializers.BooleanField(
        help_text=format_lazy(
            _("True when more than {count} games matched: the newest were counted."),
            count=MAX_GAMES,
        )
    )
    lines = MetaLineSerializer(many=True)


def _parameter(name: str, description: str, kind=OpenApiTypes.STR) -> OpenApiParameter:
    return OpenApiParameter(name, kind, description=description)


PARAMETERS = [
    _parameter("system", "A game system's key."),
    _parameter("mode", "A mode's key."),
    _parameter("organisation", "An organisation's address (slug)."),
    _parameter("season", "A public season's address (slug)."),
    _parameter("region", "Part of the organisation's region, the venue or the address."),
    _parameter("from", "Events on or after this day.", OpenApiTypes.DATE),
    _parameter(
        "to", "Events on or before this day (at most 3660 days after 'from').", OpenApiTypes.DATE
    ),
]


@extend_schema(parameters=PARAMETERS)
@rate_limited("open_data")
class MetaView(ApiViewMixin, generics.GenericAPIView):
    """The chiefs played across public events and how they did (open data, CC BY 4.0)."""

    permission_classes = [AllowAny]
    serializer_class = MetaSerializer
    filter_backends = []

    def get(self, request):
        try:
            filters = read_filters(request.query_params)
        except MetaFilterError as refused:
            raise exceptions.ValidationError({refused.field: [str(refused)]}) from refused
        answer = meta_for(filters)
        data = {
            "licence": OPEN_DATA_LICENCE,
            "filters": filters.as_query(),
            "games": answer.meta.games,
            "unnamed_games": answer.meta.unnamed_games,
            "truncated": answer.truncated,
            "lines": answer.meta.lines,
        }
        response = Response(self.get_serializer(data).data)
        response["Link"] = f'<{OPEN_DATA_LICENCE["url"]}>; rel="license"'
        return response
