"""REST API v1 routes, gathered from the apps' routers."""

from rest_framework.routers import DefaultRouter

from tournament.api.views import TournamentViewSet

router = DefaultRouter()
router.register("tournaments", TournamentViewSet, basename="tournament")

urlpatterns = router.urls
