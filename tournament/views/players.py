"""A player's own pages: "my table" through the private link, and an entrant's public record.

"My table" (``/me/<token>/``) shows where the side plays now, the round clock, its result
actions and the full history of its own matches' results. Its address is routed to
``matches.views.player_results``, which takes the result actions (report, confirm, dispute)
itself and hands every other request here (``config.urls`` wires the two): the page, and a
claim of the entry.
"""

from urllib.parse import urlencode

from django.db.models import Prefetch
from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils.html import escape
from django.utils.translation import gettext as _

from common.audit.reasons import REASON_MAX_CHARS
from common.live.realtime import server_time_ms
from common.locale import use_event_locale
from matches.models import Seat
from matches.views import offline_sync
from matches.views.side_games import game_view, my_seats
from tournament.models import PUBLIC_ROUND_STATES, RoundStatus, StageKind
from tournament.services.final_standings import final_standings
from tournament.services.permissions import link_entrant_of
from tournament.services.player_drop import attendance
from tournament.services.standings import cached_standings
from tournament.views.pages import clock_view
from tournament.views.private_links import claim_offer, claim_this_entry
from tournament.views.report_form import report_form
from tournament.views.visibility import public_rounds, visible_tournament


def as_int(value) -> int | None:
    """A posted number, or None when it is not one."""
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def my_table(request, token, *, entrant=None, refused=None):
    """An entrant's private page, and the posts to it that are not result actions: a claim of
    the entry (any other is refused).

    ``matches.views.player_results`` routes the address and calls this; when it refused a
    result action it passes the side it read (``entrant``) and what it ``refused``, drawn
    with its form as typed and its messages."""
    entrant = entrant or link_entrant_of(request, token)
    if entrant is None:
        raise Http404(_("This private link is not valid (it may have been replaced)."))
    if request.method != "POST" or refused is not None:
        return draw(request, entrant, refused)
    if request.POST.get("action") == "claim":
        return claim_this_entry(request, entrant, as_int(request.POST.get("member")))
    if offline_sync.wants_sync_answer(request):
        return offline_sync.refused("Unknown action.")
    return draw(request, entrant, error="Unknown action.")


def draw(request, entrant, refused=None, error=None):
    """The page: where the side plays, the clock, its result actions and its games."""
    rendered_at = server_time_ms()
    tournament = entrant.tournament
    use_event_locale(request, tournament)
    seats = my_seats(entrant)
    games = [game_view(seat, entrant) for seat in seats]
    current = games[0] if games else None
    newest = public_rounds(tournament).order_by("-number").first()
    out_after = None
    moved_on = newest is not None and current is not None and current["round"].pk != newest.pk
    if moved_on and current["round"].status == RoundStatus.COMPLETE:
        # the event has moved on without this side: their last game is history, not "now"
        out_after, current = current, None
    finish = finish_of(entrant)
    if finish is not None and current and current["round"].status == RoundStatus.COMPLETE:
        # the event is decided: the side's last game is history, not "now" with its clock
        current = None
    form, form_match_id, dispute_errors, empty_form = None, None, {}, None
    if refused is not None:
        form, form_match_id = refused.form, refused.form_match_id
        error, dispute_errors = refused.error, refused.dispute_errors
    if current is not None and current["can_report"] and form is None:
        empty_form = report_form(request, tournament, current["match"], entrant)
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
            "empty_form": empty_form,
            "form_match_id": form_match_id,
            "error": error,
            "reason_max": REASON_MAX_CHARS,
            "clock": clock_view(current_round, current["match"].extra_seconds if current else 0),
            "penalties": entrant.penalties.select_related("round"),
            "token": f"?token={entrant.access_token}",
            "claim": claim_offer(request.user, entrant),
            "finish": finish,
            "attendance": attendance(entrant),
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
        (row for row in cached_standings(tournament) if row.entrant_id == str(entrant.pk)), None
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
            "finish": finish_of(entrant),
            "seats": list(reversed(seats)),
        },
    )
