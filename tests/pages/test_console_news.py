"""Issue 39: the console home's latest changes are told as the audit page tells them, in the
reader's language, not as the audit log's codes ("round.published")."""

import pytest
from django.urls import reverse
from django.utils import translation

from common.audit.actor import Actor
from common.audit.logic.story import ACTION_WORDS
from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tests.pages.test_staff_pages_translated import visible_text
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_the_console_news_reads_as_stories(client, language):
    organiser = UserFactory(username="boss")
    tournament = TournamentFactory(slug="cup", organiser=organiser)
    EntrantFactory.create_batch(4, tournament=tournament)
    publish_round(generate_swiss_round(tournament, seed=2), Actor(user=organiser))
    client.force_login(organiser)
    client.cookies["language"] = language
    page = client.get(reverse("tournament:manage-home", args=["cup"])).content.decode()
    text = visible_text(page)
    assert "round.published" not in text
    with translation.override(language):
        published = translation.gettext(ACTION_WORDS["round.published"])
    assert published.split("%(round)s")[0].strip() in text
