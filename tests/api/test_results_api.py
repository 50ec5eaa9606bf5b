"""The result flow through the API: entries, reports, confirmations, disputes, corrections."""

import pytest

from common.audit.channels import Channel
from matches.models import ResultVersion, VersionState
from tests.api.conftest import entrant_client, game, user_client

pytestmark = pytest.mark.django_db


def url(event, tail=""):
    return f"/api/v1/matches/{event.match.pk}/results/{tail}"


def test_referee_entry_records_channel_ip_and_agent(event):
    client = user_client(event.referee)
    response = client.post(
        url(event),
        {"report": game(event.match)},
        format="json",
        HTTP_USER_AGENT="desk-tablet/1.0",
        REMOTE_ADDR="10.1.2.3",
    )
    assert response.status_code == 201, response.json()
    data = response.json()
    assert data["kind"] == "entry" and data["state"] == "accepted"
    assert data["by"] == {"user": "ref", "entrant": None} and data["channel"] == "api"
    version = ResultVersion.objects.get(match=event.match)
    assert version.channel == Channel.API
    assert version.ip_address == "10.1.2.3" and version.user_agent == "desk-tablet/1.0"
    entry = event.tournament.audit_entries.get(action="result.entered")
    assert entry.channel == Channel.API and entry.ip_address == "10.1.2.3"
    # A second entry needs a correction.
    again = client.post(url(event), {"report": game(event.match, 1)}, format="json")
    assert again.status_code == 409
    assert "correction" in again.json()["detail"]


def test_engine_refusal_lists_every_problem(event):
    sides = [str(s.entrant_id) for s in event.match.seats.order_by("position")]
    report = {
        "sides": [
            {"side": sides[0], "victory_cup_tokens": 3, "survivors": 9},
            {"side": sides[1], "victory_cup_tokens": -1, "survivors": 0},
        ]
    }
    response = user_client(event.referee).post(url(event), {"report": report}, format="json")
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert errors and all(set(e) == {"side", "field", "message"} for e in errors)
    assert {e["side"] for e in errors} >= {sides[1]}
    assert not ResultVersion.objects.filter(match=event.match).exists()


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"report": "4-3-2-1"},
        {"report": []},
        {"report": {}, "extra": 1},
        [],
        "text",
    ],
)
def test_malformed_bodies_are_field_errors(event, body):
    response = user_client(event.referee).post(url(event), body, format="json")
    assert response.status_code == 400
    data = response.json()
    assert isinstance(data, dict) and data


def test_unknown_field_in_result_body(event):
    response = user_client(event.referee).post(
        url(event), {"report": game(event.match), "note": "hi"}, format="json"
    )
    assert response.json() == {"note": ["Unknown field."]}


def test_self_confirmation_is_refused_by_the_server(event):
    a = event.players[0]
    entrant_client(a).post(url(event), {"report": game(event.match)}, format="json")
    response = entrant_client(a).post(url(event, "1/confirm/"), {}, format="json")
    assert response.status_code == 409
    assert response.json() == {"detail": "a side cannot confirm or dispute its own report"}
    assert not ResultVersion.objects.get(match=event.match).responses.exists()


def test_report_then_everyone_confirms(event):
    a, b, c, d = event.players
    response = entrant_client(a).post(url(event), {"report": game(event.match)}, format="json")
    assert response.json()["kind"] == "report" and response.json()["state"] == "pending"
    for side in (b, c):
        assert entrant_client(side).post(url(event, "1/confirm/"), {}).status_code == 200
    assert entrant_client(b).post(url(event, "1/confirm/"), {}).status_code == 409  # once
    done = entrant_client(d).post(url(event, "1/confirm/"), {}, format="json").json()
    assert done["state"] == "accepted"
    assert [r["decision"] for r in done["responses"]] == ["confirm"] * 3
    assert entrant_client(b).post(url(event, "9/confirm/"), {}).status_code == 404


def test_second_report_conflicts(event):
    a, b, *_ = event.players
    entrant_client(a).post(url(event), {"report": game(event.match)}, format="json")
    response = entrant_client(b).post(url(event), {"report": game(event.match, 1)}, format="json")
    assert response.status_code == 409


def test_dispute_needs_a_reason_and_goes_to_the_referee(event):
    a, b, *_ = event.players
    entrant_client(a).post(url(event), {"report": game(event.match)}, format="json")
    assert entrant_client(b).post(url(event, "1/dispute/"), {}, format="json").json() == {
        "reason": ["This field is required."]
    }
    response = entrant_client(b).post(
        url(event, "1/dispute/"), {"reason": "my cup had 7"}, format="json"
    )
    assert response.status_code == 200
    event.match.refresh_from_db()
    assert event.match.status == "disputed"
    referee = user_client(event.referee)
    assert referee.post(
        url(event, "correct/"), {"report": game(event.match, 2)}, format="json"
    ).json() == {"reason": ["This field is required."]}
    assert (
        "reason"
        in referee.post(
            url(event, "correct/"), {"report": game(event.match, 2), "reason": "  "}, format="json"
        ).json()
    )
    fixed = referee.post(
        url(event, "correct/"),
        {"report": game(event.match, 2), "reason": "cups recounted"},
        format="json",
    )
    assert fixed.status_code == 201
    assert fixed.json()["kind"] == "correction" and fixed.json()["supersedes"] == 1


def test_history_lists_every_version(event, anon):
    referee = user_client(event.referee)
    referee.post(url(event), {"report": game(event.match)}, format="json")
    referee.post(
        url(event, "correct/"), {"report": game(event.match, 3), "reason": "typo"}, format="json"
    )
    history = entrant_client(event.players[2]).get(url(event)).json()["results"]
    assert [(v["number"], v["kind"], v["state"]) for v in history] == [
        (1, "entry", VersionState.SUPERSEDED),
        (2, "correction", VersionState.ACCEPTED),
    ]
    assert history[1]["reason"] == "typo" and history[1]["by"]["user"] == "ref"
    assert history[1]["created_at"] and history[1]["channel"] == "api"
    assert history[1]["placings"] and history[0]["placings"]
    # The public sees the accepted placings on the match, not the history.
    assert anon.get(url(event)).status_code == 401
    seats = anon.get(f"/api/v1/matches/{event.match.pk}/").json()["seats"]
    accepted = {p["side"]: p["place"] for p in history[1]["placings"]}
    assert {s["side"]: s["place"] for s in seats} == accepted


def test_a_new_version_answer_is_the_version_as_stored(event):
    referee = user_client(event.referee)
    entered = referee.post(url(event), {"report": game(event.match)}, format="json").json()
    corrected = referee.post(
        url(event, "correct/"), {"report": game(event.match, 3), "reason": "typo"}, format="json"
    ).json()
    history = referee.get(url(event)).json()["results"]
    entered["state"] = VersionState.SUPERSEDED  # as the correction left it
    entered["decided_at"] = history[0]["decided_at"]
    assert history == [entered, corrected]


def test_a_correction_reads_each_thing_once(event, django_assert_max_num_queries):
    """The busiest write of an event: a bounded number of statements, however many versions."""
    referee = user_client(event.referee)
    referee.post(url(event), {"report": game(event.match)}, format="json")
    for attempt in range(3):
        referee.post(
            url(event, "correct/"),
            {"report": game(event.match, attempt), "reason": "recount"},
            format="json",
        )
    body = {"report": game(event.match, 5), "reason": "last"}
    # token, match (with the referee's staff role), match locked (its round and tournament held
    # by the same statement), seats, versions, superseded, new version, seats (one statement),
    # the entrants' running totals (their rows locked on PostgreSQL, their seats read - there
    # between the planner setting and its reset -, one upsert), audit entry; savepoint and release
    with django_assert_max_num_queries(16):
        response = referee.post(url(event, "correct/"), body, format="json")
    assert response.status_code == 201


@pytest.mark.parametrize("huge", [1e308, 2**64])
def test_a_huge_count_is_refused_with_side_and_field_and_standings_stay_up(event, anon, huge):
    """Issue 12.2: 1e308 cup tokens were stored; two corrections later the public standings
    answered 500 (OverflowError) for everyone."""
    report = game(event.match)
    report["sides"][0]["victory_cup_tokens"] = huge
    response = user_client(event.referee).post(url(event), {"report": report}, format="json")
    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert error["side"] == report["sides"][0]["side"]
    assert error["field"] == "victory_cup_tokens" and "at most 90" in error["message"]
    assert not ResultVersion.objects.filter(match=event.match).exists()
    assert anon.get("/api/v1/tournaments/spring-cup/standings/").status_code == 200
