"""The referee desk: rights, the generated result form, inline engine errors, corrections."""

import pytest

from matches.models import MatchStatus, ResultVersion, VersionState
from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tournament.models import StaffRole
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def setting(client):
    referee = UserFactory(username="desk-ref")
    tournament = TournamentFactory(slug="desk-cup")
    StaffRole.objects.create(tournament=tournament, user=referee, role="referee")
    EntrantFactory.create_batch(3, tournament=tournament)
    match = publish_round(generate_swiss_round(tournament, seed=8)).matches.get()
    client.force_login(referee)
    return tournament, match


def post_data(match, cups, survivors, ended_by="time"):
    data = {"g-ended_by": ended_by}
    for seat, cup, alive in zip(match.seats.order_by("position"), cups, survivors, strict=True):
        data[f"s{seat.position}-victory_cup_tokens"] = cup
        data[f"s{seat.position}-survivors"] = alive
    return data


def test_desk_lists_the_round_for_referees_only(client, setting):
    tournament, match = setting
    response = client.get("/events/desk-cup/desk/")
    assert response.status_code == 200
    assert "Enter result" in response.content.decode()
    client.logout()
    assert client.get("/events/desk-cup/desk/").status_code == 302  # to the login page
    client.force_login(UserFactory(username="stranger"))
    assert client.get("/events/desk-cup/desk/").status_code == 403
    assert client.get(f"/events/desk-cup/desk/matches/{match.pk}/").status_code == 403


def test_form_has_a_block_per_side_and_saves_through_the_engine(client, setting):
    _, match = setting
    url = f"/events/desk-cup/desk/matches/{match.pk}/"
    page = client.get(url).content.decode()
    assert page.count("<fieldset>") == 3
    # cups 12, 5, 10; survivors 1, 0, 1 -> scores 17, 5, 15 -> places 1, 3, 2 -> points 4, 1, 2
    response = client.post(url, post_data(match, [12, 5, 10], [1, 0, 1]))
    assert response.status_code == 302
    version = ResultVersion.objects.get(match=match)
    assert version.state == VersionState.ACCEPTED and version.channel == "page"
    points = sorted(float(s.points) for s in match.seats.all())
    assert points == [1.0, 2.0, 4.0]


def test_engine_errors_appear_next_to_the_field_and_nothing_is_saved(client, setting):
    _, match = setting
    url = f"/events/desk-cup/desk/matches/{match.pk}/"
    # A one-player side cannot have two survivors.
    response = client.post(url, post_data(match, [12, 5, 10], [2, 0, 1]))
    assert response.status_code == 200
    form = response.context["form"]
    first = match.seats.order_by("position").first()
    assert form.errors.get(f"s{first.position}-survivors")
    assert not ResultVersion.objects.filter(match=match).exists()


def test_negative_count_is_a_form_error(client, setting):
    _, match = setting
    response = client.post(
        f"/events/desk-cup/desk/matches/{match.pk}/", post_data(match, [-1, 3, 1], [1, 0, 1])
    )
    assert response.status_code == 200
    assert not ResultVersion.objects.filter(match=match).exists()


def test_correction_needs_a_reason(client, setting):
    _, match = setting
    url = f"/events/desk-cup/desk/matches/{match.pk}/"
    client.post(url, post_data(match, [12, 5, 10], [1, 0, 1]))
    page = client.get(url).content.decode()
    assert "Correct the result" in page
    # cups 8, 14, 10 -> scores 13, 14, 15: the order turns round -> points 1, 2, 4 (4/2/1).
    response = client.post(url, post_data(match, [8, 14, 10], [1, 0, 1]))
    assert response.status_code == 200
    assert response.context["reason_form"].errors.get("reason")
    assert ResultVersion.objects.filter(match=match).count() == 1
    data = post_data(match, [8, 14, 10], [1, 0, 1]) | {"reason": "Cup of table 2 recounted"}
    assert client.post(url, data).status_code == 302
    versions = list(ResultVersion.objects.filter(match=match).order_by("number"))
    assert [v.state for v in versions] == [VersionState.SUPERSEDED, VersionState.ACCEPTED]
    assert versions[1].reason == "Cup of table 2 recounted"
    by_position = {s.position: float(s.points) for s in match.seats.all()}
    assert by_position == {1: 1.0, 2: 2.0, 3: 4.0}
    match.refresh_from_db()
    assert match.status == MatchStatus.ACCEPTED
    history = client.get(url).content.decode()
    assert "Version 2" in history and "Version 1" in history
