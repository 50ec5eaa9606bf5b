"""Organisations and seasons over the API.

* ``GET/POST /organisations/``: the organisations I run; make one (I become its staff).
* ``GET/POST /seasons/``: public seasons and those of my organisations; make one.
* ``GET/PATCH /seasons/<slug>/``: a season and its rules.
* ``POST /seasons/<slug>/events/`` (``{"event": "<slug>"}``), ``DELETE .../events/<slug>/``.
* ``GET /seasons/<slug>/standings/`` and ``standings.csv``: the season table.

Rules that cannot be computed (best 5 of 3) are a 400 naming the field; a change refused by the
season service (an event of another game, a full season) is a 409 with the reason.
"""

from __future__ import annotations

from django.db.models import Q
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, generics, serializers, status
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api.serializers import StrictModelSerializer, StrictSerializer
from common.api.views import actor_for
from common.csv_export import csv_download
from leagues.forms import system_choices
from leagues.logic.season_table import MAX_TABLE_PLACES, TIEBREAKERS
from leagues.models import Organisation, Season
from leagues.services import organisations as org_service
from leagues.services import seasons as season_service
from leagues.services.season_standings import season_csv_table, season_events, season_standings
from tournament.api.base import EventApiMixin
from tournament.models import Tournament


class OrganisationSerializer(StrictModelSerializer):
    class Meta:
        model = Organisation
        fields = ["name", "slug", "region"]


class OrganisationListView(EventApiMixin, generics.ListCreateAPIView):
    """The organisations I run; POST makes one with me as its staff."""

    serializer_class = OrganisationSerializer
    permission_classes = [IsAuthenticated]

    def get_queryset(self):
        return org_service.organisations_of(self.request.user).order_by("name")

    def perform_create(self, serializer):
        data = serializer.validated_data
        serializer.instance = org_service.create_organisation(
            data["name"], data["slug"], data.get("region", ""), actor_for(self.request)
        )


class SeasonSerializer(StrictModelSerializer):
    """A season and its rules; ``organisation`` is the slug of one I run."""

    organisation = serializers.SlugRelatedField(
        slug_field="slug", queryset=Organisation.objects.all()
    )
    game_system = serializers.ChoiceField(choices=[], required=False)
    points_table = serializers.ListField(
        child=serializers.FloatField(), required=False, max_length=MAX_TABLE_PLACES
    )
    tiebreakers = serializers.ListField(
        child=serializers.ChoiceField(choices=list(TIEBREAKERS)), required=False, max_length=10
    )
    events = serializers.SerializerMethodField()

    class Meta:
        model = Season
        # the season service's rule fields, so the API and the trail name the same settings
        fields = ["organisation", "slug", *season_service.RULE_FIELDS, "events"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game_system"].choices = system_choices()
        if self.instance is not None:
            self.fields["organisation"].read_only = True
            self.fields["slug"].read_only = True

    def get_events(self, season) -> list[str]:
        return [event.slug for event in season_events(season)]

    def validate(self, attrs):
        current = {}
        if self.instance is not None:
            current = {name: getattr(self.instance, name) for name in season_service.RULE_FIELDS}
        errors = season_service.rule_errors({**current, **attrs})
        if errors:
            raise serializers.ValidationError({k: [v] for k, v in errors.items()})
        return attrs


def visible_seasons(user):
    """Public seasons and the seasons of the organisations ``user`` runs."""
    query = Q(is_public=True)
    if getattr(user, "is_authenticated", False):
        query |= Q(organisation__in=org_service.organisations_of(user))
    return Season.objects.filter(query).select_related("organisation")


class SeasonListView(EventApiMixin, generics.ListCreateAPIView):
    serializer_class = SeasonSerializer
    permission_classes = [IsAuthenticatedOrReadOnly]

    def get_queryset(self):
        return visible_seasons(self.request.user)

    def perform_create(self, serializer):
        data = dict(serializer.validated_data)
        organisation = data.pop("organisation")
        slug = data.pop("slug")
        serializer.instance = season_service.create_season(
            organisation, slug, data, actor_for(self.request)
        )


class SeasonNestedMixin(EventApiMixin):
    def get_season(self) -> Season:
        return get_object_or_404(visible_seasons(self.request.user), slug=self.kwargs["slug"])


class SeasonDetailView(SeasonNestedMixin, generics.RetrieveUpdateAPIView):
    serializer_class = SeasonSerializer
    permission_classes = [IsAuthenticatedOrReadOnly]
    http_method_names = ["get", "patch", "head", "options"]

    def get_object(self):
        return self.get_season()

    def perform_update(self, serializer):
        serializer.instance = season_service.update_season(
            serializer.instance, dict(serializer.validated_data), actor_for(self.request)
        )


class SeasonEventSerializer(StrictSerializer):
    event = serializers.SlugField(max_length=80)


class SeasonEventsView(SeasonNestedMixin, APIView):
    """Add an event to the season: POST ``{"event": "<slug>"}``."""

    permission_classes = [IsAuthenticated]
    serializer_class = SeasonEventSerializer

    @extend_schema(responses={201: SeasonSerializer})
    def post(self, request, slug):
        season = self.get_season()
        body = SeasonEventSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        tournament = Tournament.objects.filter(slug=body.validated_data["event"]).first()
        if tournament is None:
            raise exceptions.ValidationError({"event": [_("No event has this address.")]})
        season_service.add_event(season, tournament, actor_for(request))
        return Response(SeasonSerializer(season).data, status=status.HTTP_201_CREATED)


class SeasonEventView(SeasonNestedMixin, APIView):
    """Stop counting an event for the season: DELETE."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={204: None})
    def delete(self, request, slug, event):
        season = self.get_season()
        tournament = get_object_or_404(Tournament, slug=event)
        season_service.remove_event(season, tournament, actor_for(request))
        return Response(status=status.HTTP_204_NO_CONTENT)


class SeasonResultSerializer(serializers.Serializer):
    """A player's result at one event of the season."""

    event = serializers.SlugField()
    place = serializers.IntegerField()
    field = serializers.IntegerField()
    points = serializers.FloatField()
    counts = serializers.BooleanField()
    finished = serializers.BooleanField()


class SeasonRowSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    player = serializers.IntegerField()
    name = serializers.CharField()
    club = serializers.CharField()
    total = serializers.FloatField()
    events_played = serializers.IntegerField()
    results = SeasonResultSerializer(many=True)


class SeasonTableSerializer(serializers.Serializer):
    """The season table: its events (slugs, in order) and its rows, best first."""

    season = serializers.SlugField()
    events = serializers.ListField(child=serializers.SlugField())
    rows = SeasonRowSerializer(many=True)


class SeasonStandingsView(SeasonNestedMixin, APIView):
    """The season table, best first (``standings.csv``: the same table as a file)."""

    permission_classes = []
    as_csv = False
    serializer_class = SeasonTableSerializer

    def get(self, request, slug):
        season = self.get_season()
        table = season_standings(season)
        if self.as_csv:
            header, rows = season_csv_table(table)
            return csv_download(f"{season.slug}-season.csv", header, rows)
        slugs = {event.pk: event.slug for event in table.events}
        rows = [
            {
                "position": row.position,
                "player": row.player,
                "name": table.name(row.player),
                "club": table.club(row.player),
                "total": row.total,
                "events_played": row.events_played,
                "results": [
                    {
                        "event": slugs[c.result.event],
                        "place": c.result.place,
                        "field": c.result.field_size,
                        "points": c.points,
                        "counts": c.counts,
                        "finished": c.result.finished,
                    }
                    for c in row.results
                ],
            }
            for row in table.rows
        ]
        return Response(
            {
                "season": season.slug,
                "events": [event.slug for event in table.events],
                "rows": SeasonRowSerializer(rows, many=True).data,
            }
        )
