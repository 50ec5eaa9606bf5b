"""The API's pagination: DRF's limit and offset, held to bounds.

Without a bound, ``?limit=9223372036854775808`` (2^63) reached the database as ``LIMIT`` and
answered 500 (PostgreSQL: "bigint out of range"; SQLite's driver: "Python int too large").
A limit past ``MAX_LIMIT`` is cut to it, an offset past ``MAX_OFFSET`` to that (an empty page);
a negative, zero or non-numeric limit gives the default page and such an offset the first one,
as DRF already does.
"""

from rest_framework.pagination import LimitOffsetPagination

from common.db.query_numbers import whole_number

#: the most rows one page of any list of the API holds
MAX_LIMIT = 500
#: the furthest a page may start (far past any list's length, far below any column's limit)
MAX_OFFSET = 1_000_000_000


class BoundedLimitOffsetPagination(LimitOffsetPagination):
    """``LimitOffsetPagination`` whose limit and offset stay within ``MAX_LIMIT``/``MAX_OFFSET``
    (``REST_FRAMEWORK["DEFAULT_PAGINATION_CLASS"]``)."""

    max_limit = MAX_LIMIT

    def get_limit(self, request):
        raw = request.query_params.get(self.limit_query_param)
        limit = whole_number(raw, low=0, high=self.max_limit)
        return limit or self.default_limit

    def get_offset(self, request):
        raw = request.query_params.get(self.offset_query_param)
        return whole_number(raw, low=0, high=MAX_OFFSET) or 0
