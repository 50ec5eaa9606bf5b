"""Requests reuse their worker threads (``config.request_threads``) and still get one thread each.

A thread is borrowed for the whole of a request (its signals, middleware and view), given back
afterwards, and reused by a later request; a thread still running an abandoned view is never
handed to another request.
"""

import asyncio
import gc
import itertools
import threading
import time

import pytest
from asgiref.sync import async_to_sync
from channels.testing import HttpCommunicator
from django.core import signals
from django.db import connection
from django.http import JsonResponse
from django.urls import path

import config.asgi
from common.live.realtime import server_loop
from config.asgi_http import SyncStackASGIHandler
from config.request_threads import RequestThread, RequestThreads

pytestmark = pytest.mark.django_db(transaction=True)


_seen = threading.local()  # empty in a thread no request ran in yet
_numbers = itertools.count(1)


def whoami(request):
    """Which thread served the request (a number given to each new thread; thread ids can be
    reused by the system once a thread ends, these cannot), after a database query."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    if not hasattr(_seen, "number"):
        _seen.number = next(_numbers)
    return JsonResponse({"thread": _seen.number})


_running = {"now": 0, "most": 0}
_running_lock = threading.Lock()


def slow(request):
    """A view that stays a moment, counting how many requests run it at the same time."""
    with _running_lock:
        _running["now"] += 1
        _running["most"] = max(_running["most"], _running["now"])
    time.sleep(0.05)
    with _running_lock:
        _running["now"] -= 1
    return JsonResponse({})


def very_slow(request):
    """A view that runs long (an import, a recompute)."""
    time.sleep(1.0)
    return JsonResponse({"view": "very slow"})


def quick(request):
    return JsonResponse({"view": "quick"})


urlpatterns = [
    path("whoami/", whoami),
    path("slow/", slow),
    path("very-slow/", very_slow),
    path("quick/", quick),
]


def thread_of_request():
    communicator = HttpCommunicator(
        config.asgi.application, "GET", "/whoami/", headers=[(b"host", b"127.0.0.1")]
    )
    response = async_to_sync(communicator.get_response)(timeout=10)
    assert response["status"] == 200
    return response["body"]


def test_sequential_requests_share_one_kept_thread(settings):
    settings.ROOT_URLCONF = __name__
    first = thread_of_request()
    assert thread_of_request() == first
    assert thread_of_request() == first


def test_a_borrowed_thread_runs_one_request_at_a_time():
    threads = RequestThreads(keep_idle=4)
    one, two = threads.borrow(), threads.borrow()
    assert one is not two  # both busy at once: two threads
    threads.give_back(one)
    assert threads.borrow() is one


def test_a_thread_still_working_is_not_kept():
    threads = RequestThreads(keep_idle=4)
    thread = threads.borrow()
    release = threading.Event()
    thread.submit(release.wait, 5)  # a view that runs on after its client went away
    threads.give_back(thread)
    assert threads.idle == 0
    assert threads.borrow() is not thread
    release.set()


def test_only_so_many_idle_threads_are_kept():
    threads = RequestThreads(keep_idle=2)
    borrowed = [threads.borrow() for _ in range(5)]
    for thread in borrowed:
        threads.give_back(thread)
    assert threads.idle == 2
    # the ones not kept were shut down: they take no more work
    with pytest.raises(RuntimeError):
        borrowed[-1].submit(time.sleep, 0)


def test_a_thread_knows_when_its_work_is_done():
    thread = RequestThread()
    assert not thread.busy
    thread.submit(time.sleep, 0).result(5)
    assert not thread.busy
    thread.shutdown()


def test_only_so_many_requests_run_their_view_at_once(settings):
    settings.ROOT_URLCONF = __name__
    settings.ASGI_THREADS = 2
    handler = SyncStackASGIHandler()
    _running.update(now=0, most=0)

    async def many():
        communicators = [
            HttpCommunicator(handler, "GET", "/slow/", headers=[(b"host", b"127.0.0.1")])
            for _ in range(6)
        ]
        return await asyncio.gather(*(c.get_response(timeout=10) for c in communicators))

    responses = async_to_sync(many)()
    assert [r["status"] for r in responses] == [200] * 6
    assert _running["most"] == 2


def test_the_request_signals_run_once_in_the_views_own_thread(settings):
    """request_started, the view and request_finished: one thread, one crossing to it."""
    settings.ROOT_URLCONF = __name__
    seen = []

    def started(**kwargs):
        seen.append(("started", threading.get_ident()))

    def finished(**kwargs):
        seen.append(("finished", threading.get_ident()))

    signals.request_started.connect(started)
    signals.request_finished.connect(finished)
    try:
        communicator = HttpCommunicator(
            SyncStackASGIHandler(), "GET", "/whoami/", headers=[(b"host", b"127.0.0.1")]
        )
        response = async_to_sync(communicator.get_response)(timeout=10)
    finally:
        signals.request_started.disconnect(started)
        signals.request_finished.disconnect(finished)
    assert response["status"] == 200
    assert [name for name, _ in seen] == ["started", "finished"]
    assert seen[0][1] == seen[1][1] != threading.get_ident()


def test_a_slow_view_gives_its_turn_to_the_requests_behind_it(settings):
    settings.ROOT_URLCONF = __name__
    settings.ASGI_THREADS = 1
    handler = SyncStackASGIHandler()
    finished = []

    async def call(path):
        communicator = HttpCommunicator(handler, "GET", path, headers=[(b"host", b"127.0.0.1")])
        response = await communicator.get_response(timeout=10)
        finished.append((path, response["status"]))

    async def both():
        slow_one = asyncio.ensure_future(call("/very-slow/"))
        await asyncio.sleep(0.05)  # the slow view holds the only turn now
        await call("/quick/")
        assert finished == [("/quick/", 200)]  # it did not wait for the slow view's second
        await slow_one

    async_to_sync(both)()
    assert finished == [("/quick/", 200), ("/very-slow/", 200)]


def test_a_quick_view_keeps_its_turn_to_the_end():
    threads = RequestThreads(at_once=1, slow_after=5)
    order = []

    async def work(name, seconds):
        order.append(f"{name} starts")
        await asyncio.sleep(seconds)
        order.append(f"{name} ends")

    async def both():
        await asyncio.gather(threads.in_turn(work("one", 0.1)), threads.in_turn(work("two", 0)))

    asyncio.run(both())
    assert order == ["one starts", "one ends", "two starts", "two ends"]


def test_the_loaded_application_is_kept_out_of_the_collectors_full_passes():
    assert config.asgi.application is not None  # loading it froze what it loaded
    assert gc.get_freeze_count() > 10_000


def test_a_request_leaves_no_server_loop_mark_behind(settings):
    settings.ROOT_URLCONF = __name__
    handler = SyncStackASGIHandler()
    scope = {
        "type": "http",
        "method": "GET",
        "path": "/whoami/",
        "query_string": b"",
        "headers": [(b"host", b"127.0.0.1")],
    }
    sent, asked = [], []

    async def receive():
        asked.append(1)
        if len(asked) == 1:
            return {"type": "http.request", "body": b""}
        await asyncio.Event().wait()  # the client stays connected

    async def send(message):
        sent.append(message)

    # called straight through async_to_sync, whose context changes come back to this thread
    async_to_sync(handler)(scope, receive, send)
    assert sent[0]["status"] == 200
    assert server_loop.get() is None
