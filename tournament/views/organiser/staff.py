"""The event's staff page: referees and co-organisers, added by account name."""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from tournament.models import StaffRoleKind
from tournament.services import staff as staff_service
from tournament.views.organiser.common import organiser_tournament, who


class StaffForm(forms.Form):
    """An existing account and the role it gets in this event."""

    username = forms.CharField(max_length=150, label="Account name")
    role = forms.ChoiceField(choices=StaffRoleKind.choices, initial=StaffRoleKind.REFEREE)


@login_required
def staff(request, slug):
    """List the event's staff and add someone (organisers only)."""
    tournament = organiser_tournament(request, slug)
    form = StaffForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                role = staff_service.add_staff(
                    tournament,
                    form.cleaned_data["username"],
                    form.cleaned_data["role"],
                    who(request),
                )
            except staff_service.StaffError as error:
                form.add_error("username", str(error))
            else:
                messages.success(
                    request, f"{role.user.username} is now {role.get_role_display().lower()}."
                )
                return redirect("tournament:manage-staff", slug=slug)
        status = 400
    roles = tournament.staff.select_related("user").order_by("role", "user__username")
    return render(
        request,
        "organiser/staff.html",
        {"tournament": tournament, "roles": roles, "form": form},
        status=status,
    )


@login_required
@require_POST
def remove(request, slug, role_id):
    """Take one role away."""
    tournament = organiser_tournament(request, slug)
    staff_role = get_object_or_404(tournament.staff.select_related("user"), pk=role_id)
    staff_service.remove_staff(staff_role, who(request))
    messages.success(request, f"{staff_role.user.username} no longer has that role.")
    return redirect("tournament:manage-staff", slug=slug)
