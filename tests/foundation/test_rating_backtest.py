"""Issue 35, item 12: the rating back-test reports honestly - only players with a game are
listed and scored, every candidate order is measured the same way, points per game and win rate
stand beside the rating, and the bench's quick run (what a test can afford) prints it all."""

import random
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

from rating_backtest import (  # noqa: E402
    CANDIDATES,
    CHECKPOINTS,
    Candidate,
    Figures,
    Scenario,
    Season,
    by_sigma,
    listed,
    percentiles,
    pod_sizes,
    run_season,
    spearman,
)


@pytest.mark.parametrize("pods", ["4", "3-6"])
def test_every_table_seats_its_players_once(pods):
    rng = random.Random(3)
    for count in range(3, 60):
        sizes = pod_sizes(count, pods, rng)
        assert sum(sizes) == count
        assert all(2 <= s <= (4 if pods == "4" else 6) for s in sizes)


def test_only_players_with_a_game_are_listed_and_newcomers_join_late():
    season = Season(80, Scenario(), seed=2)
    assert listed(season, CANDIDATES[0]) == []  # nobody has played: nobody is scored 0
    season.play_event(1, lambda played: None)
    shown = listed(season, CANDIDATES[0])
    assert shown and all(season.records[p].games == 5 for p in shown)
    assert not any(season.joins[p] > 1 for p in shown)  # newcomers have not come yet
    assert listed(season, Candidate("from 6", by_sigma(0), 6)) == []


def test_a_quick_season_measures_each_candidate_and_each_newcomer_checkpoint():
    figures: dict[str, Figures] = {}
    run_season(120, Scenario("3-6", 2.0), 4, figures, events=5)
    assert set(figures) == {c.name for c in CANDIDATES}
    everyone = figures["mu"]
    assert len(everyone.rho_skill) == 1 and -1 <= everyone.rho_skill[0] <= 1
    assert set(everyone.newcomer) <= set(CHECKPOINTS) and everyone.newcomer[1]
    assert 1 not in figures["mu, listed from 5 games"].newcomer  # not listed after 1 game
    assert figures["points per game"].one_win[0][0] == 1  # one win is the best average there is


def test_the_measures_are_right_on_known_numbers():
    assert spearman([1, 2, 3], [10, 20, 30]) == pytest.approx(1.0)
    assert spearman([1, 2, 3], [3, 2, 1]) == pytest.approx(-1.0)
    assert percentiles([5.0, 1.0]) == [75.0, 25.0]


def test_the_bench_quick_run_prints_the_rating_beside_points_per_game_and_win_rate():
    run = subprocess.run(
        [sys.executable, "bench/ratings.py", "--quick"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    for name in ("'mu'", "'mu - 3 sigma (before)'", "'points per game'", "'win rate'"):
        assert f"order={name}" in run.stdout
    assert "new1=" in run.stdout and "new20=" in run.stdout and "games=" in run.stdout
    assert "win chance pair=0.500 trio=0.500" in run.stdout
