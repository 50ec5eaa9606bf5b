"""``/metrics``: hidden without the token, and counting what the doors and services do."""

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.test import Client

from tests.api.conftest import event, game, user_client  # noqa: F401 - event is a fixture
from tests.operations.conftest import TOKEN, sample, scrape
from tests.realtime.conftest import communicator
from tournament.jobs import request_swiss_round
from tournament.services.rounds import complete_round


def test_metrics_is_a_404_without_its_token(settings):
    settings.METRICS_TOKEN = ""
    assert Client().get("/metrics").status_code == 404
    assert Client().get("/metrics", HTTP_AUTHORIZATION=f"Bearer {TOKEN}").status_code == 404
    settings.METRICS_TOKEN = TOKEN
    assert Client().get("/metrics").status_code == 404
    assert Client().get("/metrics", HTTP_AUTHORIZATION="Bearer " + "x" * 40).status_code == 404
    assert Client().get("/metrics", HTTP_AUTHORIZATION=f"Token {TOKEN}").status_code == 404
    assert Client().get("/metrics", HTTP_AUTHORIZATION=f"Bearer {TOKEN}").status_code == 200


@pytest.mark.django_db
def test_a_request_and_a_result_show_in_the_counters(
    metrics_token,
    event,  # noqa: F811
    django_capture_on_commit_callbacks,
):
    before = scrape()
    page = Client().get(f"/events/{event.tournament.slug}/standings/")
    assert page.status_code == 200
    route = page.resolver_match.view_name
    missing = Client().get("/no-such-page/at/all/")
    assert missing.status_code == 404
    with django_capture_on_commit_callbacks(execute=True):
        posted = user_client(event.referee).post(
            f"/api/v1/matches/{event.match.pk}/results/",
            {"report": game(event.match)},
            format="json",
        )
    assert posted.status_code == 201
    after = scrape()

    def grew(name, **labels):
        return sample(after, name, **labels) - sample(before, name, **labels)

    assert grew("eye_http_requests_total", route=route, method="GET", status="200") == 1
    assert grew("eye_http_request_duration_seconds_count", route=route) == 1
    assert grew("eye_http_requests_total", route="<unresolved>", method="GET", status="404") == 1
    assert not any("no-such-page" in str(key) for key in after)  # never the raw address
    assert not any(event.tournament.slug in str(key) for key in after)
    assert grew("eye_results_submitted_total", kind="entry", channel="api") == 1
    assert grew("eye_live_pushes_total", outcome="sent") >= 1  # the result's live pushes


@pytest.mark.django_db
def test_a_result_rolled_back_is_not_counted(metrics_token, event):  # noqa: F811
    before = scrape()
    # no commit in this test's transaction: the result's on-commit count never runs
    posted = user_client(event.referee).post(
        f"/api/v1/matches/{event.match.pk}/results/", {"report": game(event.match)}, format="json"
    )
    assert posted.status_code == 201
    assert sample(scrape(), "eye_results_submitted_total", kind="entry", channel="api") == sample(
        before, "eye_results_submitted_total", kind="entry", channel="api"
    )


@pytest.mark.django_db
def test_rate_limit_refusals_are_counted_by_scope(metrics_token, event, settings):  # noqa: F811
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "results": "1/1m"}
    before = sample(scrape(), "eye_rate_limit_refusals_total", scope="results")
    client = user_client(event.referee)
    url = f"/api/v1/matches/{event.match.pk}/results/"
    answers = [client.post(url, {"report": game(event.match)}, format="json") for _ in range(3)]
    assert [a.status_code for a in answers].count(429) == 2
    assert sample(scrape(), "eye_rate_limit_refusals_total", scope="results") == before + 2


@pytest.mark.django_db
def test_jobs_queued_and_their_durations(
    metrics_token,
    event,  # noqa: F811
    django_capture_on_commit_callbacks,
):
    for match in event.round.matches.all():
        user_client(event.referee).post(
            f"/api/v1/matches/{match.pk}/results/", {"report": game(match)}, format="json"
        )
    complete_round(event.round)
    before = scrape()
    with django_capture_on_commit_callbacks(execute=True):
        job, created = request_swiss_round(event.tournament)
    assert created
    job.refresh_from_db()
    assert job.status == "done"
    after = scrape()
    labels = {"kind": "swiss_round"}
    assert sample(after, "eye_jobs_queued_total", outcome="sent", **labels) == (
        sample(before, "eye_jobs_queued_total", outcome="sent", **labels) + 1
    )
    count = "eye_job_duration_seconds_count"
    assert sample(after, count, status="done", **labels) == (
        sample(before, count, status="done", **labels) + 1
    )


@pytest.mark.django_db(transaction=True)
def test_open_websockets_go_up_and_down(metrics_token, event):  # noqa: F811
    path = f"/ws/tournaments/{event.tournament.pk}/"
    name = "eye_websockets_open"
    labels = {"consumer": "TournamentConsumer"}
    before = sample(scrape(), name, **labels)

    async def scenario():
        comm = communicator(path)
        connected, _ = await comm.connect(timeout=3)
        assert connected
        opened = sample(await sync_to_async(scrape)(), name, **labels)
        await comm.disconnect()
        return opened

    assert async_to_sync(scenario)() == before + 1
    assert sample(scrape(), name, **labels) == before
