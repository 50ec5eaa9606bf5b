"""The referee desk's live list and keyboard flow: next open table, autofocus, save and next."""

import pytest

from matches.models import MatchStatus
from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tournament.models import StaffRole
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_tables(client):
    referee = UserFactory(username="desk-ref")
    tournament = TournamentFactory(slug="flow-cup")
    StaffRole.objects.create(tournament=tournament, user=referee, role="referee")
    EntrantFactory.create_batch(8, tournament=tournament)
    round_ = publish_round(generate_swiss_round(tournament, seed=2))
    client.force_login(referee)
    return round_, list(round_.matches.order_by("table_number"))


def result(match):
    data = {"g-ended_by": "time"}
    for rank, seat in enumerate(match.seats.order_by("position")):
        # the knocked-out characters' tokens must all be in some cup (at least 15 each)
        data[f"s{seat.position}-victory_cup_tokens"] = 20 - 2 * rank
        data[f"s{seat.position}-survivors"] = 1 if rank == 0 else 0
    return data


def test_desk_is_live_and_offers_the_next_open_table(client, two_tables):
    round_, (first, second) = two_tables
    page = client.get("/events/flow-cup/desk/").content.decode()
    assert f'data-live-ws="/ws/rounds/{round_.pk}/"' in page
    assert "/events/flow-cup/manage/rounds/1/live.json" in page
    assert f'data-live-match="{first.pk}"' in page
    assert 'accesskey="n"' in page and "Next open table: 1" in page


def test_result_form_has_focus_and_save_and_next_goes_on(client, two_tables):
    _, (first, second) = two_tables
    url = f"/events/flow-cup/desk/matches/{first.pk}/"
    response = client.get(url)
    page = response.content.decode()
    assert page.count("autofocus") == 1
    assert "Save and go to table 2" in page
    response = client.post(url, result(first) | {"then": "next"})
    assert response["Location"] == f"/events/flow-cup/desk/matches/{second.pk}/"
    first.refresh_from_db()
    assert first.status == MatchStatus.ACCEPTED
    # the last open table goes back to the desk, which says every table is done
    response = client.post(
        f"/events/flow-cup/desk/matches/{second.pk}/", result(second) | {"then": "next"}
    )
    assert response["Location"] == "/events/flow-cup/desk/"
    assert "Every table of this round" in client.get("/events/flow-cup/desk/").content.decode()


def test_live_poll_lists_the_accepted_results_for_the_desk(client, two_tables):
    _, (first, _second) = two_tables
    client.post(f"/events/flow-cup/desk/matches/{first.pk}/", result(first))
    messages = client.get("/events/flow-cup/manage/rounds/1/live.json").json()["messages"]
    assert [m["type"] for m in messages] == ["clock", "result.accepted"]
    assert messages[1]["match"] == first.pk and messages[1]["table"] == 1


def test_autofocus_goes_to_the_first_field_with_an_error(client, two_tables):
    _, (first, _) = two_tables
    data = result(first)
    seat = first.seats.order_by("position").last()
    data[f"s{seat.position}-victory_cup_tokens"] = -3
    page = client.post(f"/events/flow-cup/desk/matches/{first.pk}/", data).content.decode()
    field = f'name="s{seat.position}-victory_cup_tokens"'
    tag = page[page.rindex("<input", 0, page.index(field)) : page.index(">", page.index(field))]
    assert "autofocus" in tag
