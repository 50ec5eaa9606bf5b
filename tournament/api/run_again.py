"""The body of "run this again" (``POST /api/v1/tournaments/{slug}/run-again/``)."""

from rest_framework import serializers

from common.api.serializers import StrictSerializer
from tournament.services.run_again import MAX_NAME, MAX_SLUG


class RunAgainSerializer(StrictSerializer):
    """The new event's day and web address; its name (empty: the original's)."""

    starts_on = serializers.DateField(help_text="The new event's day: today or later.")
    slug = serializers.SlugField(max_length=MAX_SLUG, help_text="Not used by another event.")
    name = serializers.CharField(
        max_length=MAX_NAME,
        required=False,
        allow_blank=True,
        default="",
        help_text="Empty or left out: the original's name.",
    )
