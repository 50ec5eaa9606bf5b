"""The console's registration settings: the policy as a form, saved by the policy service
(the API's path too)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from registrations.forms.policy import PolicyForm
from registrations.models import RegistrationPolicy
from registrations.services.errors import RegistrationError
from registrations.services.places import registration_state
from registrations.services.policy import set_policy
from tournament.views.organiser.common import organiser_tournament, page_actor


@login_required
def settings_page(request, slug):
    """The form (GET) and the saved policy (POST); a refusal is shown and changes nothing."""
    tournament = organiser_tournament(request, slug)
    policy = RegistrationPolicy.objects.filter(tournament=tournament).first()
    form = PolicyForm(request.POST or None, instance=policy or RegistrationPolicy())
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            try:
                set_policy(
                    tournament,
                    page_actor(request),
                    site=request.build_absolute_uri("/").rstrip("/"),
                    **form.values(),
                )
            except RegistrationError as refused:
                form.add_error(None, str(refused))
            else:
                messages.success(request, _("The registration settings are saved."))
                return redirect("registrations:manage-settings", slug=slug)
    context = {
        "tournament": tournament,
        "form": form,
        "state": registration_state(tournament) if policy else None,
    }
    return render(request, "registrations/settings.html", context, status=status)
