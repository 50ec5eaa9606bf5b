"""The event's staff page: referees and co-organisers, added by account name or invited by
e-mail or one-time link."""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.cache import add_never_cache_headers
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_POST

from common.rate_limits import rate_limited
from tournament.models import StaffInvitation, StaffRoleKind
from tournament.services import invitations
from tournament.services import staff as staff_service
from tournament.views.organiser.common import organiser_tournament, page_actor


class StaffForm(forms.Form):
    """An existing account and the role it gets in this event."""

    username = forms.CharField(max_length=150, label=gettext_lazy("Account name"))
    role = forms.ChoiceField(choices=StaffRoleKind.choices, initial=StaffRoleKind.REFEREE)


#: how long an invitation's link may be used, in days
VALID_DAYS = (1, 7, 30)


class InviteForm(forms.Form):
    """An invitation: the role, and an e-mail address to send the link to (or none: a link)."""

    role = forms.ChoiceField(choices=StaffRoleKind.choices, initial=StaffRoleKind.REFEREE)
    email = forms.EmailField(
        required=False,
        label=gettext_lazy("E-mail (optional)"),
        help_text=gettext_lazy("Leave empty to get a link to pass on yourself."),
    )
    days = forms.TypedChoiceField(
        coerce=int,
        choices=[(n, f"{n}") for n in VALID_DAYS],
        initial=invitations.DEFAULT_DAYS,
        label=gettext_lazy("Valid for"),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["days"].choices = [
            (n, ngettext("%(count)d day", "%(count)d days", n) % {"count": n}) for n in VALID_DAYS
        ]


def _staff_page(request, tournament, form=None, invite_form=None, new_link=None, status=200):
    roles = tournament.staff.select_related("user").order_by("role", "user__username")
    pending = [
        i
        for i in StaffInvitation.objects.filter(tournament=tournament, accepted_at__isnull=True)
        .filter(revoked_at__isnull=True)
        .order_by("-created_at")[:200]
        if i.state == "pending"
    ]
    response = render(
        request,
        "organiser/staff.html",
        {
            "tournament": tournament,
            "roles": roles,
            "form": form or StaffForm(),
            "invite_form": invite_form or InviteForm(),
            "pending": pending,
            "new_link": new_link,
        },
        status=status,
    )
    add_never_cache_headers(response)
    return response


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
                    page_actor(request),
                )
            except staff_service.StaffError as error:
                form.add_error("username", str(error))
            else:
                messages.success(
                    request, f"{role.user.username} is now {role.get_role_display().lower()}."
                )
                return redirect("tournament:manage-staff", slug=slug)
        status = 400
    return _staff_page(request, tournament, form=form, status=status)


@rate_limited("accounts")
@login_required
@require_POST
def invite(request, slug):
    """Invite someone by e-mail, or make a one-time link to pass on (shown on this answer)."""
    tournament = organiser_tournament(request, slug)
    form = InviteForm(request.POST)
    if not form.is_valid():
        return _staff_page(request, tournament, invite_form=form, status=400)
    site = request.build_absolute_uri("/").rstrip("/")
    try:
        made = invitations.invite(
            tournament,
            form.cleaned_data["role"],
            page_actor(request),
            email=form.cleaned_data["email"],
            days=form.cleaned_data["days"],
            site=site,
        )
    except invitations.InvitationError as error:
        form.add_error(None, str(error))
        return _staff_page(request, tournament, invite_form=form, status=400)
    role = made.invitation.get_role_display().lower()
    if made.invitation.email:
        messages.success(
            request,
            _("Invitation (%(role)s) sent to %(email)s.")
            % {"role": role, "email": made.invitation.email},
        )
        return redirect("tournament:manage-staff", slug=slug)
    return _staff_page(request, tournament, new_link=(role, site + made.path), status=201)


@login_required
@require_POST
def revoke_invitation(request, slug, invitation_id):
    """Withdraw a pending invitation."""
    tournament = organiser_tournament(request, slug)
    invitation = get_object_or_404(StaffInvitation, tournament=tournament, pk=invitation_id)
    try:
        invitations.revoke(invitation, page_actor(request))
    except invitations.InvitationError as error:
        messages.error(request, str(error)[0].upper() + str(error)[1:] + ".")
    else:
        messages.success(request, _("Invitation withdrawn: its link no longer works."))
    return redirect("tournament:manage-staff", slug=slug)


@login_required
@require_POST
def remove(request, slug, role_id):
    """Take one role away."""
    tournament = organiser_tournament(request, slug)
    staff_role = get_object_or_404(tournament.staff.select_related("user"), pk=role_id)
    staff_service.remove_staff(staff_role, page_actor(request))
    messages.success(
        request, _("%(name)s no longer has that role.") % {"name": staff_role.user.username}
    )
    return redirect("tournament:manage-staff", slug=slug)
