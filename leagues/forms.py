"""Forms of the organisation console: a new organisation, its staff, a season and its events.

The season form checks the rules with the same function the service and the API use
(``leagues.services.seasons.rule_errors``), so a season that cannot be computed (best 5 of 3)
is shown as an error on the field that is wrong.
"""

from __future__ import annotations

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext, gettext_lazy
from django.utils.translation import gettext as _

from engine import api as engine_api
from leagues.logic.season_table import MAX_TABLE_PLACES, TIEBREAKERS
from leagues.models import Organisation, Season
from leagues.services.seasons import rule_errors

#: the longest points table typed into the form (characters)
MAX_TABLE_TEXT = 600


class OrganisationForm(forms.ModelForm):
    class Meta:
        model = Organisation
        fields = ["name", "slug", "region"]
        labels = {"slug": gettext_lazy("Web address"), "name": gettext_lazy("Club or convention")}
        help_texts = {"slug": gettext_lazy("Letters, digits and dashes: /orgs/<address>/.")}


class StaffForm(forms.Form):
    username = forms.CharField(
        max_length=150, label=gettext_lazy("Username of the new staff member")
    )


def system_choices() -> list[tuple[str, str]]:
    return [(s["key"], s["name"]) for s in engine_api.list_systems()]


class SeasonForm(forms.ModelForm):
    """A season's name, address, game and rules; the points table is typed as numbers."""

    points_table_text = forms.CharField(
        required=False,
        max_length=MAX_TABLE_TEXT,
        label=gettext_lazy("Points by place"),
        help_text=format_lazy(
            gettext_lazy(
                "Table method: the winner's points first, e.g. 25, 18, 15, 12, 10 "
                "(up to {places} places)."
            ),
            places=MAX_TABLE_PLACES,
        ),
    )
    tiebreakers = forms.MultipleChoiceField(
        required=False,
        choices=lambda: [(t.key, gettext(t.label)) for t in TIEBREAKERS.values()],
        widget=forms.CheckboxSelectMultiple,
        help_text=gettext_lazy(
            "After the total, in the order listed here; none chosen: events won, best single "
            "result, events played."
        ),
    )

    class Meta:
        model = Season
        fields = [
            "name",
            "slug",
            "description",
            "game_system",
            "method",
            "participation_points",
            "best_of",
            "planned_events",
            "is_public",
        ]
        labels = {
            "slug": gettext_lazy("Web address"),
            "method": gettext_lazy("League points"),
            "best_of": gettext_lazy("Results counted (best N)"),
            "planned_events": gettext_lazy("Events in the season (of M)"),
            "is_public": gettext_lazy("Anyone may see the season table"),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game_system"] = forms.ChoiceField(choices=system_choices(), label=_("Game"))
        if self.instance.pk:
            self.fields["slug"].disabled = True
            table = self.instance.points_table or []
            self.initial["points_table_text"] = ", ".join(f"{p:g}" for p in table)

    def clean_points_table_text(self) -> list[float]:
        text = self.cleaned_data["points_table_text"].replace(";", ",")
        parts = [p.strip() for p in text.split(",") if p.strip()]
        if len(parts) > MAX_TABLE_PLACES:
            raise forms.ValidationError(_("At most %(max)s places.") % {"max": MAX_TABLE_PLACES})
        try:
            return [float(p) for p in parts]
        except ValueError as exc:
            raise forms.ValidationError(_("Type numbers separated by commas.")) from exc

    def clean(self):
        data = super().clean()
        values = dict(data)
        values["points_table"] = data.get("points_table_text") or []
        if "best_of" in data and "planned_events" in data:
            for field, message in rule_errors(values).items():
                target = "points_table_text" if field == "points_table" else field
                if target in self.fields and target not in self.errors:
                    self.add_error(target, message[0].upper() + message[1:] + ".")
        return data

    def rule_values(self) -> dict:
        """The cleaned values the season service takes."""
        data = self.cleaned_data
        values = {k: data[k] for k in self.Meta.fields if k != "slug" and k in data}
        values["points_table"] = data.get("points_table_text") or []
        values["tiebreakers"] = list(data.get("tiebreakers") or [])
        return values


class AddEventForm(forms.Form):
    event = forms.ChoiceField(label=gettext_lazy("Event to add"))

    def __init__(self, events, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["event"].choices = [
            (e.slug, f"{e.name} ({e.starts_on or _('no date')})") for e in events
        ]
