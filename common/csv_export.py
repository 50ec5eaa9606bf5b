"""The one way the project writes CSV files: every cell a spreadsheet could run is made text.

A name or club typed into a form or the API is stored as given (a player may well be called
"-Bob"), but a cell that starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return
(also after leading spaces) would be run as a formula when the file is opened in a
spreadsheet (``=HYPERLINK(...)``, ``=cmd|' /C calc'!A0``). Such text cells get a leading
apostrophe, the usual spreadsheet marker for "this is text"; numbers are written as numbers.
"""

import csv
from collections.abc import Iterable

from django.http import HttpResponse

FORMULA_TRIGGERS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: object) -> object:
    """``value`` as a CSV cell no spreadsheet runs: formula-leading text gets an apostrophe."""
    if isinstance(value, str) and value.lstrip(" ").startswith(FORMULA_TRIGGERS):
        return "'" + value
    return value


def csv_download(
    filename: str, header: list[str], rows: Iterable[Iterable[object]]
) -> HttpResponse:
    """A CSV attachment (UTF-8, one header line), every cell passed through ``safe_cell``."""
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    writer = csv.writer(response)
    writer.writerow([safe_cell(cell) for cell in header])
    writer.writerows([safe_cell(cell) for cell in row] for row in rows)
    return response
