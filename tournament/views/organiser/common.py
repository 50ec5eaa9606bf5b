"""Shared helpers of the console views: rights, provenance, the event's next step."""

from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.db.models import Prefetch
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
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
from tournament.services.elimination import next_stage_name
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
            _("Round %(n)d (%(stage)s) is drafted: review its tables, then publish it.")
            % {"n": n, "stage": round_.stage},
            page,
            link_text=_("Review round %(n)d") % {"n": n},
        )
    matches = round_.matches.all()
    total = len(matches)
    done = sum(1 for m in matches if m.status == MatchStatus.ACCEPTED)
    if done == total:
        return Step(
            _("Every table of round %(n)d has its result.") % {"n": n},
            manage_url("manage-round-close", tournament, n),
            button=_("Close round %(n)d") % {"n": n},
        )
    played = any(m.status == MatchStatus.ACCEPTED and not m.is_bye for m in matches)
    clock = ClockState.of(round_)
    if tournament.timing == Timing.REALTIME and clock.state == "idle" and not played:
        return Step(
            _("Round %(n)d is published. Start the clock when every table is ready.") % {"n": n},
            manage_url("manage-clock-command", tournament, n, "start"),
            button=_("Start the clock of round %(n)d (Yarra Mark!)") % {"n": n},
        )
    return Step(
        ngettext(
            "Round %(n)d: %(done)d of %(total)d table has an accepted result.",
            "Round %(n)d: %(done)d of %(total)d tables have an accepted result.",
            total,
        )
        % {"n": n, "done": done, "total": total},
        reverse("matches:desk", args=[tournament.slug]),
        link_text=_("Open the referee desk"),
        note=_("Close round %(n)d from its page once the results are in.") % {"n": n},
    )


def is_random_pairing(tournament: Tournament) -> bool:
    """Whether the event pairs its rounds at random (then no page calls them Swiss)."""
    return tournament.pairing_method == "random"


def next_step(tournament: Tournament) -> Step:
    """The one thing that moves the event on now."""
    if tournament.status == TournamentStatus.FINISHED:
        name = champion_name(tournament) or _("the winner")
        return Step(
            _("The event is over: %(name)s is the champion.") % {"name": name},
            manage_url("manage-export-json", tournament),
            link_text=_("Download the whole event"),
        )
    round_ = current_round(tournament)
    if round_ is not None:
        return _round_step(tournament, round_)
    entrants = tournament.entrants.exclude(status=EntrantStatus.DROPPED)
    swiss_done = tournament.rounds.filter(stage__kind=StageKind.SWISS).count()
    if swiss_done == 0:
        if entrants.count() < 2:
            return Step(
                _("Register the players (at least two)."),
                manage_url("manage-entrants", tournament),
                link_text=_("Register players"),
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
                link_text=_("Check players in"),
                note=_("Drop anyone who is not coming: everyone not dropped is paired."),
            )
    if swiss_done < tournament.swiss_rounds:
        numbers = {"n": swiss_done + 1, "of": tournament.swiss_rounds}
        text = (
            _("Pair round %(n)d of %(of)d at random.")
            if is_random_pairing(tournament)
            else _("Pair Swiss round %(n)d of %(of)d.")
        )
        return Step(
            text % numbers,
            manage_url("manage-generate", tournament),
            button=_("Generate round %(n)d") % numbers,
        )
    if not tournament.stages.exclude(kind=StageKind.SWISS).exists():
        return Step(
            _("The qualifying rounds are complete: choose the cut to the elimination stage.")
            if is_random_pairing(tournament)
            else _("The Swiss rounds are complete: choose the cut to the elimination stage."),
            manage_url("manage-cut", tournament),
            link_text=_("Choose the cut"),
        )
    return elimination_step(tournament)


def elimination_step(tournament: Tournament) -> Step:
    """The elimination's next step, named: the stage it seats, or crowning the champion."""
    url = manage_url("manage-advance", tournament)
    following = next_stage_name(tournament)
    if following is None:
        return Step(
            _("The final is played: total its games and crown the champion."),
            url,
            button=_("Crown the champion"),
            note=_("A tie at the top of the final seats a tie-break game instead."),
        )
    return Step(
        _("The current elimination round is complete: seat %(stage)s.") % {"stage": following},
        url,
        button=_("Seat %(stage)s") % {"stage": following},
        note=_("Groups tied on their line get a tie-break game first."),
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
