"""A player's rating over the API, when their page is public (404 otherwise, as the page):

* ``GET /api/v1/players/<id>/ratings/``: per game system the current rating and its history
  after each game, thinned to at most ``MAX_POINTS`` points as the chart draws it;
* ``GET /api/v1/players/<id>/head-to-head/`` (``?system=``, paged): the record against each
  opponent in games of public events, most games together first.
"""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions, generics, serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from common.api.views import ApiViewMixin
from leagues.logic.rating import PROVISIONAL_GAMES
from leagues.logic.rating_chart import MAX_POINTS, downsample
from leagues.services.player_ratings import head_to_head_of, named, rating_histories
from leagues.views.ratings import systems
from tournament.models import Player

MAX_SYSTEM_LENGTH = 40
PLAYER_ID = OpenApiParameter(
    "player_id", OpenApiTypes.INT, OpenApiParameter.PATH, description="The player's id."
)


def public_player(player_id: int) -> Player:
    """The player, if their page is public; a 404 either way otherwise (no hint which)."""
    player = get_object_or_404(Player, pk=player_id)
    if not player.profile_public:
        raise exceptions.NotFound(_("No such player page."))
    return player


class PointSerializer(serializers.Serializer):
    games = serializers.IntegerField()
    rating = serializers.FloatField(source="mu")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()


class SystemRatingSerializer(serializers.Serializer):
    """A player's rating in one system, and its history (thinned to ``MAX_POINTS``)."""

    system = serializers.CharField()
    name = serializers.CharField()
    rating = serializers.FloatField()
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    games = serializers.IntegerField()
    provisional = serializers.BooleanField()
    history = PointSerializer(many=True)


class PlayerRatingsSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    name = serializers.CharField()
    systems = SystemRatingSerializer(many=True)


@extend_schema(parameters=[PLAYER_ID])
class PlayerRatingsView(ApiViewMixin, generics.GenericAPIView):
    """A public player's ratings per game system, with the rating after each game."""

    permission_classes = [AllowAny]
    serializer_class = PlayerRatingsSerializer

    def get(self, request, player_id: int):
        player = public_player(player_id)
        names = systems()
        rows = []
        for history in rating_histories(player.pk):
            now = history.current
            rows.append(
                {
                    "system": history.system,
                    "name": names.get(history.system, history.system),
                    "rating": now.listed,
                    "mu": now.mu,
                    "sigma": now.sigma,
                    "games": now.games,
                    "provisional": now.games < PROVISIONAL_GAMES,
                    "history": downsample(history.points, MAX_POINTS),
                }
            )
        data = {"player": player.pk, "name": player.name, "systems": rows}
        return Response(self.get_serializer(data).data)


class OpponentSerializer(serializers.Serializer):
    """The record against one opponent; ``page`` only when the opponent's page is public."""

    opponent = serializers.IntegerField(source="record.opponent")
    name = serializers.CharField()
    page = serializers.SerializerMethodField()
    games = serializers.IntegerField(source="record.games")
    above = serializers.IntegerField(source="record.above")
    below = serializers.IntegerField(source="record.below")
    level = serializers.IntegerField(source="record.level")

    def get_page(self, line) -> str | None:
        return f"/players/{line.record.opponent}/" if line.public_page else None


SYSTEM_PARAMETER = OpenApiParameter(
    "system", OpenApiTypes.STR, description="Only games of this game system (its key)."
)


@extend_schema(parameters=[PLAYER_ID, SYSTEM_PARAMETER])
class HeadToHeadView(ApiViewMixin, generics.ListAPIView):
    """A public player's record against each opponent (games of public events), paged."""

    permission_classes = [AllowAny]
    serializer_class = OpponentSerializer
    filter_backends = []  # a computed list: its order is the record's own

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # the schema generator
            return []
        player = public_player(self.kwargs["player_id"])
        system = self.request.query_params.get("system") or None
        if system is not None and (len(system) > MAX_SYSTEM_LENGTH or system not in systems()):
            raise exceptions.ValidationError({"system": [_("No such game system.")]})
        return head_to_head_of(player.pk, public_only=True, system=system)

    def list(self, request, *args, **kwargs):
        page = self.paginate_queryset(self.get_queryset())
        return self.get_paginated_response(self.get_serializer(named(page), many=True).data)
