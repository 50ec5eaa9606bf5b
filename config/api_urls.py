"""REST API v1 routes, gathered from the apps' viewsets.

Authentication: staff sign in with a session or a token (``POST /api/v1/auth/token/`` with
``username`` and ``password`` gives ``{"token": ...}``; send ``Authorization: Token <token>``).
A token never makes tokens; a password change revokes them all (docs/api.md).
Players use their private link's token: header ``X-Entrant-Token`` or query ``?token=``.
"""

from django.urls import path
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.routers import DefaultRouter, SimpleRouter

from accounts.api import SignInForTokenView, TokenListView, TokenRevokeAllView, TokenRevokeView
from common.api.parsers import CheckedJSONParser
from leagues.api.meta import MetaView
from leagues.api.players import HeadToHeadView, PlayerRatingsView
from leagues.api.ratings import RatingListView
from leagues.api.seasons import (
    OrganisationListView,
    SeasonDetailView,
    SeasonEventsView,
    SeasonEventView,
    SeasonListView,
    SeasonStandingsView,
)
from matches.api.staff_tools import ExtraTimeView
from matches.api.views import MatchViewSet, ResultViewSet
from notifications.webhook_api import WebhookViewSet
from registrations.api.questions import (
    AnswersDeadlineView,
    QuestionViewSet,
    RegistrationAnswersView,
)
from registrations.api.teams import (
    TeamCreateView,
    TeamDetailView,
    TeamJoinView,
    TeamLeaveView,
    TeamRemoveMemberView,
    TeamWithdrawView,
)
from registrations.api.views import RegistrationPolicyView, RegistrationViewSet
from tournament.api.audit import AuditViewSet
from tournament.api.bracket import BracketView, EliminationStepView
from tournament.api.entrants import EntrantSuggestionsView, EntrantViewSet
from tournament.api.generation import JobView
from tournament.api.me import MyCheckInView, MyDropView, MyEntryView, MyUndoDropView
from tournament.api.penalties import PenaltiesView, WithdrawPenaltyView
from tournament.api.rounds import RoundViewSet
from tournament.api.standings import PairingsCsvView, StandingsView
from tournament.api.tournaments import TournamentViewSet

TOURNAMENT = r"tournaments/(?P<tournament_slug>[-a-zA-Z0-9_]+)"
TOURNAMENT_PATH = "tournaments/<slug:tournament_slug>"

# a match's results first: the busiest writes of an event (routes are tried in order)
results_router = SimpleRouter()
results_router.register(
    r"matches/(?P<match_pk>\d+)/results", ResultViewSet, basename="match-result"
)
router = DefaultRouter()
router.register("tournaments", TournamentViewSet, basename="tournament")
router.register(f"{TOURNAMENT}/entrants", EntrantViewSet, basename="tournament-entrant")
router.register(f"{TOURNAMENT}/rounds", RoundViewSet, basename="tournament-round")
router.register(f"{TOURNAMENT}/audit", AuditViewSet, basename="tournament-audit")
router.register(
    f"{TOURNAMENT}/registrations", RegistrationViewSet, basename="tournament-registration"
)
router.register(
    f"{TOURNAMENT}/registration-questions", QuestionViewSet, basename="registration-question"
)
router.register(f"{TOURNAMENT}/webhooks", WebhookViewSet, basename="tournament-webhook")
router.register("matches", MatchViewSet, basename="match")

urlpatterns = [
    *results_router.urls,
    path(
        "auth/token/",
        SignInForTokenView.as_view(parser_classes=[FormParser, MultiPartParser, CheckedJSONParser]),
        name="api-token",
    ),
    path("tokens/", TokenListView.as_view(), name="api-tokens"),
    path("tokens/revoke-all/", TokenRevokeAllView.as_view(), name="api-token-revoke-all"),
    path("tokens/<int:token_id>/", TokenRevokeView.as_view(), name="api-token-revoke"),
    path("jobs/<int:pk>/", JobView.as_view(), name="api-job"),
    path("ratings/<slug:system>/", RatingListView.as_view(), name="api-ratings"),
    path("meta/", MetaView.as_view(), name="api-meta"),
    path("organisations/", OrganisationListView.as_view(), name="api-organisations"),
    path("seasons/", SeasonListView.as_view(), name="api-seasons"),
    path("seasons/<slug:slug>/", SeasonDetailView.as_view(), name="api-season"),
    path("seasons/<slug:slug>/events/", SeasonEventsView.as_view(), name="api-season-events"),
    path(
        "seasons/<slug:slug>/events/<slug:event>/",
        SeasonEventView.as_view(),
        name="api-season-event",
    ),
    path(
        "seasons/<slug:slug>/standings/",
        SeasonStandingsView.as_view(),
        name="api-season-standings",
    ),
    path(
        "seasons/<slug:slug>/standings.csv",
        SeasonStandingsView.as_view(as_csv=True),
        name="api-season-standings-csv",
    ),
    path(
        "players/<int:player_id>/ratings/",
        PlayerRatingsView.as_view(),
        name="api-player-ratings",
    ),
    path(
        "players/<int:player_id>/head-to-head/",
        HeadToHeadView.as_view(),
        name="api-player-head-to-head",
    ),
    path(
        f"{TOURNAMENT_PATH}/entrants/suggestions/",
        EntrantSuggestionsView.as_view(),
        name="api-entrant-suggestions",
    ),
    path(f"{TOURNAMENT_PATH}/me/", MyEntryView.as_view(), name="api-my-entry"),
    path(f"{TOURNAMENT_PATH}/me/check-in/", MyCheckInView.as_view(), name="api-my-check-in"),
    path(f"{TOURNAMENT_PATH}/me/drop/", MyDropView.as_view(), name="api-my-drop"),
    path(
        f"{TOURNAMENT_PATH}/entrants/<int:entrant_pk>/penalties/",
        PenaltiesView.as_view(),
        name="api-entrant-penalties",
    ),
    path(
        f"{TOURNAMENT_PATH}/entrants/<int:entrant_pk>/penalties/<int:penalty_pk>/withdraw/",
        WithdrawPenaltyView.as_view(),
        name="api-entrant-penalty-withdraw",
    ),
    path("matches/<int:match_pk>/extra-time/", ExtraTimeView.as_view(), name="api-extra-time"),
    path(f"{TOURNAMENT_PATH}/me/undo-drop/", MyUndoDropView.as_view(), name="api-my-undo-drop"),
    path(f"{TOURNAMENT_PATH}/standings/", StandingsView.as_view(), name="api-standings"),
    path(
        f"{TOURNAMENT_PATH}/registration-policy/",
        RegistrationPolicyView.as_view(),
        name="api-registration-policy",
    ),
    path(
        f"{TOURNAMENT_PATH}/standings.csv",
        StandingsView.as_view(as_csv=True),
        name="api-standings-csv",
    ),
    path(f"{TOURNAMENT_PATH}/bracket/", BracketView.as_view(), name="api-bracket"),
    path(
        f"{TOURNAMENT_PATH}/elimination/step/",
        EliminationStepView.as_view(),
        name="api-elimination-step",
    ),
    path(
        f"{TOURNAMENT_PATH}/rounds/<int:number>/pairings.csv",
        PairingsCsvView.as_view(),
        name="api-pairings-csv",
    ),
    path(
        f"{TOURNAMENT_PATH}/registration-questions/deadline/",
        AnswersDeadlineView.as_view(),
        name="api-answers-deadline",
    ),
    path(
        f"{TOURNAMENT_PATH}/registrations/<int:pk>/answers/",
        RegistrationAnswersView.as_view(),
        name="api-registration-answers",
    ),
    path("teams/join/", TeamJoinView.as_view(), name="api-team-join"),
    path(f"{TOURNAMENT_PATH}/teams/", TeamCreateView.as_view(), name="api-teams"),
    path(f"{TOURNAMENT_PATH}/teams/<int:pk>/", TeamDetailView.as_view(), name="api-team"),
    path(
        f"{TOURNAMENT_PATH}/teams/<int:pk>/remove/",
        TeamRemoveMemberView.as_view(),
        name="api-team-remove",
    ),
    path(
        f"{TOURNAMENT_PATH}/teams/<int:pk>/leave/", TeamLeaveView.as_view(), name="api-team-leave"
    ),
    path(
        f"{TOURNAMENT_PATH}/teams/<int:pk>/withdraw/",
        TeamWithdrawView.as_view(),
        name="api-team-withdraw",
    ),
    *router.urls,
]
