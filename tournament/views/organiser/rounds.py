"""Round control: generate (through the job), review a draft, swap seats, re-pair, publish,
print, run the clock, close; the projector clock; cutting and advancing the elimination."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count, Prefetch, Q
from django.db.models.functions import Lower
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from common.audit.actor import Actor
from common.audit.channels import Channel
from common.db.query_numbers import whole_number
from common.live import push_messages as live_messages
from common.live.realtime import server_time_ms
from matches.models import MatchStatus, Seat
from tournament.forms import CloseRoundForm, ExtendClockForm, SwapSeatsForm
from tournament.jobs import (
    close_round_and_pair_next,
    redelivery_expected_at,
    request_swiss_round,
)
from tournament.logic.clock_maths import ClockState
from tournament.models import (
    GenerationJob,
    JobStatus,
    Round,
    RoundStatus,
    StageKind,
    Tournament,
)
from tournament.services import clock as clock_service
from tournament.services.elimination import advance_elimination
from tournament.services.pairable import left_out_names, left_out_sentence
from tournament.services.registration import RegistrationError
from tournament.services.rounds import (
    LEFT_OUT,
    RoundError,
    complete_round,
    publish_round,
    repair_round,
)
from tournament.services.seat_swaps import swap_seats
from tournament.views.organiser.common import (
    current_round,
    elimination_step,
    is_random_pairing,
    mmss,
    next_step,
    organiser_tournament,
    page_actor,
    plan_dict,
    round_of,
    staff_tournament,
    tables_of,
)
from tournament.views.organiser.cut import elimination_step_done
from tournament.views.pages import with_win_chances
from tournament.views.pairing_notes import pairing_notes
from tournament.views.table_pages import table_page

#: the highest job key read from ``?job=`` (a bigger one names no job)
MAX_JOB_ID = 2**62


def _stages(tournament: Tournament):
    rounds = Round.objects.annotate(
        tables=Count("matches"),
        accepted=Count("matches", filter=Q(matches__status=MatchStatus.ACCEPTED)),
    ).order_by("number")
    return tournament.stages.order_by("sequence").prefetch_related(Prefetch("rounds", rounds))


@login_required
def rounds(request, slug):
    """Every stage and round, the generation job's progress, and the elimination buttons."""
    tournament = organiser_tournament(request, slug)
    job = None
    job_id = whole_number(request.GET.get("job"), low=1, high=MAX_JOB_ID)
    if job_id is not None:
        job = GenerationJob.objects.filter(tournament=tournament, pk=job_id).first()
    job = job or GenerationJob.objects.filter(tournament=tournament).first()
    if request.GET.get("open") == "1" and job and job.status == JobStatus.DONE and job.round_id:
        # a turnover waited here for its pairing job: the draft is ready, show it
        return redirect("tournament:manage-round", slug=slug, number=job.round.number)
    swiss = tournament.rounds.filter(stage__kind=StageKind.SWISS)
    eliminating = tournament.stages.exclude(kind=StageKind.SWISS).exists()
    return render(
        request,
        "organiser/rounds.html",
        {
            "tournament": tournament,
            "stages": _stages(tournament),
            "job": job,
            "job_running": job is not None and job.status in (JobStatus.QUEUED, JobStatus.RUNNING),
            "job_redelivery": redelivery_expected_at(job) if job else None,
            "step": next_step(tournament),
            "current": current_round(tournament),
            "can_generate": not eliminating and swiss.count() < tournament.swiss_rounds,
            "next_swiss": swiss.count() + 1,
            "can_cut": not eliminating and swiss.exists(),
            "can_advance": eliminating and tournament.status != "finished",
            "advance_step": elimination_step(tournament) if eliminating else None,
            "random_pairing": is_random_pairing(tournament),
        },
    )


@login_required
@require_POST
def generate(request, slug):
    """Ask for the next Swiss round; the job pairs it (a second click finds the same job)."""
    tournament = organiser_tournament(request, slug)
    try:
        job, created = request_swiss_round(tournament, Actor.from_request(request, Channel.PAGE))
    except RoundError as error:
        messages.error(
            request, gettext("The next round cannot be paired: %(why)s.") % {"why": error}
        )
        return redirect("tournament:manage-rounds", slug=slug)
    if created:
        done_text = gettext("Round %(number)s is paired: review it, then publish.")
    else:
        done_text = gettext("Round %(number)s was already paired: review it, then publish.")
    return _follow_job(request, slug, job, done_text)


def _follow_job(request, slug, job, done_text: str, *, open_when_done: bool = False):
    """Where a request for a pairing job goes next: the drafted round if the job is done
    (eager Celery), else the rounds page following the job's progress live (with
    ``open_when_done``, that page opens the draft by itself when the job is done).
    ``done_text`` is a translated sentence with the round's ``%(number)s``."""
    job.refresh_from_db()
    if job.status == JobStatus.FAILED:
        messages.error(
            request,
            gettext("The round could not be paired: %(why)s") % {"why": job.error or job.message},
        )
    elif job.status == JobStatus.DONE and job.round_id:
        messages.success(request, done_text % {"number": job.round.number})
        left_out = (job.round.pairing_report or {}).get(LEFT_OUT)
        if left_out:
            messages.warning(request, left_out_sentence(left_out))
        return redirect("tournament:manage-round", slug=slug, number=job.round.number)
    else:
        messages.info(
            request, gettext("The round is being paired; this page follows its progress.")
        )
    return redirect(f"{_rounds_url(slug)}?job={job.pk}{'&open=1' if open_when_done else ''}")


def _rounds_url(slug):
    return reverse("tournament:manage-rounds", args=[slug])


@login_required
def job_status(request, slug, job_id):
    """A job's progress as the job.progress message (the page's polling fallback)."""
    tournament = staff_tournament(request, slug)
    job = get_object_or_404(GenerationJob, pk=job_id, tournament=tournament)
    return JsonResponse(live_messages.job_progress(job))


@login_required
def round_detail(request, slug, number, swap_form=None, close_form=None):
    """One round: its tables, and the controls its state allows."""
    rendered_at = server_time_ms()
    tournament = organiser_tournament(request, slug)
    round_ = round_of(tournament, number)
    page = table_page(tables_of(round_), request.GET.get("page"))
    matches = list(page.object_list)
    clock = ClockState.of(round_)
    open_tables = list(
        round_.matches.exclude(status=MatchStatus.ACCEPTED)
        .order_by("table_number")
        .values_list("table_number", flat=True)
    )
    status = 400 if swap_form is not None or close_form is not None else 200
    turnover = pairs_next(tournament, round_)
    return render(
        request,
        "organiser/round.html",
        {
            "rendered_at": rendered_at,
            "tournament": tournament,
            "round": round_,
            "matches": matches,
            "page": page,
            "win_chances": with_win_chances(tournament, matches),
            "clock": clock,
            "remaining": mmss(clock.remaining_ms),
            "open_tables": open_tables,
            "swap_form": swap_form or SwapSeatsForm(draft_seats(round_)),
            "close_form": close_form or CloseRoundForm(),
            "extend_form": ExtendClockForm(),
            "is_swiss": round_.stage.kind == StageKind.SWISS,
            "pairs_next": turnover,
            "waiting_late": left_out_names(tournament) if turnover else [],
            "calls": clock_service.CALLS,
            "scoring_calls": plan_dict(round_),
            "pairing_notes": pairing_notes(round_.pairing_report or {}),
        },
        status=status,
    )


def draft_seats(round_: Round) -> list[tuple[int, str, int]]:
    """The seats the swap form lists: a draft's (a draft alone shows the form), else none."""
    return swap_seats_of(round_) if round_.status == RoundStatus.DRAFT else []


def swap_seats_of(round_: Round) -> list[tuple[int, str, int]]:
    """(entrant id, name, table number) of every seat of the round but its byes, by name: one
    query of plain values (10,000 seats as model objects cost a second, issue 43)."""
    return list(
        Seat.objects.filter(round=round_, match__is_bye=False)
        .order_by(Lower("entrant__display_name"), "entrant_id")
        .values_list("entrant_id", "entrant__display_name", "match__table_number")
    )


def _sentence(error) -> str:
    """A service's message as a sentence (first letter up, names untouched)."""
    text = str(error)
    return text[:1].upper() + text[1:]


def _round_action(request, slug, number):
    tournament = organiser_tournament(request, slug)
    return tournament, round_of(tournament, number)


def _to_round(round_):
    return redirect("tournament:manage-round", slug=round_.tournament.slug, number=round_.number)


@login_required
@require_POST
def swap(request, slug, number):
    """Exchange two players' seats in a drafted round."""
    tournament, round_ = _round_action(request, slug, number)
    form = SwapSeatsForm(swap_seats_of(round_), request.POST)
    if form.is_valid():
        first, second = form.entrants(round_)
        try:
            swap_seats(round_, first, second, page_actor(request))
        except RegistrationError as error:
            form.add_error(None, str(error))
        else:
            messages.success(
                request,
                gettext("%(first)s and %(second)s have swapped seats.")
                % {"first": first, "second": second},
            )
            return _to_round(round_)
    return round_detail(request, slug, number, swap_form=form)


@login_required
@require_POST
def repair(request, slug, number):
    """Throw a drafted Swiss round away and pair it again with a new seed."""
    tournament, round_ = _round_action(request, slug, number)
    try:
        fresh = repair_round(round_, page_actor(request))
    except RoundError as error:
        messages.error(request, str(error))
        return _to_round(round_)
    text = gettext("Round %(number)d is paired again with a new seed.")
    messages.success(request, text % {"number": fresh.number})
    return _to_round(fresh)


@login_required
@require_POST
def publish(request, slug, number):
    """Show a drafted round's tables to everyone."""
    tournament, round_ = _round_action(request, slug, number)
    try:
        round_ = publish_round(round_, page_actor(request))
        messages.success(
            request, gettext("Round %(number)s is published.") % {"number": round_.number}
        )
    except RoundError as error:
        messages.error(request, str(error))
    return _to_round(round_)


@login_required
@require_POST
def close(request, slug, number):
    """Close a round; with tables still open, only with a reason."""
    tournament, round_ = _round_action(request, slug, number)
    form = CloseRoundForm(request.POST)
    if not form.is_valid():
        return round_detail(request, slug, number, close_form=form)
    try:
        round_ = complete_round(
            round_, reason=form.cleaned_data["reason"], actor=page_actor(request)
        )
    except RoundError as error:
        form.add_error("reason", _sentence(error) + ".")
        return round_detail(request, slug, number, close_form=form)
    messages.success(request, gettext("Round %(number)s is closed.") % {"number": round_.number})
    return redirect("tournament:manage-home", slug=slug)


@login_required
@require_POST
def close_and_pair(request, slug, number):
    """The turnover: close the round (a reason if tables are open) and pair the next one; the
    draft opens for review as soon as its job is done."""
    tournament, round_ = _round_action(request, slug, number)
    form = CloseRoundForm(request.POST)
    if not form.is_valid():
        return round_detail(request, slug, number, close_form=form)
    try:
        closed, job = close_round_and_pair_next(
            round_, reason=form.cleaned_data["reason"], actor=page_actor(request)
        )
    except RoundError as error:
        form.add_error("reason", _sentence(error) + ".")
        return round_detail(request, slug, number, close_form=form)
    done_text = gettext(
        "Round %(number)s is paired (round %(closed)s is closed): review it, then publish."
    ).replace("%(closed)s", str(closed.number))
    return _follow_job(request, slug, job, done_text, open_when_done=True)


def pairs_next(tournament: Tournament, round_: Round) -> bool:
    """Whether the round page offers "close and pair the next": a Swiss round being played
    with another Swiss round to come, and no elimination started."""
    return (
        round_.stage.kind == StageKind.SWISS
        and round_.status in (RoundStatus.PUBLISHED, RoundStatus.RUNNING)
        and round_.number_in_stage < tournament.swiss_rounds
        and not tournament.stages.exclude(kind=StageKind.SWISS).exists()
    )


@login_required
@require_POST
def clock_command(request, slug, number, command):
    """Start, pause, resume, extend or end the round clock (organisers and referees)."""
    tournament = staff_tournament(request, slug)
    round_ = round_of(tournament, number)
    if command not in clock_service.COMMANDS:
        messages.error(
            request, gettext("Unknown clock command %(command)s.") % {"command": repr(command)}
        )
        return _to_round(round_)
    try:
        extra = {}
        if command == "extend":
            form = ExtendClockForm(request.POST)
            if not form.is_valid():
                problems = "; ".join(e for errors in form.errors.values() for e in errors)
                raise clock_service.ClockError(f"extra time not added: {problems}")
            extra = {"seconds": form.cleaned_data["seconds"], "reason": form.cleaned_data["reason"]}
        clock_service.run_command(round_, command, page_actor(request), **extra)
    except clock_service.ClockError as error:
        messages.error(request, _sentence(error) + ".")
    else:
        call = clock_service.CALLS.get(command)
        messages.success(request, call or f"Clock: {command} done.")
    target = request.POST.get("next")
    if target == "projector":
        return redirect("tournament:manage-projector", slug=slug, number=number)
    return _to_round(round_)


@login_required
@require_POST
def advance(request, slug):
    """Seat the next elimination step (tie-breaks, next stage) or crown the champion."""
    tournament = organiser_tournament(request, slug)
    return elimination_step_done(request, tournament, advance_elimination)
