"""The meta's chart: each chief's win share as a bar, its Wilson interval as a whisker.

Pure code, like the rating chart (``leagues.logic.rating_chart``): the lines of one game
system and mode go in, an SVG comes out, on a fixed 360-wide canvas that scales to its
container (a phone). The words (title, the axis, each bar's label) come from the caller,
translated; every text is escaped here.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from leagues.logic.meta import MetaLine

WIDTH = 360
LEFT, RIGHT, TOP, BOTTOM = 92, 14, 8, 30
ROW = 24
BAR = 14
#: the most chiefs one chart draws (the table lists every one)
MAX_BARS = 24


def _x(share: float) -> float:
    return round(LEFT + share * (WIDTH - LEFT - RIGHT), 1)


def meta_chart_svg(lines: Sequence[MetaLine], title: str, axis: str, chart_id: str) -> str:
    """An SVG of the win share of each of ``lines`` (at most ``MAX_BARS``) with its interval.

    ``title`` names the chart for screen readers, ``axis`` the horizontal axis."""
    shown = list(lines)[:MAX_BARS]
    height = TOP + ROW * max(1, len(shown)) + BOTTOM
    ident = escape("".join(c for c in chart_id if c.isalnum() or c in "-_")[:40] or "meta")
    parts = [
        f'<svg class="meta-chart" viewBox="0 0 {WIDTH} {height}" width="100%" role="img" '
        f'aria-labelledby="{ident}-title" xmlns="http://www.w3.org/2000/svg">'
        f'<title id="{ident}-title">{escape(title)}</title>'
    ]
    base = TOP + ROW * max(1, len(shown))
    for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
        parts.append(
            f'<line class="grid" x1="{_x(tick)}" x2="{_x(tick)}" y1="{TOP}" y2="{base}"/>'
            f'<text class="tick" x="{_x(tick)}" y="{base + 13}" text-anchor="middle">'
            f"{round(tick * 100)}%</text>"
        )
    parts.append(
        f'<text class="axis-title" x="{_x(0.5)}" y="{height - 3}" text-anchor="middle">'
        f"{escape(axis)}</text>"
    )
    for index, line in enumerate(shown):
        top = TOP + index * ROW + (ROW - BAR) / 2
        mid = top + BAR / 2
        parts.append(
            f'<g class="bar" data-chief="{escape(line.chief)}">'
            f'<text class="label" x="{LEFT - 6}" y="{mid + 4}" text-anchor="end">'
            f"{escape(line.chief[:14])}</text>"
            f'<rect x="{LEFT}" y="{top}" width="{_x(line.win_share) - LEFT}" height="{BAR}"/>'
            f'<line class="whisker" x1="{_x(line.win_low)}" x2="{_x(line.win_high)}" '
            f'y1="{mid}" y2="{mid}"/>'
            f'<line class="whisker" x1="{_x(line.win_low)}" x2="{_x(line.win_low)}" '
            f'y1="{mid - 4}" y2="{mid + 4}"/>'
            f'<line class="whisker" x1="{_x(line.win_high)}" x2="{_x(line.win_high)}" '
            f'y1="{mid - 4}" y2="{mid + 4}"/></g>'
        )
    parts.append("</svg>")
    return "".join(parts)
