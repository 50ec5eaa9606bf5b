"""The cut to the elimination: a preview of each cut size the field allows (who goes through,
into which groups), then the organiser's confirmation of one."""

from dataclasses import dataclass, field

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from common.db.query_numbers import whole_number
from tournament.logic.brackets import EliminationPlan
from tournament.models import StageKind
from tournament.services.cut_plan import cut_choices, plan_cut, ranking_mark
from tournament.services.elimination import start_elimination
from tournament.services.rounds import RoundError
from tournament.views.organiser.common import organiser_tournament, page_actor


@dataclass
class CutOption:
    """One cut size as the preview shows it: its groups by name, or why it cannot be made."""

    size: int
    groups: list[tuple[str, list[str]]] = field(default_factory=list)
    certain: list[str] = field(default_factory=list)
    tied: list[str] = field(default_factory=list)
    tie_slots: int = 0
    problem: str = ""


def _option(tournament, size: int, names: dict[str, str]) -> CutOption:
    """The preview of a cut of ``size``: nothing is written."""
    option = CutOption(size)
    try:
        plan: EliminationPlan = plan_cut(tournament, cut=size)
    except RoundError as error:
        option.problem = str(error)
        return option
    if plan.cut_tie is not None:
        certain = len(plan.seeds) - plan.cut_tie.slots if plan.stages else len(plan.seeds)
        option.certain = [names[s] for s in plan.seeds[:certain]]
        option.tied = [names[s] for s in plan.cut_tie.sides]
        option.tie_slots = plan.cut_tie.slots
    if plan.stages and plan.cut_tie is None:
        option.groups = [(g.label, [names[s] for s in g.seats]) for g in plan.stages[0].groups]
    return option


@login_required
def cut(request, slug):
    """GET: the cut sizes smaller than the field, each previewed; POST: make the chosen cut."""
    tournament = organiser_tournament(request, slug)
    if request.method == "POST":
        size = whole_number(request.POST.get("cut"), low=2, high=64)
        ranking = request.POST.get("ranking") or None
        return elimination_step_done(
            request,
            tournament,
            lambda t, actor: start_elimination(t, actor, cut=size, ranking=ranking),
        )
    sizes, qualified = cut_choices(tournament)
    names = {str(e.pk): e.display_name for e in tournament.entrants.all()}
    options = [_option(tournament, size, names) for size in sizes]
    whole_field = None
    if not sizes:
        whole_field = _option(tournament, 0, names)
    started = tournament.stages.exclude(kind=StageKind.SWISS).exists()
    return render(
        request,
        "organiser/cut.html",
        {
            "tournament": tournament,
            "options": options,
            "whole_field": whole_field,
            "qualified": qualified,
            "ranking": ranking_mark(tournament),
            "started": started,
            "random_pairing": tournament.pairing_method == "random",
            "title": _("The cut to the elimination"),
        },
    )


def elimination_step_done(request, tournament, step):
    """Take one elimination step (``step(tournament, actor)``) and show where it led."""
    try:
        with transaction.atomic():
            state = step(tournament, page_actor(request))
    except RoundError as error:
        text = str(error)
        messages.error(request, text[:1].upper() + text[1:] + ".")
        return redirect("tournament:manage-rounds", slug=tournament.slug)
    messages.success(request, state.message)
    if state.round is not None:
        return redirect("tournament:manage-round", slug=tournament.slug, number=state.round.number)
    return redirect("tournament:manage-home", slug=tournament.slug)
