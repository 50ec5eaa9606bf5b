"""A player's private link on an API request: the header that carries its token, and how the
API's schema names it (the query parameter ``?token=`` carries it too)."""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter

ENTRANT_TOKEN_HEADER = "X-Entrant-Token"

ENTRANT_TOKEN = OpenApiParameter(
    ENTRANT_TOKEN_HEADER,
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    required=False,
    description="A player's private-link token (or the query parameter ?token=).",
)
