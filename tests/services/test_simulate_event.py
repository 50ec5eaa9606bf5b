"""The simulation command runs whole events to a champion, players and teams alike."""

import pytest
from django.core.management import call_command

from tournament.models import Tournament, TournamentStatus

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
