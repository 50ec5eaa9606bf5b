"""Redis down: results are still entered and saved over HTTP; only the live push is lost (logged).

``REDIS_URL`` points at a closed port: the channel layer and the cache both fail on every call.
The first test runs the pages and the API in this process with the Redis layer and cache
configured; the second runs a real daphne process started with that ``REDIS_URL``.
"""

import json
import logging
import random
import socket
import urllib.error
import urllib.request

import pytest
from django.test import override_settings

from accounts.tokens import issue as issue_token
from common.audit.actor import Actor
from matches.models import ResultVersion, VersionState
from matches.services.results import enter_result
from tests.api.conftest import game, user_client
from tests.factories import verify_email
from tests.realtime.conftest import event as live_event  # noqa: F401 - fixture
from tournament.logic.simulated_games import random_battle


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]  # closed again when the block ends


def dead_redis_settings():
    url = f"redis://127.0.0.1:{closed_port()}/0"
    return url, {
        "CHANNEL_LAYERS": {
            "default": {
                "BACKEND": "channels_redis.core.RedisChannelLayer",
                "CONFIG": {"hosts": [url]},
            }
        },
        "CACHES": {
            "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url}
        },
    }


@pytest.fixture
def event(db):
    from tests.api.conftest import event as api_event

    return api_event.__wrapped__(db)


@pytest.mark.django_db
def test_result_entry_works_and_saves_with_redis_down(
    event, client, caplog, django_capture_on_commit_callbacks
):
    _, overrides = dead_redis_settings()
    with (
        override_settings(**overrides),
        caplog.at_level(logging.WARNING),
        django_capture_on_commit_callbacks(execute=True),
    ):
        referee = user_client(event.referee)
        response = referee.post(
            f"/api/v1/matches/{event.match.pk}/results/",
            {"report": game(event.match)},
            format="json",
        )
        assert response.status_code == 201, response.content
        # The players' page, too: a report from a side of the other table.
        player = event.others[0]
        seats = list(event.other_match.seats.order_by("position"))
        data = {"action": "report", "match": event.other_match.pk, "g-ended_by": "time"}
        for seat, (cups, alive) in zip(seats, [(12, 1), (5, 0), (10, 1), (3, 0)], strict=False):
            data[f"s{seat.position}-victory_cup_tokens"] = cups
            data[f"s{seat.position}-survivors"] = alive
        page = client.post(f"/me/{player.access_token}/", data)
        assert page.status_code == 302, page.content.decode()[-2000:]
    assert ResultVersion.objects.filter(
        match=event.other_match, state=VersionState.PENDING
    ).exists()
    assert ResultVersion.objects.filter(match=event.match, state=VersionState.ACCEPTED).count() == 1
    assert any("live push" in r.getMessage() and "failed" in r.getMessage() for r in caplog.records)


@pytest.mark.django_db(transaction=True)
def test_a_daphne_process_with_redis_down_still_saves_results(live_event, servers):  # noqa: F811
    url, _ = dead_redis_settings()
    servers.env["REDIS_URL"] = url
    _, port = servers.daphne()
    match = live_event["match"]
    token = issue_token(verify_email(live_event["referee"]), "tests")
    sides = [(str(s.entrant_id), 1) for s in match.seats.all()]
    body = json.dumps({"report": random_battle("every_eye", sides, random.Random(5))}).encode()
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/v1/matches/{match.pk}/results/",
        data=body,
        headers={"Content-Type": "application/json", "Authorization": f"Token {token.key}"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            status = response.status
    except urllib.error.HTTPError as exc:
        status = exc.code
    assert status == 201
    assert ResultVersion.objects.filter(match=match, state=VersionState.ACCEPTED).count() == 1


@pytest.mark.django_db
def test_standings_answer_from_the_database_while_the_cache_is_down(event, client, caplog):
    """Issue 12.12: ``cache.get`` raised in the standings service and every standings read
    answered 500 while Redis was down; docs/operations.md promises the pages keep working."""
    enter_result(event.match, game(event.match), Actor(user=event.referee))
    _, overrides = dead_redis_settings()
    overrides["CACHES"]["default"]["BACKEND"] = "config.redis_cache.SharedPoolRedisCache"
    with override_settings(**overrides), caplog.at_level(logging.WARNING):
        api = client.get("/api/v1/tournaments/spring-cup/standings/")
        assert api.status_code == 200, api.content[:500]
        assert max(row["points"] for row in api.json()) == 4
        assert client.get("/api/v1/tournaments/spring-cup/standings.csv").status_code == 200
        page = client.get("/events/spring-cup/standings/")
        assert page.status_code == 200
        assert event.players[0].display_name in page.content.decode()
    assert any("cache unavailable" in r.getMessage() for r in caplog.records)
