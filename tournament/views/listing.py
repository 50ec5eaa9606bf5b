"""The home page: the public listing of events, with its filters (``tournament.services.listing``).

A filter the visitor got wrong (an unknown game, a date that is not one, a range that ends
before it starts) is named in a message, and the listing is shown without the filters.
"""

from urllib.parse import urlencode

from django import forms
from django.core.paginator import Paginator
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from engine import api as engine_api
from tournament.services.listing import (
    PAGE_SIZE,
    ListingFilters,
    listed_events,
    listed_organisations,
    listing_rows,
)

MAX_TEXT = 100


def game_choices() -> list[tuple[str, str]]:
    """Every game system the engine knows, after "any game"."""
    systems = [(system["key"], system["name"]) for system in engine_api.list_systems()]
    return [("", _("Any game")), *systems]


class ListingFilterForm(forms.Form):
    """The listing's filters, from the query string."""

    game = forms.ChoiceField(label=_("Game"), required=False, choices=game_choices)
    organisation = forms.CharField(label=_("Club or organisation"), required=False, max_length=80)
    region = forms.CharField(
        label=_("Region or town"),
        required=False,
        max_length=MAX_TEXT,
        help_text=_("Matches the organisation's region and the event's venue and address."),
    )
    date_from = forms.DateField(label=_("From"), required=False)
    date_to = forms.DateField(label=_("Until"), required=False)

    def __init__(self, *args, organisations=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["organisation"].widget = forms.Select(
            choices=[("", _("Any organisation")), *organisations]
        )
        for name in ("date_from", "date_to"):
            self.fields[name].widget = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")

    def clean(self):
        data = super().clean()
        start, end = data.get("date_from"), data.get("date_to")
        if start and end and end < start:
            raise forms.ValidationError(_("The date range ends before it starts."))
        return data

    def filters(self) -> ListingFilters:
        """The filters asked for, or none when any of them is wrong."""
        if not self.is_bound or not self.is_valid():
            return ListingFilters()
        data = self.cleaned_data
        return ListingFilters(
            game=data["game"],
            organisation=data["organisation"].strip(),
            region=data["region"].strip(),
            date_from=data["date_from"],
            date_to=data["date_to"],
        )


def home(request):
    """What the site is, and the public events: running, upcoming, recent."""
    asked = {key: value for key, value in request.GET.items() if key != "page" and value}
    form = ListingFilterForm(asked or None, organisations=listed_organisations())
    filters = form.filters()
    events = listed_events(filters, timezone.localdate())
    page = Paginator(events, PAGE_SIZE).get_page(request.GET.get("page"))
    return render(
        request,
        "tournament/home.html",
        {
            "form": form,
            "filtered": filters != ListingFilters(),
            "page": page,
            "rows": listing_rows(page.object_list),
            "query": urlencode(asked) if filters != ListingFilters() else "",
        },
    )
