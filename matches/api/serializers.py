"""API representations of matches, seats and result versions, and the result-flow bodies."""

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from common.api.serializers import StrictSerializer
from common.audit.reasons import REASON_MAX_CHARS
from matches.models import Match, ResultResponse, ResultVersion, Seat


class SeatSerializer(serializers.ModelSerializer):
    """A seat at a table: who, where, and the accepted outcome (empty until accepted)."""

    side = serializers.SerializerMethodField()
    entrant_name = serializers.CharField(source="entrant.display_name", read_only=True)

    class Meta:
        model = Seat
        fields = [
            "side",
            "entrant",
            "entrant_name",
            "position",
            "flower_colour",
            "character",
            "place",
            "points",
        ]
        read_only_fields = fields

    def get_side(self, seat) -> str:
        """The side id to use in a result report."""
        return str(seat.entrant_id)


class MatchSerializer(serializers.ModelSerializer):
    """A table of a round and its seats."""

    tournament = serializers.CharField(source="round.tournament.slug", read_only=True)
    round = serializers.IntegerField(source="round.number", read_only=True)
    seats = SeatSerializer(many=True, read_only=True)

    class Meta:
        model = Match
        fields = [
            "id",
            "tournament",
            "round",
            "table_number",
            "group_label",
            "game_in_series",
            "is_bye",
            "status",
            "seats",
        ]
        read_only_fields = fields


def _who(obj) -> dict:
    return {
        "user": obj.user.get_username() if obj.user_id else None,
        "entrant": obj.entrant.display_name if obj.entrant_id else None,
    }


class WhoSerializer(serializers.Serializer):
    user = serializers.CharField(allow_null=True)
    entrant = serializers.CharField(allow_null=True)


class ResponseSerializer(serializers.ModelSerializer):
    """Another side's confirmation or dispute."""

    by = serializers.SerializerMethodField()

    class Meta:
        model = ResultResponse
        fields = ["decision", "reason", "by", "channel", "created_at"]
        read_only_fields = fields

    def get_by(self, response) -> WhoSerializer:
        return _who(response)


class ResultVersionSerializer(serializers.ModelSerializer):
    """One version of a match's result, as kept for ever."""

    by = serializers.SerializerMethodField()
    supersedes = serializers.IntegerField(
        source="supersedes.number", read_only=True, default=None, allow_null=True
    )
    responses = ResponseSerializer(many=True, read_only=True)

    class Meta:
        model = ResultVersion
        fields = [
            "number",
            "kind",
            "state",
            "by",
            "channel",
            "created_at",
            "decided_at",
            "reason",
            "report",
            "placings",
            "supersedes",
            "responses",
        ]
        read_only_fields = fields

    def get_by(self, version) -> WhoSerializer:
        return _who(version)


_MOMENT = serializers.DateTimeField()


class NewResultVersionSerializer(ResultVersionSerializer):
    """A version this very request stored: the same fields, and nobody has answered it yet (so
    its responses are not looked up).

    It answers every result submission, and DRF building a model serializer's fields for each
    answer cost more than the rest of the response, so the answer is built directly here;
    ``tests/api/test_new_version_answer.py`` holds it equal to ``ResultVersionSerializer``'s.
    """

    responses = serializers.SerializerMethodField()

    def get_responses(self, version) -> list:
        return []

    def to_representation(self, version) -> dict:
        return {
            "number": version.number,
            "kind": version.kind,
            "state": version.state,
            "by": _who(version),
            "channel": version.channel,
            "created_at": _MOMENT.to_representation(version.created_at),
            "decided_at": (
                _MOMENT.to_representation(version.decided_at) if version.decided_at else None
            ),
            "reason": version.reason,
            "report": version.report,
            "placings": version.placings,
            "supersedes": version.supersedes.number if version.supersedes_id else None,
            "responses": [],
        }


class ReportField(serializers.DictField):
    """A result report in the game system's format (checked by the rules engine)."""

    def __init__(self, **kwargs):
        super().__init__(child=serializers.JSONField(), **kwargs)


class ResultSubmitSerializer(StrictSerializer):
    """A referee's entry or a player's report."""

    report = ReportField(
        help_text='{"sides": [{"side": "<seat side id>", ...}], ...}; see the result form.'
    )


class CorrectionSerializer(StrictSerializer):
    """A referee's correction: the new report and why."""

    report = ReportField()
    reason = serializers.CharField(max_length=REASON_MAX_CHARS)


class DisputeSerializer(StrictSerializer):
    """Why a side disputes a reported result."""

    reason = serializers.CharField(max_length=REASON_MAX_CHARS)


class ConfirmSerializer(StrictSerializer):
    """No body."""


class ResultProblemSerializer(serializers.Serializer):
    """One problem of a refused report (``engine.errors.Problem``)."""

    side = serializers.CharField(
        allow_null=True, help_text=_("The side's id; null for a problem of the whole game.")
    )
    field = serializers.CharField()
    message = serializers.CharField()


class ResultErrorsSerializer(serializers.Serializer):
    """The rules engine's refusal of a report: every problem, by side and field."""

    errors = ResultProblemSerializer(many=True)
