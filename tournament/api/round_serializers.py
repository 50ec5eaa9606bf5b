"""API representations of a round and its tables (with each seat's chance to win)."""

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from common.api.serializers import StrictSerializer
from common.audit.reasons import REASON_MAX_CHARS
from matches.api.serializers import MatchSerializer, SeatSerializer
from matches.models import MatchStatus
from tournament.api.serializers import enum_ref
from tournament.models import Round, pairing_method_choices


class PairingMethodField(serializers.ChoiceField):
    """A pairing method's key: the registered methods, read each time a serializer is made."""

    def __init__(self, **kwargs):
        super().__init__(choices=pairing_method_choices(), **kwargs)


class RoundSerializer(serializers.ModelSerializer):
    """A round's status, clock and pairing record."""

    stage = serializers.CharField(source="stage.kind", read_only=True)
    pairing_method = PairingMethodField(
        allow_blank=True,
        read_only=True,
        help_text=_("How the round was paired; empty for an elimination round."),
    )
    match_count = serializers.SerializerMethodField()

    class Meta:
        model = Round
        fields = [
            "id",
            "number",
            "stage",
            "number_in_stage",
            "status",
            "pairing_method",
            "seed",
            "pairing_report",
            "paired_on_earlier_standings",
            "game_length_seconds",
            "clock_started_at",
            "clock_ends_at",
            "published_at",
            "completed_at",
            "closed_reason",
            "match_count",
        ]
        read_only_fields = fields

    def get_match_count(self, round_) -> int:
        return round_.matches.count()


class RoundSeatSerializer(SeatSerializer):
    """A seat of a round's table with its chance to win the table by the rating model."""

    win_chance = serializers.SerializerMethodField(
        help_text="Whole percent, the table's seats summing to 100; null when no player of "
        "these tables has a rating in the event's game system."
    )

    class Meta(SeatSerializer.Meta):
        fields = [*SeatSerializer.Meta.fields, "win_chance"]
        read_only_fields = fields

    def get_win_chance(self, seat) -> int | None:
        return self.context.get("win_chances", {}).get(seat.match_id, {}).get(seat.entrant_id)


@enum_ref("MatchStatusEnum")
class _MatchStatusField(serializers.ChoiceField):
    pass


class RoundMatchSerializer(MatchSerializer):
    """A table of a round, its seats with their chances to win (context ``win_chances``)."""

    status = _MatchStatusField(choices=MatchStatus.choices, read_only=True)
    seats = RoundSeatSerializer(many=True, read_only=True)


class GenerateRoundSerializer(StrictSerializer):
    """Optional fixed seed, to reproduce a pairing."""

    seed = serializers.IntegerField(min_value=0, max_value=2**62 - 1, required=False)


class CompleteRoundSerializer(StrictSerializer):
    """Optional reason, required when tables have no accepted result."""

    reason = serializers.CharField(
        required=False, allow_blank=True, default="", max_length=REASON_MAX_CHARS
    )
