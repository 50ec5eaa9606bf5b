"""Clubs and conventions (organisations) with their staff, and the seasons they run.

An organisation owns events (``Tournament.organisation``) and seasons. A season is a set of its
events and the rules that turn those events' results into a league table
(``leagues.logic.season_table``). What a season's staff did is kept in ``LeagueLogEntry``.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from leagues.logic.season_table import (
    MAX_EVENTS,
    PointsMethod,
    SeasonRules,
)


class Organisation(models.Model):
    """A club or a convention: it owns events and seasons, and has its own staff."""

    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=80, unique=True)
    region = models.CharField(max_length=100, blank=True, help_text=_("Town, county or country."))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class OrganisationStaff(models.Model):
    """A user who runs an organisation's seasons (and may merge its duplicate players)."""

    organisation = models.ForeignKey(Organisation, on_delete=models.CASCADE, related_name="staff")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="organisation_roles"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["organisation", "user"], name="org_staff_once")
        ]

    def __str__(self) -> str:
        return f"{self.user} at {self.organisation}"


class Season(models.Model):
    """A league: the organisation's events that count, and how their results become points."""

    organisation = models.ForeignKey(Organisation, on_delete=models.PROTECT, related_name="seasons")
    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=80, unique=True)
    description = models.TextField(blank=True, max_length=4000)
    game_system = models.CharField(
        max_length=40, default="eye_for_an_eye", help_text=_("Only events of this game count.")
    )
    method = models.CharField(
        max_length=6,
        choices=[
            (PointsMethod.PLACE, _("By final place (one point per side beaten, plus one)")),
            (PointsMethod.SWISS, _("By Swiss points")),
            (PointsMethod.TABLE, _("By a table of points per place")),
        ],
        default=PointsMethod.PLACE,
    )
    points_table = models.JSONField(
        default=list, blank=True, help_text=_("Points by final place, winner first (table method).")
    )
    participation_points = models.FloatField(
        default=0, help_text=_("Table method: points for a place past the end of the table.")
    )
    best_of = models.PositiveSmallIntegerField(
        default=4, help_text=_("Results counted per player.")
    )
    planned_events = models.PositiveSmallIntegerField(
        default=6, help_text=_("Events in the season (best N of these M).")
    )
    tiebreakers = models.JSONField(default=list, blank=True)
    is_public = models.BooleanField(default=True)
    events = models.ManyToManyField(
        "tournament.Tournament", through="SeasonEvent", related_name="seasons"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(best_of__gte=1)
                & Q(planned_events__gte=1)
                & Q(planned_events__lte=MAX_EVENTS)
                & Q(best_of__lte=models.F("planned_events")),
                name="season_best_n_of_m",
            )
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def rules(self) -> SeasonRules:
        """The season's rules as the pure table code reads them."""
        return SeasonRules(
            method=self.method,
            table=tuple(self.points_table or ()),
            participation=self.participation_points,
            best_of=self.best_of,
            events=self.planned_events,
            tiebreakers=tuple(self.tiebreakers or SeasonRules().tiebreakers),
        )


class SeasonEvent(models.Model):
    """An event that counts for a season."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="entries")
    tournament = models.ForeignKey(
        "tournament.Tournament", on_delete=models.CASCADE, related_name="season_entries"
    )
    added_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["added_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["season", "tournament"], name="season_event_once")
        ]

    def __str__(self) -> str:
        return f"{self.tournament} in {self.season}"


class LeagueLogEntry(models.Model):
    """One change an organisation's staff made (a season's rules or events, a player merge)."""

    organisation = models.ForeignKey(
        Organisation, on_delete=models.CASCADE, related_name="log_entries"
    )
    action = models.CharField(max_length=40, help_text=_("e.g. season.event_added, player.merged."))
    target_type = models.CharField(max_length=40)
    target_id = models.CharField(max_length=40, blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    channel = models.CharField(max_length=10)
    ip_address = models.GenericIPAddressField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name_plural = _("league log entries")

    def __str__(self) -> str:
        return f"{self.action} {self.target_type} {self.target_id}"
