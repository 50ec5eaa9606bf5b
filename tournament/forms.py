"""Forms of the organiser console: a new event, players, CSV import, seat swaps, closing, clock."""

from django import forms
from django.utils.text import slugify

from engine import api as engine_api
from engine.errors import EngineUserError
from tournament.logic.scoring_calls import (
    DEFAULT_GAP_SECONDS,
    MAX_GAP_SECONDS,
    MIN_GAP_SECONDS,
    gap_errors,
)
from tournament.models import (
    Confirmations,
    Entrant,
    RatingSeeding,
    ScoringCalls,
    SeriesPoints,
    Tournament,
)
from tournament.models.event import (
    MAX_DISPUTE_WINDOW_MINUTES,
    MAX_GAME_SECONDS_ANY_SYSTEM,
    game_length_error,
)
from tournament.services.clock import MAX_EXTEND_SECONDS
from tournament.widgets import LongSelect

SYSTEM_MODE_SEPARATOR = ":"


def system_mode_choices() -> list:
    """Game systems and their modes as grouped choices, named by the engine itself."""
    groups = []
    for system in engine_api.list_systems():
        modes = [
            (
                f"{system['key']}{SYSTEM_MODE_SEPARATOR}{mode['key']}",
                f"{system['name']}: {mode['label']}",
            )
            for mode in system["modes"]
        ]
        groups.append((system["name"], modes))
    return groups


class TournamentForm(forms.ModelForm):
    """A new event: name and place, game system and mode, format and scoring settings."""

    system_mode = forms.ChoiceField(
        label="Game and mode",
        help_text="The game system and the mode every table plays.",
    )
    slug = forms.SlugField(
        required=False,
        max_length=80,
        label="Web address",
        help_text="Letters, digits and hyphens; left empty, it is made from the name.",
    )
    preferred_pod_size = forms.TypedChoiceField(
        choices=[(4, "4 sides"), (3, "3 sides")],
        coerce=int,
        initial=4,
        label="Preferred game size",
        help_text="Remainders make smaller games; a 2-side game only when nothing else fits.",
    )
    cut_size = forms.IntegerField(
        required=False,
        min_value=2,
        max_value=64,
        label="Cut size",
        help_text="Leave empty to scale the cut to the field (16, 8 or 4; teams 8, 4 or 2).",
    )
    swiss_rounds = forms.IntegerField(min_value=1, max_value=20, initial=5, label="Swiss rounds")
    game_length_seconds = forms.IntegerField(
        min_value=30,
        max_value=MAX_GAME_SECONDS_ANY_SYSTEM,
        initial=300,
        label="Game length (seconds)",
        help_text="300 seconds is the standard five-minute game; up to two hours a game "
        "(eight for Tsukuyumi, whose games run four hours and more).",
    )

    dispute_window_minutes = forms.IntegerField(
        min_value=0,
        max_value=MAX_DISPUTE_WINDOW_MINUTES,
        required=False,
        initial=10,
        label="With one confirmation: minutes left to dispute",
        help_text="How long the other sides may still dispute a result one of them confirmed.",
    )
    scoring_call_gap_min_seconds = forms.IntegerField(
        min_value=MIN_GAP_SECONDS,
        max_value=MAX_GAP_SECONDS,
        initial=DEFAULT_GAP_SECONDS[0],
        required=False,
        label="Shortest gap between clock calls (seconds)",
    )
    scoring_call_gap_max_seconds = forms.IntegerField(
        min_value=MIN_GAP_SECONDS,
        max_value=MAX_GAP_SECONDS,
        initial=DEFAULT_GAP_SECONDS[1],
        required=False,
        label="Longest gap between clock calls (seconds)",
    )

    class Meta:
        model = Tournament
        fields = [
            "name",
            "slug",
            "starts_on",
            "venue",
            "rules_level",
            "timing",
            "swiss_rounds",
            "pairing_method",
            "preferred_pod_size",
            "rating_seeding",
            "cut_size",
            "cut_tie_resolution",
            "game_length_seconds",
            "start_clock_on_publish",
            "tie_policy",
            "series_points",
            "allow_three_team_games",
            "equal_team_sizes",
            "scoring_calls",
            "scoring_call_gap_min_seconds",
            "scoring_call_gap_max_seconds",
            "confirmations",
            "dispute_window_minutes",
        ]
        labels = {
            "name": "Event name",
            "starts_on": "Date",
            "rules_level": "Rules",
            "timing": "Timing",
            "pairing_method": "Pairing",
            "rating_seeding": "Seat by rating",
            "cut_tie_resolution": "A tie at the cut line is settled by",
            "tie_policy": "Equal scores in one game",
            "allow_three_team_games": "Alliances: play one 2v2v2 game rather than give a bye",
            "series_points": "VP modes: a game adds to the total",
            "equal_team_sizes": "Alliances: teams meet only teams of their own size",
            "scoring_calls": "Scoring calls on the round clock",
            "start_clock_on_publish": "Start the clock when a round is published",
            "confirmations": "A report made by a player is accepted when",
        }
        help_texts = {
            "rating_seeding": "Every random round, and round 1 of a Swiss event, can be seated "
            "by the players' ratings in this game instead of by chance (a team counts the sum "
            "of its players; an unrated player counts as a newcomer). Avoiding repeat opponents "
            "still comes first.",
            "scoring_calls": "Realtime Domination and King of the Hill. The clock picks each "
            "call's moment at random in the gap range below (seeded, so it can be replayed) and, "
            "in Domination, the flower that scores; projector and phones announce it.",
        }
        widgets = {"starts_on": forms.DateInput(attrs={"type": "date"})}

    field_order = ["name", "slug", "starts_on", "venue", "system_mode"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["system_mode"].choices = system_mode_choices()
        self.fields["system_mode"].initial = f"eye_for_an_eye{SYSTEM_MODE_SEPARATOR}every_eye"
        for name in (
            "rules_level",
            "timing",
            "pairing_method",
            "rating_seeding",
            "cut_tie_resolution",
            "tie_policy",
            "series_points",
            "scoring_calls",
            "confirmations",
        ):
            self.fields[name].choices = [c for c in self.fields[name].choices if c[0] != ""]
        self.fields["series_points"].required = False  # only VP modes use it
        self.fields["series_points"].initial = SeriesPoints.SUM_VP
        self.fields["scoring_calls"].required = False  # only realtime VP modes use it
        self.fields["confirmations"].required = False
        self.fields["rating_seeding"].required = False  # left out: by chance, as before
        self.fields["pairing_method"].initial = "random"
        self.fields["pairing_method"].help_text = (
            "Random: new opponents each round, as the rulebook's tournament plays its five "
            "rounds. Swiss: players with similar points meet, so the strongest meet sooner; "
            "both avoid repeat opponents where they can."
        )
        self.fields["name"].widget.attrs["autofocus"] = True

    def clean_slug(self):
        slug = self.cleaned_data.get("slug") or slugify(self.data.get("name", ""))[:80]
        if not slug:
            raise forms.ValidationError("Give a web address (letters, digits and hyphens).")
        if Tournament.objects.filter(slug=slug).exists():
            raise forms.ValidationError(f"The address {slug!r} is taken; choose another one.")
        return slug

    def clean(self):
        data = super().clean()
        key, _, mode = (data.get("system_mode") or "").partition(SYSTEM_MODE_SEPARATOR)
        data["game_system"], data["mode"] = key, mode
        data["series_points"] = data.get("series_points") or SeriesPoints.SUM_VP
        data["scoring_calls"] = data.get("scoring_calls") or ScoringCalls.MODE
        data["confirmations"] = data.get("confirmations") or Confirmations.ALL_OTHERS
        data["rating_seeding"] = data.get("rating_seeding") or RatingSeeding.OFF
        if (
            data.get("dispute_window_minutes") is None
            and "dispute_window_minutes" not in self.errors
        ):
            data["dispute_window_minutes"] = 10
        for name, default in zip(
            ("scoring_call_gap_min_seconds", "scoring_call_gap_max_seconds"),
            DEFAULT_GAP_SECONDS,
            strict=True,
        ):
            if name not in self.errors and data.get(name) is None:
                data[name] = default  # left empty: the project's default
        if not self.has_error("scoring_call_gap_min_seconds") and not self.has_error(
            "scoring_call_gap_max_seconds"
        ):
            low, high = data["scoring_call_gap_min_seconds"], data["scoring_call_gap_max_seconds"]
            for problem in gap_errors(low, high):
                self.add_error("scoring_call_gap_max_seconds", problem)
        seconds = data.get("game_length_seconds")
        if key and seconds:
            try:
                problem = game_length_error(key, mode, seconds)
            except EngineUserError:
                problem = None  # an unknown system is the system field's own error
            if problem:
                self.add_error("game_length_seconds", problem[0].upper() + problem[1:] + ".")
        return data

    def save(self, commit=True):
        self.instance.game_system = self.cleaned_data["game_system"]
        self.instance.mode = self.cleaned_data["mode"]
        return super().save(commit=commit)


class PlayerForm(forms.Form):
    """A player registered at the desk."""

    name = forms.CharField(max_length=100, label="Name")
    club = forms.CharField(max_length=100, required=False, label="Club")
    email = forms.EmailField(required=False, label="E-mail")
    # Sent by the buttons of the "played before?" question, never shown as fields:
    existing_player = forms.IntegerField(
        required=False, min_value=1, max_value=2**63 - 1, widget=forms.HiddenInput
    )
    new_player = forms.BooleanField(required=False, widget=forms.HiddenInput)


class TeamForm(forms.Form):
    """A team registered at the desk: its name and its two or three players."""

    name = forms.CharField(max_length=100, label="Team name")
    member_1 = forms.CharField(max_length=100, label="First player")
    member_2 = forms.CharField(max_length=100, label="Second player")
    member_3 = forms.CharField(
        max_length=100, required=False, label="Third player", help_text="Leave empty for a pair."
    )

    def members(self) -> list[str]:
        """The players' names as typed (empty ones left out)."""
        return [
            self.cleaned_data[f"member_{i}"] for i in (1, 2, 3) if self.cleaned_data[f"member_{i}"]
        ]


class CsvImportForm(forms.Form):
    """Players as CSV - a file, or text pasted from a spreadsheet: a header line, then name, club,
    email, seed in any order."""

    file = forms.FileField(
        label="CSV file",
        required=False,
        help_text="Header line with the columns name (required), club, email, seed.",
    )
    text = forms.CharField(
        label="Or paste the lines here",
        required=False,
        strip=False,
        max_length=1_000_000,
        widget=forms.Textarea(attrs={"rows": 5, "spellcheck": "false"}),
        help_text="The same columns, e.g. copied from a spreadsheet saved as CSV.",
    )

    def clean(self):
        data = super().clean()
        has_file, has_text = bool(data.get("file")), bool((data.get("text") or "").strip())
        if has_file == has_text and not self.errors:
            raise forms.ValidationError("Choose a CSV file or paste the lines (one of the two).")
        return data

    def raw(self) -> bytes:
        """The CSV as bytes, from the file or the pasted text."""
        if self.cleaned_data.get("file"):
            return self.cleaned_data["file"].read()
        return self.cleaned_data["text"].encode("utf-8", "surrogatepass")


class SwapSeatsForm(forms.Form):
    """Two entrants of one drafted round, to exchange their seats."""

    first = forms.TypedChoiceField(coerce=int, label="Swap", widget=LongSelect)
    second = forms.TypedChoiceField(coerce=int, label="with", widget=LongSelect)

    def __init__(self, seats, *args, **kwargs):
        """``seats``: (entrant id, name, table number) of every seat that may swap."""
        super().__init__(*args, **kwargs)
        choices = [("", "Choose a player")] + [
            (entrant, f"{name} (table {table})") for entrant, name, table in seats
        ]
        self.fields["first"].choices = choices
        self.fields["second"].choices = choices

    def clean(self):
        data = super().clean()
        if data.get("first") and data.get("first") == data.get("second"):
            raise forms.ValidationError("Choose two different players.")
        return data

    def entrants(self, round_) -> tuple[Entrant, Entrant]:
        ids = [self.cleaned_data["first"], self.cleaned_data["second"]]
        found = {e.pk: e for e in Entrant.objects.filter(tournament=round_.tournament, pk__in=ids)}
        return found[ids[0]], found[ids[1]]


class CloseRoundForm(forms.Form):
    """Closing a round; a reason is required by the service when results are missing."""

    reason = forms.CharField(
        required=False,
        max_length=500,
        label="Reason (needed when a table has no result)",
        widget=forms.Textarea(attrs={"rows": 2}),
    )


class ExtendClockForm(forms.Form):
    """Extra time on the round clock."""

    seconds = forms.IntegerField(
        min_value=1, max_value=MAX_EXTEND_SECONDS, initial=60, label="Add seconds"
    )
    reason = forms.CharField(required=False, max_length=200, label="Reason")
