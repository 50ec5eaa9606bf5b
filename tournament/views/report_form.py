"""A private page's report form, drawn once per table and language, for all its sides.

The form's widgets (Django draws each from a template) were about a third of a private page's
CPU, drawn again on every load of every player at a table that has not reported. What the form
shows is the game mode's description and the table and its sides, so its HTML is kept in the
part cache under those (``fragment_cache``: with the language and the release's templates,
filters and catalogues; here also the form's code and Django's version, whose widget templates
draw the inputs). Two things are the reader's own and put in at serving: "(you)", drawn at
every side between marks and kept at the reader's side alone, and the CSRF token, drawn as a
mark and replaced by the request's (Django's ``get_token``, which also sends the cookie). A
form sent back with errors is drawn as typed, never from here.
"""

from __future__ import annotations

import hashlib
import json
import re
from functools import cache
from pathlib import Path

import django
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

from matches import forms
from matches.forms import ResultForm
from tournament.views import fragment_cache

FORM_TEMPLATE = "tournament/_report_form.html"
#: the templates the form is drawn with: a change of any of them is a change of every key
FORM_TEMPLATES = (
    FORM_TEMPLATE,
    "tournament/_field.html",
    "tournament/_flower.html",
    "tournament/_flower_name.html",
)
#: drawn where the reader's CSRF token goes, replaced by theirs at serving
CSRF_MARK = "@@report-form-csrf@@"


@cache
def form_code_stamp() -> str:
    """The form's code and Django's version (its widget templates), hashed once a process."""
    code = Path(forms.__file__).read_bytes() + django.get_version().encode()
    return hashlib.sha256(code).hexdigest()[:16]


def form_material(tournament, match) -> tuple:
    """Everything the report form of ``match`` shows (seats loaded) but the reader's own."""
    seats = tuple(
        (seat.position, seat.entrant_id, seat.entrant.display_name, seat.flower_colour)
        for seat in match.seats.all()
    )
    mode = json.dumps(tournament.game_mode, sort_keys=True, default=str)
    return (form_code_stamp(), mode, match.pk, match.table_number, seats)


#: "(you)" as drawn at every side: the side's entrant id, then the words, between HTML comments
#: (a name is escaped, so no name can hold a mark)
YOU_MARKED = re.compile(r"<!--you-(\d+)-->(.*?)<!--/you-->")


def draw_form(tournament, match) -> str:
    """The form's HTML, drawn now, with marks where the CSRF token and "(you)" go."""
    form = ResultForm(tournament.game_mode, match.seats.all(), shared_help=True)
    context = {
        "form": form,
        "form_match_id": match.pk,
        "current": {"match": match},
        "you_marks": True,
        "csrf_token": CSRF_MARK,
    }
    return render_to_string(FORM_TEMPLATE, context)


def report_form(request, tournament, match, entrant) -> SafeString:
    """The empty report form of ``match`` for ``entrant``'s page, with the request's CSRF
    token: drawn once for what it shows (``fragment_cache``)."""
    [html] = fragment_cache.drawn_parts(
        "report-form",
        FORM_TEMPLATES,
        [form_material(tournament, match)],
        lambda _index: draw_form(tournament, match),
        "",
    )
    reader = str(entrant.pk)
    html = YOU_MARKED.sub(lambda mark: mark[2] if mark[1] == reader else "", html)
    return mark_safe(html.replace(CSRF_MARK, get_token(request)))  # noqa: S308 - our drawing
