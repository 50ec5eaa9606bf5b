"""Each push is worded in its reader's language: the saved choice of the device owner's
account, else the event's language; English stays as it was."""

import pytest

from accounts.models import LanguagePreference
from notifications.logic import texts
from tests.factories import EntrantFactory, PlayerFactory, TournamentFactory, UserFactory
from tests.notifications.test_delivery import publish, subscribe

pytestmark = pytest.mark.django_db


def player_with_language(tournament, language=None):
    user = UserFactory()
    if language:
        LanguagePreference.objects.create(user=user, language=language)
    return EntrantFactory(tournament=tournament, player=PlayerFactory(user=user))


def table_push(push_service, entrant):
    (push,) = push_service.pushes_to(f"entrant-{entrant.pk}")
    return push.payload["body"]


def test_a_player_who_chose_german_hears_their_table_in_german_the_others_in_the_events_language(
    push_on, push_service, django_capture_on_commit_callbacks
):
    tournament = TournamentFactory(name="Hafenpokal", language="fr")
    german = player_with_language(tournament, "de")
    no_choice = player_with_language(tournament)
    EntrantFactory.create_batch(2, tournament=tournament)
    subscribe(push_service, german)
    subscribe(push_service, no_choice)
    round_ = publish(tournament, django_capture_on_commit_callbacks)
    seats = {s.entrant_id: s for s in round_.seats.select_related("match")}
    table = seats[german.pk].match.table_number
    colour = {"red": "Rot", "orange": "Orange", "yellow": "Gelb", "green": "Grün"}
    colour |= {"blue": "Blau", "purple": "Lila"}
    assert table_push(push_service, german) == (
        f"Runde 1: Tisch {table}, starte auf {colour[seats[german.pk].flower_colour]}"
    )
    assert table_push(push_service, no_choice).startswith(
        f"Ronde 1\u00a0: table {seats[no_choice.pk].match.table_number}, "
    )


def test_the_words_stay_english_without_a_translation():
    message = texts.table_published(
        "Cup",
        1,
        2,
        7,
        bye=False,
        flower_colour="red+blue+green",
        starting_flowers=True,
        starts_by_centre=False,
        url="/",
    )
    assert message.body == "Round 2: table 7, start on Red, Blue and Green"
    bye = texts.table_published(
        "Cup",
        1,
        2,
        0,
        bye=True,
        flower_colour="",
        starting_flowers=True,
        starts_by_centre=False,
        url="/",
    )
    assert bye.body == "Round 2: you have a bye"
