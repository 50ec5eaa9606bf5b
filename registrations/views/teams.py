"""The team pages (issue 36, item 5), phone first: the captain's form for a new team, the team's
page (members, where it stands, its invitation link, remove / leave / withdraw) and the join
page its link opens. Each post is one service; a refusal is shown on the page, nothing changed.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.cache import add_never_cache_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from registrations.models import TeamEntry
from registrations.services import team_leaving, teams
from registrations.services.errors import RegistrationError
from registrations.services.places import policy_of
from registrations.services.team_reads import entry_in_event, team_view
from registrations.team_forms import JoinTeamForm, NewTeamForm
from tournament.services.players import player_of
from tournament.views.organiser.common import page_actor
from tournament.views.visibility import visible_tournament


def _page(request, template: str, context: dict, status: int = 200):
    response = render(request, template, context, status=status)
    add_never_cache_headers(response)  # a team's link and members: never from a cache
    return response


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def new_team(request, slug):
    """The captain's form; its post registers the team and opens the team's page."""
    tournament = visible_tournament(request, slug)
    if not tournament.team_play:
        raise Http404(_("This event is played by single players."))
    mine = entry_in_event(tournament, request.user)
    if mine is not None:
        return redirect("teams:team", slug=slug, pk=mine.pk)
    policy = policy_of(tournament)
    has_player = player_of(request.user) is not None
    bound = request.POST if request.method == "POST" else None
    form = NewTeamForm(bound, policy=policy, has_player=has_player)
    problem, status = "", 200
    if form.is_bound:
        status = 400
        if form.is_valid():
            try:
                entry = teams.create_team(
                    tournament,
                    request.user,
                    name=form.cleaned_data["name"],
                    code=form.cleaned_data.get("code", ""),
                    player_name=form.cleaned_data.get("player_name", ""),
                    actor=page_actor(request),
                )
            except RegistrationError as refusal:
                problem, status = str(refusal), 409
            else:
                return redirect("teams:team", slug=slug, pk=entry.pk)
    context = {"tournament": tournament, "form": form, "problem": problem}
    return _page(request, "registrations/team_new.html", context, status)


def _my_team(request, slug, pk) -> TeamEntry:
    """The team, if the signed-in visitor is one of its members (404 otherwise)."""
    return get_object_or_404(
        TeamEntry.objects.select_related("tournament", "registration"),
        pk=pk,
        tournament__slug=slug,
        members__user=request.user,
    )


def _team_page(request, entry: TeamEntry, problem: str = "", status: int = 200):
    view = team_view(entry)
    invite = request.build_absolute_uri(reverse("teams:join", args=[entry.invite_token]))
    context = {
        "team": view,
        "tournament": entry.tournament,
        "invite_url": invite,
        "is_captain": entry.captain_id == request.user.pk,
        "problem": problem,
    }
    return _page(request, "registrations/team.html", context, status)


@login_required
def team_page(request, slug, pk):
    """The team's page: its members, where it stands, and its invitation link."""
    return _team_page(request, _my_team(request, slug, pk))


def _act(request, entry: TeamEntry, action, done: str):
    """Run one service for the team's page; its refusal is shown there (409)."""
    try:
        action()
    except RegistrationError as refusal:
        return _team_page(request, entry, str(refusal), 409)
    messages.success(request, done)
    return None


@login_required
@require_POST
def remove_member(request, slug, pk, member):
    """The captain removes a member."""
    entry = _my_team(request, slug, pk)
    refused = _act(
        request,
        entry,
        lambda: team_leaving.remove_member(entry, member, actor=page_actor(request)),
        _("The member was removed from the team."),
    )
    return refused or redirect("teams:team", slug=slug, pk=pk)


@login_required
@require_POST
def leave(request, slug, pk):
    """A member leaves the team; they land on the event's page."""
    entry = _my_team(request, slug, pk)
    refused = _act(
        request,
        entry,
        lambda: team_leaving.leave_team(entry, request.user, actor=page_actor(request)),
        _("You left the team %(team)s.") % {"team": entry.name},
    )
    return refused or redirect("tournament:detail", slug=slug)


@login_required
@require_POST
def withdraw(request, slug, pk):
    """The captain withdraws the team; they land on the event's page."""
    entry = _my_team(request, slug, pk)
    refused = _act(
        request,
        entry,
        lambda: team_leaving.withdraw_team(entry, actor=page_actor(request)),
        _("The team %(team)s was withdrawn from the event.") % {"team": entry.name},
    )
    return refused or redirect("tournament:detail", slug=slug)


@require_http_methods(["GET", "HEAD", "POST"])
def join_page(request, token):
    """The page a team's link opens: sign in (or make an account) first, then join."""
    entry = teams.find_entry(token)
    if entry is None:
        problem = _("This team link is not valid: ask your captain for it again.")
        return _page(request, "registrations/team_join.html", {"problem": problem}, 404)
    here = request.path
    context = {
        "entry": entry,
        "tournament": entry.tournament,
        "form": JoinTeamForm(request.POST if request.method == "POST" else None),
        "has_player": request.user.is_authenticated and player_of(request.user) is not None,
        "sign_in": f"{reverse('account_login')}?next={here}",
        "sign_up": f"{reverse('account_signup')}?next={here}",
    }
    if request.method != "POST" or not request.user.is_authenticated:
        return _page(request, "registrations/team_join.html", context)
    form = context["form"]
    if not form.is_valid():
        return _page(request, "registrations/team_join.html", context, 400)
    try:
        teams.join_team(
            token,
            request.user,
            actor=page_actor(request),
            player_name=form.cleaned_data["player_name"],
        )
    except RegistrationError as refusal:
        context["problem"] = str(refusal)
        return _page(request, "registrations/team_join.html", context, 409)
    messages.success(request, _("You joined the team %(team)s.") % {"team": entry.name})
    return redirect("teams:team", slug=entry.tournament.slug, pk=entry.pk)
