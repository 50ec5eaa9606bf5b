"""Django's ASGI handler with the middleware and the views run synchronously, in one thread hop.

Every view of this project is synchronous (Django forms, DRF), and so is part of the middleware
(WhiteNoise, our security middleware). Under Django's own ASGI handler the middleware chain is
built for async mode, so a request crossed between the event loop and its worker thread once
for every middleware method and again for the view: about a dozen crossings per request, a
quarter of the CPU time of a result submission under load. Here the chain is built in sync
mode, as under WSGI, and the whole of it runs in the request's worker thread: one crossing in,
one out. Reading the body and sending the response stay asynchronous, as ASGI servers expect.
"""

from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIHandler


class SyncStackASGIHandler(ASGIHandler):
    """``ASGIHandler`` whose middleware chain and views run in sync mode in one worker thread."""

    def load_middleware(self, is_async=False):
        super().load_middleware(is_async=False)

    async def get_response_async(self, request):
        return await sync_to_async(self.get_response, thread_sensitive=True)(request)


def get_sync_stack_asgi_application() -> SyncStackASGIHandler:
    """Set Django up and return the HTTP handler (as ``django.core.asgi`` does for its own)."""
    import django

    django.setup(set_prefix=False)
    return SyncStackASGIHandler()
