"""API representations of a registration policy and of registrations, and the bodies of their
actions (strict: an unknown field is refused; every number and text bounded)."""

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from common.api.serializers import StrictModelSerializer, StrictSerializer
from registrations.models import (
    MAX_CAPACITY,
    MAX_ENTRY_CODE,
    MAX_FEE_NOTE,
    MAX_NAME,
    MAX_ORGANISER_MESSAGE,
    Registration,
    RegistrationStatus,
    WhoMay,
)
from registrations.services.desk import MAX_POSITION
from registrations.services.places import waitlist_position


class PolicySerializer(StrictSerializer):
    """An event's registration policy (every field; PUT sets them all)."""

    self_service = serializers.BooleanField(
        help_text=_("Players may register themselves; off, the organiser adds every player.")
    )
    opens_at = serializers.DateTimeField(allow_null=True)
    closes_at = serializers.DateTimeField(allow_null=True, help_text=_("After opens_at."))
    capacity = serializers.IntegerField(
        min_value=1, max_value=MAX_CAPACITY, allow_null=True, help_text=_("Null: no limit.")
    )
    waitlist = serializers.BooleanField()
    who_may = serializers.ChoiceField(choices=WhoMay.choices)
    entry_code = serializers.CharField(
        max_length=MAX_ENTRY_CODE,
        allow_blank=True,
        help_text=_("Required when who_may is code."),
    )
    review = serializers.BooleanField(
        help_text=_("The organiser accepts or declines each registration.")
    )
    fee_note = serializers.CharField(max_length=MAX_FEE_NOTE, allow_blank=True)


class RegistrationSerializer(StrictModelSerializer):
    """A registration, as its player and the event's organisers see it."""

    status = serializers.ChoiceField(choices=RegistrationStatus.choices, read_only=True)
    waitlist_position = serializers.SerializerMethodField()
    access_token = serializers.SerializerMethodField(
        help_text=_("The private link's token while the registration holds a place.")
    )

    class Meta:
        model = Registration
        fields = [
            "id",
            "name",
            "status",
            "queue_number",
            "waitlist_position",
            "paid",
            "name_listed",
            "organiser_message",
            "entrant",
            "access_token",
            "created_at",
            "updated_at",
        ]
        read_only_fields = fields

    def get_waitlist_position(self, registration) -> int | None:
        return waitlist_position(registration)

    def get_access_token(self, registration) -> str | None:
        return registration.entrant.access_token if registration.entrant_id else None


class RegisterSerializer(StrictSerializer):
    """A signed-in player registers: the name to show, the entry code if the event asks."""

    name = serializers.CharField(max_length=MAX_NAME)
    code = serializers.CharField(
        max_length=MAX_ENTRY_CODE, required=False, allow_blank=True, default=""
    )
    name_listed = serializers.BooleanField(
        required=False,
        default=False,
        help_text=_("The player agrees to be named on the event's public list of entrants."),
    )


class MessageSerializer(StrictSerializer):
    """The organiser's message to the player (why a registration is declined)."""

    message = serializers.CharField(
        max_length=MAX_ORGANISER_MESSAGE, required=False, allow_blank=True, default=""
    )


class PromoteSerializer(StrictSerializer):
    """Move a waitlisted player in; over the capacity only when said so."""

    over_capacity = serializers.BooleanField(required=False, default=False)


class MoveSerializer(StrictSerializer):
    """The waitlist position to move to (1 is the front)."""

    position = serializers.IntegerField(min_value=1, max_value=MAX_POSITION)


class PaidSerializer(StrictSerializer):
    """Whether the entry fee is paid."""

    paid = serializers.BooleanField()
