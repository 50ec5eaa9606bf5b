"""The elimination bracket as an SVG picture: stages left to right on wide screens, top to
bottom on phones. Pure code: the columns of games go in, the markup comes out."""

from dataclasses import dataclass, field
from html import escape

NAME_CHARS = 22


@dataclass
class Line:
    """One side in one bracket game."""

    name: str
    entrant_id: int | None = None
    seed: int | None = None
    place: int | None = None
    points: float | None = None
    total: float | None = None
    through: bool = False
    champion: bool = False


@dataclass
class Box:
    """One game of the bracket (a group, a final game, a tie-break, or one still to come)."""

    key: str
    title: str
    status: str
    status_label: str
    lines: list[Line] = field(default_factory=list)
    planned: bool = False


@dataclass
class Column:
    """A stage of the bracket: its games, top to bottom."""

    title: str
    boxes: list[Box] = field(default_factory=list)
    final: bool = False  # the final's column (its lines carry the series' totals)


def short_name(name: str) -> str:
    return name if len(name) <= NAME_CHARS else name[: NAME_CHARS - 1] + "…"


def box_height(box: Box) -> int:
    return BOX_HEAD + ROW * max(1, len(box.lines)) + 6


BOX_W, BOX_HEAD, ROW, GAP_X, GAP_Y, COL_HEAD = 210, 24, 20, 34, 14, 26


def draw_box(box: Box, x: float, y: float) -> list[str]:
    h = box_height(box)
    cls = "box planned" if box.planned else f"box status-{box.status}"
    mark = {"accepted": "✓", "disputed": "!", "reported": "…", "open": "○"}.get(box.status, "")
    out = [
        f'<g class="{cls}" id="svg-{box.key}">',
        f'<rect x="{x}" y="{y}" width="{BOX_W}" height="{h}" rx="6"/>',
        f'<text class="box-title" x="{x + 8}" y="{y + 16}">{escape(box.title)}</text>',
        f'<text class="box-status" x="{x + BOX_W - 8}" y="{y + 16}" text-anchor="end">'
        f"{mark} {escape(box.status_label)}</text>",
    ]
    for i, line in enumerate(box.lines):
        ly = y + BOX_HEAD + ROW * i + 14
        seed = f"{line.seed}" if line.seed else ""
        flags = "★ " if line.champion else ("✓ " if line.through else "")
        if line.total is not None:
            value = f"{line.points:g} → {line.total:g}" if line.points is not None else ""
        elif line.points is not None:
            value = f"{line.place}. · {line.points:g} pt"
        else:
            value = ""
        cls_line = (
            "line champion" if line.champion else ("line through" if line.through else "line")
        )
        out.append(
            f'<g class="{cls_line}"><title>{escape(line.name)}</title>'
            f'<text class="seed" x="{x + 22}" y="{ly}" text-anchor="end">{seed}</text>'
            f'<text class="name" x="{x + 28}" y="{ly}">'
            f"{escape(flags + short_name(line.name))}</text>"
            f'<text class="value" x="{x + BOX_W - 8}" y="{ly}" text-anchor="end">'
            f"{escape(value)}</text></g>"
        )
    out.append("</g>")
    return out


def bracket_svg(columns: list[Column], title: str, desc: str, *, vertical: bool) -> str:
    """Draw the bracket: stages left to right (wide screens) or top to bottom (phones)."""
    parts, links = [], []
    place: dict[str, tuple[float, float, float]] = {}  # box key -> x, y, height
    if vertical:
        y = 0.0
        for column in columns:
            parts.append(
                f'<text class="col-title" x="0" y="{y + 18}">{escape(column.title)}</text>'
            )
            y += COL_HEAD
            for box in column.boxes:
                parts.extend(draw_box(box, 0, y))
                y += box_height(box) + GAP_Y
            y += 6
        width, height = BOX_W, y
    else:
        heights = [sum(box_height(b) + GAP_Y for b in c.boxes) - GAP_Y for c in columns if c.boxes]
        tallest = max(heights or [0])
        for i, column in enumerate(columns):
            x = i * (BOX_W + GAP_X)
            parts.append(f'<text class="col-title" x="{x}" y="18">{escape(column.title)}</text>')
            total = sum(box_height(b) + GAP_Y for b in column.boxes) - GAP_Y
            y = COL_HEAD + (tallest - total) / 2
            for box in column.boxes:
                parts.extend(draw_box(box, x, y))
                place[box.key] = (x, y, box_height(box))
                y += box_height(box) + GAP_Y
        for left, right in zip(columns, columns[1:], strict=False):
            for a in left.boxes:
                ids_a = {ln.entrant_id for ln in a.lines if ln.through or ln.champion}
                for b in right.boxes:
                    ids_b = {ln.entrant_id for ln in b.lines}
                    if ids_a & ids_b or (b.key == "champion" and a is left.boxes[0]):
                        x1, y1, h1 = place[a.key]
                        x2, y2, h2 = place[b.key]
                        links.append(
                            f'<path class="link" d="M{x1 + BOX_W} {y1 + h1 / 2:.0f} '
                            f'H{x1 + BOX_W + GAP_X / 2} V{y2 + h2 / 2:.0f} H{x2}"/>'
                        )
        width = len(columns) * (BOX_W + GAP_X) - GAP_X
        height = COL_HEAD + tallest
    which = "v" if vertical else "h"
    return (
        f'<svg class="bracket-svg bracket-{which}" viewBox="-2 -2 {width + 4} {height + 4:.0f}" '
        f'role="img" aria-labelledby="bracket-title-{which} bracket-desc-{which}" '
        'preserveAspectRatio="xMidYMin meet">'
        f'<title id="bracket-title-{which}">{escape(title)}</title>'
        f'<desc id="bracket-desc-{which}">{escape(desc)}</desc>'
        + "".join(links)
        + "".join(parts)
        + "</svg>"
    )
