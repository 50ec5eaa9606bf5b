"""Issue 20.1: every player gets their private link the ways venues work - a QR and short code
per player for the staff, printable player cards, the code on the table slips, e-mail (audited),
and a replacement that stops the old link."""

import re

import pytest
from django.core import mail

from common.audit.models import AuditEntry
from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tournament.models import Entrant, Player, StaffRole, StaffRoleKind
from tournament.models.people import SHORT_CODE_ALPHABET, normalise_short_code
from tournament.services.rounds import generate_swiss_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(client):
    boss = UserFactory(username="links-boss")
    tournament = TournamentFactory(slug="links", name="Links Cup", organiser=boss)
    for i in range(3):
        player = Player.objects.create(name=f"Mailed {i}", email=f"p{i}@example.org")
        Entrant.objects.create(tournament=tournament, player=player)
    EntrantFactory(tournament=tournament, display_name="No Mail")
    client.force_login(boss)
    return tournament


def test_short_codes_are_typeable_and_forgiving():
    entrant = EntrantFactory()
    code = entrant.short_code
    assert len(code) == 8 and set(code) <= set(SHORT_CODE_ALPHABET)
    typed = entrant.short_code_display.lower()
    assert normalise_short_code(typed) == code
    assert normalise_short_code("OOOO-IIII") == "00001111"
    for bad in ("", "abc", "x" * 500, "UUUUUUUU", None, "\x00" * 8):
        assert normalise_short_code(bad) is None


def test_the_short_link_opens_the_players_page(client):
    entrant = EntrantFactory()
    response = client.get(f"/p/{entrant.short_code_display.lower()}/")
    assert response.status_code == 302 and response["Location"] == f"/me/{entrant.access_token}/"
    assert client.get("/p/ZZZZZZZZ/").status_code == 404


def test_guessing_short_codes_is_rate_limited(client, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "private_link": "3/10m"}
    for _ in range(3):
        assert client.get("/p/ZZZZZZZZ/").status_code == 404
    assert client.get("/p/ZZZZZZZZ/").status_code == 429
    real = EntrantFactory()
    assert client.get(f"/p/{real.short_code}/").status_code == 429  # even a right one waits


def test_staff_see_a_players_link_and_qr_and_replace_it(client, event):
    entrant = event.entrants.get(player__name="Mailed 0")
    page = client.get(f"/events/links/manage/entrants/{entrant.pk}/link/")
    html = page.content.decode()
    assert page.status_code == 200 and "no-store" in page["Cache-Control"]
    assert f"/me/{entrant.access_token}/" in html and entrant.short_code_display in html
    assert "<svg" in html
    old, old_code = entrant.access_token, entrant.short_code
    client.post(f"/events/links/manage/entrants/{entrant.pk}/link/replace/")
    entrant.refresh_from_db()
    assert entrant.access_token != old and entrant.short_code != old_code
    assert client.get(f"/me/{old}/").status_code == 404
    assert client.get(f"/p/{old_code}/").status_code == 404
    assert AuditEntry.objects.filter(action="entrant.link_replaced").count() == 1


def test_a_referee_may_show_a_link_but_a_stranger_may_not(client, event):
    referee = UserFactory(username="links-ref")
    StaffRole.objects.create(tournament=event, user=referee, role=StaffRoleKind.REFEREE)
    entrant = event.entrants.first()
    url = f"/events/links/manage/entrants/{entrant.pk}/link/"
    client.force_login(referee)
    assert client.get(url).status_code == 200
    client.force_login(UserFactory(username="links-stranger"))
    assert client.get(url).status_code == 403
    assert client.post(url + "replace/").status_code == 403


def test_player_cards_one_per_active_player(client, event):
    dropped = EntrantFactory(tournament=event, display_name="Gone", status="dropped")
    page = client.get("/events/links/manage/entrants/cards/")
    html = page.content.decode()
    assert html.count('class="player-card"') == 4
    assert "Gone" not in html and dropped.short_code_display not in html
    for entrant in event.entrants.exclude(pk=dropped.pk):
        assert f"/me/{entrant.access_token}/" in html and entrant.short_code_display in html
    assert "data-print" in html


def test_send_every_link_by_email_audited(client, event, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/events/links/manage/entrants/send-links/", follow=True)
    assert "Links sent to 3 players; 1 without an e-mail address" in response.content.decode()
    assert sorted(m.to[0] for m in mail.outbox) == [f"p{i}@example.org" for i in range(3)]
    first = event.entrants.get(player__email="p0@example.org")
    body = next(m.body for m in mail.outbox if m.to == ["p0@example.org"])
    assert f"/me/{first.access_token}/" in body and first.short_code_display in body
    entry = AuditEntry.objects.get(action="entrant.links_sent")
    assert entry.after["sent"] == 3


def test_one_link_by_email(client, event, django_capture_on_commit_callbacks):
    entrant = event.entrants.get(player__name="Mailed 1")
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"/events/links/manage/entrants/{entrant.pk}/link/email/")
    assert [m.to for m in mail.outbox] == [["p1@example.org"]]
    nomail = event.entrants.get(display_name="No Mail")
    response = client.post(f"/events/links/manage/entrants/{nomail.pk}/link/email/", follow=True)
    assert "has no e-mail address" in response.content.decode()


def test_table_slips_carry_each_players_code(client, event):
    round_ = generate_swiss_round(event, seed=2)
    html = client.get(f"/events/links/manage/rounds/{round_.number}/print/").content.decode()
    for entrant in event.entrants.all():
        assert entrant.short_code_display in html
    assert re.search(r"<button[^>]*data-print", html)


@pytest.mark.parametrize(
    ("mode", "columns", "endings"),
    [
        ("every_eye", ["Victory Cup tokens", "Survivors", "Health Tokens left"], ["Time ran out"]),
        ("domination", ["VP scored", "Survivors"], ["Last scoring done", "Time ran out"]),
    ],
)
def test_table_slips_ask_for_what_the_games_result_needs(client, mode, columns, endings):
    boss = UserFactory(username=f"slips-{mode}")
    tournament = TournamentFactory(slug=f"slips-{mode}", organiser=boss, mode=mode)
    EntrantFactory.create_batch(4, tournament=tournament)
    generate_swiss_round(tournament, seed=1)
    client.force_login(boss)
    html = client.get(f"/events/slips-{mode}/manage/rounds/1/print/").content.decode()
    slip = html.split('class="slip"')[1]
    for column in columns:
        assert f'<th scope="col">{column}</th>' in slip
    assert "Signature" in slip and "Game ended by:" in slip
    for ending in endings:
        assert f"☐ {ending}" in slip


def printed_text(html: str) -> str:
    """What a piece of HTML shows on paper: its text without the tags."""
    return re.sub(r"<[^>]+>", "", html).strip()


def test_the_short_link_printed_on_a_card_works_when_typed(client, event):
    """Issue 33.14: the card printed ``http://testserver/p//P27A-FW5E`` (the code cut out of the
    URL and printed again): typed, a 404. What the card shows is now the link that works."""
    html = client.get("/events/links/manage/entrants/cards/").content.decode()
    for entrant in event.entrants.all():
        card = html.split(f'data-card="{entrant.pk}"')[1].split("</article>")[0]
        printed = printed_text(re.search(r'<p class="card-code">(.*?)</p>', card, re.S)[1])
        assert printed.startswith("http://testserver/p/") and "//P" not in printed, printed
        assert entrant.short_code_display in printed
        typed = printed.removeprefix("http://testserver")
        response = client.get(typed, follow=True)
        assert response.status_code == 200, (typed, response.status_code)
        assert response.redirect_chain[-1][0] == f"/me/{entrant.access_token}/", typed


def test_the_short_link_shown_to_staff_works_when_typed(client, event):
    entrant = event.entrants.first()
    html = client.get(f"/events/links/manage/entrants/{entrant.pk}/link/").content.decode()
    shown = printed_text(re.search(r"Short link: <strong>(.*?)</strong>", html)[1])
    assert entrant.short_code_display in shown
    response = client.get(shown.removeprefix("http://testserver"))
    assert response.status_code == 302 and response["Location"] == f"/me/{entrant.access_token}/"
