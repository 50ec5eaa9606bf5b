"""The API's shapes of team registration: what a captain or a member sends, and a team as its
members see it (its invitation link only to them)."""

from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from common.api.serializers import StrictSerializer
from registrations.models import MAX_TEAM_NAME
from registrations.services.team_reads import MAX_TOKEN_LENGTH, TeamView

#: the longest name a new player record takes (``Player.name``)
MAX_PLAYER_NAME = 100
MAX_CODE = 100


class NewTeamSerializer(StrictSerializer):
    """A captain's team: its name, the event's entry code if it asks one, and the captain's
    name for a new player record (their account has none yet)."""

    name = serializers.CharField(max_length=MAX_TEAM_NAME, help_text=_("The team's name."))
    code = serializers.CharField(max_length=MAX_CODE, required=False, default="", allow_blank=True)
    player_name = serializers.CharField(
        max_length=MAX_PLAYER_NAME, required=False, default="", allow_blank=True
    )


class JoinTeamSerializer(StrictSerializer):
    """The invitation link's token, and the member's name for a new player record."""

    token = serializers.CharField(max_length=MAX_TOKEN_LENGTH)
    player_name = serializers.CharField(
        max_length=MAX_PLAYER_NAME, required=False, default="", allow_blank=True
    )


class RemoveMemberSerializer(StrictSerializer):
    """The member the captain removes (a member's ``id`` in the team's ``members``)."""

    member = serializers.IntegerField(min_value=1, max_value=2**31 - 1)


class TeamMemberOutSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField(help_text=_("The member's player record's name."))
    captain = serializers.BooleanField()


class TeamOutSerializer(serializers.Serializer):
    """A team as its members see it."""

    id = serializers.IntegerField()
    event = serializers.CharField(help_text=_("The event's slug."))
    name = serializers.CharField()
    status = serializers.ChoiceField(
        choices=["forming", "pending", "registered", "waitlisted", "declined", "withdrawn"]
    )
    waitlist_position = serializers.IntegerField(allow_null=True)
    team_sizes = serializers.ListField(child=serializers.IntegerField())
    members = TeamMemberOutSerializer(many=True)
    invite_path = serializers.CharField(help_text=_("The page members open to join."))
    invite_token = serializers.CharField(help_text=_("For POST /api/v1/teams/join/."))


def team_body(view: TeamView) -> dict:
    """The ``TeamOutSerializer`` answer for ``view``."""
    entry = view.entry
    return {
        "id": entry.pk,
        "event": entry.tournament.slug,
        "name": entry.name,
        "status": view.status,
        "waitlist_position": view.waitlist_position,
        "team_sizes": list(view.sizes),
        "members": [
            {"id": m.pk, "name": m.player.name, "captain": m.user_id == entry.captain_id}
            for m in view.members
        ],
        "invite_path": reverse("teams:join", args=[entry.invite_token]),
        "invite_token": entry.invite_token,
    }
