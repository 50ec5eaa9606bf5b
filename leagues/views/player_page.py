"""The rating part of a player's pages (the public player page and the player's own history):
a chart per game system with the current rating beside it, the last rated results, and the
most-played opponents. Both pages include ``leagues/_player_ratings.html`` with this context.
"""

from __future__ import annotations

from django.utils.safestring import mark_safe
from django.utils.translation import gettext, ngettext

from leagues.logic.rating import PROVISIONAL_GAMES
from leagues.logic.rating_chart import rating_chart_svg
from leagues.services.player_ratings import (
    head_to_head_of,
    last_results,
    named,
    rating_histories,
)
from leagues.views.ratings import systems

#: opponents shown on a page (the API pages through all of them)
TOP_OPPONENTS = 20


def rating_sections(player_id: int, *, public_only: bool) -> dict:
    """The template context of the rating part of a player's page."""
    names = systems()
    charts = []
    for history in rating_histories(player_id):
        name = names.get(history.system, history.system)
        current = history.current
        charts.append(
            {
                "system": history.system,
                "name": name,
                "rating": current.listed,
                "mu": current.mu,
                "games": current.games,
                "provisional": current.games < PROVISIONAL_GAMES,
                # every text in the picture is escaped by the chart itself
                "svg": mark_safe(  # noqa: S308
                    rating_chart_svg(
                        history.points, name, f"rating-{history.system}", gettext, ngettext
                    )
                ),
            }
        )
    records = head_to_head_of(player_id, public_only=public_only)
    return {
        "rating_charts": charts,
        "rated_results": [
            (line, names.get(line.system, line.system))
            for line in last_results(player_id, public_only=public_only)
        ],
        "opponents": named(records[:TOP_OPPONENTS]),
        "opponent_count": len(records),
        "provisional_games": PROVISIONAL_GAMES,
        "public_only": public_only,
    }
