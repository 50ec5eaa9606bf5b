"""The meta across events: ``/meta/`` (a chart and a table per game system and mode) and
``/meta.csv`` (the same lines), narrowed by the query string (``leagues.services.meta``).

Both are open data under the licence ``OPEN_DATA_LICENCE`` names (docs/meta.md), rate limited
as the API's copy is (the ``open_data`` scope). A filter that cannot be read gets a 400 that
says which one and why.
"""

from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from common.csv_export import csv_download
from common.rate_limits import rate_limited
from engine import api as engine_api
from leagues.logic.meta_chart import meta_chart_svg
from leagues.logic.open_data import OPEN_DATA_LICENCE
from leagues.models import Organisation, Season
from leagues.services.meta import MetaFilterError, meta_for, read_filters

#: the organisations and seasons a filter offers, at most
MAX_CHOICES = 500


def mode_labels() -> dict[tuple[str, str], tuple[str, str]]:
    """(system, mode) -> (system name, mode label), as the engine names them."""
    return {
        (system["key"], mode["key"]): (system["name"], _(mode["label"]))
        for system in engine_api.list_systems()
        for mode in system["modes"]
    }


def grouped(lines) -> list[dict]:
    """The lines by (system, mode), each group with its names and its chart."""
    labels = mode_labels()
    groups: dict[tuple[str, str], list] = {}
    for line in lines:
        groups.setdefault((line.system, line.mode), []).append(line)
    out = []
    for (system, mode), group in groups.items():
        system_name, mode_label = labels.get((system, mode), (system, mode))
        title = _("Win share of each chief, %(system)s, %(mode)s, with 95%% intervals") % {
            "system": system_name,
            "mode": mode_label,
        }
        out.append(
            {
                "system": system_name,
                "mode": mode_label,
                "lines": group,
                "chart": meta_chart_svg(group, title, _("games won"), f"meta-{system}-{mode}"),
            }
        )
    return out


@rate_limited("open_data")
def meta_page(request):
    """The chiefs played across public events and how they did, with the filters."""
    context = {
        "systems": engine_api.list_systems(),
        "organisations": Organisation.objects.order_by("name").values_list("slug", "name")[
            :MAX_CHOICES
        ],
        "seasons": Season.objects.filter(is_public=True)
        .order_by("name")
        .values_list("slug", "name")[:MAX_CHOICES],
        "licence": OPEN_DATA_LICENCE,
        "query": request.GET,
    }
    try:
        filters = read_filters(request.GET)
    except MetaFilterError as refused:
        return render(request, "leagues/meta.html", {**context, "error": str(refused)}, status=400)
    answer = meta_for(filters)
    return render(
        request,
        "leagues/meta.html",
        {
            **context,
            "filters": filters,
            "answer": answer,
            "groups": grouped(answer.meta.lines),
            "filter_query": filters.as_query(),
        },
    )


CSV_HEADER = [
    "system",
    "mode",
    "chief",
    "games",
    "wins",
    "win_share",
    "win_share_low_95",
    "win_share_high_95",
    "average_place",
]


@rate_limited("open_data")
def meta_csv(request):
    """The meta's lines as CSV (every cell formula-safe); the licence in its file name's page."""
    try:
        filters = read_filters(request.GET)
    except MetaFilterError as refused:
        return HttpResponse(str(refused), status=400, content_type="text/plain; charset=utf-8")
    lines = meta_for(filters).meta.lines
    response = csv_download(
        "chief-meta.csv",
        CSV_HEADER,
        (
            [
                line.system,
                line.mode,
                line.chief,
                line.games,
                line.wins,
                line.win_share,
                line.win_low,
                line.win_high,
                line.average_place,
            ]
            for line in lines
        ),
    )
    response["Link"] = f'<{OPEN_DATA_LICENCE["url"]}>; rel="license"'
    return response
