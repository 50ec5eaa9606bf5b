"""The public standings page: order, true ties, and a fixed number of queries."""

import random
from pathlib import Path

import pytest
from django.conf import settings

from common.audit.actor import Actor
from matches.services.results import enter_result
from tests.factories import EntrantFactory, TournamentFactory
from tournament.logic.simulated_games import random_battle
from tournament.services.rounds import complete_round, generate_swiss_round, publish_round
from tournament.services.standings import compute_standings

pytestmark = pytest.mark.django_db


def event_with_rounds(players, rounds, slug):
    tournament = TournamentFactory(slug=slug)
    EntrantFactory.create_batch(players, tournament=tournament)
    rng = random.Random(players)
    for _ in range(rounds):
        round_ = publish_round(generate_swiss_round(tournament, seed=rng.randrange(999)))
        for match in round_.matches.all():
            sides = [(str(s.entrant_id), 1) for s in match.seats.all()]
            enter_result(match, random_battle("every_eye", sides, rng), Actor())
        complete_round(round_)
    return tournament


def test_standings_list_every_entrant_best_first(client):
    tournament = event_with_rounds(12, 2, "st-cup")
    response = client.get("/events/st-cup/standings/")
    assert response.status_code == 200
    page = response.content.decode()
    rows = compute_standings(tournament)
    assert [r.position for r in rows] == list(range(1, 13))
    assert sorted((r.points for r in rows), reverse=True) == [r.points for r in rows]
    # the page lists them in that order
    offsets = [page.index(f">{r.name}</a>") for r in rows]
    assert offsets == sorted(offsets)
    for label in ("Cup tokens", "Opponents", "Wins"):
        assert label in page


def test_big_fields_are_paged_and_the_table_is_cached_until_a_result_changes_it(
    client, django_assert_max_num_queries, django_capture_on_commit_callbacks
):
    tournament = event_with_rounds(130, 1, "big-st")
    first = client.get("/events/big-st/standings/")
    assert first.context["table"]["pages"] == 2 and first.context["table"]["count"] == 130
    assert first.content.decode().count('<td class="name">') == 100
    second_page = client.get("/events/big-st/standings/?page=2").content.decode()
    assert second_page.count('<td class="name">') == 30
    with django_assert_max_num_queries(2):  # the table comes from the cache
        again = client.get("/events/big-st/standings/")
    assert again.content.decode().count('<td class="name">') == 100
    # a correction moves the standings' revision: the table is rendered anew
    match = tournament.rounds.get().matches.first()
    sides = [(str(s.entrant_id), 1) for s in match.seats.all()]
    from matches.services.results import correct_result

    with django_capture_on_commit_callbacks(execute=True):  # the revision moves on commit
        correct_result(
            match, random_battle("every_eye", sides, random.Random(99)), Actor(), "Recount"
        )
    fresh = compute_standings(tournament)
    page = client.get("/events/big-st/standings/").content.decode()
    top = [page.index(f">{r.name}</a>") for r in fresh[:100]]
    assert top == sorted(top)


def test_standings_queries_do_not_grow_with_the_field(client, django_assert_max_num_queries):
    event_with_rounds(8, 1, "small-cup")
    event_with_rounds(40, 2, "large-cup")
    with django_assert_max_num_queries(4):
        client.get("/events/small-cup/standings/")
    with django_assert_max_num_queries(4):
        client.get("/events/large-cup/standings/")


def test_standings_page_reloads_itself_when_a_result_is_accepted(client):
    tournament = event_with_rounds(8, 1, "live-st")
    page = client.get("/events/live-st/standings/").content.decode()
    assert f'data-live-ws="/ws/tournaments/{tournament.pk}/"' in page
    assert 'data-live-reload-on="standings.changed round.published"' in page
    assert 'data-live-poll="/events/live-st/live.json?after=' in page


def test_long_names_can_wrap_on_a_phone(client):
    tournament = event_with_rounds(4, 1, "long-st")
    entrant = tournament.entrants.first()
    entrant.display_name = "Maximiliana-Wilhelmina von Hohenzollern-Sigmaringen der Zweite"
    entrant.save(update_fields=["display_name"])
    page = client.get("/events/long-st/standings/").content.decode()
    assert '<td class="name">' in page  # players.css lets .name cells break anywhere
    css = (Path(settings.BASE_DIR) / "static/css/players.css").read_text()
    assert ".standings .name { overflow-wrap: anywhere" in css


def test_entrant_chart_points_match_the_standings(client):
    tournament = event_with_rounds(9, 3, "chart-cup")
    rows = {row.entrant_id: row for row in compute_standings(tournament)}
    for entrant in tournament.entrants.all():
        response = client.get(f"/events/chart-cup/entrants/{entrant.pk}/")
        assert response.status_code == 200
        points = response.context["rows"]
        assert [r["number"] for r in points] == [1, 2, 3]
        assert points[-1]["cumulative"] == pytest.approx(rows[str(entrant.pk)].points)
        running = 0.0
        for r in points:
            running += r["points"]
            assert r["cumulative"] == pytest.approx(running)
        page = response.content.decode()
        assert '<svg class="chart"' in page and '<title id="chart-title">' in page
        assert "The chart as a table" in page
    assert client.get("/events/chart-cup/entrants/999999/").status_code == 404


def test_the_readers_row_and_no_shows(client):
    """Issue 38.11: a private link's own row is marked (and cached apart from everyone else's);
    no-shows are neither listed nor counted; the name column says Player."""
    from tournament.models import EntrantStatus

    tournament = TournamentFactory(slug="reader-cup")
    EntrantFactory.create_batch(4, tournament=tournament)
    gone = EntrantFactory(tournament=tournament, status=EntrantStatus.DROPPED, display_name="Gone")
    publish_round(generate_swiss_round(tournament, seed=3))
    me = tournament.entrants.exclude(pk=gone.pk).first()
    anonymous = client.get("/events/reader-cup/standings/").content.decode()
    assert 'class=" mine"' not in anonymous and "(you)" not in anonymous
    assert ">Gone<" not in anonymous and "4 entered" in anonymous and "1 no-show" in anonymous
    assert '<th scope="col">Player</th>' in anonymous and ">Side<" not in anonymous
    mine = client.get(f"/events/reader-cup/standings/?token={me.access_token}").content.decode()
    row = mine[mine.index('id="my-standing"') :].split("</tr>")[0]
    assert me.display_name in row and "(you)" in row
    assert "(you)" not in client.get("/events/reader-cup/standings/").content.decode()
