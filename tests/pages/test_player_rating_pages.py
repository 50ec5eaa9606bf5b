"""Issue 17: a player's pages show the rating chart per system, the last rated games and the
head-to-head record; the public page only if the player made it public, with links only to
opponents whose own page is public, and only games of public events in its tables."""

import pytest

from tests.factories import EntrantFactory, TournamentFactory, play_rated_rounds, verified_user
from tournament.models import Entrant, Player

pytestmark = pytest.mark.django_db


@pytest.fixture
def season():
    """Ann wins every game of two rounds of a public cup; her page is public."""
    cup = TournamentFactory(name="Harbour Cup")
    for i in range(8):
        EntrantFactory(tournament=cup, display_name=f"Cup {i}")
    play_rated_rounds(cup, rounds=2)
    ann = Entrant.objects.filter(tournament=cup).order_by("pk").first().player
    Player.objects.filter(pk=ann.pk).update(name="Ann Lee", profile_public=True)
    return cup, Player.objects.get(pk=ann.pk)


def test_the_public_page_shows_the_chart_and_the_record(client, season):
    cup, ann = season
    page = client.get(f"/players/{ann.pk}/")
    html = page.content.decode()
    assert page.status_code == 200
    assert '<svg class="rating-chart"' in html and 'role="img"' in html
    assert "Eye for an Eye rating after 2 games:" in html
    assert "(provisional)" in html  # fewer than five games
    assert "Last rated games" in html and "Harbour Cup" in html
    opponents = page.context["opponents"]
    assert opponents and all(line.record.above == line.record.games for line in opponents)
    assert "Head to head" in html


def test_an_opponent_is_linked_only_if_their_page_is_public(client, season):
    _, ann = season
    first = client.get(f"/players/{ann.pk}/").context["opponents"]
    shown, hidden = first[0].record.opponent, first[1].record.opponent
    Player.objects.filter(pk=shown).update(profile_public=True)
    html = client.get(f"/players/{ann.pk}/").content.decode()
    assert f'href="/players/{shown}/"' in html
    assert f'href="/players/{hidden}/"' not in html
    assert Player.objects.get(pk=hidden).name in html  # the name is shown, as in standings


def test_a_private_page_is_not_found(client, season):
    _, ann = season
    Player.objects.filter(pk=ann.pk).update(profile_public=False)
    assert client.get(f"/players/{ann.pk}/").status_code == 404
    for hostile in ("99999999999999999999999", "0", "-1", "abc"):
        assert client.get(f"/players/{hostile}/").status_code == 404


def test_a_public_player_with_no_games(client):
    nobody = Player.objects.create(name="New Face", profile_public=True)
    html = client.get(f"/players/{nobody.pk}/").content.decode()
    assert "No rated games yet" in html and "Head to head" not in html


def test_private_events_stay_off_the_public_page_but_on_my_own(client, season):
    cup, ann = season
    closed = TournamentFactory(name="Back Room Night", is_public=False)
    Entrant.objects.create(tournament=closed, player=ann, display_name="Ann Lee")
    secret = {
        EntrantFactory(tournament=closed, display_name=f"Secret {i}").player_id for i in range(3)
    }
    play_rated_rounds(closed)
    public = client.get(f"/players/{ann.pk}/")
    assert "Back Room Night" not in public.content.decode()
    assert not secret & {o.record.opponent for o in public.context["opponents"]}
    # the rating is made of public events' games only (issue 33): the private one's do not count
    assert "rating after 2 games" in public.content.decode()
    user = verified_user("ann")
    Player.objects.filter(pk=ann.pk).update(user=user)
    client.force_login(user)
    mine = client.get("/accounts/history/")
    html = mine.content.decode()
    assert "Back Room Night" in html and "rating after 2 games" in html
    assert secret <= {o.record.opponent for o in mine.context["opponents"]}
