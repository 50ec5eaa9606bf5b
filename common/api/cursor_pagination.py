"""Cursor pages for the API's long lists (entrants, registrations, matches, the audit trail).

A cursor page holds its place however the list grows or shrinks between two requests (an
offset page skips or repeats rows when an entrant registers meanwhile), and costs the same on
the hundredth page as on the first. ``limit`` sets the page size (at most ``MAX_LIMIT``), as it
did before; ``count`` stays in the answer (a per-event count is cheap), so v1's list shape is
unchanged: ``count``, ``next``, ``previous``, ``results`` (docs/api-versioning.md).

Two cases are still answered by offset pages, so no v1 client breaks:

* a request with ``?offset=``: deprecated on these lists (``Deprecation`` and ``Sunset``
  headers, the rule of docs/api-versioning.md); follow ``next`` instead;
* an ``?ordering=`` whose first field a cursor cannot hold (one that may be empty, such as an
  entrant's seed, or one across a relation): such a position has no "after".

A crafted cursor whose position does not fit the ordering's column is refused as an invalid
cursor (404, DRF's rule), never handed to the database.
"""

from django.core.exceptions import FieldDoesNotExist, ValidationError
from django.db import connection
from django.utils.translation import gettext_lazy as _
from rest_framework.exceptions import NotFound
from rest_framework.pagination import CursorPagination

from common.api.deprecation import mark_deprecated
from common.api.pagination import MAX_LIMIT, BoundedLimitOffsetPagination

#: when ``?offset=`` on a cursor list was deprecated, and the earliest day it may stop
OFFSET_DEPRECATED_ON = "2026-11-29"
OFFSET_SUNSET_ON = "2027-05-31"


class CountedCursorPagination(CursorPagination):
    """DRF's ``CursorPagination`` with ``count``, ``limit`` as the page size (held to
    ``MAX_LIMIT``), the view's ``ordering`` (a unique last field makes the order stable) and the
    offset fallbacks of the module's docstring."""

    page_size_query_param = "limit"
    page_size_query_description = _("How many rows per page (at most 500).")
    max_page_size = MAX_LIMIT
    ordering = "-pk"

    def paginate_queryset(self, queryset, request, view=None):
        self._offset_pages = None
        self.request = request
        ordering = self.get_ordering(request, queryset, view)
        if "offset" in request.query_params or not _cursor_can_hold(queryset.model, ordering[0]):
            self._offset_pages = BoundedLimitOffsetPagination()
            return self._offset_pages.paginate_queryset(queryset, request, view)
        self._model = queryset.model
        self.count = queryset.count()
        return super().paginate_queryset(queryset, request, view)

    def get_ordering(self, request, queryset, view):
        ordering = super().get_ordering(request, queryset, view)
        if not {"pk", "id"} & {order.lstrip("-") for order in ordering}:
            ordering = (*ordering, "-pk" if ordering[0].startswith("-") else "pk")
        return ordering

    def decode_cursor(self, request):
        cursor = super().decode_cursor(request)
        position = None if cursor is None else cursor.position
        if position is not None and not _fits(self._model, self.ordering[0], position):
            raise NotFound(self.invalid_cursor_message)
        return cursor

    def get_paginated_response(self, data):
        if self._offset_pages is not None:
            response = self._offset_pages.get_paginated_response(data)
            if "offset" in self.request.query_params:
                mark_deprecated(response, since=OFFSET_DEPRECATED_ON, sunset=OFFSET_SUNSET_ON)
            return response
        response = super().get_paginated_response(data)
        response.data = {"count": self.count, **response.data}
        return response

    def get_paginated_response_schema(self, schema):
        answer = super().get_paginated_response_schema(schema)
        answer["required"] = ["count", "results"]
        answer["properties"] = {
            "count": {"type": "integer", "example": 123},
            **answer["properties"],
        }
        return answer

    def get_schema_operation_parameters(self, view):
        offset = {
            "name": "offset",
            "required": False,
            "in": "query",
            "deprecated": True,
            "description": str(_("Deprecated: follow `next` (a cursor) instead.")),
            "schema": {"type": "integer"},
        }
        return [*super().get_schema_operation_parameters(view), offset]


def _cursor_can_hold(model, order: str) -> bool:
    """Whether a cursor can mark a place in a list ordered by ``order``: a column of the
    model's own that is never empty."""
    name = order.lstrip("-")
    if "__" in name:
        return False
    if name == "pk":
        return True
    try:
        field = model._meta.get_field(name)
    except FieldDoesNotExist:
        return False
    return not field.null and field.concrete


def _fits(model, order: str, position: str) -> bool:
    """Whether a cursor's ``position`` is a value of ``order``'s column."""
    name = order.lstrip("-")
    field = model._meta.pk if name == "pk" else model._meta.get_field(name)
    try:
        value = field.to_python(position)
    except (ValidationError, ValueError, TypeError):
        return False
    if isinstance(value, int) and not isinstance(value, bool):
        low, high = connection.ops.integer_field_range(field.get_internal_type())
        return (low is None or value >= low) and (high is None or value <= high)
    return value is not None
