"""A player's own pages: "my table" through the private link, and an entrant's public record.

"My table" (``/me/<token>/``) shows where the side plays now, the round clock, and its result
actions: report the game's result (the form the game system describes), confirm or dispute a
report made by another side, and the full history of its own matches' results. Every action goes
through ``matches.services.results``, which checks the rights again and whose refusals are shown
as they are.
"""

from urllib.parse import urlencode

from django.contrib import messages
from django.core.exceptions import ObjectDoesNotExist
from django.db.models import Prefetch
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.html import escape

from engine.errors import ResultInvalid
from matches.forms import ResultForm
from matches.models import Channel, MatchStatus, ResponseDecision, ResultVersion, Seat, VersionState
from matches.services.audit import Actor
from matches.services.confirmations import can_dispute_late, dispute_deadline
from matches.services.disputes import dispute
from matches.services.results import confirm_report, submit_report
from matches.services.tables import PLAYABLE_ROUND_STATES, ResultFlowError
from tournament.models import RoundStatus, StageKind
from tournament.permissions import entrant_from_token
from tournament.realtime import server_time_ms
from tournament.services.final_standings import final_standings
from tournament.services.standings import compute_standings
from tournament.views.pages import (
    PUBLIC_ROUND_STATES,
    clock_view,
    public_rounds,
    visible_tournament,
)
from tournament.views.private_links import claim_offer, claim_this_entry

MAX_REASON = 500


def live_game_of(match):
    """The match's hosted live game, or None (the reverse one-to-one raises when missing)."""
    try:
        return match.live_game
    except ObjectDoesNotExist:
        return None


def my_seats(entrant):
    """The entrant's seats in public rounds, newest first, with everything the page shows."""
    versions = (
        ResultVersion.objects.select_related("entrant", "user")
        .prefetch_related("responses__entrant")
        .order_by("-number")
    )
    return list(
        Seat.objects.filter(entrant=entrant, round__status__in=PUBLIC_ROUND_STATES)
        .select_related("round__stage", "match__live_game")
        .prefetch_related(
            Prefetch("match__seats", Seat.objects.select_related("entrant").order_by("position")),
            Prefetch("match__result_versions", versions),
        )
        .order_by("-round__number")
    )


def shown_state(version) -> str:
    """A version's state for its players: a disputed report says so, never "waiting for
    confirmation" beside the table's "disputed"."""
    if version.state == VersionState.PENDING and any(
        r.decision == ResponseDecision.DISPUTE for r in version.responses.all()
    ):
        return "Disputed, a referee will settle it"
    return version.get_state_display()


def game_view(seat, entrant) -> dict:
    """One of the entrant's games: its sides, its result versions, and what the entrant may do."""
    match = seat.match
    names = {str(s.entrant_id): s.entrant.display_name for s in match.seats.all()}
    versions = list(match.result_versions.all())
    for version in versions:
        version.shown_state = shown_state(version)
    pending = next((v for v in versions if v.state == VersionState.PENDING), None)
    answered = pending is not None and any(
        r.entrant_id == entrant.pk for r in pending.responses.all()
    )
    mine = pending is not None and pending.entrant_id == entrant.pk
    playable = seat.round.status in PLAYABLE_ROUND_STATES
    return {
        "seat": seat,
        "match": match,
        "round": seat.round,
        "versions": [(v, v.named_placings(names)) for v in versions],
        "pending": pending,
        "pending_placings": pending.named_placings(names) if pending else [],
        "pending_mine": mine,
        "answered": answered,
        "can_answer": (
            pending is not None
            and not mine
            and not answered
            and match.status == MatchStatus.REPORTED
        ),
        "can_report": (
            playable and not match.is_bye and match.status == MatchStatus.OPEN and pending is None
        ),
        "waiting_for": [
            names[str(s.entrant_id)]
            for s in match.seats.all()
            if pending is not None
            and match.status == MatchStatus.REPORTED  # disputed: a referee settles it now
            and s.entrant_id != pending.entrant_id
            and not any(r.entrant_id == s.entrant_id for r in pending.responses.all())
        ],
        "live_game": live_game_of(match),
        "late_dispute": late_dispute_of(versions, entrant, seat.round),
    }


def late_dispute_of(versions, entrant, round_) -> dict | None:
    """The accepted report this side may still dispute (one-confirmation events), or None."""
    accepted = next((v for v in versions if v.state == VersionState.ACCEPTED), None)
    tournament = entrant.tournament
    if accepted is None or round_.status not in PLAYABLE_ROUND_STATES:
        return None
    if not can_dispute_late(accepted, entrant, tournament):
        return None
    return {"version": accepted, "deadline": dispute_deadline(accepted, tournament)}


def actor_of(request, entrant) -> Actor:
    """The side acting through its private link, with where the request came from."""
    return Actor.from_request(request, Channel.PAGE, entrant=entrant)


def _int(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def my_table(request, token):
    """An entrant's private page: where they play, the clock, and their result actions."""
    rendered_at = server_time_ms()
    entrant = entrant_from_token(None, token)
    if entrant is None:
        raise Http404("This private link is not valid (it may have been replaced).")
    tournament = entrant.tournament
    seats = my_seats(entrant)
    games = [game_view(seat, entrant) for seat in seats]
    current = games[0] if games else None
    newest = public_rounds(tournament).order_by("-number").first()
    out_after = None
    moved_on = newest is not None and current is not None and current["round"].pk != newest.pk
    if moved_on and current["round"].status == RoundStatus.COMPLETE:
        # the event has moved on without this side: their last game is history, not "now"
        out_after, current = current, None
    description = tournament.game_mode
    form = None
    form_match_id = None
    error = None
    dispute_errors = {}
    if request.method == "POST":
        action = request.POST.get("action")
        actor = actor_of(request, entrant)
        by_match = {g["match"].pk: g for g in games}
        if action == "report":
            game = by_match.get(_int(request.POST.get("match")))
            if game is None:
                error = "This is not one of your games."
            else:
                form_match_id = game["match"].pk
                form = ResultForm(
                    description, game["match"].seats.all(), data=request.POST, shared_help=True
                )
                if form.is_valid():
                    try:
                        submit_report(game["match"], form.to_report(), actor)
                    except ResultInvalid as exc:
                        form.add_engine_errors(exc)
                    except ResultFlowError as exc:
                        form.add_error(None, str(exc))
                    else:
                        messages.success(
                            request,
                            f"Result of table {game['match'].table_number} reported: "
                            "the other sides now confirm it.",
                        )
                        return redirect("tournament:my-table", token=entrant.access_token)
        elif action == "claim":
            return claim_this_entry(request, entrant, _int(request.POST.get("member")))
        elif action in ("confirm", "dispute"):
            version = (
                ResultVersion.objects.filter(
                    pk=_int(request.POST.get("version")), match_id__in=list(by_match)
                )
                .select_related("match")
                .first()
            )
            reason = request.POST.get("reason", "").strip()[:MAX_REASON]
            if version is None:
                error = "This is not a report of one of your games."
            elif action == "dispute" and not reason:
                dispute_errors[version.pk] = "Say what is wrong with this result."
            else:
                try:
                    if action == "confirm":
                        confirm_report(version, actor)
                    else:
                        dispute(version, actor, reason)
                except ResultFlowError as exc:
                    error = str(exc)
                else:
                    table = version.match.table_number
                    messages.success(
                        request,
                        f"Table {table}: result confirmed."
                        if action == "confirm"
                        else f"Table {table}: result disputed; a referee will settle it.",
                    )
                    return redirect("tournament:my-table", token=entrant.access_token)
        else:
            error = "Unknown action."
    if current is not None and current["can_report"] and form is None:
        form = ResultForm(description, current["match"].seats.all(), shared_help=True)
        form_match_id = current["match"].pk
    for game in games:
        game["dispute_error"] = dispute_errors.get(game["pending"].pk if game["pending"] else None)
    current_round = current["round"] if current else None
    if current_round is not None:
        current_round.tournament = tournament
    return render(
        request,
        "tournament/my_table.html",
        {
            "tournament": tournament,
            "entrant": entrant,
            "current": current,
            "games": games,
            "form": form,
            "form_match_id": form_match_id,
            "error": error,
            "clock": clock_view(current_round),
            "token": f"?token={entrant.access_token}",
            "claim": claim_offer(request.user, entrant),
            "finish": finish_of(entrant),
            "out_after": out_after,
            "tournament_poll": reverse("tournament:tournament-live", args=[tournament.slug])
            + "?"
            + urlencode({"after": rendered_at, "token": entrant.access_token}),
        },
    )


def finish_of(entrant):
    """Where the entrant finished, once the event has its champion (else None)."""
    rows = final_standings(entrant.tournament)
    return next((row.finish for row in rows or () if row.entrant_id == entrant.pk), None)


# --- an entrant's public record, with a chart of points round by round ---------------------------


def _nice_top(value: float) -> float:
    """A round number at or above ``value`` for the top of the chart's scale."""
    for step in (1, 2, 4, 5, 10, 20, 25, 50, 100):
        if value <= step * 4:
            top = step * -(-value // step)
            return max(top, step)
    return value


def _num(value: float) -> str:
    return f"{value:g}"


def points_chart(name: str, rows: list[dict]) -> str:
    """An inline SVG line chart of cumulative points per Swiss round (labelled, no library)."""
    width, height = 320, 200
    left, right, top, bottom = 36, 14, 18, 34
    plot_w, plot_h = width - left - right, height - top - bottom
    peak = _nice_top(max([r["cumulative"] for r in rows] + [1]))
    n = len(rows)

    def x(i):
        return left + (plot_w * (i + 0.5) / n if n else 0)

    def y(v):
        return top + plot_h - plot_h * v / peak

    parts = [
        f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" '
        'aria-labelledby="chart-title chart-desc" preserveAspectRatio="xMidYMid meet">',
        f'<title id="chart-title">Points of {escape(name)} after each Swiss round</title>',
        '<desc id="chart-desc">'
        + escape(
            "; ".join(f"after round {r['number']}: {_num(r['cumulative'])} points" for r in rows)
            or "No Swiss round played yet."
        )
        + "</desc>",
    ]
    for tick in (0, peak / 2, peak):
        parts.append(
            f'<line class="grid" x1="{left}" x2="{width - right}" y1="{y(tick):.1f}" '
            f'y2="{y(tick):.1f}"/>'
            f'<text class="axis" x="{left - 6}" y="{y(tick) + 4:.1f}" text-anchor="end">'
            f"{_num(tick)}</text>"
        )
    parts.append(
        f'<text class="axis" x="{left + plot_w / 2:.1f}" y="{height - 4}" '
        'text-anchor="middle">Swiss round</text>'
    )
    points = " ".join(f"{x(i):.1f},{y(r['cumulative']):.1f}" for i, r in enumerate(rows))
    if rows:
        parts.append(f'<polyline class="line" points="{points}"/>')
    for i, r in enumerate(rows):
        shape = "dot" if r["played"] else "dot missing"
        parts.append(
            f'<circle class="{shape}" cx="{x(i):.1f}" cy="{y(r["cumulative"]):.1f}" r="4"/>'
            f'<text class="value" x="{x(i):.1f}" y="{y(r["cumulative"]) - 8:.1f}" '
            f'text-anchor="middle">{_num(r["cumulative"])}</text>'
            f'<text class="axis" x="{x(i):.1f}" y="{top + plot_h + 16}" '
            f'text-anchor="middle">{r["number"]}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def entrant_page(request, slug, entrant_id):
    """An entrant's public record: points round by round (a chart and a table), and their games."""
    tournament = visible_tournament(request, slug)
    entrant = tournament.entrants.filter(pk=entrant_id).first()
    if entrant is None:
        raise Http404("No such entrant.")
    seats = list(
        Seat.objects.filter(entrant=entrant, round__status__in=PUBLIC_ROUND_STATES)
        .select_related("round__stage", "match")
        .prefetch_related(
            Prefetch("match__seats", Seat.objects.select_related("entrant").order_by("position"))
        )
        .order_by("round__number")
    )
    by_round = {seat.round_id: seat for seat in seats}
    swiss_rounds = public_rounds(tournament).filter(stage__kind=StageKind.SWISS)
    rows, total = [], 0.0
    for round_ in swiss_rounds.order_by("number"):
        seat = by_round.get(round_.pk)
        played = seat is not None and seat.points is not None
        gained = float(seat.points) if played else 0.0
        total += gained
        rows.append(
            {
                "number": round_.number_in_stage,
                "round": round_,
                "seat": seat,
                "played": played,
                "points": gained,
                "cumulative": total,
            }
        )
    standing = next(
        (row for row in compute_standings(tournament) if row.entrant_id == str(entrant.pk)), None
    )
    return render(
        request,
        "tournament/entrant.html",
        {
            "tournament": tournament,
            "entrant": entrant,
            "rows": rows,
            "chart": points_chart(entrant.display_name, rows),
            "standing": standing,
            "seats": list(reversed(seats)),
        },
    )
