"""Issue 40.1: the receiver's check in docs/webhooks.md is run as written, on a real delivery
to the local receiver (and refuses a changed body, another secret and an old timestamp)."""

import re
import time
from pathlib import Path

import pytest

from common.audit.actor import Actor
from notifications.services import webhook_events
from notifications.services.webhooks import create_endpoint
from tests.factories import TournamentFactory

pytestmark = pytest.mark.django_db

DOC = Path(__file__).resolve().parents[2] / "docs" / "webhooks.md"


def documented_verify():
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(), flags=re.S)
    (block,) = [b for b in blocks if "def verify(" in b]
    namespace: dict = {}
    exec(compile(block, str(DOC), "exec"), namespace)  # noqa: S102 - the documentation's code
    return namespace["verify"]


def test_the_documented_check_verifies_a_real_delivery(
    webhooks_on, receiver, django_capture_on_commit_callbacks
):
    verify = documented_verify()
    tournament = TournamentFactory()
    endpoint, secret = create_endpoint(
        tournament,
        url=receiver.url("docs"),
        kind="standard",
        events=["round.published"],
        actor=Actor(user=tournament.organiser),
    )
    with django_capture_on_commit_callbacks(execute=True):
        webhook_events.send_test(endpoint)
    (request,) = receiver.to("docs")
    assert verify(secret, request.headers, request.body)
    assert not verify(secret, request.headers, request.body.replace(b"true", b"false"))
    _, other = create_endpoint(
        tournament,
        url=receiver.url("other"),
        kind="standard",
        events=["round.published"],
        actor=Actor(user=tournament.organiser),
    )
    assert not verify(other, request.headers, request.body)
    stale = {**request.headers, "webhook-timestamp": str(int(time.time()) - 3600)}
    assert not verify(secret, stale, request.body)
