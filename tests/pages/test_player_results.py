"""My table: report -> the other sides confirm -> accepted, refusals shown, disputes, history."""

import pytest

from matches.models import MatchStatus, ResultResponse, ResultVersion, VersionState
from tests.factories import EntrantFactory, TournamentFactory
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(client):
    tournament = TournamentFactory(slug="flow-cup")
    EntrantFactory.create_batch(3, tournament=tournament)
    round_ = publish_round(generate_swiss_round(tournament, seed=8))
    match = round_.matches.get()
    seats = list(match.seats.select_related("entrant").order_by("position"))
    return match, [s.entrant for s in seats]


def report_data(match, cups, survivors, ended_by="time"):
    data = {"action": "report", "match": match.pk, "g-ended_by": ended_by}
    for seat, cup, alive in zip(match.seats.order_by("position"), cups, survivors, strict=True):
        data[f"s{seat.position}-victory_cup_tokens"] = cup
        data[f"s{seat.position}-survivors"] = alive
    return data


def page(client, entrant):
    response = client.get(f"/me/{entrant.access_token}/")
    assert response.status_code == 200
    return response.content.decode()


def test_report_then_every_other_side_confirms_then_accepted(client, table):
    match, (ann, bob, cat) = table
    first = page(client, ann)
    assert "Report your game's result" in first and "csrfmiddlewaretoken" in first
    response = client.post(f"/me/{ann.access_token}/", report_data(match, [12, 5, 10], [1, 0, 1]))
    assert response.status_code == 302
    version = ResultVersion.objects.get(match=match)
    assert version.entrant == ann and version.channel == "page" and version.kind == "report"
    match.refresh_from_db()
    assert match.status == MatchStatus.REPORTED
    # The reporter waits; the others see the report with confirm and dispute buttons.
    assert "Waiting for" in page(client, ann)
    bob_page = page(client, bob)
    assert "Confirm this result" in bob_page and "Dispute it" in bob_page
    assert "Report your game" not in bob_page
    confirm = {"action": "confirm", "version": version.pk}
    assert client.post(f"/me/{bob.access_token}/", confirm).status_code == 302
    match.refresh_from_db()
    assert match.status == MatchStatus.REPORTED
    after = client.post(f"/me/{cat.access_token}/", confirm, follow=True).content.decode()
    assert "result confirmed" in after
    match.refresh_from_db()
    version.refresh_from_db()
    assert match.status == MatchStatus.ACCEPTED and version.state == VersionState.ACCEPTED
    final = page(client, ann)
    assert "Accepted" in final and "Confirmed by" in final
    # Points reached the seats: cups 12, 5, 10 with survivors 1, 0, 1 -> 4, 1, 2 points.
    assert sorted(float(s.points) for s in match.seats.all()) == [1.0, 2.0, 4.0]


def test_confirming_your_own_report_is_refused_with_the_services_message(client, table):
    match, (ann, _, _) = table
    client.post(f"/me/{ann.access_token}/", report_data(match, [12, 5, 10], [1, 0, 1]))
    version = ResultVersion.objects.get(match=match)
    response = client.post(f"/me/{ann.access_token}/", {"action": "confirm", "version": version.pk})
    assert response.status_code == 200
    assert "a side cannot confirm or dispute its own report" in response.content.decode()
    assert not ResultResponse.objects.exists()
    assert ResultVersion.objects.get(match=match).state == VersionState.PENDING


def test_dispute_needs_a_reason_and_keeps_it(client, table):
    match, (ann, bob, _) = table
    client.post(f"/me/{ann.access_token}/", report_data(match, [12, 5, 10], [1, 0, 1]))
    version = ResultVersion.objects.get(match=match)
    url = f"/me/{bob.access_token}/"
    response = client.post(url, {"action": "dispute", "version": version.pk, "reason": "  "})
    assert response.status_code == 200
    assert "Say what is wrong with this result." in response.content.decode()
    assert not ResultResponse.objects.exists()
    reason = "My cup had 9 tokens, not 5"
    data = {"action": "dispute", "version": version.pk, "reason": reason}
    assert client.post(url, data).status_code == 302
    match.refresh_from_db()
    assert match.status == MatchStatus.DISPUTED
    response = ResultResponse.objects.get()
    assert response.decision == "dispute" and response.reason == reason and response.entrant == bob
    # The reporter sees the dispute and its reason in the history.
    assert reason in page(client, ann)
    assert "Disputed" in page(client, ann)


def test_engine_errors_show_next_to_the_field_and_nothing_is_saved(client, table):
    match, (ann, _, _) = table
    # A one-player side cannot have two survivors.
    response = client.post(f"/me/{ann.access_token}/", report_data(match, [12, 5, 10], [2, 0, 1]))
    assert response.status_code == 200
    form = response.context["form"]
    first = match.seats.order_by("position").first()
    assert form.errors.get(f"s{first.position}-survivors")
    html = response.content.decode()
    assert f'id="id_s{first.position}-survivors_error"' in html
    assert not ResultVersion.objects.filter(match=match).exists()
    # A negative count is refused by the form itself.
    response = client.post(f"/me/{ann.access_token}/", report_data(match, [-1, 5, 10], [1, 0, 1]))
    assert response.status_code == 200 and response.context["form"].errors
    assert not ResultVersion.objects.filter(match=match).exists()


def test_a_stranger_cannot_act_on_another_tables_result(client, table):
    match, (ann, _, _) = table
    client.post(f"/me/{ann.access_token}/", report_data(match, [12, 5, 10], [1, 0, 1]))
    version = ResultVersion.objects.get(match=match)
    other = EntrantFactory(tournament=TournamentFactory(slug="other-cup"))
    response = client.post(
        f"/me/{other.access_token}/", {"action": "confirm", "version": version.pk}
    )
    assert response.status_code == 200
    assert "not a report of one of your games" in response.content.decode()
    assert not ResultResponse.objects.exists()


def test_the_form_posts_need_csrf(table):
    from django.test import Client

    match, (ann, _, _) = table
    strict = Client(enforce_csrf_checks=True)
    response = strict.post(f"/me/{ann.access_token}/", report_data(match, [12, 5, 10], [1, 0, 1]))
    assert response.status_code == 403
    assert not ResultVersion.objects.exists()


def test_history_lists_every_version_of_my_matches(client, table):
    from common.audit.actor import Actor
    from matches.services.results import correct_result, enter_result

    match, (ann, _, _) = table
    seats = list(match.seats.order_by("position"))

    def rep(cups):
        return {
            "ended_by": "time",
            "sides": [
                {"side": str(s.entrant_id), "victory_cup_tokens": c, "survivors": 1}
                for s, c in zip(seats, cups, strict=True)
            ],
        }

    enter_result(match, rep([12, 5, 10]), Actor())
    correct_result(match, rep([5, 12, 10]), Actor(), "Cups of tables swapped")
    html = page(client, ann)
    assert "Version 1" in html and "Version 2" in html
    assert "Cups of tables swapped" in html
    assert "Replaced by a later version" in html


def test_a_hosted_live_game_is_linked_from_my_table(client, table):
    from common.audit.actor import Actor
    from matches.services.live_games import create_live_game

    match, (ann, _, _) = table
    for seat, name in zip(match.seats.all(), ["Echo", "Pluma", "Grublic"], strict=True):
        seat.character = name
        seat.save(update_fields=["character"])
    create_live_game(match, Actor(entrant=ann))
    html = page(client, ann)
    assert f"/events/flow-cup/matches/{match.pk}/live/?token={ann.access_token}" in html
