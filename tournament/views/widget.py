"""An event's widget: its standings, current tables and clock as a small page for an iframe.

``/events/<slug>/widget/`` (``?show=standings``, ``pairings`` or ``clock`` for one part only)
draws the public event's parts with no site chrome and stays live as the phones' pages do
(``static/js/live.js`` on the event's and the current round's sockets). Framing is refused
everywhere else; here the sites the organiser listed (the ``embed_origins`` setting) are named
on the response, which ``config.headers`` sends as ``frame-ancestors`` (and Django's
``X-Frame-Options`` is left off for them). A private event has no widget (404).
"""

from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils.html import escape
from django.utils.translation import gettext

from common.live.realtime import server_time_ms
from tournament.logic.embed_origins import frame_ancestors
from tournament.models import Tournament
from tournament.services.standings import cached_standings
from tournament.views.pages import clock_view, round_matches, tournament_poll_url
from tournament.views.visibility import public_rounds

PARTS = ("standings", "pairings", "clock")
#: the standings rows a widget shows (the event's page has the rest)
WIDGET_ROWS = 20
#: the tables of the current round a widget shows
WIDGET_TABLES = 40


def widget_parts(show: str | None) -> tuple[str, ...]:
    """The parts asked for: one named part, or all of them for anything else."""
    return (show,) if show in PARTS else PARTS


def widget(request, slug):
    """The widget page; framed only by the event's listed sites."""
    rendered_at = server_time_ms()
    tournament = Tournament.objects.filter(slug=slug, is_public=True).first()
    if tournament is None:
        raise Http404("No such event.")
    parts = widget_parts(request.GET.get("show"))
    current = public_rounds(tournament).select_related("stage").order_by("-number").first()
    if current is not None:
        current.tournament = tournament
    rows = cached_standings(tournament)[:WIDGET_ROWS] if "standings" in parts else []
    matches = (
        list(round_matches(current)[:WIDGET_TABLES]) if current and "pairings" in parts else []
    )
    response = render(
        request,
        "tournament/widget.html",
        {
            "tournament": tournament,
            "parts": parts,
            "current": current,
            "clock": clock_view(current) if "clock" in parts else None,
            "rows": rows,
            "matches": matches,
            "tournament_poll": tournament_poll_url(request, tournament, rendered_at),
            "rendered_at": rendered_at,
            "event_url": request.build_absolute_uri(
                reverse("tournament:detail", args=[tournament.slug])
            ),
        },
    )
    ancestors = frame_ancestors(tournament.embed_origins)
    if ancestors != "'none'":
        response.frame_ancestors = ancestors
        response.xframe_options_exempt = True
    return response


def widget_snippet(request, tournament: Tournament) -> str:
    """The HTML an organiser pastes into their own site to show the widget."""
    url = request.build_absolute_uri(reverse("tournament:widget", args=[tournament.slug]))
    title = escape(gettext("%(name)s: standings, tables and clock") % {"name": tournament.name})
    return (
        f'<iframe src="{escape(url)}" title="{title}" width="100%" height="480" '
        'style="border:0" loading="lazy"></iframe>'
    )
