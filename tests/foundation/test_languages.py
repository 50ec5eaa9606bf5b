"""Which language a page speaks (docs/translating.md): a signed-in person's saved choice, the
switcher's cookie, the browser's Accept-Language, then the event's language; pages shown to a
room skip the browser's."""

import re

import pytest
from django.test import Client

from accounts.language import SESSION_KEY
from accounts.models import LanguagePreference
from tests.factories import TournamentFactory, UserFactory
from tournament.models import StaffRole, StaffRoleKind

pytestmark = pytest.mark.django_db

PAGE = "/accessibility/"
TITLES = {
    "en-gb": "Accessibility statement",
    "de": "Erklärung zur Barrierefreiheit",
    "fr": "Déclaration d’accessibilité",
}


def spoken(response) -> str:
    """The language of a page: its ``<html lang>``, checked against its title and header."""
    html = response.content.decode()
    lang = re.search(r'<html lang="([^"]+)"', html).group(1)
    assert response["Content-Language"] == lang
    return lang


def statement_language(client, **headers) -> str:
    response = client.get(PAGE, **headers)
    lang = spoken(response)
    assert TITLES[lang] in response.content.decode()
    return lang


def test_without_any_choice_the_site_speaks_its_default(client):
    assert statement_language(client) == "en-gb"


def test_the_browser_language_comes_next(client):
    assert statement_language(client, HTTP_ACCEPT_LANGUAGE="de-AT,de;q=0.9,en;q=0.5") == "de"
    assert statement_language(client, HTTP_ACCEPT_LANGUAGE="it,fr;q=0.8") == "fr"
    assert statement_language(client, HTTP_ACCEPT_LANGUAGE="en-US") == "en-gb"


def test_the_switcher_cookie_beats_the_browser(client):
    response = client.post("/i18n/setlang/", {"language": "fr", "next": PAGE})
    assert response.status_code == 302 and response["Location"] == PAGE
    assert client.cookies["language"].value == "fr"
    assert statement_language(client, HTTP_ACCEPT_LANGUAGE="de") == "fr"


def test_an_anonymous_switch_needs_no_csrf_token_and_saves_nothing():
    client = Client(enforce_csrf_checks=True)
    response = client.post("/i18n/setlang/", {"language": "de", "next": PAGE})
    assert response.status_code == 302 and client.cookies["language"].value == "de"
    assert not LanguagePreference.objects.exists()


def test_a_signed_in_switch_saves_the_choice_and_checks_csrf(client):
    user = UserFactory(username="switcher")
    guarded = Client(enforce_csrf_checks=True)
    guarded.force_login(user)
    assert guarded.post("/i18n/setlang/", {"language": "de"}).status_code == 403
    assert not LanguagePreference.objects.exists()
    client.force_login(user)
    client.post("/i18n/setlang/", {"language": "de", "next": PAGE})
    assert LanguagePreference.objects.get(user=user).language == "de"


def test_the_saved_choice_beats_the_cookie_and_the_browser_on_any_device(client):
    user = UserFactory(username="saved")
    LanguagePreference.objects.create(user=user, language="de")
    client.cookies["language"] = "fr"
    client.force_login(user)  # signing in puts the saved choice in the session
    assert client.session[SESSION_KEY] == "de"
    assert statement_language(client, HTTP_ACCEPT_LANGUAGE="fr") == "de"


def test_a_bad_language_in_the_cookie_or_the_switch_changes_nothing(client):
    client.cookies["language"] = "xx"
    assert statement_language(client, HTTP_ACCEPT_LANGUAGE="de") == "de"
    client.post("/i18n/setlang/", {"language": "klingon", "next": PAGE})
    assert client.cookies["language"].value == "xx"


def test_the_event_language_comes_last_on_the_event_pages(client):
    event = TournamentFactory(slug="berlin-open", language="de", is_public=True)
    assert spoken(client.get(f"/events/{event.slug}/")) == "de"
    assert spoken(client.get(f"/events/{event.slug}/", HTTP_ACCEPT_LANGUAGE="fr")) == "fr"
    assert spoken(client.get(PAGE)) == "en-gb"  # a page of no event: the site's


def test_room_pages_speak_the_event_language_unless_the_person_chose_one(client):
    organiser = UserFactory(username="boss")
    event = TournamentFactory(slug="lyon", organiser=organiser, language="fr")
    StaffRole.objects.create(tournament=event, user=organiser, role=StaffRoleKind.ORGANISER)
    client.force_login(organiser)
    cards = f"/events/{event.slug}/manage/entrants/cards/"
    assert spoken(client.get(cards, HTTP_ACCEPT_LANGUAGE="de")) == "fr"
    client.cookies["language"] = "de"
    assert spoken(client.get(cards)) == "de"
    LanguagePreference.objects.create(user=organiser, language="en-gb")
    client.force_login(organiser)
    assert spoken(client.get(cards)) == "en-gb"


def test_the_javascript_catalogue_is_served_in_the_request_language(client):
    response = client.get("/jsi18n/", HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 200 and "django.gettext" in response.content.decode()
