"""Generating and publishing Swiss rounds: load the field, pair it, store it in one transaction.

The pairing itself is the pure ``tournament.logic.pairing`` package; this module only adapts rows to
its value objects and writes the round, its matches and seats. It takes a row lock on the
tournament so two requests to generate the same round produce one round.
"""

import secrets
from dataclasses import replace

from django.db import transaction
from django.db.models import Count
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from common.audit.actor import SYSTEM, Actor
from common.audit.services import record_change
from common.errors import ServiceError
from common.live import push_messages as messages
from common.live import realtime
from common.wording import say
from leagues.services.forecasts import side_strengths
from leagues.services.ratings import ratings_change
from matches.models import Match, MatchStatus, ResultVersion, Seat
from matches.services.result_pushes import notify_dispute_windows_closed
from matches.services.results import bye_value, record_bye
from notifications.services import pushes, webhook_events
from tournament.logic.mode_fit import PAIR_TABLES, table_problem
from tournament.logic.pairing import (
    AllianceOptions,
    PairingError,
    PairingOptions,
    Side,
    deal_flowers,
    pair_alliances,
    pair_pods,
)
from tournament.models import (
    GenerationJob,
    RatingSeeding,
    Round,
    RoundStatus,
    Stage,
    StageKind,
    Tournament,
    TournamentStatus,
)
from tournament.services import clock
from tournament.services import round_refusals as refusals
from tournament.services.field_history import swiss_history
from tournament.services.pairable import left_out_names, pairable_entrants
from tournament.services.side_clubs import clubs_by_entrant
from tournament.services.standing_totals import refresh_round_totals
from tournament.services.standings_revision import bump_standings_revision

#: the pairing record's list of late entries left out because they have not checked in
LEFT_OUT = "late_entries_left_out"


class RoundError(ServiceError):
    """A request about rounds that cannot be done now; the message says why."""


def audit_round(round_: Round, action: str, actor: Actor, *, before=None, after=None, reason=""):
    """Record a change to a round in the tournament's audit trail."""
    state = {"number": round_.number, "status": round_.status}
    record_change(
        round_.tournament,
        action,
        round_,
        before=before,
        after=state | (after or {}),
        reason=reason,
        actor=actor,
    )


def new_seed() -> int:
    """A fresh random seed that fits a signed 64-bit column."""
    return secrets.randbits(62)


def swiss_stage(tournament: Tournament) -> Stage:
    """The event's Swiss stage, created on first use (named "Qualifying rounds" in an event
    paired at random: nothing there is Swiss)."""
    label = "Swiss rounds" if tournament.pairing_method == "swiss" else "Qualifying rounds"
    stage, _ = Stage.objects.get_or_create(
        tournament=tournament,
        kind=StageKind.SWISS,
        defaults={"sequence": 1, "label": label},
    )
    return stage


def sides_to_pair(tournament: Tournament) -> list[Side]:
    """Every active entrant as a pairing ``Side`` with its points, opponents and seats so far
    (and its clubs, when the event keeps clubmates apart: one query more)."""
    history = swiss_history(tournament)
    clubs = clubs_by_entrant(tournament) if tournament.keep_clubmates_apart else {}
    entrants = pairable_entrants(tournament).order_by("id")
    if tournament.team_play:
        entrants = entrants.annotate(players=Count("team__memberships"))
    sides = []
    # the tournament's id too: a related manager's rows get their tournament set, and a
    # deferred ``tournament_id`` cost one query per entrant (issue 43)
    for entrant in entrants.only("id", "tournament_id"):
        record = history.get(entrant.id)
        sides.append(
            Side(
                id=str(entrant.id),
                points=float(record.points) if record else 0.0,
                opponents=frozenset(str(o) for o in record.opponents) if record else frozenset(),
                byes=record.byes if record else 0,
                size=max(1, getattr(entrant, "players", 1)),
                seat_counts=tuple(record.seats) if record else (),
                clubs=clubs.get(entrant.id, frozenset()),
            )
        )
    return sides


def all_pairs(tournament: Tournament) -> bool:
    """Whether every active team has two players: only then can three teams share a game
    (one figure per chief, six chiefs); with any team of three an odd count gets a bye."""
    teams = pairable_entrants(tournament).annotate(size=Count("team__memberships"))
    return not teams.exclude(size=2).exists()


def with_strengths(tournament: Tournament, sides: list[Side]) -> list[Side]:
    """The sides with their rating strengths, when the event seeds by rating (two queries at
    most: the teams' members and the ratings)."""
    if tournament.rating_seeding == RatingSeeding.OFF:
        return sides
    strengths = side_strengths(tournament.game_system, [int(side.id) for side in sides])
    return [replace(side, strength=strengths[int(side.id)]) for side in sides]


def pair_field(tournament: Tournament, sides: list[Side], seed: int, number: int):
    """Call the right pure pairing function for what the event's mode seats (pods of players,
    or two sides a game: teams, or the players of a two-player mode), and refuse a table the
    mode cannot play."""
    method = tournament.pairing_method
    sides = with_strengths(tournament, sides)
    fit = tournament.mode_fit
    if fit.seating == PAIR_TABLES:
        options = AllianceOptions(
            method=method,
            seed=seed,
            round_number=number,
            three_team_game=tournament.allow_three_team_games
            and fit.three_team_tables
            and (tournament.equal_team_sizes or all_pairs(tournament)),
            bye_points=bye_value(tournament),
            equal_sizes=tournament.equal_team_sizes and fit.team_play,
            seeding=tournament.rating_seeding,
            balance_seats=tournament.balance_seats,
            clubs_apart=tournament.keep_clubmates_apart,
        )
        pairing = pair_alliances(sides, options)
    else:
        options = PairingOptions(
            method=method,
            preferred_size=tournament.preferred_pod_size,
            seed=seed,
            round_number=number,
            seeding=tournament.rating_seeding,
            balance_seats=tournament.balance_seats,
            clubs_apart=tournament.keep_clubmates_apart,
        )
        pairing = pair_pods(sides, options)
    players = {side.id: side.size for side in sides}
    for pod in pairing.pods:
        problem = table_problem(fit, pod.table, [players[side] for side in pod.sides])
        if problem is not None:
            raise PairingError(problem.text(gettext, ngettext))
    return pairing


def next_swiss_numbers(tournament: Tournament) -> tuple[int, int]:
    """The event-wide and in-stage numbers of the next Swiss round; ``RoundError`` when the
    next round cannot be paired now (one still unfinished, all played, too few sides)."""
    previous = (
        tournament.rounds.filter(stage__kind=StageKind.SWISS).order_by("-number_in_stage").first()
    )
    if previous and previous.status != RoundStatus.COMPLETE:
        raise RoundError(refusals.not_complete(previous.number))
    number_in_stage = previous.number_in_stage + 1 if previous else 1
    if number_in_stage > tournament.swiss_rounds:
        raise RoundError(refusals.all_paired(tournament.swiss_rounds))
    if pairable_entrants(tournament).count() < 2:
        raise RoundError(refusals.too_few_sides())
    last = tournament.rounds.order_by("-number").first()
    return (last.number + 1 if last else 1), number_in_stage


@transaction.atomic
def generate_swiss_round(
    tournament: Tournament, *, seed: int | None = None, actor: Actor = SYSTEM
) -> Round:
    """Pair the next Swiss round as a draft. Refuses while an earlier round is unfinished."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    stage = swiss_stage(tournament)
    number, number_in_stage = next_swiss_numbers(tournament)
    seed = new_seed() if seed is None else seed
    try:
        pairing = pair_field(tournament, sides_to_pair(tournament), seed, number_in_stage)
    except PairingError as exc:
        raise RoundError(say(exc)) from exc
    left_out = left_out_names(tournament)
    if left_out:
        pairing = replace(pairing, explanation=pairing.explanation | {LEFT_OUT: left_out})
    round_ = Round.objects.create(
        tournament=tournament,
        stage=stage,
        number=number,
        number_in_stage=number_in_stage,
        pairing_method=tournament.pairing_method,
        seed=seed,
        pairing_report=pairing.explanation,
        game_length_seconds=tournament.game_length_seconds,
    )
    store_pods(round_, pairing)
    audit_round(
        round_, "round.generated", actor, after={"seed": seed, "report": pairing.explanation}
    )
    if tournament.status in (TournamentStatus.SETUP, TournamentStatus.REGISTRATION):
        tournament.status = TournamentStatus.SWISS
        tournament.save(update_fields=["status", "updated_at"])
    return round_


def seat_flowers(round_: Round, pairing) -> list[list[str]]:
    """Each pod's starting flowers by seat: one per player (a team's joined by "+"), none where
    the mode deals none (Domination: its players start by the centre)."""
    tournament = round_.tournament
    fit = tournament.mode_fit
    if fit.deals_flowers and not fit.team_play:
        return [list(pod.flowers) for pod in pairing.pods]  # the pairing's own seeded deal
    players = players_per_side(tournament)  # one query for the whole round
    return [
        table_flowers(tournament, pod.sides, round_.seed, pod.table, players)
        for pod in pairing.pods
    ]


def players_per_side(tournament: Tournament) -> dict[int, int]:
    """Players on each entrant's side: a team's members (at least one), else one."""
    if not tournament.team_play:
        return {}
    counted = tournament.entrants.annotate(players=Count("team__memberships"))
    return {pk: max(1, n) for pk, n in counted.values_list("pk", "players")}


def table_flowers(
    tournament: Tournament, sides, seed: int, table: int, players: dict[int, int] | None = None
) -> list[str]:
    """One table's starting flowers by seat (side ids in seat order), the same rule for Swiss
    rounds and elimination games: one per player, a team's joined by "+", none where the mode
    deals none (Domination) or a table may seat more players than there are flowers.
    ``players`` (from ``players_per_side``) saves a query when many tables are dealt."""
    if not tournament.mode_fit.deals_flowers:
        return [""] * len(sides)
    if players is None:
        players = players_per_side(tournament)
    return deal_flowers([players.get(int(side), 1) for side in sides], seed, table)


def store_pods(round_: Round, pairing) -> list[Match]:
    """Write a pairing's pods as matches and seats of ``round_`` (a bye becomes a bye match)."""
    matches = Match.objects.bulk_create(
        Match(round=round_, table_number=pod.table) for pod in pairing.pods
    )
    flowers = seat_flowers(round_, pairing)
    seats = [
        Seat(
            match=match,
            round=round_,
            entrant_id=int(side),
            position=position,
            flower_colour=flower,
        )
        for match, pod, dealt in zip(matches, pairing.pods, flowers, strict=True)
        for position, (side, flower) in enumerate(zip(pod.sides, dealt, strict=True), 1)
    ]
    bye_matches = []
    for bye in pairing.byes:
        bye_match = Match.objects.create(round=round_, table_number=len(matches) + 1, is_bye=True)
        seats.append(Seat(match=bye_match, round=round_, entrant_id=int(bye), position=1))
        matches.append(bye_match)
        bye_matches.append(bye_match)
    Seat.objects.bulk_create(seats)
    for bye_match in bye_matches:
        record_bye(bye_match)
    return matches


@transaction.atomic
def publish_round(round_: Round, actor: Actor = SYSTEM) -> Round:
    """Make a drafted round's tables visible to everyone; when the event says
    ``start_clock_on_publish``, start its clock in the same transaction (audited as
    ``clock.start`` after ``round.published``)."""
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.status != RoundStatus.DRAFT:
        raise RoundError(refusals.already(round_.number, round_.status))
    round_.status = RoundStatus.PUBLISHED
    round_.published_at = timezone.now()
    round_.save(update_fields=["status", "published_at"])
    refresh_round_totals(round_)  # its byes count from now on
    bump_standings_revision(round_.tournament_id, round_published=True)
    audit_round(round_, "round.published", actor, before={"status": RoundStatus.DRAFT})
    notify_round_published(round_)
    if round_.tournament.start_clock_on_publish:
        round_ = clock.start(round_, actor)  # the event's setting: "Yarra Mark!" as it goes up
    return round_


@transaction.atomic
def complete_round(round_: Round, *, reason: str = "", actor: Actor = SYSTEM) -> Round:
    """Close a round: every match needs an accepted result, unless a reason is given."""
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.status == RoundStatus.COMPLETE:
        raise RoundError(refusals.already_complete(round_.number))
    open_tables = list(
        round_.matches.exclude(status=MatchStatus.ACCEPTED).values_list("table_number", flat=True)
    )
    if open_tables and not reason.strip():
        raise RoundError(refusals.tables_without_result(open_tables))
    round_.status = RoundStatus.COMPLETE
    round_.completed_at = timezone.now()
    round_.closed_reason = reason.strip() if open_tables else ""
    round_.save(update_fields=["status", "completed_at", "closed_reason"])
    audit_round(
        round_,
        "round.completed",
        actor,
        after={"open_tables": open_tables},
        reason=round_.closed_reason,
    )
    ratings_change(round_.tournament.game_system, full=False)  # the round's games now count
    notify_dispute_windows_closed(round_)  # sides whose time to dispute it cut short
    return round_


@transaction.atomic
def repair_round(round_: Round, actor: Actor = SYSTEM) -> Round:
    """Throw a drafted Swiss round away and pair it again with a new seed (audited as
    ``round.repaired`` with both seatings); the job that made it now points at the new one."""
    round_ = Round.objects.select_for_update().select_related("stage").get(pk=round_.pk)
    if round_.status != RoundStatus.DRAFT:
        raise RoundError(refusals.published_cannot_repair(round_.number))
    if round_.stage.kind != StageKind.SWISS:
        raise RoundError(refusals.only_swiss_repaired())
    tournament = round_.tournament
    before = {"round": round_.number, "seed": round_.seed, "tables": table_list(round_)}
    jobs = list(GenerationJob.objects.filter(round=round_).values_list("pk", flat=True))
    # A drafted round holds no result except a bye's automatic one.
    ResultVersion.objects.filter(match__round=round_).delete()
    round_.delete()
    fresh = generate_swiss_round(tournament, seed=new_seed(), actor=actor)
    GenerationJob.objects.filter(pk__in=jobs).update(round=fresh)
    record_change(
        tournament,
        "round.repaired",
        fresh,
        before=before,
        after={"round": fresh.number, "seed": fresh.seed, "tables": table_list(fresh)},
        actor=actor,
    )
    return fresh


def table_list(round_: Round) -> list:
    """A round's tables as the audit trail keeps them: each table's sides, by name."""
    matches = round_.matches.order_by("table_number").prefetch_related("seats__entrant")
    return [
        {
            "table": m.table_number,
            "sides": [
                s.entrant.display_name for s in sorted(m.seats.all(), key=lambda s: s.position)
            ],
        }
        for m in matches
    ]


def notify_round_published(round_: Round) -> None:
    """Tell the event's and the round's watchers that a round's tables are published, and
    each seated side's subscribed devices where it plays (Web Push)."""
    pushes.table_published(round_)
    webhook_events.round_published(round_)
    payload = realtime.build_or_log(
        lambda: messages.round_published(round_, round_.seats.count()), f"round {round_.pk}"
    )
    if payload is not None:
        realtime.push_on_commit(realtime.tournament_group(round_.tournament_id), payload)
        realtime.push_on_commit(realtime.round_group(round_.pk), payload)
