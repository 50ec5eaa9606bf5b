"""The private-link rate limit for websocket handshakes, as ``config.security`` keeps it for HTTP.

A socket may be opened with a private link (``?token=``). Guessing tokens through handshakes
must cost the same as guessing them through pages: a handshake whose token matches no entrant
counts toward the client address's ``private_link`` limit, and while the address is over it,
every handshake that carries a token is refused (closed with code 4429) before any consumer
runs. Without a token nothing is counted.
"""

from urllib.parse import parse_qs

from asgiref.sync import sync_to_async

from common.rate_limits import blocked_for, count_hit
from tournament.services.permissions import private_link_known

RATE_LIMITED = 4429


def handshake_token(scope) -> str | None:
    """The ``token`` query value of a websocket handshake, if any."""
    raw = scope.get("query_string", b"").decode("latin-1")
    values = parse_qs(raw).get("token")
    return values[0] if values and values[0] else None


class PrivateLinkHandshakeLimit:
    """ASGI middleware (websocket side) applying the ``private_link`` rate limit."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        token = handshake_token(scope)
        if token is not None:
            client = scope.get("client")
            ident = client[0] if client else "unknown"
            if await sync_to_async(blocked_for)("private_link", ident) is not None:
                message = await receive()
                if message["type"] == "websocket.connect":
                    await send({"type": "websocket.close", "code": RATE_LIMITED})
                return
            if not await sync_to_async(private_link_known)("token", token):
                await sync_to_async(count_hit)("private_link", ident)
        return await self.app(scope, receive, send)
