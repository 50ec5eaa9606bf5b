"""Issue 17: ratings follow the accepted results of finished rounds - closing a round rates its
games, a correction of a closed round re-rates, and the rows are rebuilt the same every time."""

import pytest

from common.audit.actor import Actor
from leagues.models import PlayerRating, RatingChange
from leagues.services.ratings import rated_games, recompute
from matches.services.results import correct_result, enter_result
from tests.browser.helpers import report_for
from tests.factories import EntrantFactory, TournamentFactory
from tournament.services.rounds import complete_round, generate_swiss_round, publish_round

pytestmark = pytest.mark.django_db

SYSTEM = "eye_for_an_eye"


def played_round(tournament, seed=3):
    round_ = publish_round(generate_swiss_round(tournament, seed=seed))
    for match in round_.matches.filter(is_bye=False):
        enter_result(match, report_for(match), Actor())
    return round_


@pytest.fixture
def event():
    tournament = TournamentFactory()
    for i in range(8):
        EntrantFactory(tournament=tournament, display_name=f"Rated {i}")
    return tournament


def ratings() -> dict[int, tuple[float, int]]:
    return {
        r.player_id: (round(r.conservative, 9), r.games)
        for r in PlayerRating.objects.filter(system=SYSTEM)
    }


def test_closing_a_round_rates_its_games(event, django_capture_on_commit_callbacks):
    round_ = played_round(event)
    assert rated_games(SYSTEM) == []  # an open round's results do not count yet
    with django_capture_on_commit_callbacks(execute=True):
        complete_round(round_)
    rows = ratings()
    assert len(rows) == 8 and {games for _, games in rows.values()} == {1}
    winners = [m.seats.get(place=1).entrant.player_id for m in round_.matches.filter(is_bye=False)]
    lasts = [m.seats.get(place=4).entrant.player_id for m in round_.matches.filter(is_bye=False)]
    assert min(rows[p][0] for p in winners) > max(rows[p][0] for p in lasts)
    assert RatingChange.objects.filter(system=SYSTEM).count() == 8


def test_recompute_is_the_same_every_time(event, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        complete_round(played_round(event))
    first = ratings()
    recompute(SYSTEM)
    recompute(SYSTEM)
    assert ratings() == first
    assert RatingChange.objects.filter(system=SYSTEM).count() == 8


def test_a_correction_of_a_closed_round_re_rates(event, django_capture_on_commit_callbacks):
    round_ = played_round(event)
    with django_capture_on_commit_callbacks(execute=True):
        complete_round(round_)
    before = ratings()
    match = round_.matches.filter(is_bye=False).first()
    report = report_for(match)
    cups = [side["victory_cup_tokens"] for side in report["sides"]]
    for side, cup in zip(report["sides"], reversed(cups), strict=True):
        side["victory_cup_tokens"] = cup  # the finish turned round
    with django_capture_on_commit_callbacks(execute=True):
        correct_result(match, report, Actor(), "cups were read the wrong way round")
    after = ratings()
    first_before = match.seats.get(place=4).entrant.player_id  # the old winner is now last
    assert after[first_before][0] < before[first_before][0]
    assert {games for _, games in after.values()} == {1}


def test_the_public_rating_list(client, event, django_capture_on_commit_callbacks):
    from tournament.models import Player

    hidden = TournamentFactory(is_public=False, slug="private-night")
    for i in range(4):
        EntrantFactory(tournament=hidden, display_name=f"Hidden {i}")
    round_ = played_round(event)
    secret = played_round(hidden)
    with django_capture_on_commit_callbacks(execute=True):
        complete_round(round_)
        complete_round(secret)
    assert PlayerRating.objects.filter(system=SYSTEM).count() == 8  # public events only
    page = client.get(f"/ratings/{SYSTEM}/")
    assert page.status_code == 200
    listed = [rating.player.name for _, rating in page.context["rows"]]
    assert len(listed) == 8  # ... but only players seen in a public event are listed
    assert not any(name.startswith("Hidden") for name in listed)
    values = [rating.conservative for _, rating in page.context["rows"]]
    assert values == sorted(values, reverse=True)
    assert "(provisional)" in page.content.decode()
    one = Player.objects.filter(entries__tournament=event).first()
    Player.objects.filter(pk=one.pk).update(club="North Quay")
    only = client.get(f"/ratings/{SYSTEM}/?club=north quay").context["rows"]
    assert [r.player_id for _, r in only] == [one.pk]
    assert client.get("/ratings/no-such-game/").status_code == 404
    assert client.get(f"/ratings/{SYSTEM}/?club=" + "x" * 5000).status_code == 200
    index = client.get("/ratings/").content.decode()
    assert "8 rated players" in index and "Eye for an Eye" in index


def test_the_rating_list_over_the_api(event, django_capture_on_commit_callbacks):
    from rest_framework.test import APIClient

    with django_capture_on_commit_callbacks(execute=True):
        complete_round(played_round(event))
    api = APIClient()
    body = api.get(f"/api/v1/ratings/{SYSTEM}/?limit=3").json()
    assert body["count"] == 8 and len(body["results"]) == 3
    first = body["results"][0]
    assert set(first) == {"player", "name", "club", "rating", "mu", "sigma", "games", "provisional"}
    assert first["provisional"] is True and first["games"] == 1
    assert first["rating"] == pytest.approx(first["mu"])  # issue 35: the lists rank by mu
    ratings_in_order = [row["rating"] for row in body["results"]]
    assert ratings_in_order == sorted(ratings_in_order, reverse=True)
    assert api.get("/api/v1/ratings/no-such-game/").status_code == 404
