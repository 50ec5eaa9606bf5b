"""The console's "Run this again": a new event with this one's settings on a later day."""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.logic.weekly import next_week_day
from tournament.models import Tournament
from tournament.services.run_again import MAX_NAME, MAX_SLUG, RunAgainRefused, run_again
from tournament.views.organiser.common import organiser_tournament, page_actor


class RunAgainForm(forms.Form):
    """The new event's day, web address and name (the name defaults to the original's)."""

    starts_on = forms.DateField(
        label=gettext_lazy("Date"),
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )
    slug = forms.SlugField(
        label=gettext_lazy("Web address"),
        max_length=MAX_SLUG,
        help_text=gettext_lazy("Letters, digits and hyphens; not used by another event."),
    )
    name = forms.CharField(
        label=gettext_lazy("Event name"),
        max_length=MAX_NAME,
        required=False,
        help_text=gettext_lazy("Empty: the same name as this event."),
    )


def suggestion(tournament: Tournament) -> dict:
    """The event's next week (on its weekday), at an address naming that day."""
    day = next_week_day(tournament.starts_on, timezone.localdate())
    stem = tournament.slug[: MAX_SLUG - 11]
    return {"starts_on": day, "slug": f"{stem}-{day.isoformat()}", "name": tournament.name}


@login_required
def run_again_view(request, slug):
    """The form (GET) and the new event (POST); a refusal is shown and changes nothing."""
    tournament = organiser_tournament(request, slug)
    form = RunAgainForm(request.POST or None, initial=suggestion(tournament))
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            try:
                copy = run_again(tournament, **form.cleaned_data, actor=page_actor(request))
            except RunAgainRefused as refusal:
                form.add_error(None, str(refusal))
            else:
                messages.success(
                    request,
                    _("%(name)s is created for %(day)s with the same settings.")
                    % {"name": copy.name, "day": copy.starts_on},
                )
                return redirect("tournament:manage-home", slug=copy.slug)
    return render(
        request, "organiser/run_again.html", {"tournament": tournament, "form": form}, status=status
    )
