"""A player's own door in the API, through their private link (header ``X-Entrant-Token`` or
``?token=``): their entry's attendance, check in (one tap, or with the venue's code), drop out
and undo it. The same services as the pages, with the player as the actor (channel API).
"""

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import BasePermission
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api.private_links import ENTRANT_TOKEN
from common.api.serializers import StrictSerializer
from common.api.views import actor_for
from common.rate_limits import too_many
from tournament.api.base import TOURNAMENT_SLUG, TournamentNestedMixin
from tournament.api.serializers import EmptySerializer, enum_ref
from tournament.check_in_guard import SCOPE, TooManyGuesses, guarded_check_in
from tournament.logic.venue_code import MAX_TYPED
from tournament.models import EntrantStatus
from tournament.services import player_drop, registration


class HoldsPrivateLink(BasePermission):
    """The request carries the private link of an entrant of this event."""

    message = _("This is a player's own door: send their private link (header X-Entrant-Token).")

    def has_permission(self, request, view):
        return view.entrant(view.get_tournament()) is not None


@enum_ref("EntrantStatusEnum")
class _StatusField(serializers.ChoiceField):
    pass


class MyEntrySerializer(serializers.Serializer):
    """The player's entry as their own page shows it."""

    id = serializers.IntegerField()
    display_name = serializers.CharField()
    status = _StatusField(choices=EntrantStatus.choices)
    checked_in_at = serializers.DateTimeField(allow_null=True)
    dropped_at = serializers.DateTimeField(allow_null=True)
    check_in_open = serializers.BooleanField(help_text="Whether self check-in works now.")
    may_drop = serializers.BooleanField(help_text="Whether the player may drop out now.")
    can_undo_drop = serializers.BooleanField(
        help_text="Whether the player may take back their drop (until the next round is paired)."
    )
    dropped_by_organisers = serializers.BooleanField(
        help_text="The drop was not the player's own from their link: only the organisers "
        "can undo it."
    )


class CheckInSerializer(StrictSerializer):
    """One tap (no body), or the code shown at the venue."""

    code = serializers.CharField(max_length=MAX_TYPED, required=False)


def my_entry(entrant) -> dict:
    """The body of every answer: the entry and what the player may do now."""
    state = player_drop.attendance(entrant)
    return {
        "id": entrant.pk,
        "display_name": entrant.display_name,
        "status": entrant.status,
        "checked_in_at": entrant.checked_in_at,
        "dropped_at": entrant.dropped_at,
        "check_in_open": registration.registration_open(entrant.tournament),
        "may_drop": state.get("may_drop", False),
        "can_undo_drop": state.get("can_undo", False),
        "dropped_by_organisers": state.get("by_organisers", False),
    }


class _MyDoor(TournamentNestedMixin, APIView):
    permission_classes = [HoldsPrivateLink]
    serializer_class = MyEntrySerializer

    def me(self):
        return self.entrant(self.get_tournament())

    def answer(self, entrant):
        entrant.refresh_from_db()
        return Response(MyEntrySerializer(my_entry(entrant)).data)


class MyEntryView(_MyDoor):
    """The player's entry: checked in or not, dropped or not, and what they may do now."""

    @extend_schema(parameters=[TOURNAMENT_SLUG, ENTRANT_TOKEN], responses=MyEntrySerializer)
    def get(self, request, tournament_slug):
        return self.answer(self.me())


class MyCheckInView(_MyDoor):
    """Check in: one tap through the private link, or with the venue's code (wrong codes are
    limited per entry, scope ``check_in_code``); while registration is open."""

    @extend_schema(
        parameters=[TOURNAMENT_SLUG, ENTRANT_TOKEN],
        request=CheckInSerializer,
        responses=MyEntrySerializer,
    )
    def post(self, request, tournament_slug):
        entrant = self.me()
        body = CheckInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        actor = actor_for(request, entrant)
        if "code" not in body.validated_data:
            return self.answer(registration.self_check_in(entrant, actor=actor))
        try:
            guarded_check_in(entrant, body.validated_data["code"], actor)
        except TooManyGuesses as wait:
            return too_many(request, SCOPE, wait.retry_after)
        return self.answer(entrant)


class _MyAction(_MyDoor):
    """A POST without a body that calls one ``player_drop`` service with the player as actor."""

    service = None

    @extend_schema(
        parameters=[TOURNAMENT_SLUG, ENTRANT_TOKEN],
        request=EmptySerializer,
        responses=MyEntrySerializer,
    )
    def post(self, request, tournament_slug):
        EmptySerializer(data=request.data).is_valid(raise_exception=True)
        entrant = self.me()
        return self.answer(self.service(entrant, actor_for(request, entrant)))


class MyDropView(_MyAction):
    """Drop out from the next pairing on (a round in progress keeps the player's table)."""

    service = staticmethod(player_drop.drop_myself)


class MyUndoDropView(_MyAction):
    """Take back the player's own drop, until the next round is paired."""

    service = staticmethod(player_drop.undo_my_drop)
