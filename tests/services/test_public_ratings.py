"""Issue 33, item 3: only public events feed the ratings.

A private event is seen by its staff and its own players only, so nobody else can check what
happened there: its games must not move anyone's rating. The lists, the player pages and the
API show a rating made of public events' games; an event that turns private (or public) takes
its games out of the ratings (or puts them in) once the change commits.
"""

import io

import pytest

from common.audit.actor import Actor
from leagues.models import PlayerRating, RatingChange
from leagues.services.ratings import rated_games, recompute
from matches.services.results import enter_result
from tests.browser.helpers import report_for
from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tournament.services.events import update_tournament
from tournament.services.rounds import complete_round, generate_swiss_round, publish_round

pytestmark = pytest.mark.django_db

SYSTEM = "eye_for_an_eye"


def play_rounds(tournament, count, capture):
    for seed in range(1, count + 1):
        round_ = publish_round(generate_swiss_round(tournament, seed=seed))
        for match in round_.matches.filter(is_bye=False):
            enter_result(match, report_for(match), Actor())
        with capture(execute=True):
            complete_round(round_)


def rating_of(player):
    row = PlayerRating.objects.get(system=SYSTEM, player=player)
    return round(row.conservative, 9), row.games


@pytest.fixture
def public_event(django_capture_on_commit_callbacks):
    tournament = TournamentFactory(slug="open-cup", is_public=True)
    for i in range(8):
        EntrantFactory(tournament=tournament, display_name=f"Open {i}")
    play_rounds(tournament, 2, django_capture_on_commit_callbacks)
    return tournament


def test_a_private_event_does_not_move_a_public_rating(
    public_event, django_capture_on_commit_callbacks
):
    top = PlayerRating.objects.filter(system=SYSTEM).order_by("-conservative").first().player
    before = rating_of(top)
    private = TournamentFactory(slug="back-room", is_public=False)
    EntrantFactory(tournament=private, player=top, display_name=top.name)
    for i in range(3):
        EntrantFactory(tournament=private, display_name=f"Stooge {i}")
    play_rounds(private, 3, django_capture_on_commit_callbacks)
    assert rating_of(top) == before
    assert len(rated_games(SYSTEM)) == 4  # the public event's two rounds of two tables
    assert not RatingChange.objects.filter(match__round__tournament=private).exists()
    assert not PlayerRating.objects.filter(player__entries__tournament=private).exclude(player=top)


def test_an_event_that_turns_private_leaves_the_ratings(
    public_event, django_capture_on_commit_callbacks
):
    organiser = UserFactory(username="host")
    recompute(SYSTEM)
    rated = PlayerRating.objects.filter(system=SYSTEM).count()
    assert rated == 8
    with django_capture_on_commit_callbacks(execute=True):
        update_tournament(public_event, {"is_public": False}, Actor(user=organiser))
    assert PlayerRating.objects.filter(system=SYSTEM).count() == 0
    assert rated_games(SYSTEM) == []
    with django_capture_on_commit_callbacks(execute=True):
        update_tournament(public_event, {"is_public": True}, Actor(user=organiser))
    assert PlayerRating.objects.filter(system=SYSTEM).count() == 8


def test_the_rating_pages_say_which_events_count(client, public_event):
    sentence = "Only games of public events count"
    assert sentence in client.get("/ratings/").content.decode()
    assert sentence in client.get(f"/ratings/{SYSTEM}/").content.decode()
    player = PlayerRating.objects.filter(system=SYSTEM).first().player
    player.profile_public = True
    player.save()
    assert sentence in client.get(f"/players/{player.pk}/").content.decode()


def test_the_command_rebuilds_ratings_stored_before_the_rule(public_event):
    """Ratings stored before the public-only rule still hold private games until rebuilt."""
    from django.core.management import call_command
    from django.core.management.base import CommandError

    stale = PlayerRating.objects.filter(system=SYSTEM).first()
    PlayerRating.objects.filter(pk=stale.pk).update(conservative=99, games=40)
    out = io.StringIO()
    call_command("recompute_ratings", stdout=out)
    assert f"{SYSTEM}: 8 players rated" in out.getvalue()
    assert PlayerRating.objects.get(system=SYSTEM, player=stale.player_id).conservative != 99
    assert PlayerRating.objects.filter(system=SYSTEM).count() == 8
    with pytest.raises(CommandError, match="no game system"):
        call_command("recompute_ratings", "--system", "chess")
