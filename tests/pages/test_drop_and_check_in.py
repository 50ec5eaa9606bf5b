"""Issue 20.3-4: dropping asks first and can be undone until the next round is paired (audited);
"check in everyone present"; check-in keeps the organiser's place in the list."""

import pytest

from common.audit.models import AuditEntry
from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tournament.models import EntrantStatus
from tournament.services import registration
from tournament.services.rounds import generate_swiss_round

pytestmark = pytest.mark.django_db

URL = "/events/drops/manage/entrants/"


@pytest.fixture
def event(client):
    boss = UserFactory(username="drops-boss")
    tournament = TournamentFactory(slug="drops", organiser=boss, status="registration")
    for i in range(6):
        EntrantFactory(tournament=tournament, display_name=f"Dropper {i}")
    client.force_login(boss)
    return tournament


def test_drop_asks_first_and_a_get_changes_nothing(client, event):
    entrant = event.entrants.first()
    page = client.get(f"{URL}{entrant.pk}/drop/?next=javascript:alert(1)")
    html = page.content.decode()
    assert page.status_code == 200 and f"Drop {entrant.display_name}?" in html
    assert "javascript:" not in html  # an unsafe "next" is ignored
    entrant.refresh_from_db()
    assert entrant.status != EntrantStatus.DROPPED


def test_drop_then_reinstate_before_the_next_round(client, event):
    entrant = event.entrants.first()
    client.post(f"{URL}{entrant.pk}/check-in/")
    client.post(f"{URL}{entrant.pk}/drop/", {"reason": "went home ill"})
    entrant.refresh_from_db()
    assert entrant.status == EntrantStatus.DROPPED
    listing = client.get(URL).content.decode()
    assert f"{URL}{entrant.pk}/reinstate/" in listing
    response = client.post(f"{URL}{entrant.pk}/reinstate/", follow=True)
    assert "is back in the event" in response.content.decode()
    entrant.refresh_from_db()
    assert entrant.status == EntrantStatus.CHECKED_IN and entrant.dropped_at is None
    actions = list(
        AuditEntry.objects.filter(target_id=str(entrant.pk)).values_list("action", "reason")
    )
    assert ("entrant.dropped", "went home ill") in actions
    assert ("entrant.reinstated", "") in actions


def test_no_reinstating_once_a_round_was_paired_after_the_drop(client, event):
    entrant = event.entrants.first()
    registration.drop(entrant)
    generate_swiss_round(event, seed=4)
    entrant.refresh_from_db()
    assert not registration.can_reinstate(entrant)
    assert f"{URL}{entrant.pk}/reinstate/" not in client.get(URL).content.decode()
    response = client.post(f"{URL}{entrant.pk}/reinstate/", follow=True)
    assert "a round has been paired since" in response.content.decode()
    entrant.refresh_from_db()
    assert entrant.status == EntrantStatus.DROPPED


def test_check_in_everyone_present(client, event):
    registration.drop(event.entrants.last())
    response = client.post(f"{URL}check-in-everyone/", follow=True)
    assert "5 players checked in." in response.content.decode()
    statuses = sorted(event.entrants.values_list("status", flat=True))
    assert statuses == ["checked_in"] * 5 + ["dropped"]
    assert AuditEntry.objects.filter(action="entrant.checked_in").count() == 5


def test_check_in_returns_to_the_same_row(client, event):
    entrant = event.entrants.first()
    html = client.get(URL).content.decode()
    assert f'value="{URL}#entrant-{entrant.pk}"' in html
    response = client.post(f"{URL}{entrant.pk}/check-in/", {"next": f"{URL}#entrant-{entrant.pk}"})
    assert response["Location"] == f"{URL}#entrant-{entrant.pk}"


def test_csv_lines_can_be_pasted(client, event):
    response = client.post(
        "/events/drops/manage/entrants/import/",
        {"text": "name,club\nPasted One,Hex\nPasted Two,Hex\n"},
    )
    assert response.status_code == 302
    assert event.entrants.filter(display_name__startswith="Pasted").count() == 2
    neither = client.post("/events/drops/manage/entrants/import/", {"text": "  "})
    assert neither.status_code == 400
    assert "Choose a CSV file or paste the lines" in neither.content.decode()
    bad = client.post("/events/drops/manage/entrants/import/", {"text": "club\nNo name\n"})
    assert bad.status_code == 400 and "Nothing was imported" in bad.content.decode()


def test_after_adding_a_player_the_name_field_has_the_cursor(client, event):
    response = client.post(URL, {"name": "Walk In", "club": "", "email": ""})
    assert response["Location"] == f"{URL}?added=1"  # no fragment: it would stop autofocus
    form = client.get(response["Location"]).context["form"]
    assert form.fields["name"].widget.attrs.get("autofocus") is True
    assert "autofocus" not in client.get(URL).context["form"].fields["name"].widget.attrs
