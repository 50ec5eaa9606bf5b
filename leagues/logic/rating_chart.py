"""A player's rating history in one game system as a small SVG line chart (issue 17).

Pure code: the rating after each game goes in, the markup comes out. The solid line is the
rating the lists rank by (the skill estimate mu, ``Rating.listed``); the shaded band reaches one
uncertainty (sigma) either side of it, so the band narrows as the rating gets surer. The
chart starts at the newcomer's rating (0 games) and is drawn on a fixed 360 x 200 canvas that
scales to its container, so it fits a phone. A long history is thinned to at most
``MAX_POINTS`` points, keeping each stretch's lowest and highest value and the last game.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from common.logic.words import Translate, TranslatePlural, as_is, english_plural, gettext_noop
from leagues.logic.rating import MODEL, Rating

#: the most points one chart (or one API answer) draws
MAX_POINTS = 240

WIDTH, HEIGHT = 360, 200
LEFT, RIGHT, TOP, BOTTOM = 44, 12, 12, 40


@dataclass(frozen=True)
class Point:
    """A player's rating after ``games`` rated games of one system."""

    games: int
    mu: float
    sigma: float

    @property
    def listed(self) -> float:
        """The rating the lists show after this game."""
        return Rating(self.mu, self.sigma, self.games).listed

    @property
    def low(self) -> float:
        """The band's lower edge: one uncertainty below the estimate."""
        return self.mu - self.sigma

    @property
    def high(self) -> float:
        """The band's upper edge: one uncertainty above the estimate."""
        return self.mu + self.sigma


#: where every player starts: no games, the model's prior
NEWCOMER = Point(0, MODEL.mu, MODEL.sigma)


def downsample(points: Sequence[Point], limit: int = MAX_POINTS) -> list[Point]:
    """At most ``limit`` points of ``points`` (in game order): the first and the last, and for
    each equal stretch between them its lowest and highest rating, so a thinned
    line still reaches every peak and trough a reader would notice."""
    if limit < 4:
        raise ValueError("a chart needs a limit of 4 points or more")
    if len(points) <= limit:
        return list(points)
    inner = points[1:-1]
    stretches = (limit - 2) // 2
    kept = [points[0]]
    for n in range(stretches):
        stretch = inner[n * len(inner) // stretches : (n + 1) * len(inner) // stretches]
        if not stretch:
            continue
        low = min(stretch, key=lambda p: p.listed)
        high = max(stretch, key=lambda p: p.listed)
        kept.extend(sorted({low, high}, key=lambda p: p.games))
    kept.append(points[-1])
    return kept


def nice_step(span: float, ticks: int = 4) -> float:
    """A round tick step (1, 2 or 5 times a power of ten) giving about ``ticks`` intervals."""
    raw = max(span, 1e-9) / ticks
    power: float = 10 ** math.floor(math.log10(raw))  # an int, or a float below 1
    for factor in (1, 2, 5, 10):
        if factor * power >= raw:
            return factor * power
    return 10 * power  # pragma: no cover - the loop always returns


def ticks(low: float, high: float, count: int = 4) -> list[float]:
    """Round values from at or below ``low`` to at or above ``high``."""
    step = nice_step(high - low, count)
    first = math.floor(low / step) * step
    values = []
    value = first
    while value < high + step * 0.999:
        values.append(round(value, 9))
        value += step
    return values


NOTHING_YET = gettext_noop("Nothing to draw yet.")
NO_GAMES_YET = gettext_noop("No rated games yet")
GAMES_AXIS = gettext_noop("games played")
RATING_AXIS = gettext_noop("rating")
DESCRIPTION = gettext_noop(
    "Rating (the skill estimate) after each game, %(games)s in all: lowest %(lowest)s, "
    "highest %(highest)s, now %(now)s; the shaded band, how sure the estimate is, now "
    "%(low)s to %(high)s."
)


def label(value: float) -> str:
    """A tick label: whole numbers without a point."""
    return f"{value:.0f}" if float(value).is_integer() else f"{value:g}"


def safe_id(text: str) -> str:
    """An element id made of letters, digits and dashes only."""
    return re.sub(r"[^a-zA-Z0-9-]", "-", text)[:60] or "chart"


def summary(
    points: Sequence[Point],
    system_name: str,
    gettext: Translate = as_is,
    ngettext: TranslatePlural = english_plural,
) -> str:
    """What the chart says in one sentence (its title, read by screen readers)."""
    if not points:
        return gettext(gettext_noop("%(system)s: no rated games yet")) % {"system": system_name}
    last = points[-1]
    return ngettext(
        "%(system)s rating after %(games)s game: %(rating)s",
        "%(system)s rating after %(games)s games: %(rating)s",
        last.games,
    ) % {"system": system_name, "games": last.games, "rating": f"{last.listed:.1f}"}


def rating_chart_svg(
    points: Sequence[Point],
    system_name: str,
    chart_id: str,
    gettext: Translate = as_is,
    ngettext: TranslatePlural = english_plural,
) -> str:
    """The chart of ``points`` (a player's rating after each game, in game order), worded with
    the door's ``gettext`` / ``ngettext`` (English by default)."""
    ident = safe_id(chart_id)
    title = summary(points, system_name, gettext, ngettext)
    head = (
        f'<svg class="rating-chart" viewBox="0 0 {WIDTH} {HEIGHT}" width="100%" '
        f'preserveAspectRatio="xMidYMid meet" role="img" '
        f'aria-labelledby="{ident}-title {ident}-desc">'
        f'<title id="{ident}-title">{escape(title)}</title>'
    )
    if not points:
        return (
            head + f'<desc id="{ident}-desc">{escape(gettext(NOTHING_YET))}</desc>'
            f'<text class="empty" x="{WIDTH / 2}" y="{HEIGHT / 2}" text-anchor="middle">'
            f"{escape(gettext(NO_GAMES_YET))}</text></svg>"
        )
    drawn = downsample([NEWCOMER, *points] if points[0].games > 0 else list(points))
    values = [p.listed for p in drawn]
    y_ticks = ticks(min(p.low for p in drawn), max(p.high for p in drawn))
    x_low, x_high = 0, max(drawn[-1].games, 1)
    x_ticks = [t for t in ticks(x_low, x_high) if t == int(t) and t <= x_high]
    y_low, y_high = y_ticks[0], y_ticks[-1]
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(games: float) -> float:
        return round(LEFT + (games - x_low) / (x_high - x_low) * plot_w, 1)

    def y(value: float) -> float:
        return round(TOP + (y_high - value) / (y_high - y_low) * plot_h, 1)

    line = " ".join(f"{x(p.games)},{y(p.listed)}" for p in drawn)
    low_edge = " ".join(f"{x(p.games)},{y(p.low)}" for p in drawn)
    high_edge = " ".join(f"{x(p.games)},{y(p.high)}" for p in reversed(drawn))
    last = drawn[-1]
    desc = gettext(DESCRIPTION) % {
        "games": last.games,
        "lowest": f"{min(values):.1f}",
        "highest": f"{max(values):.1f}",
        "now": f"{last.listed:.1f}",
        "low": f"{last.low:.1f}",
        "high": f"{last.high:.1f}",
    }
    parts = [head, f'<desc id="{ident}-desc">{escape(desc)}</desc>', '<g class="axes">']
    for value in y_ticks:
        parts.append(
            f'<line class="grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(value)}" '
            f'y2="{y(value)}"/><text class="tick" x="{LEFT - 5}" y="{y(value) + 4}" '
            f'text-anchor="end">{label(value)}</text>'
        )
    for value in x_ticks:
        anchor = "end" if x(value) > WIDTH - RIGHT - 20 else "middle"
        parts.append(
            f'<text class="tick" x="{x(value)}" y="{HEIGHT - BOTTOM + 15}" '
            f'text-anchor="{anchor}">{label(value)}</text>'
        )
    parts.append(
        f'<line class="axis" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{TOP + plot_h}" '
        f'y2="{TOP + plot_h}"/>'
        f'<text class="axis-title" x="{LEFT + plot_w / 2}" y="{HEIGHT - 4}" '
        f'text-anchor="middle">{escape(gettext(GAMES_AXIS))}</text>'
        f'<text class="axis-title" x="12" y="{TOP + plot_h / 2}" text-anchor="middle" '
        f'transform="rotate(-90 12 {TOP + plot_h / 2})">{escape(gettext(RATING_AXIS))}</text></g>'
    )
    parts.append(
        f'<polygon class="band" points="{low_edge} {high_edge}"/>'
        f'<polyline class="line" points="{line}"/>'
        f'<circle class="now" cx="{x(last.games)}" cy="{y(last.listed)}" r="3.5"/>'
        "</svg>"
    )
    return "".join(parts)
