"""The elimination stage: cut the Swiss standings, seat the groups, advance them to a champion.

The rules (groups A-D, AD and BC, the three-game final, tie-breaks on the line) are the pure
``tournament.logic.brackets`` package; this module reads the accepted results, calls it, and writes
stages, rounds, matches and seats in one transaction per step.

Flow: ``start_elimination`` after the last Swiss round; then ``advance_elimination`` each time
the current stage's round is complete: it creates the tie-break games a tied line needs, the
next stage, the final's games, and finally names the champion.
"""

from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext as _

from common.audit.actor import SYSTEM, Actor
from common.audit.services import record_change
from common.wording import say
from matches.models import Match, Seat, VersionState
from notifications.services import webhook_events
from tournament.logic.brackets import (
    Advancement,
    Placing,
    TieBreak,
    decide_advancement,
    decide_final,
    fill_stage,
    resolve_tiebreak,
    stages_for,
)
from tournament.logic.brackets import Stage as StagePlan
from tournament.logic.pairing import PairingError
from tournament.models import (
    ELIMINATION_STAGES,
    Round,
    RoundStatus,
    Stage,
    StageKind,
    Tournament,
    TournamentStatus,
    stage_kind_named,
)
from tournament.services.cut_plan import (
    audit_record,
    bracket_mode,
    plan_cut,
    plan_notes,
    plan_record,
    ranking_mark,
)
from tournament.services.final_standings import last_game_health
from tournament.services.rounds import RoundError, new_seed, players_per_side, table_flowers

TIE_BREAK_SUFFIX = " tie-break"


@dataclass(frozen=True)
class EliminationState:
    """Where the elimination stands after a step: what was created, or who won."""

    message: str
    round: Round | None = None
    champion: str | None = None
    #: what the audit entry keeps beyond the message (a seeded draw at the cut, the team size)
    record: dict = field(default_factory=dict)


def _seed_round(tournament, kind, label, *, game=1, report=None) -> Round:
    """A new stage (or the existing one of that kind) and a draft round in it."""
    stage = Stage.objects.filter(tournament=tournament, kind=kind).first()
    if stage is None or kind == StageKind.TIE_BREAK:
        last = tournament.stages.order_by("-sequence").first()
        stage = Stage.objects.create(
            tournament=tournament,
            kind=kind,
            sequence=(last.sequence + 1) if last else 1,
            label=label,
        )
    last_round = tournament.rounds.order_by("-number").first()
    return Round.objects.create(
        tournament=tournament,
        stage=stage,
        number=(last_round.number + 1) if last_round else 1,
        number_in_stage=game,
        pairing_method="",
        seed=new_seed(),
        pairing_report=report or {},
        game_length_seconds=tournament.game_length_seconds,
    )


def _seat_groups(round_: Round, groups, *, label_suffix="", game=1) -> None:
    """One match per group, its sides seated in group order with random starting flowers."""
    players = players_per_side(round_.tournament)
    for table, (label, sides) in enumerate(groups, 1):
        match = Match.objects.create(
            round=round_,
            table_number=table,
            group_label=f"{label}{label_suffix}",
            game_in_series=game,
        )
        try:
            flowers = table_flowers(round_.tournament, sides, round_.seed, table, players)
        except PairingError as exc:
            raise RoundError(
                _("%(group)s cannot be seated: %(why)s; nothing was changed")
                % {"group": match.group_label, "why": say(exc)}
            ) from exc
        Seat.objects.bulk_create(
            Seat(
                match=match, round=round_, entrant_id=int(side), position=pos, flower_colour=flower
            )
            for pos, (side, flower) in enumerate(zip(sides, flowers, strict=True), 1)
        )


def _seat_plan(tournament: Tournament, plan) -> EliminationState:
    """Seat the plan's first stage (all its games), or the cut tie-break it is waiting for."""
    record = plan_record(plan)
    notes = plan_notes(plan)
    if plan.status != "ready":
        round_ = _seed_round(tournament, StageKind.TIE_BREAK, "Cut tie-break", report=record)
        _seat_groups(round_, [("Cut", plan.cut_tie.sides)], label_suffix=TIE_BREAK_SUFFIX)
        message = "The cut line is tied: a tie-break game decides it."
        return EliminationState(_joined(message, notes), round_, record=audit_record(record))
    first = plan.stages[0]
    kind = stage_kind_named(first.name)
    rounds = [
        _seed_round(tournament, kind, first.name, game=game, report=record)
        for game in range(1, first.games + 1)
    ]
    for game, round_ in enumerate(rounds, 1):
        _seat_groups(round_, [(g.label, g.seats) for g in first.groups], game=game)
    message = f"{first.name} seated: top {plan.cut}."
    return EliminationState(_joined(message, notes), rounds[0], record=audit_record(record))


def _joined(message: str, notes: str) -> str:
    return f"{message} {notes}" if notes else message


@transaction.atomic
def start_elimination(
    tournament: Tournament,
    actor: Actor = SYSTEM,
    *,
    cut: int | None = None,
    ranking: str | None = None,
) -> EliminationState:
    """Cut the Swiss standings and seat the first elimination stage (or a cut tie-break);
    audited as ``elimination.started``, whichever door asked. ``cut``: the size chosen (else the
    event's or the scaled one); ``ranking``: the ``ranking_mark`` the organiser previewed (the
    cut is refused if the standings moved since)."""
    return _audited(tournament, _cut(tournament, cut, ranking), "elimination.started", actor)


def advance_elimination(tournament: Tournament, actor: Actor = SYSTEM) -> EliminationState:
    """Take the elimination one step on (tie-breaks, the next stage, or the champion);
    audited as ``elimination.advanced``, whichever door asked."""
    return _audited(tournament, _advance(tournament), "elimination.advanced", actor)


def _audited(tournament, state: EliminationState, action: str, actor: Actor) -> EliminationState:
    after = {"message": state.message, "round": state.round.number if state.round else None}
    after.update(state.record)
    record_change(tournament, action, tournament, after=after, actor=actor)
    if state.round is not None:
        webhook_events.elimination_seated(state.round)
    if state.champion is not None:
        webhook_events.champion_decided(tournament)
    return state


def _cut(tournament: Tournament, cut: int | None, ranking: str | None) -> EliminationState:
    """Cut the Swiss standings and seat the first elimination stage (or a cut tie-break)."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.stages.exclude(kind=StageKind.SWISS).exists():
        raise RoundError(_("the elimination stage has already started"))
    swiss = tournament.rounds.filter(stage__kind=StageKind.SWISS)
    if not swiss.exists() or swiss.exclude(status=RoundStatus.COMPLETE).exists():
        raise RoundError(_("every Swiss round must be complete before the cut"))
    if ranking is not None and ranking != ranking_mark(tournament):
        raise RoundError(
            _("the standings changed since the preview: look at the cut again; nothing was changed")
        )
    state = _seat_plan(tournament, plan_cut(tournament, cut=cut))
    tournament.status = TournamentStatus.ELIMINATION
    tournament.save(update_fields=["status", "updated_at"])
    return state


def _after_cut_tie_break(tournament: Tournament) -> EliminationState:
    """The cut tie-break games are played: seat the first stage with their winners."""
    first_tb = (
        Stage.objects.filter(tournament=tournament, kind=StageKind.TIE_BREAK)
        .order_by("sequence")
        .first()
    )
    if first_tb is None:
        raise RoundError(_("the elimination stage has not started"))
    report = first_tb.rounds.get().pairing_report
    record = report["cut_tie"]
    pending = Advancement((), (), TieBreak(tuple(record["sides"]), record["slots"], ""))
    pending = _settle(tournament, first_tb.sequence - 1, "Cut", pending)
    if pending.tiebreak is not None:
        return _open_tie_breaks(tournament, [("Cut", pending.tiebreak.sides)])
    order = list(pending.advanced) + list(pending.eliminated)
    return _seat_plan(tournament, plan_cut(tournament, cut_tiebreak=order, cut=report["cut"]))


def _placings(match: Match) -> list[Placing]:
    version = match.result_versions.get(state=VersionState.ACCEPTED)
    return [Placing(row["side"], row["place"], row["score"]) for row in version.placings]


def _templates(tournament: Tournament) -> tuple[StagePlan, ...]:
    """The bracket templates of the event's cut (recorded when the cut was made)."""
    first = (
        tournament.rounds.filter(stage__kind__in=list(ELIMINATION_STAGES))
        .order_by("number")
        .first()
    )
    return stages_for(bracket_mode(tournament), first.pairing_report["cut"])


def _tie_break_matches(tournament, after_sequence: int, label: str) -> list[Match]:
    """The tie-break games played for ``label`` after stage ``after_sequence``, oldest first."""
    return list(
        Match.objects.filter(
            round__tournament=tournament,
            round__stage__kind=StageKind.TIE_BREAK,
            round__stage__sequence__gt=after_sequence,
            group_label=f"{label}{TIE_BREAK_SUFFIX}",
        ).order_by("round__number")
    )


def _settle(tournament, after_sequence: int, label: str, pending: Advancement) -> Advancement:
    """Fold every tie-break game played for ``label`` since that stage into ``pending``."""
    for match in _tie_break_matches(tournament, after_sequence, label):
        if pending.tiebreak is None:
            break
        if not match.result_versions.filter(state=VersionState.ACCEPTED).exists():
            raise RoundError(
                _("the %(group)s game has no accepted result yet") % {"group": match.group_label}
            )
        pending = resolve_tiebreak(pending, _placings(match))
    return pending


def _open_tie_breaks(tournament, groups) -> EliminationState:
    """Seat one tie-break game per tied line, in one new round."""
    round_ = _seed_round(tournament, StageKind.TIE_BREAK, "Tie-break")
    _seat_groups(round_, groups, label_suffix=TIE_BREAK_SUFFIX)
    names = ", ".join(label for label, _ in groups)
    return EliminationState(f"Tie-break games needed: {names}.", round_)


def _require_complete(rounds) -> None:
    if any(r.status != RoundStatus.COMPLETE for r in rounds):
        raise RoundError(_("the current elimination round is not complete yet"))


@transaction.atomic
def _advance(tournament: Tournament) -> EliminationState:
    """Take the elimination one step on: tie-breaks, the next stage, or the champion."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    stage = (
        tournament.stages.filter(kind__in=list(ELIMINATION_STAGES)).order_by("-sequence").first()
    )
    if stage is None:
        _require_complete(tournament.rounds.filter(stage__kind=StageKind.TIE_BREAK))
        return _after_cut_tie_break(tournament)
    rounds = list(stage.rounds.order_by("number_in_stage"))
    _require_complete(rounds)
    _require_complete(tournament.rounds.filter(stage__sequence__gt=stage.sequence))
    templates = _templates(tournament)
    names = [t.name for t in templates]
    template = templates[names.index(stage.label)]
    if stage.kind == StageKind.FINAL:
        return _finish_final(tournament, stage, rounds)
    advanced, open_lines = {}, []
    for match in rounds[0].matches.order_by("table_number"):
        pending = decide_advancement(_placings(match), template.advance)
        pending = _settle(tournament, stage.sequence, match.group_label, pending)
        if pending.tiebreak is not None:
            open_lines.append((match.group_label, pending.tiebreak.sides))
        advanced[match.group_label] = pending.advanced
    if open_lines:
        return _open_tie_breaks(tournament, open_lines)
    following = fill_stage(templates[names.index(stage.label) + 1], advanced)
    kind = stage_kind_named(following.name)
    first = None
    for game in range(1, following.games + 1):
        round_ = _seed_round(tournament, kind, following.name, game=game)
        _seat_groups(round_, [(g.label, g.seats) for g in following.groups], game=game)
        first = first or round_
    return EliminationState(f"{following.name} seated.", first)


def _finish_final(tournament, stage: Stage, rounds) -> EliminationState:
    """Total the final's games; a tie for the top is settled by more games among the tied."""
    matches = [r.matches.get() for r in rounds]
    games = [_placings(match) for match in matches]
    table = {int(k): v for k, v in (tournament.points_table or {}).items()} or None
    result = decide_final(
        games,
        games_required=len(rounds),
        table=table,
        by_score=tournament.sums_vp,
        last_game_health=last_game_health(tournament, matches[-1]),
    )
    if result.tiebreak is None:
        return _crown(tournament, result.winner)
    label = "Final"
    pending = Advancement((), (), result.tiebreak)
    pending = _settle(tournament, stage.sequence, label, pending)
    if pending.tiebreak is None:
        return _crown(tournament, pending.advanced[0])
    return _open_tie_breaks(tournament, [(label, pending.tiebreak.sides)])


def _crown(tournament: Tournament, winner: str) -> EliminationState:
    """Record the champion on the event (and in the audit trail) and finish it."""
    champion = tournament.entrants.get(pk=int(winner))
    tournament.champion = champion
    tournament.status = TournamentStatus.FINISHED
    tournament.save(update_fields=["champion", "status", "updated_at"])
    record_change(
        tournament,
        "elimination.champion",
        tournament,
        after={"entrant": champion.pk, "name": champion.display_name},
        actor=SYSTEM,
    )
    return EliminationState(f"{champion.display_name} wins {tournament.name}.", champion=winner)


def next_stage_name(tournament: Tournament) -> str | None:
    """The stage the next ``advance_elimination`` seats ("Final", "Elimination round 2"), or
    None when it totals the final and crowns the champion (or seats the final's tie-break)."""
    stage = (
        tournament.stages.filter(kind__in=list(ELIMINATION_STAGES)).order_by("-sequence").first()
    )
    if stage is None:
        return _("the first elimination stage")
    if stage.kind == StageKind.FINAL:
        return None
    names = [t.name for t in _templates(tournament)]
    if stage.label not in names or names.index(stage.label) + 1 >= len(names):
        return None
    return names[names.index(stage.label) + 1]
