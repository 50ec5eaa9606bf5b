"""API representations of tournaments."""

from rest_framework import serializers

from tournament.models import Tournament


class TournamentSerializer(serializers.ModelSerializer):
    """A tournament's public settings."""

    organiser = serializers.StringRelatedField()
    entrant_count = serializers.IntegerField(read_only=True)
    team_play = serializers.BooleanField(read_only=True)

    class Meta:
        model = Tournament
        fields = [
            "id",
            "slug",
            "name",
            "description",
            "venue",
            "starts_on",
            "organiser",
            "game_system",
            "mode",
            "team_play",
            "rules_level",
            "timing",
            "swiss_rounds",
            "pairing_method",
            "preferred_pod_size",
            "points_table",
            "tie_policy",
            "tiebreakers",
            "cut_size",
            "game_length_seconds",
            "status",
            "entrant_count",
        ]
        read_only_fields = fields
