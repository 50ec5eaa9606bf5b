"""Django's ASGI handler with the middleware and the views run synchronously, in one thread hop.

Every view of this project is synchronous (Django forms, DRF), and so is part of the middleware
(WhiteNoise, our security middleware). Under Django's own ASGI handler the middleware chain is
built for async mode, so a request crossed between the event loop and its worker thread once
for every middleware method and again for the view: about a dozen crossings per request, a
quarter of the CPU time of a result submission under load. Here the chain is built in sync
mode, as under WSGI, and the whole of it runs in the request's worker thread. So do the
``request_started`` signal before it and, for a response that is not streamed, the response's
``close()`` (``request_finished``: the database connection goes back to the pool) after it,
which Django's handler runs as two more crossings of their own: one crossing in, one out per
request. Reading the body and sending the response stay asynchronous, as ASGI servers expect;
a streamed response is closed after its last chunk is sent, as Django does. Each request's
thread is borrowed from ``config.request_threads`` and given back afterwards, instead of a new
thread being started for every request.

A sync view cannot be stopped once it runs, so the client going away is not watched for
while it does (Django's handler does, to cancel async views): the view finishes, its database
work commits or rolls back as it would, and the response is sent to nobody.

The body is counted while it arrives: Django's handler spools any body to disk before a
middleware sees it, and a body sent in chunks has no ``Content-Length`` for the size check to
read. Here a body that passes ``REQUEST_MAX_BODY_BYTES`` stops being read and is answered 413 at
once, and a chunked body that fits gets its real length as ``CONTENT_LENGTH``, so the limits of
``config.security`` and Django's ``DATA_UPLOAD_MAX_MEMORY_SIZE`` apply to it as to any other.
"""

import asyncio
import tempfile

from asgiref.sync import ThreadSensitiveContext, sync_to_async
from django.conf import settings
from django.core import signals
from django.core.exceptions import RequestAborted
from django.core.handlers.asgi import ASGIHandler, get_script_prefix
from django.http import FileResponse, HttpResponseBase
from django.urls import set_script_prefix

from common.live.realtime import server_loop
from config.request_checks import body_too_large
from config.request_threads import RequestThread, RequestThreads

#: methods that only read: a request with another one changes something and goes first
READING_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def is_urgent(scope) -> bool:
    """Whether a request goes before the page loads waiting with it: one that changes something
    (a result, an organiser's action), or an API client's with its token (the organiser's
    console following the pairing job). A page load waits its turn in arrival order."""
    if scope.get("method", "GET") not in READING_METHODS:
        return True
    return any(name == b"authorization" for name, _ in scope.get("headers", ()))


class BodyTooLarge(Exception):
    """The request body passed ``REQUEST_MAX_BODY_BYTES`` while it was being read."""


class SyncStackASGIHandler(ASGIHandler):
    """``ASGIHandler`` whose middleware chain and views run in sync mode in one worker thread."""

    def __init__(self):
        super().__init__()
        self.threads = RequestThreads(
            at_once=settings.ASGI_THREADS, most=getattr(settings, "ASGI_MAX_VIEWS", None)
        )

    def load_middleware(self, is_async=False):
        super().load_middleware(is_async=False)

    async def __call__(self, scope, receive, send):
        """Serve one HTTP request, its synchronous work in a borrowed thread (see above)."""
        if scope["type"] != "http":
            raise ValueError(f"this handler serves HTTP only, not {scope['type']}")
        # pushes from the request go back to this loop (and the mark goes with the request:
        # a caller through async_to_sync, such as a test, would otherwise inherit it)
        loop_mark = server_loop.set(asyncio.get_running_loop())
        thread = self.threads.borrow()
        try:
            async with ThreadSensitiveContext(executor=thread):
                await self.handle(scope, receive, send, thread)
        finally:
            self.threads.give_back(thread)
            server_loop.reset(loop_mark)

    async def handle(self, scope, receive, send, thread: RequestThread | None = None):
        """Read the body, serve the request in ``thread`` (in its turn, which the CPU the
        thread uses ends), send the response."""
        try:
            body_file = await self.read_body(receive)
        except RequestAborted:
            return
        except BodyTooLarge:
            await self.send_response(body_too_large(scope.get("path", "")), send)
            return
        try:
            set_script_prefix(get_script_prefix(scope))
            serve = sync_to_async(self.serve_in_thread, thread_sensitive=True)
            response = await self.threads.in_turn(
                serve(scope, body_file),
                urgent=is_urgent(scope),
                cpu_seconds=thread.cpu_seconds if thread is not None else None,
            )
            try:
                await self.send_response(response, send)
            finally:
                if response.streaming:
                    await sync_to_async(response.close, thread_sensitive=True)()
        finally:
            body_file.close()

    def serve_in_thread(self, scope, body_file) -> HttpResponseBase:
        """The request's synchronous part, in its thread: ``request_started``, the request, the
        middleware and the view; a response that is not streamed is closed here as well."""
        signals.request_started.send(sender=self.__class__, scope=scope)
        request, response = self.create_request(scope, body_file)
        if request is not None:
            response = self.get_response(request)
        response._handler_class = self.__class__
        if isinstance(response, FileResponse):
            response.block_size = self.chunk_size  # the ASGI server does the chunking
        if not response.streaming:
            response.close()  # request_finished, from the request's own thread
        return response

    async def read_body(self, receive):
        """The body, read chunk by chunk; ``BodyTooLarge`` as soon as it passes the limit."""
        limit = getattr(settings, "REQUEST_MAX_BODY_BYTES", None)
        body_file = tempfile.SpooledTemporaryFile(  # noqa: SIM115 - the request closes it
            max_size=settings.FILE_UPLOAD_MAX_MEMORY_SIZE, mode="w+b"
        )
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                body_file.close()
                raise RequestAborted()
            chunk = message.get("body", b"")
            size += len(chunk)
            if limit and size > limit:
                body_file.close()
                raise BodyTooLarge()
            body_file.write(chunk)
            if not message.get("more_body", False):
                break
        body_file.seek(0)
        return body_file

    def create_request(self, scope, body_file):
        request, error_response = super().create_request(scope, body_file)
        if request is not None and "CONTENT_LENGTH" not in request.META:
            size = body_file.seek(0, 2)
            body_file.seek(0)
            if size:
                request.META["CONTENT_LENGTH"] = str(size)
        return request, error_response


def get_sync_stack_asgi_application() -> SyncStackASGIHandler:
    """Set Django up and return the HTTP handler (as ``django.core.asgi`` does for its own)."""
    import django

    django.setup(set_prefix=False)
    return SyncStackASGIHandler()
