"""Issue 39.1: the organiser's console, the referee desk, the league pages and the registration
pages speak German and French: no sentence of their templates is left in English."""

import html
import re
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.urls import reverse

from leagues.models import Organisation, Season
from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tournament.services.rounds import generate_swiss_round

pytestmark = pytest.mark.django_db

OWN_TEMPLATES = ("templates/organiser/", "templates/desk/", "templates/leagues/")
OWN_TEMPLATES += ("templates/registrations/",)
# words these templates share with a text of the Python code on the same page: that text is
# marked (and checked) where it is written
ALSO_WRITTEN_IN_PYTHON = {
    "Game ended by",  # engine/systems/eye_for_an_eye.py: a field of the result form
    "season table",  # leagues/forms.py: the help text of "is public"
}


def english_sentences(language: str) -> list[str]:
    """The English texts only these templates hold, where the catalogue words them differently.

    A text that some other file's sentence also holds (Python code, another template) may
    reach the page from there, so it is left to that file's own check."""
    path = Path(settings.BASE_DIR) / f"locale/{language}/LC_MESSAGES/django.po"
    catalogue = polib.pofile(str(path))
    elsewhere = " ".join(
        english
        for entry in catalogue
        if not all(file.startswith(OWN_TEMPLATES) for file, _ in entry.occurrences)
        for english in (entry.msgid, entry.msgid_plural)
    )
    texts = []
    for entry in catalogue:
        if not all(file.startswith(OWN_TEMPLATES) for file, _ in entry.occurrences):
            continue
        for english in filter(None, (entry.msgid, entry.msgid_plural)):
            # the fixed words of a sentence: the parts between its placeholders and its tags
            for part in re.split(r"%\([a-z_]+\)s|<[^>]+>", english):
                part = part.strip(" .:;,()“”")
                translations = " ".join((entry.msgstr, *entry.msgstr_plural.values()))
                if len(part) >= 12 and part not in elsewhere and part not in translations:
                    texts.append(part)
    return [text for text in texts if text not in ALSO_WRITTEN_IN_PYTHON]


def visible_text(page: str) -> str:
    """A page's words as a reader meets them: tags, scripts and styles taken out."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    page = re.sub(r'(?:title|aria-label|placeholder|alt)="([^"]*)"', r">\1<", page)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page)))


def shows(sentence: str, text: str) -> bool:
    """Whether the text holds the sentence as whole words ("rated player" is not "unrated").

    The plain substring test first: most sentences are nowhere in the text, and a pattern per
    sentence and page (thousands) outgrows the regular expressions' cache."""
    if sentence not in text:
        return False
    return re.search(rf"(?<!\w){re.escape(sentence)}(?!\w)", text) is not None


@pytest.fixture
def event():
    organiser = UserFactory(username="boss")
    tournament = TournamentFactory(slug="cup", organiser=organiser, name="Cup")
    for i in range(8):
        EntrantFactory(tournament=tournament, display_name=f"Player {i}")
    round_ = generate_swiss_round(tournament, seed=5)
    club = Organisation.objects.create(name="West Club", slug="west")
    club.staff.create(user=organiser)
    Season.objects.create(organisation=club, name="Summer league", slug="summer", is_public=True)
    return tournament, organiser, round_


def staff_pages(tournament, round_) -> list[str]:
    slug, number = tournament.slug, round_.number
    entrant = tournament.entrants.first()
    match = round_.matches.first()
    names = [
        ("tournament:manage-home", [slug]),
        ("tournament:manage-entrants", [slug]),
        ("tournament:manage-rounds", [slug]),
        ("tournament:manage-round", [slug, number]),
        ("tournament:manage-round-print", [slug, number]),
        ("tournament:manage-projector", [slug, number]),
        ("tournament:manage-board-pairings", [slug, number]),
        ("tournament:manage-board-names", [slug, number]),
        ("tournament:manage-board-standings", [slug]),
        ("tournament:manage-check-in-code", [slug]),
        ("tournament:manage-player-cards", [slug]),
        ("tournament:manage-player-link", [slug, entrant.pk]),
        ("tournament:manage-drop", [slug, entrant.pk]),
        ("tournament:manage-duplicates", [slug]),
        ("tournament:manage-staff", [slug]),
        ("tournament:manage-audit", [slug]),
        ("tournament:manage-run-again", [slug]),
        ("matches:desk", [slug]),
        ("matches:desk-match", [slug, match.pk]),
        ("registrations:manage-table", [slug]),
        ("registrations:manage-settings", [slug]),
        ("registrations:manage-questions", [slug]),
        ("registrations:manage-mail", [slug]),
        ("leagues:index", []),
        ("leagues:meta", []),
        ("leagues:seasons", []),
        ("leagues:season", ["summer"]),
        ("leagues:season-manage", ["summer"]),
        ("leagues:organisation", ["west"]),
        ("leagues:organisation-new", []),
        ("tournament:manage-new", []),
    ]
    return [reverse(name, args=args) for name, args in names]


@pytest.mark.parametrize("language", ["de", "fr"])
def test_the_staff_pages_leave_no_english_sentence(client, event, language):
    tournament, organiser, round_ = event
    client.force_login(organiser)
    client.cookies["language"] = language  # the header's switcher: the room's pages follow it too
    english = english_sentences(language)
    assert len(english) > 300  # the catalogue is read, and these templates are in it
    left = {}
    for url in staff_pages(tournament, round_):
        response = client.get(url)
        assert response.status_code == 200, url
        text = visible_text(response.content.decode())
        found = sorted({sentence for sentence in english if shows(sentence, text)})
        if found:
            left[url] = found
    assert left == {}, left


def test_the_console_still_speaks_english_by_default(client, event):
    tournament, organiser, round_ = event
    client.force_login(organiser)
    page = client.get(reverse("tournament:manage-round", args=[tournament.slug, 1])).content
    assert "Swap two players' seats" in html.unescape(page.decode())
    german = client.get(
        reverse("tournament:manage-round", args=[tournament.slug, 1]), HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    assert "Plätze zweier Spieler tauschen" in german and 'lang="de"' in german
