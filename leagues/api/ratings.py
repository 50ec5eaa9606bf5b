"""The rating lists over the API: ``GET /api/v1/ratings/<system>/``, paged, narrowed like the
page by ``?club=``, ``?organisation=<slug>`` and ``?region=``."""

from django.utils.translation import gettext as _
from rest_framework import exceptions, generics, serializers
from rest_framework.permissions import AllowAny

from common.api.views import ApiViewMixin
from leagues.logic.rating import PROVISIONAL_GAMES
from leagues.models import PlayerRating
from leagues.views.ratings import ListFilters, listed, systems


class RatingSerializer(serializers.ModelSerializer):
    """One player's rating: the value the lists rank by (the skill estimate mu), with the
    model's uncertainty sigma."""

    name = serializers.CharField(source="player.name")
    club = serializers.CharField(source="player.club")
    rating = serializers.FloatField(source="mu")
    provisional = serializers.SerializerMethodField()

    class Meta:
        model = PlayerRating
        fields = ["player", "name", "club", "rating", "mu", "sigma", "games", "provisional"]

    def get_provisional(self, rating) -> bool:
        return rating.games < PROVISIONAL_GAMES


class RatingListView(ApiViewMixin, generics.ListAPIView):
    """A game system's rating list, best first: players seen in a public event."""

    serializer_class = RatingSerializer
    permission_classes = [AllowAny]

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # the schema generator
            return PlayerRating.objects.none()
        system = self.kwargs["system"]
        if system not in systems():
            raise exceptions.NotFound(_("No such game system."))
        return listed(system, ListFilters.from_query(self.request.query_params))
