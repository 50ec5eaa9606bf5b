"""Where everyone stands: the live Swiss standings, and the elimination bracket as a picture."""

from dataclasses import dataclass, field

from django.db.models import Prefetch
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.html import escape
from django.utils.safestring import mark_safe

from matches.models import Match, ResultVersion, Seat, VersionState
from tournament.brackets import (
    BracketError,
    Placing,
    stages_for,
)
from tournament.models import StageKind
from tournament.realtime import server_time_ms
from tournament.services.elimination import STAGE_KINDS, TIE_BREAK_SUFFIX, bracket_mode
from tournament.services.final_standings import final_standings
from tournament.services.soft_cache import soft_get, soft_set
from tournament.services.standings import (
    CACHE_SECONDS,
    cached_standings,
    standings_cache_key,
)
from tournament.standings import get_metric
from tournament.views.pages import (
    ELIMINATION_KINDS,
    public_rounds,
    token_query,
    tournament_poll_url,
    visible_tournament,
)

TIEBREAK_LABELS = {
    "victory_cup_tokens": "Cup tokens",
    "strength_of_schedule": "Opponents",
    "first_places": "Wins",
}


def tiebreak_label(key: str) -> str:
    """A short column heading for a tiebreaker key."""
    if key in TIEBREAK_LABELS:
        return TIEBREAK_LABELS[key]
    return get_metric(key).key.removeprefix("stat:").replace("_", " ").capitalize()


STANDINGS_PAGE_SIZE = 100


def standings_table(tournament, token: str, page: int) -> dict:
    """One page of the standings table, rendered once per change of the standings.

    The HTML is cached under the standings' own cache key (it moves with every accepted
    result, entrant change and settings change), so hundreds of phones reading the same page
    cost one render. Returns the HTML and the paging facts.
    """
    key = f"{standings_cache_key(tournament)}:table:{page}:{token}"
    table = soft_get(key)
    if table is None:
        rows = cached_standings(tournament)
        pages = max(1, -(-len(rows) // STANDINGS_PAGE_SIZE))
        number = min(max(page, 1), pages)
        chunk = rows[(number - 1) * STANDINGS_PAGE_SIZE : number * STANDINGS_PAGE_SIZE]
        keys = [key for key, _ in rows[0].tiebreaks] if rows else []
        html = render_to_string(
            "tournament/_standings_table.html",
            {
                "tournament": tournament,
                "rows": chunk,
                "columns": [tiebreak_label(k) for k in keys],
                "token": token,
            },
        )
        table = {"html": html, "page": number, "pages": pages, "count": len(rows)}
        soft_set(key, table, CACHE_SECONDS)
    return table


def standings(request, slug):
    """The Swiss standings, 100 to a page, live; the table comes from the cache when it can."""
    rendered_at = server_time_ms()
    tournament = visible_tournament(request, slug)
    try:
        page = int(request.GET.get("page", 1))
    except ValueError:
        page = 1
    token = token_query(request)
    table = standings_table(tournament, token, page)
    return render(
        request,
        "tournament/standings.html",
        {
            "tournament": tournament,
            "table": table,
            "table_html": mark_safe(table["html"]),  # noqa: S308 - our own rendered template
            "previous_page": table["page"] - 1 if table["page"] > 1 else None,
            "next_page": table["page"] + 1 if table["page"] < table["pages"] else None,
            "token": token,
            "tournament_poll": tournament_poll_url(request, tournament, rendered_at),
            "final": final_standings(tournament),
        },
    )


# --- the elimination bracket --------------------------------------------------------------------

ORDINALS = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}
STAGE_ORDER = [StageKind.ELIMINATION_1, StageKind.ELIMINATION_2, StageKind.FINAL]
STAGE_TITLES = {
    StageKind.ELIMINATION_1: "Elimination round 1",
    StageKind.ELIMINATION_2: "Elimination round 2",
    StageKind.FINAL: "Final",
}
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


def _accepted_placings(match) -> list[Placing]:
    versions = getattr(match, "accepted", [])
    if not versions:
        return []
    return [Placing(r["side"], r["place"], r["score"]) for r in versions[0].placings]


def _elimination_matches(tournament):
    rounds = public_rounds(tournament).filter(stage__kind__in=ELIMINATION_KINDS)
    seats = Seat.objects.select_related("entrant").order_by("position")
    accepted = ResultVersion.objects.filter(state=VersionState.ACCEPTED)
    return list(
        Match.objects.filter(round__in=rounds)
        .select_related("round__stage")
        .prefetch_related(
            Prefetch("seats", seats), Prefetch("result_versions", accepted, "accepted")
        )
        .order_by("round__number", "table_number")
    )


def _seeds(matches) -> tuple[dict[int, int], int | None]:
    """Seed number by entrant id, and the cut size, from the cut's record."""
    records = [m.round.pairing_report for m in matches if "seeds" in m.round.pairing_report]
    main = [
        m.round.pairing_report
        for m in matches
        if "seeds" in m.round.pairing_report and m.round.stage.kind != StageKind.TIE_BREAK
    ]
    record = (main or records or [None])[0]
    if record is None:
        return {}, None
    return {int(side): n for n, side in enumerate(record["seeds"], 1)}, record.get("cut")


#: Short words for the drawing's box corner (the full wording is in the list below it).
SHORT_STATUS = {
    "open": "Waiting",
    "reported": "Reported",
    "disputed": "Disputed",
    "accepted": "Accepted",
}


def _status(match) -> tuple[str, str]:
    return match.status, SHORT_STATUS.get(match.status, match.get_status_display())


def _lines(match, seeds) -> list[Line]:
    ordered = sorted(match.seats.all(), key=lambda s: (s.place is None, s.place or 0, s.position))
    return [
        Line(
            name=s.entrant.display_name,
            entrant_id=s.entrant_id,
            seed=seeds.get(s.entrant_id),
            place=s.place,
            points=float(s.points) if s.points is not None else None,
        )
        for s in ordered
    ]


def champion_of(tournament) -> str | None:
    """The champion's entrant id, as the elimination recorded it (None until decided)."""
    return str(tournament.champion_id) if tournament.champion_id else None


def bracket_columns(tournament) -> tuple[list[Column], dict]:
    """The bracket as columns of games, with the facts the page states in words."""
    matches = _elimination_matches(tournament)
    seeds, cut = _seeds(matches)
    by_kind: dict[str, list] = {}
    tie_breaks: dict[str, list] = {}
    for match in matches:
        kind = match.round.stage.kind
        if kind == StageKind.TIE_BREAK:
            label = match.group_label.removesuffix(TIE_BREAK_SUFFIX)
            tie_breaks.setdefault(label, []).append(match)
        else:
            by_kind.setdefault(kind, []).append(match)
    finals = sorted(by_kind.get(StageKind.FINAL, []), key=lambda m: m.game_in_series)
    champion = champion_of(tournament)
    later = {}  # entrant ids seated in any later stage, by stage kind
    seen: set[int] = set()
    for kind in reversed(STAGE_ORDER):
        later[kind] = set(seen)
        for match in by_kind.get(kind, []):
            seen.update(s.entrant_id for s in match.seats.all())

    columns = []
    if "Cut" in tie_breaks:
        column = Column("Cut tie-break")
        for match in tie_breaks["Cut"]:
            box = Box(f"m{match.pk}", "Tie-break for the cut", *_status(match))
            box.lines = _lines(match, seeds)
            column.boxes.append(box)
        columns.append(column)
    templates = ()
    if cut:
        try:
            templates = stages_for(bracket_mode(tournament), cut)
        except BracketError:
            templates = ()
    kinds_to_draw = [k for k in STAGE_ORDER if k in by_kind]
    template_kinds = [STAGE_KINDS.get(t.name) for t in templates]
    for kind in template_kinds:
        if kind not in kinds_to_draw:
            kinds_to_draw.append(kind)
    kinds_to_draw.sort(key=STAGE_ORDER.index)
    for kind in kinds_to_draw:
        column = Column(STAGE_TITLES[kind])
        if kind == StageKind.FINAL and finals:
            totals: dict[int, float] = {}
            for match in finals:
                title = f"Final, game {match.game_in_series} of {len(finals)}"
                box = Box(f"m{match.pk}", title, *_status(match))
                box.lines = _lines(match, seeds)
                for line in box.lines:
                    if line.points is not None:
                        totals[line.entrant_id] = totals.get(line.entrant_id, 0) + line.points
                    line.total = totals.get(line.entrant_id)
                    line.champion = champion is not None and str(line.entrant_id) == champion
                box.lines.sort(key=lambda ln: (-(ln.total or 0), ln.name))
                column.boxes.append(box)
            for match in tie_breaks.get("Final", []):
                box = Box(f"m{match.pk}", "Final tie-break", *_status(match))
                box.lines = _lines(match, seeds)
                column.boxes.append(box)
        elif kind in by_kind:
            for match in by_kind[kind]:
                box = Box(f"m{match.pk}", f"Group {match.group_label}", *_status(match))
                box.lines = _lines(match, seeds)
                for line in box.lines:
                    line.through = line.entrant_id in later[kind]
                column.boxes.append(box)
                for tb in tie_breaks.get(match.group_label, []):
                    tb_box = Box(f"m{tb.pk}", f"Group {match.group_label} tie-break", *_status(tb))
                    tb_box.lines = _lines(tb, seeds)
                    for line in tb_box.lines:
                        line.through = line.entrant_id in later[kind]
                    column.boxes.append(tb_box)
        else:
            template = templates[template_kinds.index(kind)]
            for group in template.groups:
                title = f"Group {group.label}" if group.label != "Final" else "Final"
                if template.games > 1:
                    title += f" ({template.games} games)"
                box = Box(f"plan-{group.label}", title, "planned", "To be played", planned=True)
                box.lines = [Line(name=_reference(seat)) for seat in group.seats]
                column.boxes.append(box)
        columns.append(column)
    if champion is not None:
        name = next((ln.name for b in columns[-1].boxes for ln in b.lines if ln.champion), champion)
        columns.append(
            Column("Champion", [Box("champion", "Champion", "accepted", "Decided", [Line(name)])])
        )
    facts = {"cut": cut, "seeds": seeds, "champion": champion, "has_games": bool(matches)}
    return columns, facts


def _reference(seat: str) -> str:
    """ "A1" -> "1st from A"; a plain seed number -> "Seed 3"."""
    label, number = seat.rstrip("0123456789"), seat[len(seat.rstrip("0123456789")) :]
    if not label:
        return f"Seed {number}"
    return f"{ORDINALS.get(int(number), number + 'th')} from {label}"


def _short(name: str) -> str:
    return name if len(name) <= NAME_CHARS else name[: NAME_CHARS - 1] + "…"


def _box_height(box: Box) -> int:
    return BOX_HEAD + ROW * max(1, len(box.lines)) + 6


BOX_W, BOX_HEAD, ROW, GAP_X, GAP_Y, COL_HEAD = 210, 24, 20, 34, 14, 26


def _draw_box(box: Box, x: float, y: float) -> list[str]:
    h = _box_height(box)
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
            f'<text class="name" x="{x + 28}" y="{ly}">{escape(flags + _short(line.name))}</text>'
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
                parts.extend(_draw_box(box, 0, y))
                y += _box_height(box) + GAP_Y
            y += 6
        width, height = BOX_W, y
    else:
        heights = [sum(_box_height(b) + GAP_Y for b in c.boxes) - GAP_Y for c in columns if c.boxes]
        tallest = max(heights or [0])
        for i, column in enumerate(columns):
            x = i * (BOX_W + GAP_X)
            parts.append(f'<text class="col-title" x="{x}" y="18">{escape(column.title)}</text>')
            total = sum(_box_height(b) + GAP_Y for b in column.boxes) - GAP_Y
            y = COL_HEAD + (tallest - total) / 2
            for box in column.boxes:
                parts.extend(_draw_box(box, x, y))
                place[box.key] = (x, y, _box_height(box))
                y += _box_height(box) + GAP_Y
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


def bracket(request, slug):
    """The elimination bracket drawn as inline SVG, with the same facts as a list."""
    rendered_at = server_time_ms()
    tournament = visible_tournament(request, slug)
    columns, facts = bracket_columns(tournament)
    title = f"Elimination bracket of {tournament.name}"
    desc_parts = []
    if facts["cut"]:
        desc_parts.append(f"Top {facts['cut']} after the Swiss rounds.")
    for column in columns:
        groups = ", ".join(b.title for b in column.boxes)
        desc_parts.append(f"{column.title}: {groups}.")
    if facts["champion"]:
        desc_parts.append(f"Champion: {columns[-1].boxes[0].lines[0].name}.")
    desc = " ".join(desc_parts) + " The same results follow as a list."
    return render(
        request,
        "tournament/bracket.html",
        {
            "tournament": tournament,
            "columns": columns,
            "facts": facts,
            "svg_wide": bracket_svg(columns, title, desc, vertical=False) if columns else "",
            "svg_narrow": bracket_svg(columns, title, desc, vertical=True) if columns else "",
            "token": token_query(request),
            "tournament_poll": tournament_poll_url(request, tournament, rendered_at),
        },
    )
