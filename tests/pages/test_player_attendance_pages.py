"""Issue 36 items 8, 9 and 11 on the pages: the player's "Drop from the event" with its
confirmation and undo; check-in with the venue's code (private link, or signed in); the desk's
code and "drop everyone not checked in"; the close-and-pair page naming late entries."""

import pytest

from common.audit.models import AuditEntry
from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tournament.models import EntrantStatus, GenerationJob, TournamentStatus
from tournament.services import registration
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    boss = UserFactory(username="attend-boss")
    tournament = TournamentFactory(
        slug="attend", organiser=boss, status=TournamentStatus.REGISTRATION
    )
    for i in range(6):
        EntrantFactory(tournament=tournament, display_name=f"Attendee {i}")
    return tournament


def me(entrant):
    return f"/me/{entrant.access_token}/"


def html(response):
    return response.content.decode()


def status_of(entrant) -> str:
    """The entrant's attendance as stored now."""
    entrant.refresh_from_db()
    return entrant.status


# --- item 8 ---------------------------------------------------------------------------------


def test_the_players_page_offers_the_drop_and_its_confirmation_changes_nothing(client, event):
    entrant = event.entrants.first()
    assert f"{me(entrant)}drop/" in html(client.get(me(entrant)))
    page = client.get(f"{me(entrant)}drop/")
    assert page.status_code == 200 and "Yes, drop me from the event" in html(page)
    assert status_of(entrant) == EntrantStatus.REGISTERED


def test_drop_then_the_page_says_so_and_undo(client, event):
    entrant = event.entrants.first()
    response = client.post(f"{me(entrant)}drop/", follow=True)
    text = html(response)
    assert "You have dropped out of this event." in text
    assert f"{me(entrant)}drop/undo/" in text and "until the next round is paired" in text
    assert status_of(entrant) == EntrantStatus.DROPPED
    entry = AuditEntry.objects.get(action="entrant.dropped")
    assert entry.entrant_id == entrant.pk and entry.channel == "page"
    text = html(client.post(f"{me(entrant)}drop/undo/", follow=True))
    assert "You are back in the event" in text
    assert status_of(entrant) == EntrantStatus.REGISTERED


def test_dropping_twice_says_so_and_records_one_drop(client, event):
    entrant = event.entrants.first()
    client.post(f"{me(entrant)}drop/")
    again = client.post(f"{me(entrant)}drop/")
    assert again.status_code == 409 and "already dropped out" in html(again)
    assert AuditEntry.objects.filter(action="entrant.dropped").count() == 1


def test_after_the_next_round_the_page_says_it_cannot_be_undone(client, event):
    entrant = event.entrants.first()
    client.post(f"{me(entrant)}drop/")
    generate_swiss_round(event, seed=3)
    text = html(client.get(me(entrant)))
    assert "can no longer be undone" in text and "drop/undo/" not in text
    text = html(client.post(f"{me(entrant)}drop/undo/", follow=True))
    assert "can no longer be undone" in text
    assert status_of(entrant) == EntrantStatus.DROPPED


def test_the_organisers_drop_is_named_and_not_undone_by_the_player(client, event):
    entrant = event.entrants.first()
    registration.drop(entrant)
    text = html(client.get(me(entrant)))
    assert "Only the organisers can undo this drop" in text and "drop/undo/" not in text
    client.post(f"{me(entrant)}drop/undo/")
    assert status_of(entrant) == EntrantStatus.DROPPED


def test_an_unknown_link_drops_nobody(client, event):
    assert client.post("/me/not-a-real-token-at-all/drop/").status_code == 404
    assert client.post("/me/not-a-real-token-at-all/drop/undo/").status_code == 404
    assert not event.entrants.filter(status=EntrantStatus.DROPPED).exists()


# --- item 9 ---------------------------------------------------------------------------------


def test_check_in_with_the_code_on_the_private_link(client, event):
    entrant = event.entrants.first()
    page = html(client.get(f"{me(entrant)}check-in/"))
    assert f"{me(entrant)}check-in/code/" in page
    response = client.post(
        f"{me(entrant)}check-in/code/", {"code": event.check_in_code.lower()}, follow=True
    )
    assert "You are checked in" in html(response)
    assert status_of(entrant) == EntrantStatus.CHECKED_IN


def test_a_wrong_code_says_what_is_wrong_and_guessing_is_limited(client, event, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "check_in_code": "3/10m"}
    entrant = event.entrants.first()
    url = f"{me(entrant)}check-in/code/"
    wrong = "000000" if event.check_in_code != "000000" else "111111"
    for _ in range(3):
        response = client.post(url, {"code": wrong})
        assert response.status_code == 409 and "not the code shown at the venue" in html(response)
    blocked = client.post(url, {"code": event.check_in_code})  # even the right one waits
    assert blocked.status_code == 429 and "wrong check-in codes" in html(blocked)
    assert status_of(entrant) == EntrantStatus.REGISTERED
    other = event.entrants.exclude(pk=entrant.pk).first()  # another player is not locked out
    client.post(f"{me(other)}check-in/code/", {"code": event.check_in_code})
    assert status_of(other) == EntrantStatus.CHECKED_IN


def test_signed_in_check_in_at_the_events_address(client, event):
    user = UserFactory(username="attendee")
    entrant = event.entrants.first()
    entrant.player.user = user
    entrant.player.save()
    client.force_login(user)
    assert "The check-in code shown at the venue" in html(client.get("/events/attend/check-in/"))
    client.post("/events/attend/check-in/", {"code": event.check_in_code})
    assert status_of(entrant) == EntrantStatus.CHECKED_IN


def test_signed_in_without_an_entry_or_signed_out(client, event):
    assert client.get("/events/attend/check-in/").status_code == 302  # to the sign-in page
    client.force_login(UserFactory(username="stranger"))
    response = client.post("/events/attend/check-in/", {"code": event.check_in_code})
    assert response.status_code == 404
    assert client.get("/events/no-such-event/check-in/").status_code == 404
    assert not event.entrants.filter(status=EntrantStatus.CHECKED_IN).exists()


def test_the_desk_shows_and_replaces_the_code(client, event):
    client.force_login(event.organiser)
    old = event.check_in_code
    listing = html(client.get("/events/attend/manage/entrants/"))
    assert f"{old[:3]} {old[3:]}" in listing
    screen = html(client.get("/events/attend/manage/check-in-code/"))
    assert f"{old[:3]} {old[3:]}" in screen and "/events/attend/check-in/" in screen
    client.post("/events/attend/manage/check-in-code/replace/")
    event.refresh_from_db()
    assert event.check_in_code != old
    assert AuditEntry.objects.filter(action="tournament.check_in_code_replaced").count() == 1


def test_only_the_organiser_sees_or_replaces_the_code(client, event):
    client.force_login(UserFactory(username="someone-else"))
    old = event.check_in_code
    assert client.get("/events/attend/manage/check-in-code/").status_code in (403, 404)
    assert client.post("/events/attend/manage/check-in-code/replace/").status_code in (403, 404)
    event.refresh_from_db()
    assert event.check_in_code == old


# --- item 11 --------------------------------------------------------------------------------


def test_drop_everyone_not_checked_in_confirms_the_number_first(client, event):
    client.force_login(event.organiser)
    for entrant in event.entrants.order_by("id")[:4]:
        registration.check_in(entrant)
    url = "/events/attend/manage/entrants/drop-not-checked-in/"
    assert url in html(client.get("/events/attend/manage/entrants/"))
    page = client.get(url)
    assert "Drop the 2 players not checked in?" in html(page)
    assert 'name="expected" value="2"' in html(page)
    assert not event.entrants.filter(status=EntrantStatus.DROPPED).exists()
    response = client.post(url, {"expected": "2"}, follow=True)
    assert "2 players not checked in have been dropped." in html(response)
    assert event.entrants.filter(status=EntrantStatus.DROPPED).count() == 2


def test_drop_everyone_not_checked_in_refuses_a_stale_number(client, event):
    client.force_login(event.organiser)
    registration.check_in(event.entrants.first())
    url = "/events/attend/manage/entrants/drop-not-checked-in/"
    for bad in ("4", "", "-1", "lots"):
        response = client.post(url, {"expected": bad})
        assert response.status_code == 409
    assert not event.entrants.filter(status=EntrantStatus.DROPPED).exists()


def test_close_and_pair_names_the_late_entries_left_out(
    client, event, django_capture_on_commit_callbacks
):
    client.force_login(event.organiser)
    round_ = publish_round(generate_swiss_round(event, seed=2))
    registration.register_player(event, "Latecomer")
    page = html(client.get(f"/events/attend/manage/rounds/{round_.number}/"))
    assert "Round 2 leaves out Latecomer" in page
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            f"/events/attend/manage/rounds/{round_.number}/close-and-pair/",
            {"reason": "test: no results needed"},
        )
    job = GenerationJob.objects.get()
    assert "Not paired: Latecomer" in job.message  # the generation's message
    draft = html(client.get(response["Location"], follow=True))
    assert "Not paired: Latecomer, a late entry not checked in yet" in draft
    second = event.rounds.get(number=2)
    assert not second.matches.filter(seats__entrant__display_name="Latecomer").exists()
