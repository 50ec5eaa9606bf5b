"""The event's cut as the pure planner sees it: the Swiss ranking, the sides' player counts, what
one game of the mode seats, equal team sizes; and the plan as recorded and told to the organiser.

``table_limits`` reads the mode's seat limits for the cut from the event's ``mode_fit``.
"""

from django.utils.translation import gettext as _

from common.wording import say
from tournament.logic.brackets import (
    CUTS,
    BracketError,
    CutRules,
    EliminationPlan,
    TableLimits,
    plan_elimination,
)
from tournament.models import CutTieResolution, EntrantStatus, Tournament
from tournament.services.rounds import RoundError, new_seed, players_per_side
from tournament.services.standings import compute_standings


def bracket_mode(tournament: Tournament) -> str:
    """The bracket format the event's mode plays: groups of four players, or two sides a game
    (teams, or the players of a two-player mode)."""
    return tournament.mode_fit.bracket


def table_limits(tournament: Tournament) -> TableLimits:
    """What one game of the event's mode seats (``tournament.mode_fit``): the side counts it can
    score (the rulebook's points tables or the organiser's) and the most players."""
    fit = tournament.mode_fit
    tables = [int(count) for count in tournament.points_table or {}]
    return TableLimits.for_mode(fit.side_counts, fit.max_players, tables)


def cut_rules(tournament: Tournament) -> CutRules:
    """The sides' player counts, the mode's table limits and equal team sizes."""
    players = {str(side): n for side, n in players_per_side(tournament).items()}
    equal = tournament.team_play and tournament.equal_team_sizes
    return CutRules(players=players, limits=table_limits(tournament), equal_sizes=equal)


def swiss_ranking(tournament: Tournament) -> list[tuple[str, int]]:
    """(entrant id, rank) of everyone still in the event, best first."""
    return [
        (str(row.entrant_id), row.rank)
        for row in compute_standings(tournament)
        if row.status != EntrantStatus.DROPPED
    ]


def cut_choices(tournament: Tournament) -> tuple[list[int], int]:
    """The cut sizes the organiser may choose (smaller than the field, largest first; the event's
    own cut size alone when it set one) and how many sides qualify."""
    qualified = len(swiss_ranking(tournament))
    allowed = CUTS[bracket_mode(tournament)]
    if tournament.cut_size:
        allowed = (tournament.cut_size,)
    return [size for size in allowed if size < qualified], qualified


def ranking_mark(tournament: Tournament) -> str:
    """The ranking the cut is made from, as a short text: a preview and its confirmation
    compare it, so a correction in between never cuts a field nobody looked at."""
    return ",".join(f"{side}:{rank}" for side, rank in swiss_ranking(tournament))


def plan_cut(tournament: Tournament, cut_tiebreak=None, cut: int | None = None) -> EliminationPlan:
    """The event's elimination plan; ``RoundError`` saying why when it cannot be made.

    A seed is always drawn: the plan uses it only for a draw (the organiser's choice, or a tie
    that one game cannot seat), and the record keeps it for the audit log."""
    draw = tournament.cut_tie_resolution == CutTieResolution.RANDOM_DRAW
    try:
        return plan_elimination(
            swiss_ranking(tournament),
            bracket_mode(tournament),
            cut=cut or tournament.cut_size,
            tie_resolution="draw" if draw else "game",
            draw_seed=new_seed(),
            cut_tiebreak=cut_tiebreak,
            rules=cut_rules(tournament),
        )
    except BracketError as exc:
        raise RoundError(
            _("The cut cannot be made: %(why)s; nothing was changed") % {"why": say(exc)}
        ) from exc


def plan_record(plan: EliminationPlan) -> dict:
    """The cut as recorded in the first elimination round (and the audit log), for anyone to
    check."""
    record: dict = {"cut": plan.cut, "seeds": list(plan.seeds), "status": plan.status}
    if plan.team_size is not None:
        record["team_size"] = plan.team_size
        record["team_size_note"] = plan.note
    if plan.cut_tie:
        tie = plan.cut_tie
        record["cut_tie"] = {
            "rank": tie.rank,
            "sides": list(tie.sides),
            "slots": tie.slots,
            "resolution": tie.resolution,
            "draw_seed": tie.draw_seed,
            "draw_order": list(tie.draw_order),
        }
        if tie.reason:
            record["cut_tie"]["reason"] = tie.reason
    return record


def audit_record(record: dict) -> dict:
    """What the audit entry keeps of a cut's record: a seeded draw (its seed and order) and the
    one team size cut; nothing for a plain cut."""
    kept = {}
    if record.get("cut_tie", {}).get("resolution") == "draw":
        kept["cut_tie"] = record["cut_tie"]
    if "team_size" in record:
        kept["team_size"] = record["team_size"]
    return kept


def plan_notes(plan: EliminationPlan) -> str:
    """What the organiser is told beyond the seating: the one team size cut, and a tie that a
    seeded draw settled because one game cannot seat it (empty when neither)."""
    notes = []
    if plan.note:
        notes.append(_("Equal team sizes: %(note)s.") % {"note": say(plan.note)})
    tie = plan.cut_tie
    if tie is not None and tie.reason:
        notes.append(
            _(
                "%(sides)d sides tied on the cut line for %(slots)d places and %(why)s, so a "
                "seeded draw (seed %(seed)s, in the audit log) settled it."
            )
            % {
                "sides": len(tie.sides),
                "slots": tie.slots,
                "why": say(tie.reason),
                "seed": tie.draw_seed,
            }
        )
    return " ".join(notes)
