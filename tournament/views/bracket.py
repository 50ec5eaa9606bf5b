"""The elimination bracket page: the games of each stage as columns, drawn as SVG and listed."""

from django.db.models import Prefetch
from django.shortcuts import render
from django.utils.translation import gettext, pgettext_lazy

from common.live.realtime import server_time_ms
from common.logic.words import ordinal
from matches.models import Match, ResultVersion, Seat, VersionState
from tournament.logic.brackets import BracketError, stages_for
from tournament.logic.brackets.svg import Box, Column, Line, bracket_svg
from tournament.models import ELIMINATION_STAGES, StageKind, stage_kind_named
from tournament.services.elimination import TIE_BREAK_SUFFIX, bracket_mode
from tournament.views.pages import ELIMINATION_KINDS, tournament_poll_url
from tournament.views.visibility import public_rounds, token_query, visible_tournament


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
    "open": pgettext_lazy("bracket box", "Waiting"),
    "reported": pgettext_lazy("bracket box", "Reported"),
    "disputed": pgettext_lazy("bracket box", "Disputed"),
    "accepted": pgettext_lazy("bracket box", "Accepted"),
}


def _status(match) -> tuple[str, str]:
    short = SHORT_STATUS.get(match.status)
    return match.status, str(short) if short else match.get_status_display()


def _group(label: str) -> str:
    return gettext("Group %(label)s") % {"label": label}


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
    for kind in reversed(ELIMINATION_STAGES):
        later[kind] = set(seen)
        for match in by_kind.get(kind, []):
            seen.update(s.entrant_id for s in match.seats.all())

    columns = []
    if "Cut" in tie_breaks:
        column = Column(gettext("Cut tie-break"))
        for match in tie_breaks["Cut"]:
            box = Box(f"m{match.pk}", gettext("Tie-break for the cut"), *_status(match))
            box.lines = _lines(match, seeds)
            column.boxes.append(box)
        columns.append(column)
    templates = ()
    if cut:
        try:
            templates = stages_for(bracket_mode(tournament), cut)
        except BracketError:
            templates = ()
    kinds_to_draw = [k for k in ELIMINATION_STAGES if k in by_kind]
    template_kinds = [stage_kind_named(t.name) for t in templates]
    for kind in template_kinds:
        if kind not in kinds_to_draw:
            kinds_to_draw.append(kind)
    kinds_to_draw.sort(key=ELIMINATION_STAGES.index)
    for kind in kinds_to_draw:
        column = Column(str(StageKind(kind).label), final=kind == StageKind.FINAL)
        if kind == StageKind.FINAL and finals:
            totals: dict[int, float] = {}
            for match in finals:
                title = gettext("Final, game %(n)s of %(of)s") % {
                    "n": match.game_in_series,
                    "of": len(finals),
                }
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
                box = Box(f"m{match.pk}", gettext("Final tie-break"), *_status(match))
                box.lines = _lines(match, seeds)
                column.boxes.append(box)
        elif kind in by_kind:
            for match in by_kind[kind]:
                box = Box(f"m{match.pk}", _group(match.group_label), *_status(match))
                box.lines = _lines(match, seeds)
                for line in box.lines:
                    line.through = line.entrant_id in later[kind]
                column.boxes.append(box)
                for tb in tie_breaks.get(match.group_label, []):
                    tie_break = gettext("Group %(label)s tie-break") % {"label": match.group_label}
                    tb_box = Box(f"m{tb.pk}", tie_break, *_status(tb))
                    tb_box.lines = _lines(tb, seeds)
                    for line in tb_box.lines:
                        line.through = line.entrant_id in later[kind]
                    column.boxes.append(tb_box)
        else:
            template = templates[template_kinds.index(kind)]
            for group in template.groups:
                title = _group(group.label) if group.label != "Final" else gettext("Final")
                if template.games > 1:
                    title += " " + gettext("(%(n)s games)") % {"n": template.games}
                box = Box(
                    f"plan-{group.label}", title, "planned", gettext("To be played"), planned=True
                )
                box.lines = [Line(name=_reference(seat)) for seat in group.seats]
                column.boxes.append(box)
        columns.append(column)
    if champion is not None:
        name = next((ln.name for b in columns[-1].boxes for ln in b.lines if ln.champion), champion)
        columns.append(
            Column(
                gettext("Champion"),
                [
                    Box(
                        "champion",
                        gettext("Champion"),
                        "accepted",
                        gettext("Decided"),
                        [Line(name)],
                    )
                ],
            )
        )
    facts = {"cut": cut, "seeds": seeds, "champion": champion, "has_games": bool(matches)}
    return columns, facts


def _reference(seat: str) -> str:
    """ "A1" -> "1st from A"; a plain seed number -> "Seed 3"."""
    label, number = seat.rstrip("0123456789"), seat[len(seat.rstrip("0123456789")) :]
    if not label:
        return gettext("Seed %(n)s") % {"n": number}
    place = ordinal(int(number), gettext)
    return gettext("%(place)s from %(group)s") % {"place": place, "group": label}


def bracket(request, slug):
    """The elimination bracket drawn as inline SVG, with the same facts as a list."""
    rendered_at = server_time_ms()
    tournament = visible_tournament(request, slug)
    columns, facts = bracket_columns(tournament)
    title = gettext("Elimination bracket of %(event)s") % {"event": tournament.name}
    desc_parts = []
    if facts["cut"]:
        desc_parts.append(gettext("Top %(n)s after the Swiss rounds.") % {"n": facts["cut"]})
    for column in columns:
        groups = ", ".join(b.title for b in column.boxes)
        desc_parts.append(
            gettext("%(stage)s: %(games)s.") % {"stage": column.title, "games": groups}
        )
    if facts["champion"]:
        desc_parts.append(
            gettext("Champion: %(name)s.") % {"name": columns[-1].boxes[0].lines[0].name}
        )
    desc = " ".join([*desc_parts, gettext("The same results follow as a list.")])
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
