"""Polling fallback: the websocket message formats, with the sockets' rights."""

import pytest

from common.audit.actor import Actor
from common.live.push_messages import result_accepted as result_payload
from matches.services.disputes import dispute
from matches.services.results import enter_result, submit_report
from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tournament.services import clock
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = pytest.mark.django_db


def report(match, cups):
    return {
        "ended_by": "time",
        "sides": [
            {"side": str(s.entrant_id), "victory_cup_tokens": c, "survivors": 1}
            for s, c in zip(match.seats.order_by("position"), cups, strict=True)
        ],
    }


@pytest.fixture
def event():
    tournament = TournamentFactory(slug="lj-cup")
    EntrantFactory.create_batch(6, tournament=tournament)
    return tournament


def without_time(message):
    return {k: v for k, v in message.items() if k != "server_time_ms"}


def test_round_live_json_holds_the_clock_then_each_accepted_result(client, event):
    round_ = generate_swiss_round(event, seed=2)
    assert client.get("/events/lj-cup/rounds/1/live.json").status_code == 404  # a draft
    round_ = publish_round(round_)
    clock.start(round_)
    match = round_.matches.order_by("table_number").first()
    enter_result(match, report(match, [6, 5, 1][: match.seats.count()]), Actor())
    response = client.get("/events/lj-cup/rounds/1/live.json")
    assert response.status_code == 200
    messages = response.json()["messages"]
    assert messages[0]["type"] == "clock" and messages[0]["state"] == "running"
    assert set(messages[0]) == set(clock.clock_payload(round_))
    accepted = [m for m in messages if m["type"] == "result.accepted"]
    assert len(accepted) == 1
    match.refresh_from_db()
    assert without_time(accepted[0]) == without_time(result_payload(match))


def test_round_live_json_says_which_tables_wait_and_for_whom(client, event):
    round_ = publish_round(generate_swiss_round(event, seed=2))
    first, second = round_.matches.order_by("table_number")[:2]
    first_seats = [seat.entrant for seat in first.seats.order_by("position")]
    reported = submit_report(
        first, report(first, [6, 5, 1][: first.seats.count()]), Actor(entrant=first_seats[0])
    )
    second_seats = [seat.entrant for seat in second.seats.order_by("position")]
    disputed = submit_report(
        second, report(second, [6, 5, 1][: second.seats.count()]), Actor(entrant=second_seats[0])
    )
    dispute(disputed, Actor(entrant=second_seats[1]), "the cup count is wrong")
    messages = client.get("/events/lj-cup/rounds/1/live.json").json()["messages"]
    tables = {m["match"]: m for m in messages if m["type"] != "clock"}
    assert tables.keys() == {first.pk, second.pk}  # the other tables are open: nothing
    assert tables[first.pk]["type"] == "result.reported"
    assert tables[first.pk]["status"] == "reported"
    assert tables[first.pk]["label"] == "Reported, waiting for confirmation"
    assert tables[first.pk]["version"] == reported.number
    assert tables[second.pk]["type"] == "result.disputed"
    assert tables[second.pk]["label"] == "Disputed"
    assert tables[second.pk]["table"] == second.table_number


def test_tournament_live_json_reports_news_after_the_given_time(
    client, event, django_capture_on_commit_callbacks
):
    # the news is stamped once a change commits (here: when the test's callbacks run)
    with django_capture_on_commit_callbacks(execute=True):
        round_ = publish_round(generate_swiss_round(event, seed=2))
    data = client.get("/events/lj-cup/live.json").json()
    assert [m["type"] for m in data["messages"]] == ["round.published"]
    assert data["messages"][0]["round"] == round_.pk
    match = round_.matches.first()
    with django_capture_on_commit_callbacks(execute=True):
        enter_result(match, report(match, [6, 5, 1][: match.seats.count()]), Actor())
    data = client.get("/events/lj-cup/live.json").json()
    changed = [m for m in data["messages"] if m["type"] == "standings.changed"]
    assert changed == [
        {
            "type": "standings.changed",
            "tournament": event.pk,
            "round": round_.pk,
            "match": match.pk,
            "server_time_ms": changed[0]["server_time_ms"],
        }
    ]
    later = changed[0]["server_time_ms"] + 1000
    assert client.get(f"/events/lj-cup/live.json?after={later}").json() == {"messages": []}


def test_private_event_live_json_needs_staff_or_an_entrant_token(client):
    tournament = TournamentFactory(slug="lj-private", is_public=False)
    entrants = EntrantFactory.create_batch(4, tournament=tournament)
    publish_round(generate_swiss_round(tournament, seed=1))
    for url in ("/events/lj-private/live.json", "/events/lj-private/rounds/1/live.json"):
        assert client.get(url).status_code == 404
        assert client.get(f"{url}?token={entrants[0].access_token}").status_code == 200
        stranger = EntrantFactory()  # an entrant of another event
        assert client.get(f"{url}?token={stranger.access_token}").status_code == 404
    client.force_login(tournament.organiser)
    assert client.get("/events/lj-private/rounds/1/live.json").status_code == 200
    client.force_login(UserFactory(username="nobody-here"))
    assert client.get("/events/lj-private/rounds/1/live.json").status_code == 404


def test_staff_see_a_draft_rounds_live_json(client, event):
    generate_swiss_round(event, seed=2)
    assert client.get("/events/lj-cup/rounds/1/live.json").status_code == 404
    client.force_login(event.organiser)
    assert client.get("/events/lj-cup/rounds/1/live.json").status_code == 200


def test_match_live_json_before_and_after_a_result(client, event):
    round_ = publish_round(generate_swiss_round(event, seed=2))
    match = round_.matches.first()
    data = client.get(f"/events/lj-cup/matches/{match.pk}/live.json").json()
    assert [m["type"] for m in data["messages"]] == ["live.state", "result.state"]
    assert data["messages"][0]["game"] is None
    assert data["messages"][1]["mark"] == "open.0.0"
    enter_result(match, report(match, [6, 5, 1][: match.seats.count()]), Actor())
    data = client.get(f"/events/lj-cup/matches/{match.pk}/live.json").json()
    assert [m["type"] for m in data["messages"]] == [
        "live.state",
        "result.state",
        "result.accepted",
    ]
    assert data["messages"][1]["mark"] == "accepted.1.0"


def test_round_live_json_queries_do_not_grow(client, django_assert_max_num_queries):
    for slug, size in (("lj-small", 4), ("lj-large", 40)):
        tournament = TournamentFactory(slug=slug)
        EntrantFactory.create_batch(size, tournament=tournament)
        round_ = publish_round(generate_swiss_round(tournament, seed=3))
        for match in round_.matches.filter(is_bye=False):
            enter_result(match, report(match, list(range(match.seats.count()))), Actor())
        with django_assert_max_num_queries(4):
            assert client.get(f"/events/{slug}/rounds/1/live.json").status_code == 200
