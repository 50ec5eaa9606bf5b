"""A round's tables a page at a time: a round of 10,000 players has 2,500 tables, a page of
megabytes that took seconds to draw (issue 43). Rounds of up to ``TABLES_PER_PAGE`` tables
(400 players) show on one page as before."""

from django.core.paginator import Page, Paginator

TABLES_PER_PAGE = 100


def table_page(tables, asked: str | None) -> Page:
    """Page ``asked`` (``?page=N``; the first when missing, the last when past the end) of
    ``tables``, a queryset (only that page's rows are read, prefetches included) or a list."""
    return Paginator(tables, TABLES_PER_PAGE).get_page(asked)
