"""The organiser console: rights on every page, event creation, players, exports, audit."""

import csv
import io
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from common.audit.models import AuditEntry
from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tournament.models import Entrant, EntrantStatus, StaffRole, Tournament, TournamentStatus
from tournament.services.rounds import generate_swiss_round

pytestmark = pytest.mark.django_db

ORGANISER_PAGES = [
    "/events/cup/manage/",
    "/events/cup/manage/entrants/",
    "/events/cup/manage/rounds/",
    "/events/cup/manage/rounds/1/",
    "/events/cup/manage/rounds/1/print/",
    "/events/cup/manage/export/standings.csv",
    "/events/cup/manage/export/round-1.csv",
    "/events/cup/manage/export/event.json",
    "/events/cup/manage/staff/",
    "/events/cup/manage/players/duplicates/",
]
STAFF_PAGES = [
    "/events/cup/manage/audit/",
    "/events/cup/manage/rounds/1/clock/",
    "/events/cup/manage/rounds/1/live.json",
]


@pytest.fixture
def event():
    organiser = UserFactory(username="boss")
    tournament = TournamentFactory(slug="cup", organiser=organiser, name="Cup")
    for i in range(6):
        EntrantFactory(tournament=tournament, display_name=f"Player {i}")
    generate_swiss_round(tournament, seed=5)
    referee = UserFactory(username="ref")
    StaffRole.objects.create(tournament=tournament, user=referee, role="referee")
    return tournament, organiser, referee


@pytest.mark.parametrize("url", ORGANISER_PAGES + STAFF_PAGES + ["/manage/new/"])
def test_anonymous_visitors_are_sent_to_the_login_page(client, event, url):
    response = client.get(url)
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]


@pytest.mark.parametrize("url", ORGANISER_PAGES + STAFF_PAGES)
def test_strangers_are_refused(client, event, url):
    client.force_login(UserFactory(username="stranger"))
    assert client.get(url).status_code == 403


@pytest.mark.parametrize("url", ORGANISER_PAGES)
def test_referees_cannot_use_the_organiser_pages(client, event, url):
    client.force_login(event[2])
    assert client.get(url).status_code == 403


@pytest.mark.parametrize("url", STAFF_PAGES)
def test_referees_see_the_audit_trail_and_the_clock(client, event, url):
    client.force_login(event[2])
    assert client.get(url).status_code == 200


@pytest.mark.parametrize("url", ORGANISER_PAGES + STAFF_PAGES)
def test_organisers_see_every_page(client, event, url):
    client.force_login(event[1])
    assert client.get(url).status_code == 200


@pytest.mark.parametrize(
    "url",
    [
        "/events/cup/manage/entrants/1/check-in/",
        "/events/cup/manage/rounds/generate/",
        "/events/cup/manage/rounds/1/publish/",
        "/events/cup/manage/rounds/1/repair/",
        "/events/cup/manage/elimination/cut/",
    ],
)
def test_referees_cannot_post_organiser_actions(client, event, url):
    client.force_login(event[2])
    assert client.post(url).status_code == 403


def test_actions_need_post(client, event):
    client.force_login(event[1])
    assert client.get("/events/cup/manage/rounds/1/publish/").status_code == 405


def create_data(**overrides):
    data = {
        "name": "Autumn Open",
        "slug": "",
        "starts_on": "2026-10-03",
        "venue": "Town hall",
        "system_mode": "eye_for_an_eye:alliances",
        "rules_level": "core",
        "timing": "turn_based",
        "swiss_rounds": "4",
        "pairing_method": "swiss",
        "preferred_pod_size": "3",
        "cut_size": "",
        "cut_tie_resolution": "random_draw",
        "game_length_seconds": "300",
        "tie_policy": "shared",
    }
    return data | overrides


def test_any_logged_in_user_creates_an_event_and_becomes_its_organiser(client):
    user = UserFactory(username="newbie")
    client.force_login(user)
    page = client.get("/manage/new/").content.decode()
    assert "Every Eye for Themselves" in page and "Tsukuyumi" in page  # labels from the engine
    response = client.post("/manage/new/", create_data())
    assert response.status_code == 302
    assert response["Location"] == "/events/autumn-open/manage/"
    tournament = Tournament.objects.get(slug="autumn-open")
    assert tournament.organiser == user
    assert (tournament.game_system, tournament.mode) == ("eye_for_an_eye", "alliances")
    assert tournament.cut_size is None and tournament.preferred_pod_size == 3
    assert tournament.timing == "turn_based" and tournament.rules_level == "core"
    assert StaffRole.objects.filter(tournament=tournament, user=user, role="organiser").exists()
    assert AuditEntry.objects.filter(tournament=tournament, action="tournament.created").exists()
    assert client.get("/events/autumn-open/manage/").status_code == 200


def test_create_form_shows_errors_and_creates_nothing(client):
    TournamentFactory(slug="taken")
    client.force_login(UserFactory(username="newbie"))
    response = client.post(
        "/manage/new/",
        create_data(name="", slug="taken", swiss_rounds="0", system_mode="chess:blitz"),
    )
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert {"name", "slug", "swiss_rounds", "system_mode"} <= set(errors)
    page = response.content.decode()
    assert "is taken" in page and 'role="alert"' in page
    assert not Tournament.objects.exclude(slug="taken").exists()


def test_defaults_of_the_create_form(client):
    client.force_login(UserFactory(username="newbie"))
    form = client.get("/manage/new/").context["form"]
    assert form["swiss_rounds"].value() == 5
    assert form["game_length_seconds"].value() == 300
    assert form["system_mode"].value() == "eye_for_an_eye:every_eye"
    # The rulebook's tournament: five rounds against randomly determined opponents (issue 13.11).
    assert form["pairing_method"].value() == "random"
    assert "rulebook" in form["pairing_method"].help_text


# --- players --------------------------------------------------------------------------------


@pytest.fixture
def fresh(client):
    organiser = UserFactory(username="boss")
    tournament = TournamentFactory(slug="cup", organiser=organiser)
    client.force_login(organiser)
    return tournament


def test_add_search_check_in_undo_and_drop_with_audit(client, fresh):
    url = "/events/cup/manage/entrants/"
    assert client.post(url, {"name": "Ann Archer", "club": "Hexers"}).status_code == 302
    client.post(url, {"name": "Bob Bowman"})
    ann = Entrant.objects.get(display_name="Ann Archer")
    assert ann.player.club == "Hexers"
    found = client.get(url, {"q": "hex"})
    assert list(found.context["entrants"]) == [ann]
    client.post(f"{url}{ann.pk}/check-in/")
    ann.refresh_from_db()
    assert ann.status == EntrantStatus.CHECKED_IN and ann.checked_in_at
    entry = AuditEntry.objects.get(action="entrant.checked_in")
    assert entry.before["status"] == "registered" and entry.after["status"] == "checked_in"
    assert entry.user.username == "boss" and entry.channel == "page"
    client.post(f"{url}{ann.pk}/undo-check-in/")
    ann.refresh_from_db()
    assert ann.status == EntrantStatus.REGISTERED
    assert AuditEntry.objects.filter(action="entrant.check_in_undone").exists()
    response = client.post(f"{url}{ann.pk}/drop/", {"next": f"{url}?q=ann"}, follow=True)
    assert response.redirect_chain[-1][0] == f"{url}?q=ann"
    ann.refresh_from_db()
    assert ann.status == EntrantStatus.DROPPED
    assert AuditEntry.objects.filter(action="entrant.dropped").exists()
    # A dropped player cannot be checked in; the page says why.
    page = client.post(f"{url}{ann.pk}/check-in/", follow=True).content.decode()
    assert "dropped out" in page
    assert AuditEntry.objects.filter(action="entrant.created").count() == 2


def test_duplicate_or_empty_player_is_a_form_error(client, fresh):
    url = "/events/cup/manage/entrants/"
    client.post(url, {"name": "Ann"})
    response = client.post(url, {"name": "ann"})
    assert response.status_code == 400
    assert "already registered" in response.content.decode()
    response = client.post(url, {"name": "Bea", "email": "not-an-address"})
    assert response.context["form"].errors.get("email")
    assert client.post(url, {"name": ""}).status_code == 400
    assert fresh.entrants.count() == 1


def test_late_entry_is_recorded_as_such(client, event):
    tournament, organiser, _ = event
    client.force_login(organiser)
    client.post("/events/cup/manage/entrants/", {"name": "Latecomer"})
    entry = AuditEntry.objects.get(action="entrant.late_entry")
    assert entry.after["joins_from_round"] == 2
    # the drafted round is left as it was
    assert not tournament.rounds.get(number=1).seats.filter(entrant__display_name="Latecomer")


def upload(text):
    return SimpleUploadedFile("players.csv", text.encode(), content_type="text/csv")


def test_csv_import_all_or_nothing_with_line_numbers(client, fresh):
    url = "/events/cup/manage/entrants/import/"
    bad = "name,club,email\nAnn,Hexers,ann@example.org\n,NoName,\nCid,,not-mail\n"
    response = client.post(url, {"file": upload(bad)})
    assert response.status_code == 400
    page = response.content.decode()
    assert "Nothing was imported" in page
    assert "Line 3 (name)" in page and "Line 4 (email)" in page
    assert fresh.entrants.count() == 0
    good = "name,club\nAnn,Hexers\nBob,\nCid,Moon\n"
    assert client.post(url, {"file": upload(good)}).status_code == 302
    assert sorted(fresh.entrants.values_list("display_name", flat=True)) == ["Ann", "Bob", "Cid"]
    assert AuditEntry.objects.get(action="entrants.imported").after["count"] == 3


def test_entrants_page_has_a_qr_code_to_the_event_page(client, fresh):
    page = client.get("/events/cup/manage/entrants/").content.decode()
    assert "<svg" in page and "http://testserver/events/cup/" in page


def test_self_check_in_through_the_private_link(client, fresh):
    ann = EntrantFactory(tournament=fresh, display_name="Ann")
    url = f"/me/{ann.access_token}/check-in/"
    client.logout()
    # registration not open yet (set-up)
    assert client.post(url).status_code == 409
    ann.refresh_from_db()
    assert ann.status == EntrantStatus.REGISTERED
    fresh.status = TournamentStatus.REGISTRATION
    fresh.save()
    assert "check me in" in client.get(url).content.decode()
    assert client.post(url).status_code == 302
    ann.refresh_from_db()
    assert ann.status == EntrantStatus.CHECKED_IN
    entry = AuditEntry.objects.get(action="entrant.checked_in")
    assert entry.entrant == ann and entry.user is None
    assert client.post("/me/not-a-real-token/check-in/").status_code == 404


def test_open_registration_button(client, fresh):
    assert client.post("/events/cup/manage/open-registration/").status_code == 302
    fresh.refresh_from_db()
    assert fresh.status == TournamentStatus.REGISTRATION
    assert AuditEntry.objects.filter(action="tournament.registration_opened").exists()


# --- exports and audit ----------------------------------------------------------------------


def test_exports(client, event):
    tournament, organiser, _ = event
    client.force_login(organiser)
    response = client.get("/events/cup/manage/export/round-1.csv")
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert len(rows) == 6
    assert {r["entrant"] for r in rows} == {f"Player {i}" for i in range(6)}
    assert all(r["flower"] for r in rows) and {r["table"] for r in rows} == {"1", "2"}
    standings = list(
        csv.reader(
            io.StringIO(client.get("/events/cup/manage/export/standings.csv").content.decode())
        )
    )
    assert standings[0][:5] == ["rank", "position", "name", "status", "points"]
    assert len(standings) == 7
    document = json.loads(client.get("/events/cup/manage/export/event.json").content)
    assert document["slug"] == "cup" and document["format"] == "eye-tournament-export"
    assert client.get("/events/cup/manage/export/round-9.csv").status_code == 404


def test_audit_trail_is_paginated_newest_first_and_readable(client, event):
    tournament, organiser, referee = event
    for i in range(30):
        AuditEntry.objects.create(
            tournament=tournament,
            action="test.change",
            target_type="x",
            target_id=str(i),
            before={"value": i},
            after={"value": i + 1, "same": 1},
        )
    client.force_login(referee)
    response = client.get("/events/cup/manage/audit/")
    rows = response.context["rows"]
    assert len(rows) == 25
    assert rows[0]["entry"].target_id == "29"
    assert rows[0]["story"].changes == [("Value", "29", "30"), ("Same", "-", "1")]
    page = response.content.decode()
    assert "Value: 29 → <strong>30</strong>" in page and "Older" in page
    assert "Players</a>" not in page  # referees are not offered the organiser pages
    second = client.get("/events/cup/manage/audit/?page=2").context["rows"]
    assert len(second) == 6  # 30 + the round generated by the fixture
    assert (
        client.get("/events/cup/manage/audit/?action=round.").context["page"].paginator.count == 1
    )
