"""Team registration through the API (issue 36, item 5): a captain registers a team, members
join with its link's token, the captain removes a member or withdraws the team, a member
leaves. Signed in (a token or the session); each call is one service (a refusal: 409)."""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api.serializers import DETAIL
from common.api.views import ApiViewMixin, actor_for
from registrations.api.team_serializers import (
    JoinTeamSerializer,
    NewTeamSerializer,
    RemoveMemberSerializer,
    TeamOutSerializer,
    team_body,
)
from registrations.models import TeamEntry
from registrations.services import team_leaving, teams
from registrations.services.team_reads import entry_in_event, team_view
from tournament.models import Tournament
from tournament.services.permissions import can_view_tournament

TEAM_ANSWERS = {200: TeamOutSerializer, 409: DETAIL}


def _answer(entry: TeamEntry, code: int = status.HTTP_200_OK) -> Response:
    entry = TeamEntry.objects.select_related("tournament", "registration").get(pk=entry.pk)
    return Response(team_body(team_view(entry)), status=code)


class TeamApiView(ApiViewMixin, APIView):
    """Signed in; a team is found among the caller's own (404 for anyone else's)."""

    permission_classes = [IsAuthenticated]

    def my_team(self, slug: str, pk: int) -> TeamEntry:
        return get_object_or_404(
            TeamEntry.objects.select_related("tournament"),
            pk=pk,
            tournament__slug=slug,
            members__user=self.request.user,
        )


class TeamCreateView(TeamApiView):
    """``POST /api/v1/tournaments/<slug>/teams/``: register a team as its captain."""

    @extend_schema(request=NewTeamSerializer, responses={201: TeamOutSerializer, **TEAM_ANSWERS})
    def post(self, request, tournament_slug: str):
        """201 with the new team (its invitation link), 200 with the captain's team if they
        have one already; a closed event, a taken name or a single players' event: 409."""
        tournament = get_object_or_404(Tournament, slug=tournament_slug)
        if not can_view_tournament(request.user, tournament):
            return Response({"detail": _("Not found.")}, status=status.HTTP_404_NOT_FOUND)
        data = NewTeamSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        had = entry_in_event(tournament, request.user)
        entry = teams.create_team(
            tournament, request.user, **data.validated_data, actor=actor_for(request)
        )
        return _answer(entry, status.HTTP_200_OK if had else status.HTTP_201_CREATED)


class TeamJoinView(TeamApiView):
    """``POST /api/v1/teams/join/``: join the team whose invitation link carries ``token``."""

    @extend_schema(request=JoinTeamSerializer, responses={201: TeamOutSerializer, **TEAM_ANSWERS})
    def post(self, request):
        """201 with the team joined, 200 if already in it; too big for the mode, a team of the
        same event already joined, an event started, a link not valid: 409."""
        data = JoinTeamSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        found = teams.find_entry(data.validated_data["token"])
        was_in = found is not None and found.members.filter(user=request.user).exists()
        entry = teams.join_team(
            data.validated_data["token"],
            request.user,
            actor=actor_for(request),
            player_name=data.validated_data["player_name"],
        )
        return _answer(entry, status.HTTP_200_OK if was_in else status.HTTP_201_CREATED)


class TeamDetailView(TeamApiView):
    """``GET /api/v1/tournaments/<slug>/teams/<id>/``: the caller's team."""

    @extend_schema(responses={200: TeamOutSerializer})
    def get(self, request, tournament_slug: str, pk: int):
        return _answer(self.my_team(tournament_slug, pk))


class TeamRemoveMemberView(TeamApiView):
    """``POST .../teams/<id>/remove/``: the captain removes a member before the event."""

    @extend_schema(request=RemoveMemberSerializer, responses=TEAM_ANSWERS)
    def post(self, request, tournament_slug: str, pk: int):
        entry = self.my_team(tournament_slug, pk)
        data = RemoveMemberSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        team_leaving.remove_member(entry, data.validated_data["member"], actor=actor_for(request))
        return _answer(entry)


class TeamLeaveView(TeamApiView):
    """``POST .../teams/<id>/leave/``: a member leaves the team before the event."""

    @extend_schema(request=None, responses={204: None, 409: DETAIL})
    def post(self, request, tournament_slug: str, pk: int):
        team_leaving.leave_team(
            self.my_team(tournament_slug, pk), request.user, actor=actor_for(request)
        )
        return Response(status=status.HTTP_204_NO_CONTENT)


class TeamWithdrawView(TeamApiView):
    """``POST .../teams/<id>/withdraw/``: the captain withdraws the team before the event."""

    @extend_schema(request=None, responses={204: None, 409: DETAIL})
    def post(self, request, tournament_slug: str, pk: int):
        team_leaving.withdraw_team(self.my_team(tournament_slug, pk), actor=actor_for(request))
        return Response(status=status.HTTP_204_NO_CONTENT)
