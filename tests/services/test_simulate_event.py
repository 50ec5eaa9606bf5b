"""The simulation command runs whole events to a champion, players and teams alike."""

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from leagues.models import PlayerRating, Season
from leagues.services.season_standings import season_standings
from matches.models import Seat
from tests.factories import EntrantFactory, TournamentFactory
from tournament.management.commands.simulate_event import Command
from tournament.models import Tournament, TournamentStatus
from tournament.models.people import MAX_SEED
from tournament.services.simulation import register_sides

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("args", "finalists"),
    [
        (["--players", "19", "--method", "swiss", "--rounds", "3", "--drops", "2"], 4),
        (["--players", "11", "--method", "random", "--rounds", "2"], 4),
        (["--players", "9", "--teams", "--rounds", "3"], 2),
    ],
)
def test_simulated_event_ends_with_a_champion(args, finalists, capsys):
    call_command("simulate_event", *args, "--seed", "2")
    out = capsys.readouterr().out
    tournament = Tournament.objects.get()
    assert tournament.status == TournamentStatus.FINISHED
    assert "Final Swiss standings" in out and " wins " in out
    assert sum(1 for line in out.splitlines() if line.strip().startswith("Final game")) == 3
    first_final = next(line for line in out.splitlines() if "Final game 1" in line)
    assert first_final.count("(") == finalists


def run_simulation(capsys, *args) -> str:
    call_command("simulate_event", "--players", "12", "--rounds", "2", "--seed", "3", *args)
    return capsys.readouterr().out


def test_the_same_seed_gives_the_same_event_whatever_else_the_database_holds(capsys):
    """Issue 15: with other events in the database the same seed gave other games (the
    pairing ordered entrant ids as text, and other events shift the ids)."""
    alone = run_simulation(capsys, "--slug", "first")
    # Another event with a hundred entrants moves every id of the next simulation.
    other = TournamentFactory(slug="busy-night")
    EntrantFactory.create_batch(100, tournament=other)
    again = run_simulation(capsys, "--slug", "second")
    assert alone == again


def test_running_twice_picks_a_free_address(capsys):
    run_simulation(capsys)
    run_simulation(capsys)
    slugs = sorted(Tournament.objects.values_list("slug", flat=True))
    assert slugs == ["simulation-every_eye-12-3", "simulation-every_eye-12-3-2"]


def test_the_bracket_shows_each_side_s_seed(capsys):
    out = run_simulation(capsys)
    bracket = out[out.index("Elimination") :]
    group_a = next(line for line in bracket.splitlines() if line.strip().startswith("A "))
    assert sorted(int(part.split("]")[0]) for part in group_a.split("[")[1:]) == [1, 4, 5, 8]


def test_help_names_every_default():
    parser = Command().create_parser("manage.py", "simulate_event")
    text = parser.format_help()
    assert "default swiss" in text and "default 5" in text and "default 32" in text


def test_an_unmigrated_database_gets_a_message_not_a_traceback(tmp_path):
    env = {**os.environ, "SQLITE_PATH": str(tmp_path / "new.sqlite3")}
    env.pop("DATABASE_URL", None)
    done = subprocess.run(
        [sys.executable, "manage.py", "simulate_event", "--players", "4"],
        cwd=Path(__file__).resolve().parents[2],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1
    assert "run `manage.py migrate` first" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("mode", "system", "first_tiebreak"),
    [
        ("domination", "eye_for_an_eye", "stat:vp"),
        ("king_of_the_hill", "eye_for_an_eye", "stat:vp"),
        ("nymphlet_ceremony", "eye_for_an_eye", "stat:vp"),
        ("eye_vs_eye", "eye_vs_eye", "stat:viewpoints"),
    ],
)
def test_vp_modes_and_eye_vs_eye_run_end_to_end_with_their_tiebreakers(
    mode, system, first_tiebreak, capsys
):
    """Issue 13 done-means: a VP-mode event and an Eye vs Eye event, registration to champion,
    breaking ties on the mode's own statistic (VP, Viewpoints), never on cups."""
    call_command("simulate_event", "--mode", mode, "--players", "10", "--rounds", "2")
    out = capsys.readouterr().out
    tournament = Tournament.objects.get()
    assert tournament.game_system == system
    assert tournament.status == TournamentStatus.FINISHED and " wins " in out
    first_row = next(line for line in out.splitlines() if line.strip().startswith("1."))
    assert first_tiebreak in first_row and "victory_cup_tokens" not in out
    flowers = set(Seat.objects.filter(round__tournament=tournament).values_list(
        "flower_colour", flat=True))  # fmt: skip
    if mode == "domination" or system != "eye_for_an_eye":
        # no starting flowers, in the Swiss rounds and the elimination: Domination starts by
        # the centre, and the Ceremonial Flowers are Eye for an Eye's
        assert flowers == {""}
    else:
        assert "" not in flowers


def test_a_simulated_season_plays_every_event_with_one_pool_of_players(
    capsys, django_capture_on_commit_callbacks
):
    """Issue 17: ``--events N`` runs a club's season; the same people meet again, so the season
    table and the ratings have several events behind them."""
    with django_capture_on_commit_callbacks(execute=True):  # the closed rounds' ratings
        call_command(
            "simulate_event", "--events", "3", "--players", "8", "--rounds", "2", "--seed", "4"
        )
    out = capsys.readouterr().out
    season = Season.objects.get()
    events = list(season.events.all())
    assert len(events) == 3 and {e.status for e in events} == {TournamentStatus.FINISHED}
    assert {e.organisation_id for e in events} == {season.organisation_id}
    table = season_standings(season)
    assert max(row.events_played for row in table.rows) >= 2  # the pool brings people back
    assert f"/seasons/{season.slug}/" in out and "Best ratings" in out
    assert PlayerRating.objects.filter(games__gte=4).exists()


def test_a_season_needs_a_sensible_number_of_events():
    with pytest.raises(CommandError, match="--events is 1 to 50"):
        call_command("simulate_event", "--events", "0")


def test_a_size_past_the_platform_s_seeds_is_refused_with_a_message():
    """Issue 43: every simulated side gets a seed, and a seed is 1 to MAX_SEED everywhere."""
    with pytest.raises(CommandError, match=f"--players is at most {MAX_SEED}"):
        call_command("simulate_event", "--players", str(MAX_SEED + 1))


def test_sides_register_past_the_size_of_the_plain_name_pools():
    """Issue 43: 256 plain team names (and 1,920 people) once stopped a larger simulation."""
    tournament = TournamentFactory(mode="alliances")
    register_sides(tournament, 300, True, random.Random(1))
    names = list(tournament.entrants.values_list("display_name", flat=True))
    assert len(names) == 300 == len(set(names))
    assert sorted(tournament.entrants.values_list("seed", flat=True)) == list(range(1, 301))
