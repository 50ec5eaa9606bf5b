"""Issue 20.15: a finished event shows its final order on the event page, the home page, the
standings page and both standings CSVs; before the champion nothing changes."""

import csv
import io

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.utils import translation

from tests.factories import UserFactory
from tournament.models import Tournament
from tournament.services.final_standings import final_standings

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished(capsys):
    call_command("simulate_event", "--players", "19", "--rounds", "3", "--seed", "4")
    capsys.readouterr()
    return Tournament.objects.get()


def test_the_final_order_of_a_simulated_event(finished):
    rows = final_standings(finished)
    assert len(rows) == finished.entrants.count()
    assert rows[0].entrant_id == finished.champion_id and rows[0].finish.reached == "Champion"
    assert [r.finish.reached for r in rows[1:4]] == ["Final"] * 3
    assert rows[-1].finish.reached == "Swiss"
    assert len({r.entrant_id for r in rows}) == len(rows)


def test_the_final_order_reads_the_same_whatever_the_language(finished):
    """The order names its stages as the records do (the pages translate where they show
    them): computed for a German reader it is the English reader's, word for word."""
    english = [(str(r.finish.reached), r.finish.detail) for r in final_standings(finished)]
    cache.clear()
    with translation.override("de"):
        german = [(str(r.finish.reached), r.finish.detail) for r in final_standings(finished)]
    assert german == english
    assert [reached for reached, _ in german[1:4]] == ["Final"] * 3


def test_pages_and_csvs_show_it(client, finished):
    champion = finished.champion.display_name
    for path in ("/", f"/events/{finished.slug}/", f"/events/{finished.slug}/standings/"):
        page = client.get(path).content.decode()
        assert "Champion: <strong>" + champion in page, path
    data = client.get(f"/api/v1/tournaments/{finished.slug}/standings.csv").content.decode()
    lines = list(csv.reader(io.StringIO(data)))
    assert lines[0][:3] == ["final_position", "finish", "rank"]
    assert lines[1][0] == "1" and lines[1][4] == champion
    assert [int(line[0]) for line in lines[1:]] == list(range(1, len(lines)))
    client.force_login(finished.organiser)
    console = client.get(f"/events/{finished.slug}/manage/export/standings.csv").content.decode()
    assert console.splitlines()[0].startswith("final_position,finish,rank")


def test_no_final_order_before_a_champion(client):
    call_command("simulate_event", "--players", "8", "--rounds", "1", "--seed", "5")
    tournament = Tournament.objects.get()
    tournament.champion = None
    tournament.save(update_fields=["champion"])
    assert final_standings(tournament) is None
    data = client.get(f"/api/v1/tournaments/{tournament.slug}/standings.csv").content.decode()
    assert data.splitlines()[0].startswith("rank,position")
    assert "Final standings" not in client.get(f"/events/{tournament.slug}/").content.decode()
    UserFactory()  # the factories still work after the command (nothing left locked)


def test_each_players_page_says_where_they_finished(client, finished):
    rows = final_standings(finished)
    champion = finished.champion
    assert "You are the champion!" in client.get(f"/me/{champion.access_token}/").content.decode()
    last = finished.entrants.get(pk=rows[-1].entrant_id)
    page = client.get(f"/me/{last.access_token}/").content.decode()
    assert f"You finished {rows[-1].finish.place}" in page and "after the Swiss rounds" in page


def test_a_knocked_out_player_is_told_the_event_goes_on_and_the_final_counts_games(client, capsys):
    # seed 5: the final needs no tie-break game, so its third game is the event's last round
    call_command("simulate_event", "--players", "19", "--rounds", "3", "--seed", "5")
    capsys.readouterr()
    tournament = Tournament.objects.get()
    tournament.champion = None  # as if the final were still being played
    tournament.status = "elimination"
    tournament.save(update_fields=["champion", "status"])
    final_round = tournament.rounds.filter(stage__kind="final").order_by("number").last()
    finalist = final_round.matches.get().seats.first().entrant
    page = client.get(f"/me/{finalist.access_token}/").content.decode()
    assert "Final, game 3 of 3" in page and "Your event is over" not in page
    swiss_only = tournament.entrants.exclude(
        seats__round__stage__kind__in=["elimination_1", "elimination_2", "final"]
    ).first()
    page = client.get(f"/me/{swiss_only.access_token}/").content.decode()
    assert "Your event is over" in page and 'id="now"' not in page
    tables = client.get(f"/events/{tournament.slug}/rounds/{final_round.number}/").content.decode()
    assert "Final, game 3 of 3" in tables
