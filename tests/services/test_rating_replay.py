"""Issue 17: a closed round or a correction replays the ratings only from the first game that
changed - and always leaves exactly the rows a recompute from scratch writes."""

import random

import pytest

from common.audit.actor import Actor
from leagues.logic.rating import Game, Side
from leagues.models import PlayerRating, RatingChange
from leagues.services import ratings as ratings_service
from leagues.services.ratings import first_difference, recompute, replay
from matches.models import MatchStatus
from matches.services.results import correct_result
from tests.browser.helpers import report_for
from tests.factories import TournamentFactory
from tournament.models import RoundStatus
from tournament.services.rounds import generate_swiss_round
from tournament.services.simulation import play_round, player_pool, register_sides

pytestmark = pytest.mark.django_db

SYSTEM = "eye_for_an_eye"


def snapshot():
    ratings = sorted(
        PlayerRating.objects.filter(system=SYSTEM).values_list(
            "player_id", "mu", "sigma", "conservative", "games"
        )
    )
    changes = sorted(
        RatingChange.objects.filter(system=SYSTEM).values_list(
            "player_id", "match_id", "sequence", "mu", "sigma", "games"
        )
    )
    return ratings, changes


def game(match: int) -> Game:
    return Game((0, match), SYSTEM, (Side((1,), 1), Side((2,), 2)))


@pytest.mark.parametrize(
    ("stored", "new", "changed", "start"),
    [
        ([1, 2, 3], [1, 2, 3, 4, 5], None, 3),  # a round closed: its games are new at the end
        ([1, 2, 3], [1, 2, 3], 2, 1),  # game 2 corrected
        ([1, 2, 3], [1, 3], None, 1),  # game 2 no longer rated
        ([1, 2, 3], [1, 2, 3], None, 3),  # nothing changed
        ([], [1, 2], None, 0),
        ([1, 2, 3], [1, 2, 3, 4], 9, 3),  # a match that is in neither list
    ],
)
def test_the_first_game_to_replay(stored, new, changed, start):
    assert first_difference(stored, [game(m) for m in new], changed) == start


def test_replays_equal_a_recompute_under_random_rounds_and_corrections(
    django_capture_on_commit_callbacks, monkeypatch
):
    starts = []

    def recording(stored, games, changed):
        starts.append(first_difference(stored, games, changed))
        return starts[-1]

    monkeypatch.setattr(ratings_service, "first_difference", recording)
    rng = random.Random(11)
    pool = player_pool(14, rng)
    events = []
    for n in range(2):
        event = TournamentFactory(slug=f"replay-{n}", swiss_rounds=5)
        register_sides(event, 8 + 2 * n, False, rng, pool=pool)
        events.append(event)
    referee = Actor()
    checked = corrected = 0
    for _ in range(14):
        event = rng.choice(events)
        closed = list(
            event.rounds.filter(status=RoundStatus.COMPLETE)
            .exclude(matches__status=MatchStatus.OPEN)
            .distinct()
        )
        with django_capture_on_commit_callbacks(execute=True):
            if closed and rng.random() < 0.5:
                match = rng.choice(list(rng.choice(closed).matches.filter(is_bye=False)))
                report = report_for(match)
                cups = [side["victory_cup_tokens"] for side in report["sides"]]
                rng.shuffle(cups)
                for side, cup in zip(report["sides"], cups, strict=True):
                    side["victory_cup_tokens"] = cup
                try:
                    correct_result(match, report, referee, "re-read the cups")
                except Exception:  # noqa: BLE001 - an unchanged result is refused: fine
                    continue
                corrected += 1
            elif event.rounds.count() < event.swiss_rounds:
                play_round(generate_swiss_round(event, seed=rng.randrange(10**6)), rng, referee)
            else:
                continue
        incremental = snapshot()
        recompute(SYSTEM)
        assert snapshot() == incremental
        checked += 1
    assert checked >= 8 and corrected >= 3 and RatingChange.objects.exists()
    assert sum(1 for start in starts if start > 0) >= 5  # most replays began part-way


def test_a_replay_touches_only_what_follows(django_capture_on_commit_callbacks):
    rng = random.Random(3)
    event = TournamentFactory(slug="touch", swiss_rounds=3)
    register_sides(event, 8, False, rng, pool=player_pool(8, rng))
    for _ in range(2):
        with django_capture_on_commit_callbacks(execute=True):
            play_round(generate_swiss_round(event, seed=rng.randrange(1000)), rng, Actor())
    first_round = RatingChange.objects.filter(system=SYSTEM, sequence__lte=2)
    kept = {row.pk for row in first_round}
    run = replay(SYSTEM)  # nothing changed: nothing replayed
    assert run.history == [] and {r.pk for r in first_round} == kept
