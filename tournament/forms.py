"""Forms of the organiser console: a new event, players, CSV import, seat swaps, closing, clock."""

from django import forms
from django.utils.text import slugify
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from common.audit.reasons import REASON_MAX_CHARS
from engine import api as engine_api
from engine.errors import EngineUserError
from tournament.logic.scoring_calls import gap_errors
from tournament.models import Entrant, Tournament
from tournament.models.event import game_length_error
from tournament.models.event_settings import BY_NAME, GROUPS, SETTINGS, in_group
from tournament.models.mode_limits import mode_errors
from tournament.services.clock import MAX_EXTEND_SECONDS
from tournament.setting_fields import setting_formfield
from tournament.widgets import LongSelect

SYSTEM_MODE_SEPARATOR = ":"


def system_mode_choices() -> list:
    """Game systems and their modes as grouped choices, named by the engine itself."""
    groups = []
    for system in engine_api.list_systems():
        modes = [
            (
                f"{system['key']}{SYSTEM_MODE_SEPARATOR}{mode['key']}",
                f"{system['name']}: {gettext(mode['label'])}",
            )
            for mode in system["modes"]
        ]
        groups.append((system["name"], modes))
    return groups


def form_groups() -> list:
    """(group, field names) of the create form: the declared settings on the form by group,
    the game-and-mode choice opening the group of the game."""
    groups = []
    for group in GROUPS:
        names = ["system_mode"] if group.key == "game" else []
        names += [setting.name for setting in in_group(group.key, form=True)]
        if names:
            groups.append((group, names))
    return groups


class TournamentForm(forms.ModelForm):
    """A new event: name and place, game system and mode, format and scoring settings.

    The settings' fields, labels, help, bounds and groups come from their declaration
    (``tournament.models.event_settings``); this form adds the game-and-mode choice, the web
    address made from the name, and the checks across settings."""

    system_mode = forms.ChoiceField(
        label=_("Game and mode"),
        help_text=_("The game system and the mode every table plays."),
    )
    slug = forms.SlugField(
        required=False,
        max_length=80,
        label=BY_NAME["slug"].label,
        help_text=_("Letters, digits and hyphens; left empty, it is made from the name."),
    )

    class Meta:
        model = Tournament
        fields = [setting.name for setting in SETTINGS if setting.on_form]
        formfield_callback = setting_formfield
        widgets = {"starts_on": forms.DateInput(attrs={"type": "date"})}

    field_order = [name for _group, names in form_groups() for name in names]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["system_mode"].choices = system_mode_choices()
        self.fields["system_mode"].initial = f"eye_for_an_eye{SYSTEM_MODE_SEPARATOR}every_eye"
        for field in self.fields.values():
            if isinstance(field, forms.TypedChoiceField):
                field.choices = [c for c in field.choices if c[0] != ""]
        self.fields["name"].widget.attrs["autofocus"] = True

    def fieldsets(self) -> list:
        """(group, its bound fields) for each group the form shows, in order."""
        return [(group, [self[name] for name in names]) for group, names in form_groups()]

    def clean_slug(self):
        slug = self.cleaned_data.get("slug") or slugify(self.data.get("name", ""))[:80]
        if not slug:
            raise forms.ValidationError(
                gettext("Give a web address (letters, digits and hyphens).")
            )
        if Tournament.objects.filter(slug=slug).exists():
            raise forms.ValidationError(
                gettext("The address %(slug)s is taken; choose another one.") % {"slug": repr(slug)}
            )
        return slug

    def clean(self):
        data = super().clean()
        key, _, mode = (data.get("system_mode") or "").partition(SYSTEM_MODE_SEPARATOR)
        data["game_system"], data["mode"] = key, mode
        for setting in SETTINGS:  # an optional setting left empty: the model's default
            empty = data.get(setting.name) in (None, "") and not self.has_error(setting.name)
            if setting.on_form and setting.optional and empty and setting.default is not None:
                data[setting.name] = setting.default
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
        for name, problems in mode_errors(key, mode, data).items():
            for problem in problems:  # a mode's own problem is the game-and-mode field's
                self.add_error("system_mode" if name == "mode" else name, problem)
        return data

    def save(self, commit=True):
        self.instance.game_system = self.cleaned_data["game_system"]
        self.instance.mode = self.cleaned_data["mode"]
        return super().save(commit=commit)


class PlayerForm(forms.Form):
    """A player registered at the desk."""

    name = forms.CharField(max_length=100, label=_("Name"))
    club = forms.CharField(max_length=100, required=False, label=_("Club"))
    email = forms.EmailField(required=False, label=_("E-mail"))
    name_listed = forms.BooleanField(
        required=False,
        label=_("Agreed to be listed"),
        help_text=_("The player agreed to be named on the event's public list of entrants."),
    )
    # Sent by the buttons of the "played before?" question, never shown as fields:
    existing_player = forms.IntegerField(
        required=False, min_value=1, max_value=2**63 - 1, widget=forms.HiddenInput
    )
    new_player = forms.BooleanField(required=False, widget=forms.HiddenInput)


class TeamForm(forms.Form):
    """A team registered at the desk: its name and its two or three players."""

    name = forms.CharField(max_length=100, label=_("Team name"))
    member_1 = forms.CharField(max_length=100, label=_("First player"))
    member_2 = forms.CharField(max_length=100, label=_("Second player"))
    member_3 = forms.CharField(
        max_length=100,
        required=False,
        label=_("Third player"),
        help_text=_("Leave empty for a pair."),
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
        label=_("CSV file"),
        required=False,
        help_text=_("Header line with the columns name (required), club, email, seed."),
    )
    text = forms.CharField(
        label=_("Or paste the lines here"),
        required=False,
        strip=False,
        max_length=1_000_000,
        widget=forms.Textarea(attrs={"rows": 5, "spellcheck": "false"}),
        help_text=_("The same columns, e.g. copied from a spreadsheet saved as CSV."),
    )

    def clean(self):
        data = super().clean()
        has_file, has_text = bool(data.get("file")), bool((data.get("text") or "").strip())
        if has_file == has_text and not self.errors:
            raise forms.ValidationError(
                gettext("Choose a CSV file or paste the lines (one of the two).")
            )
        return data

    def raw(self) -> bytes:
        """The CSV as bytes, from the file or the pasted text."""
        if self.cleaned_data.get("file"):
            return self.cleaned_data["file"].read()
        return self.cleaned_data["text"].encode("utf-8", "surrogatepass")


class SwapSeatsForm(forms.Form):
    """Two entrants of one drafted round, to exchange their seats."""

    first = forms.TypedChoiceField(coerce=int, label=_("Swap"), widget=LongSelect)
    second = forms.TypedChoiceField(coerce=int, label=_("with"), widget=LongSelect)

    def __init__(self, seats, *args, **kwargs):
        """``seats``: (entrant id, name, table number) of every seat that may swap."""
        super().__init__(*args, **kwargs)
        choices = [("", gettext("Choose a player"))] + [
            (entrant, f"{name} (table {table})") for entrant, name, table in seats
        ]
        self.fields["first"].choices = choices
        self.fields["second"].choices = choices

    def clean(self):
        data = super().clean()
        if data.get("first") and data.get("first") == data.get("second"):
            raise forms.ValidationError(gettext("Choose two different players."))
        return data

    def entrants(self, round_) -> tuple[Entrant, Entrant]:
        ids = [self.cleaned_data["first"], self.cleaned_data["second"]]
        found = {e.pk: e for e in Entrant.objects.filter(tournament=round_.tournament, pk__in=ids)}
        return found[ids[0]], found[ids[1]]


class CloseRoundForm(forms.Form):
    """Closing a round; a reason is required by the service when results are missing."""

    reason = forms.CharField(
        required=False,
        max_length=REASON_MAX_CHARS,
        label=_("Reason (needed when a table has no result)"),
        widget=forms.Textarea(attrs={"rows": 2}),
    )


class ExtendClockForm(forms.Form):
    """Extra time on the round clock."""

    seconds = forms.IntegerField(
        min_value=1, max_value=MAX_EXTEND_SECONDS, initial=60, label=_("Add seconds")
    )
    reason = forms.CharField(required=False, max_length=REASON_MAX_CHARS, label=_("Reason"))
