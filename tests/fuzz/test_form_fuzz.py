"""The main forms with random field values: never a 5xx, and nothing saved when refused.

Forms: the referee desk's result form, the player's report on their private page, the
organiser's add-a-player form and the CSV import form. Field names are the forms' own (plus
strays); values are random text, numbers, huge and hostile strings.
"""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from matches.models import ResultVersion
from tests.hypothesis_profiles import examples
from tournament.models import Entrant, Player

pytestmark = pytest.mark.django_db

FUZZ = settings(
    max_examples=examples(120),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    derandomize=True,
)
values = (
    st.text(max_size=30)
    | st.integers(min_value=-(2**70), max_value=2**70).map(str)
    | st.sampled_from(
        ["", "0", "1", "12", "-1", "1e9", "NaN", "time", "last_side_standing", "x" * 500]
    )
)


def result_fields(match, prefix_game="g-"):
    names = [f"{prefix_game}ended_by"]
    for seat in match.seats.all():
        for field in ("victory_cup_tokens", "survivors", "guard_tokens", "health_left"):
            names.append(f"s{seat.position}-{field}")
    return names + ["reason", "stray", "s99-survivors"]


def form_data(names):
    return st.fixed_dictionaries({}, optional=dict.fromkeys(names, values))


@FUZZ
@given(data=st.data())
def test_referee_desk_result_form(client, event, data):
    client.force_login(event.referee)
    match = event.match
    body = data.draw(form_data(result_fields(match)))
    before = ResultVersion.objects.filter(match=match).count()
    response = client.post(f"/events/{event.tournament.slug}/desk/matches/{match.pk}/", body)
    assert response.status_code < 500
    if response.status_code != 302:
        assert ResultVersion.objects.filter(match=match).count() == before


@FUZZ
@given(data=st.data())
def test_player_report_form(client, event, data):
    match = event.match
    names = result_fields(match) + ["action", "match", "version"]
    body = data.draw(form_data(names))
    body.setdefault("action", data.draw(st.sampled_from(["report", "confirm", "dispute", "x"])))
    body.setdefault("match", str(match.pk))
    before = ResultVersion.objects.count()
    response = client.post(f"/me/{event.players[0].access_token}/", body)
    assert response.status_code < 500
    if response.status_code != 302:
        assert ResultVersion.objects.count() == before


@FUZZ
@given(data=st.data())
def test_organiser_add_player_form(client, event, data):
    client.force_login(event.organiser)
    body = data.draw(form_data(["name", "club", "email", "stray"]))
    before = (Entrant.objects.count(), Player.objects.count())
    response = client.post(f"/events/{event.tournament.slug}/manage/entrants/", body)
    assert response.status_code < 500
    if response.status_code != 302:
        assert (Entrant.objects.count(), Player.objects.count()) == before


@FUZZ
@given(raw=st.binary(max_size=300) | st.text(max_size=300).map(str.encode))
def test_organiser_csv_import_form(client, event, raw):
    client.force_login(event.organiser)
    before = (Entrant.objects.count(), Player.objects.count())
    upload = SimpleUploadedFile("p.csv", b"name,club\n" + raw, content_type="text/csv")
    response = client.post(
        f"/events/{event.tournament.slug}/manage/entrants/import/", {"file": upload}
    )
    assert response.status_code < 500
    if response.status_code != 302:
        assert (Entrant.objects.count(), Player.objects.count()) == before
