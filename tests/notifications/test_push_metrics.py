"""Web Push sends counted for Prometheus: delivered, gone and failed, as the sends went."""

import pytest

from common.audit.actor import Actor
from notifications.services.subscriptions import subscribe_entrant
from tests.notifications.test_delivery import event_of, publish, subscribe, subscription_of
from tests.operations.conftest import metrics_token, sample, scrape  # noqa: F401 - fixture

pytestmark = pytest.mark.django_db


def test_each_send_is_counted_by_how_it_went(
    metrics_token,  # noqa: F811
    push_on,
    push_service,
    django_capture_on_commit_callbacks,
):
    tournament, entrants = event_of(4)
    subscribe(push_service, entrants[0], "kept")
    subscribe(push_service, entrants[1], "dropped", answer=410)
    dead = push_service.device("dead")
    dead.endpoint = "http://127.0.0.1:9/push/dead"  # the discard port: nobody listens
    subscribe_entrant(entrants[2], subscription_of(dead), Actor(entrant=entrants[2]))
    before = scrape()
    publish(tournament, django_capture_on_commit_callbacks)
    after = scrape()
    grew = {
        outcome: sample(after, "eye_web_pushes_total", outcome=outcome)
        - sample(before, "eye_web_pushes_total", outcome=outcome)
        for outcome in ("delivered", "gone", "failed")
    }
    assert grew == {"delivered": 1, "gone": 1, "failed": 1}
