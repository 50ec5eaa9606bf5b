"""Issue 39 (proof): the players' and the public's pages speak German and French, with no English
sentence left: a finished event (its final order, bracket, standings, each player's page and
history), a running one (a private page with its result form, the round's tables), the event
listing, the ratings, the seasons and the rules' decisions (``/rules/decisions/``, its table
written from ``engine/decisions.py``: the decisions' rulebook references and API names such as
"000/001" or "points_table" stay as they are inside the translated sentences).

Two checks, so that a sentence nobody marked is caught as well as one marked but left
untranslated: every fixed part of a catalogue sentence the catalogue words differently
(``english_sentences``, the staff pages' check) must be absent, and no text of the page may
read as English (``english_texts``: two or more words with an English function word, once
the people's and events' names and the game's kept terms are taken out).
"""

import html
import re
from html.parser import HTMLParser
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.contrib.auth import get_user_model

from common.audit.actor import Actor
from leagues.services.organisations import create_organisation
from leagues.services.seasons import add_event, create_season
from tests.factories import EntrantFactory, TournamentFactory
from tests.pages.test_bracket import finished_event
from tests.pages.test_staff_pages_translated import shows
from tournament.models import Player
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = pytest.mark.django_db

#: words only English sentences hold, less the language's own words of the same spelling
ENGLISH_WORD_TEXT = (
    "the and your you is are of this with has have not yet from after before will was been can "
    "cannot only which when who there their its it into than then here won lost played round "
    "rounds result results game games player players winner runner-up group finished standing "
    "ran out left done"
)
#: German's own "was" (what), "will" (wants) and "ran" (at it): never taken for English there
OWN_WORDS = {"de": {"was", "will", "ran"}, "fr": set()}


def english_words(language: str) -> re.Pattern:
    """The pattern of English-only words for pages in ``language``."""
    words = [word for word in ENGLISH_WORD_TEXT.split() if word not in OWN_WORDS[language]]
    return re.compile(r"\b(" + "|".join(words) + r")\b")


#: what a page shows in English on purpose: the game's kept names (locale/glossary.md), the
#: calls, and the words people gave (names of events, clubs, venues and players)
KEPT = (
    "Eye for an Eye",
    "Every Eye for Themselves",
    "King of the Hill",
    "Nymphlet Ceremony",
    "Victory Cup",
    "Health Tokens",
    "Tsukuyumi - Full Moon Down",
    "Yarra Mark",
    "Yarra Bung",
    "Burraparay",
    "Grid Skirmish",
)


def english_sentences(language: str) -> list[str]:
    """The fixed parts (12 characters or more) of every catalogue sentence that its language
    words differently: the English a page must not show once translated."""
    path = Path(settings.BASE_DIR) / f"locale/{language}/LC_MESSAGES/django.po"
    catalogue = [entry for entry in polib.pofile(str(path)) if not entry.obsolete]
    translations = " ".join(
        " ".join((entry.msgstr, *entry.msgstr_plural.values())) for entry in catalogue
    )
    parts = set()
    for entry in catalogue:
        for english in filter(None, (entry.msgid, entry.msgid_plural)):
            for part in re.split(r"%\([a-z_]+\)[sd]|%[sd]|\{[^}]*\}|<[^>]+>", english):
                part = part.strip(" .:;,()“”\"'-·")
                if len(part) >= 12 and " " in part and part not in translations:
                    parts.add(part)
    return sorted(parts)


class Texts(HTMLParser):
    """A page's texts as a reader meets them: each text between tags, and the titles, labels,
    placeholders and alternative texts; scripts and styles left out."""

    def __init__(self):
        super().__init__()
        self.hidden = 0
        self.texts: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style", "svg"):
            self.hidden += 1
        for name, value in attrs:
            if name in ("title", "aria-label", "placeholder", "alt") and value:
                self.texts.append(value)

    def handle_endtag(self, tag):
        if tag in ("script", "style", "svg"):
            self.hidden -= 1

    def handle_data(self, data):
        if not self.hidden and data.strip():
            self.texts.append(" ".join(data.split()))


def page_texts(page: str) -> list[str]:
    parser = Texts()
    parser.feed(page)
    return parser.texts


def english_texts(texts: list[str], given: list[str], language: str) -> list[str]:
    """The texts that read as English once the kept and given words are taken out."""
    english = english_words(language)
    found = []
    for text in texts:
        plain = re.sub(r"https?://\S+", " ", html.unescape(text))
        for words in sorted((*KEPT, *given), key=len, reverse=True):
            plain = plain.replace(words, " ")
        if len(re.findall(r"[A-Za-z]{2,}", plain)) >= 2 and english.search(plain):
            found.append(text)
    return found


@pytest.fixture
def events():
    """A finished event (counted in a club's season) and a running one with a round to play."""
    finished, champion = finished_event(8, "done-cup", 11)
    organiser_actor = Actor(user=finished.organiser)
    club = create_organisation("Quay Club", "quay", "Quay Town", organiser_actor)
    season = create_season(
        club, "quay-2026", {"name": "Quay 2026", "best_of": 2, "planned_events": 3},
        organiser_actor,
    )  # fmt: skip
    add_event(season, finished, organiser_actor)
    winner = finished.entrants.get(pk=int(champion))
    user = get_user_model().objects.create_user("winner", "winner@example.org", "x")
    Player.objects.filter(pk=winner.player_id).update(profile_public=True, user=user)
    running = TournamentFactory(slug="open-cup", swiss_rounds=3)
    EntrantFactory.create_batch(6, tournament=running)
    round_ = publish_round(generate_swiss_round(running, seed=3))
    return finished, winner, user, running, round_


def player_pages(finished, winner, running, round_) -> list[str]:
    done, now = finished.slug, running.slug
    entrants = list(finished.entrants.order_by("pk"))
    me = round_.matches.filter(is_bye=False).first().seats.first().entrant
    return [
        "/",
        "/meta/?system=eye_for_an_eye",
        "/ratings/eye_for_an_eye/",
        "/seasons/",
        "/seasons/quay-2026/",
        "/rules/decisions/",
        "/accessibility/",
        f"/players/{winner.player_id}/",
        f"/events/{done}/",
        f"/events/{done}/standings/",
        f"/events/{done}/bracket/",
        f"/events/{done}/rounds/1/",
        f"/events/{done}/chiefs/",
        f"/events/{done}/widget/",
        *(f"/events/{done}/entrants/{e.pk}/" for e in entrants),
        *(f"/me/{e.access_token}/" for e in entrants),
        f"/events/{now}/",
        f"/events/{now}/rounds/{round_.number}/",
        f"/events/{now}/standings/",
        f"/me/{me.access_token}/",
        f"/me/{me.access_token}/drop/",
    ]


def given_words(finished, running) -> list[str]:
    """The names people gave that a page may show: events, venues, clubs, players."""
    words = ["Quay Club", "Quay 2026", "Quay Town"]
    for event in (finished, running):
        words += [event.name, event.venue or "", event.description or ""]
        words += [e.display_name for e in event.entrants.all()]
        words += [e.player.club or "" for e in event.entrants.select_related("player")]
    return [w for w in words if w]


@pytest.mark.parametrize("language", ["de", "fr"])
def test_the_player_and_public_pages_leave_no_english(client, events, language):
    finished, winner, user, running, round_ = events
    client.cookies["language"] = language
    english = english_sentences(language)
    assert len(english) > 1000  # the whole catalogue is read
    given = given_words(finished, running)
    left = {}
    pages = [(url, False) for url in player_pages(finished, winner, running, round_)]
    pages.append(("/accounts/history/", True))
    for url, signed_in in pages:
        if signed_in:
            client.force_login(user)
        response = client.get(url)
        assert response.status_code == 200, url
        page = response.content.decode()
        assert f'lang="{language}"' in page, url
        texts = page_texts(page)
        joined = " ".join(texts)
        found = {sentence for sentence in english if shows(sentence, joined)}
        found |= set(english_texts(texts, given, language))
        if found:
            left[url] = sorted(found)
    assert left == {}, left
