"""Shared helpers of the console views: rights, provenance, the event's next step."""

from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.db.models import Prefetch
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import ngettext

from common.audit.actor import Actor
from common.audit.channels import Channel
from common.locale import use_event_locale
from matches.models import MatchStatus, Seat
from tournament.logic.clock_maths import ClockState
from tournament.logic.scoring_calls import CallPlanData
from tournament.models import (
    EntrantStatus,
    Round,
    RoundStatus,
    StageKind,
    Timing,
    Tournament,
    TournamentStatus,
)
from tournament.services import clock as clock_service
from tournament.services.permissions import is_organiser, is_referee


def organiser_tournament(request, slug) -> Tournament:
    """The tournament, if the logged-in user organises it (403 otherwise)."""
    return _tournament_allowed(
        request,
        slug,
        is_organiser,
        "Only an organiser of {name} may use its console. Its organiser, {owner}, can make you "
        "a co-organiser.",
    )


def staff_tournament(request, slug) -> Tournament:
    """The tournament, if the logged-in user referees or organises it (403 otherwise)."""
    return _tournament_allowed(
        request,
        slug,
        is_referee,
        "You are not a referee or organiser of {name}. Ask its organiser, {owner}, to invite "
        "you from the event's staff page.",
    )


def _tournament_allowed(request, slug, allowed, refusal: str) -> Tournament:
    """The tournament if ``allowed(user, tournament)``; else 403 with ``refusal`` filled in."""
    tournament = get_object_or_404(Tournament, slug=slug)
    if not allowed(request.user, tournament):
        owner = tournament.organiser.get_username()
        raise PermissionDenied(refusal.format(name=tournament.name, owner=owner))
    use_event_locale(request, tournament)
    return tournament


def page_actor(request) -> Actor:
    """Who acts through a console page, and from where."""
    return Actor.from_request(request, Channel.PAGE)


def round_of(tournament: Tournament, number: int) -> Round:
    """One round of the event by its number (404 if there is none)."""
    return get_object_or_404(
        Round.objects.select_related("stage", "tournament"), tournament=tournament, number=number
    )


def manage_url(name: str, tournament: Tournament, *args) -> str:
    return reverse(f"tournament:{name}", args=[tournament.slug, *args])


@dataclass(frozen=True)
class Step:
    """What the organiser should do next: a sentence, and a link or a button (POST)."""

    text: str
    url: str = ""
    button: str = ""  # set: a POST form with this label; empty: a link
    link_text: str = ""
    note: str = ""


def current_round(tournament: Tournament) -> Round | None:
    """The first round not yet complete (the final's games are drafted together)."""
    return (
        tournament.rounds.exclude(status=RoundStatus.COMPLETE)
        .select_related("stage")
        .order_by("number")
        .first()
    )


def champion_name(tournament: Tournament) -> str | None:
    """The winner's name, once the elimination has decided it."""
    return tournament.champion.display_name if tournament.champion_id else None


def _round_step(tournament: Tournament, round_: Round) -> Step:
    n = round_.number
    page = manage_url("manage-round", tournament, n)
    if round_.status == RoundStatus.DRAFT:
        return Step(
            f"Round {n} ({round_.stage}) is drafted: review its tables, then publish it.",
            page,
            link_text=f"Review round {n}",
        )
    clock = ClockState.of(round_)
    if tournament.timing == Timing.REALTIME and clock.state == "idle":
        return Step(
            f"Round {n} is published. Start the clock when every table is ready.",
            manage_url("manage-clock-command", tournament, n, "start"),
            button=f"Start the clock of round {n} (Yarra Mark!)",
        )
    matches = round_.matches.all()
    total = len(matches)
    done = sum(1 for m in matches if m.status == MatchStatus.ACCEPTED)
    if done < total:
        return Step(
            f"Round {n}: {done} of {total} tables have an accepted result.",
            reverse("matches:desk", args=[tournament.slug]),
            link_text="Open the referee desk",
            note=f"Close round {n} from its page once the results are in.",
        )
    return Step(
        f"Every table of round {n} has its result.",
        manage_url("manage-round-close", tournament, n),
        button=f"Close round {n}",
    )


def next_step(tournament: Tournament) -> Step:
    """The one thing that moves the event on now."""
    if tournament.status == TournamentStatus.FINISHED:
        name = champion_name(tournament) or "the winner"
        return Step(
            f"The event is over: {name} is the champion.",
            manage_url("manage-export-json", tournament),
            link_text="Download the whole event",
        )
    round_ = current_round(tournament)
    if round_ is not None:
        return _round_step(tournament, round_)
    entrants = tournament.entrants.exclude(status=EntrantStatus.DROPPED)
    swiss_done = tournament.rounds.filter(stage__kind=StageKind.SWISS).count()
    if swiss_done == 0:
        if entrants.count() < 2:
            return Step(
                "Register the players (at least two).",
                manage_url("manage-entrants", tournament),
                link_text="Register players",
            )
        waiting = entrants.filter(status=EntrantStatus.REGISTERED).count()
        if waiting:
            return Step(
                ngettext(
                    "%(count)d registered player has not checked in yet.",
                    "%(count)d registered players have not checked in yet.",
                    waiting,
                )
                % {"count": waiting},
                manage_url("manage-entrants", tournament) + "?status=registered",
                link_text="Check players in",
                note="Drop anyone who is not coming: everyone not dropped is paired.",
            )
    if swiss_done < tournament.swiss_rounds:
        return Step(
            f"Pair Swiss round {swiss_done + 1} of {tournament.swiss_rounds}.",
            manage_url("manage-generate", tournament),
            button=f"Generate round {swiss_done + 1}",
        )
    if not tournament.stages.exclude(kind=StageKind.SWISS).exists():
        return Step(
            "The Swiss rounds are complete: cut to the elimination stage.",
            manage_url("manage-cut", tournament),
            button="Cut to elimination",
        )
    return Step(
        "The current elimination round is complete: seat the next step.",
        manage_url("manage-advance", tournament),
        button="Advance the elimination",
    )


def tables_of(round_: Round):
    """The round's matches with their seats and entrants (two queries)."""
    seats = Seat.objects.select_related("entrant").order_by("position")
    return round_.matches.order_by("table_number").prefetch_related(Prefetch("seats", seats))


def plan_dict(round_: Round) -> CallPlanData | None:
    """The scoring calls the round's clock makes (or would make if started now), for a page."""
    plan = clock_service.planned_calls(round_)
    return plan.as_dict() if plan else None


def mmss(ms: int) -> str:
    """Milliseconds as the clock shows them: 4:05."""
    total = -(-ms // 1000)
    return f"{total // 60}:{total % 60:02d}"
