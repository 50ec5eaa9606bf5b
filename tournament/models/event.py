"""The tournament itself: its game system, format and scoring settings, and its staff."""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from engine import api as engine_api
from engine.errors import EngineUserError
from tournament.logic.embed_origins import MAX_ORIGINS, bad_entries, split_origins
from tournament.logic.mode_fit import ModeFit
from tournament.logic.pairing import DEFAULT_METHOD
from tournament.logic.scoring_calls import (
    DEFAULT_GAP_SECONDS,
    MAX_GAP_SECONDS,
    MIN_GAP_SECONDS,
    gap_errors,
)
from tournament.logic.venue_code import LENGTH as VENUE_CODE_LENGTH
from tournament.logic.venue_code import new_venue_code
from tournament.models.choices import (
    Confirmations,
    CutTieResolution,
    RatingSeeding,
    RulesLevel,
    ScoringCalls,
    SeriesPoints,
    StaffRoleKind,
    TiePolicy,
    Timing,
    TournamentStatus,
    pairing_method_choices,
)
from tournament.models.event_locale import event_language_field, event_time_zone_field
from tournament.models.mode_limits import event_fit, mode_errors
from tournament.models.tiebreaker_rules import tiebreaker_errors

MAX_DISPUTE_WINDOW_MINUTES = 120
#: the database's bound on a game length; each mode has its own, lower one (the engine's
#: ``max_game_seconds``: two hours for most, eight for Tsukuyumi)
MAX_GAME_SECONDS_ANY_SYSTEM = 12 * 3600


def game_length_error(game_system: str, mode: str, seconds: int) -> str | None:
    """Why ``seconds`` is not a game length this system and mode allows, or None."""
    limit = engine_api.max_game_seconds(game_system, mode)
    if seconds > limit:
        label = engine_api.describe(game_system, mode)["label"]
        return f"a {label} game lasts at most {limit // 60} minutes ({limit} seconds)"
    return None


def default_tiebreakers() -> list[str]:
    """No tiebreakers of the organiser's own: the standings follow the game mode's defaults.

    The engine names the defaults per system and mode (``engine.api.default_tiebreakers``), so
    a King of the Hill event breaks ties on VP and a battle on Victory Cup tokens, and an event
    whose mode changes follows the new mode, until an organiser sets an order of their own.
    """
    return []


def validate_embed_origins(value: str) -> None:
    """Refuse a list of widget sites with an entry that is not an origin, or too many."""
    problems = [
        _("'%(entry)s' is not a site's address: write it as https://example.org (no path).")
        % {"entry": entry}
        for entry in bad_entries(value)[:3]
    ]
    if len(split_origins(value)) > MAX_ORIGINS:
        problems.append(_("At most %(n)d sites may show the widget.") % {"n": MAX_ORIGINS})
    if problems:
        raise ValidationError(problems)


class Tournament(models.Model):
    """One event, from registration to champion, in one game system and mode."""

    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=80, unique=True)
    description = models.TextField(blank=True)
    venue = models.CharField(max_length=200, blank=True)
    address = models.CharField(
        max_length=300,
        blank=True,
        help_text=_("Where the venue is: street, town, region (the public listing searches it)."),
    )
    check_in_code = models.CharField(
        max_length=VENUE_CODE_LENGTH,
        default=new_venue_code,
        help_text=_("The code shown at the venue that players type to check themselves in."),
    )
    starts_on = models.DateField(null=True, blank=True)
    time_zone = event_time_zone_field()
    language = event_language_field()
    organiser = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="owned_tournaments"
    )
    organisation = models.ForeignKey(
        "leagues.Organisation",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="events",
        help_text=_("The club or convention that runs the event (its seasons may count it)."),
    )
    game_system = models.CharField(max_length=40, default="eye_for_an_eye")
    mode = models.CharField(
        max_length=40, default="every_eye", help_text=_("A mode key of the game system.")
    )
    rules_level = models.CharField(
        max_length=10, choices=RulesLevel.choices, default=RulesLevel.ADVANCED
    )
    timing = models.CharField(max_length=12, choices=Timing.choices, default=Timing.REALTIME)
    swiss_rounds = models.PositiveSmallIntegerField(default=5)
    pairing_method = models.CharField(
        max_length=10, choices=pairing_method_choices, default=DEFAULT_METHOD
    )
    preferred_pod_size = models.PositiveSmallIntegerField(
        default=4, help_text=_("4 sides a game preferred, or 3.")
    )
    rating_seeding = models.CharField(
        max_length=8,
        choices=RatingSeeding.choices,
        default=RatingSeeding.OFF,
        help_text=_(
            "Seat every random round, and round 1 of a Swiss event, by the players' "
            "ratings in the game system (a team by its average player; an unrated player as a "
            "newcomer): spread puts the strongest at different tables, similar seats like with "
            "like. Later Swiss rounds are paired by points whatever this says."
        ),
    )
    allow_three_team_games = models.BooleanField(
        default=False,
        help_text=_(
            "Alliances: an odd team count plays one 2v2v2 game instead of giving a bye "
            "(the rulebook makes it optional: off unless the organiser opts in)."
        ),
    )
    equal_team_sizes = models.BooleanField(
        default=False,
        help_text=_(
            "Alliances: teams meet only teams of their own size (2v2, 3v3, never 2v3); "
            "a size with an odd count gives its own bye."
        ),
    )
    bye_scores_as_win = models.BooleanField(default=True)
    balance_seats = models.BooleanField(
        default=True,
        help_text=_(
            "Swiss rounds: order each table's seats so every side's seats even out over "
            "the rounds (seat 1 to the side that has sat first least often, and so on)."
        ),
    )
    keep_clubmates_apart = models.BooleanField(
        default=True,
        help_text=_(
            "Swiss rounds: seat players of one club (teams of one organisation) at "
            "different tables in round 1, and later where it costs no repeat opponents and no "
            "points grouping."
        ),
    )
    points_table = models.JSONField(
        default=dict,
        blank=True,
        help_text=_('By side count, e.g. {"5": [5, 4, 3, 2, 1]}; needed for 5-6 side games.'),
    )
    tie_policy = models.CharField(
        max_length=10, choices=TiePolicy.choices, default=TiePolicy.SHARED
    )
    series_points = models.CharField(
        max_length=10,
        choices=SeriesPoints.choices,
        default=SeriesPoints.SUM_VP,
        help_text=_(
            "VP modes only (Nymphlet Ceremony, King of the Hill, Domination): what a "
            "game adds to a side's total. Other modes always score by place."
        ),
    )
    confirmations = models.CharField(
        max_length=3,
        choices=Confirmations.choices,
        default=Confirmations.ALL_OTHERS,
        help_text=_("How many other sides confirm a player's report before it is accepted."),
    )
    dispute_window_minutes = models.PositiveSmallIntegerField(
        default=10,
        help_text=_("With one confirmation: how long the other sides may still dispute (0-120)."),
    )
    tiebreakers = models.JSONField(
        default=default_tiebreakers,
        blank=True,
        help_text=_(
            "Standings tiebreakers after points, in order; empty: the game mode's defaults."
        ),
    )
    cut_size = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("Empty: scaled to the field (16, 8, 4; teams 8, 4, 2).")
    )
    cut_tie_resolution = models.CharField(
        max_length=12, choices=CutTieResolution.choices, default=CutTieResolution.GAME
    )
    game_length_seconds = models.PositiveIntegerField(default=300)
    start_clock_on_publish = models.BooleanField(
        default=False,
        help_text='Start the round clock ("Yarra Mark!") the moment a round is published, so '
        "publishing is the last step of a round turnover.",
    )
    scoring_calls = models.CharField(
        max_length=6,
        choices=ScoringCalls.choices,
        default=ScoringCalls.MODE,
        help_text=_(
            "Realtime King of the Hill and Domination: whether the round clock makes "
            "the scoring calls."
        ),
    )
    scoring_call_gap_min_seconds = models.PositiveSmallIntegerField(
        default=DEFAULT_GAP_SECONDS[0],
        help_text=_("Clock-made scoring calls: the shortest gap between two calls."),
    )
    scoring_call_gap_max_seconds = models.PositiveSmallIntegerField(
        default=DEFAULT_GAP_SECONDS[1],
        help_text=_("Clock-made scoring calls: the longest gap between two calls."),
    )
    system_options = models.JSONField(
        default=dict, blank=True, help_text=_("Game-system specific options (e.g. card costs).")
    )

    status = models.CharField(
        max_length=14, choices=TournamentStatus.choices, default=TournamentStatus.SETUP
    )
    is_public = models.BooleanField(
        default=True, help_text=_("Pairings, standings and brackets are visible without login.")
    )
    embed_origins = models.TextField(
        blank=True,
        default="",
        max_length=2000,
        validators=[validate_embed_origins],
        help_text=_(
            "Sites that may show the event's widget in a frame, one per line "
            "(https://club.example); empty: no site may."
        ),
    )
    champion = models.ForeignKey(
        "tournament.Entrant",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text=_("Set when the final (and any tie-break after it) is decided."),
    )
    standings_revision = models.PositiveIntegerField(
        default=0, help_text=_("Goes up whenever something the standings read changes (caching).")
    )
    # Stamped once the change has committed (``tournament.services.standings_revision``), so a page
    # drawn
    # before the stamp cannot have shown the change and one drawn after it has (live catch-up,
    # ``tournament.services.live_news``).
    standings_news_at = models.DateTimeField(
        null=True, blank=True, editable=False, help_text=_("When the standings last changed.")
    )
    round_news_at = models.DateTimeField(
        null=True, blank=True, editable=False, help_text=_("When a round was last published.")
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-starts_on", "name"]
        indexes = [
            # the meta across events: public events of one game system between two dates
            # (``leagues.services.meta``), read without a scan of every event
            models.Index(
                fields=["game_system", "starts_on"],
                condition=Q(is_public=True),
                name="tournament_public_system_day",
            ),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(swiss_rounds__gte=1) & Q(swiss_rounds__lte=20),
                name="tournament_swiss_rounds_1_to_20",
            ),
            models.CheckConstraint(
                condition=Q(preferred_pod_size__in=[3, 4]), name="tournament_pod_size_3_or_4"
            ),
            models.CheckConstraint(
                condition=Q(game_length_seconds__gte=30)
                & Q(game_length_seconds__lte=MAX_GAME_SECONDS_ANY_SYSTEM),
                name="tournament_game_length_30s_to_12h",
            ),
            models.CheckConstraint(
                condition=Q(scoring_call_gap_min_seconds__gte=MIN_GAP_SECONDS)
                & Q(scoring_call_gap_min_seconds__lte=F("scoring_call_gap_max_seconds"))
                & Q(scoring_call_gap_max_seconds__lte=MAX_GAP_SECONDS),
                name="tournament_scoring_call_gaps_in_range",
            ),
            models.CheckConstraint(
                condition=Q(dispute_window_minutes__lte=MAX_DISPUTE_WINDOW_MINUTES),
                name="tournament_dispute_window_at_most_2h",
            ),
            models.CheckConstraint(
                condition=Q(cut_size__isnull=True) | Q(cut_size__gte=2),
                name="tournament_cut_size_at_least_2",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def game_mode(self) -> dict:
        """The engine's description of this event's game system and mode."""
        return engine_api.describe(self.game_system, self.mode)

    @property
    def mode_label(self) -> str:
        """The mode's name in the reader's language (the game's own names are kept)."""
        return gettext(self.game_mode.get("label") or self.mode)

    @property
    def sums_vp(self) -> bool:
        """Whether each game adds its VP to a side's total (a VP mode summing its series)."""
        return self.series_points == SeriesPoints.SUM_VP and self.game_mode["vp_series"]

    def standings_tiebreakers(self) -> list[str]:
        """The tiebreakers the standings apply: the organiser's order, else the mode's defaults."""
        if self.tiebreakers:
            return list(self.tiebreakers)
        return engine_api.default_tiebreakers(self.game_system, self.mode)

    def clean(self):
        """Refuse a tiebreaker the game mode does not offer, and settings or entrants the mode
        cannot play (``mode_limits``; the admin's form calls this)."""
        super().clean()
        try:
            errors = tiebreaker_errors(self.game_system, self.mode, self.tiebreakers)
        except EngineUserError:
            return  # an unknown system or mode is the field's own error
        if errors:
            raise ValidationError({"tiebreakers": errors})
        gaps = gap_errors(self.scoring_call_gap_min_seconds, self.scoring_call_gap_max_seconds)
        if gaps:
            raise ValidationError({"scoring_call_gap_min_seconds": gaps})
        stored = Tournament.objects.filter(pk=self.pk).first() if self.pk else None
        limits = mode_errors(self.game_system, self.mode, vars(self), stored)
        if limits:
            raise ValidationError(limits)

    @property
    def mode_fit(self) -> ModeFit:
        """What the event's game mode can seat (``tournament.logic.mode_fit``)."""
        return event_fit(self.game_system, self.mode)

    @property
    def team_play(self) -> bool:
        """Whether sides are teams (Alliances and the allied VP modes), as the engine says."""
        return self.game_mode["side_kind"] == "team"


class StaffRole(models.Model):
    """A user's right to run (organiser) or referee one tournament."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="staff")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="staff_roles"
    )
    role = models.CharField(max_length=10, choices=StaffRoleKind.choices)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "user", "role"], name="staffrole_one_role_per_user"
            )
        ]

    def __str__(self) -> str:
        return f"{self.user} - {self.get_role_display()} of {self.tournament}"
