"""Issue 33, item 13: rating recomputes of one game system that run at the same moment.

Each recompute deletes the system's rating rows and writes them again; two at once used to
collide on the one-rating-per-player constraint (an IntegrityError, not retried). They are now
serialised per game system, so every one of them completes and the rows are those of one
recompute. On PostgreSQL with real connections, each recompute in its own thread; the embedded
SQLite database serialises writers already (IMMEDIATE transactions).
"""

import pytest

from common.audit.actor import Actor
from leagues.models import PlayerRating, RatingChange
from leagues.services.ratings import recompute, replay
from matches.services.results import enter_result
from tests.browser.helpers import report_for
from tests.concurrency.together import run_together
from tests.factories import EntrantFactory, TournamentFactory
from tournament.services.rounds import complete_round, generate_swiss_round, publish_round

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]

SYSTEM = "eye_for_an_eye"
ATTEMPTS = 4


@pytest.fixture
def rated_event(on_postgres):
    tournament = TournamentFactory()
    for i in range(16):
        EntrantFactory(tournament=tournament, display_name=f"Racer {i}")
    for seed in (1, 2):
        round_ = publish_round(generate_swiss_round(tournament, seed=seed))
        for match in round_.matches.filter(is_bye=False):
            enter_result(match, report_for(match), Actor())
        complete_round(round_)
    return tournament


def rows():
    ratings = sorted(
        PlayerRating.objects.filter(system=SYSTEM).values_list("player_id", "mu", "sigma", "games")
    )
    changes = RatingChange.objects.filter(system=SYSTEM).count()
    return ratings, changes


@pytest.mark.parametrize("existing", [True, False], ids=["over-stored-rows", "from-nothing"])
def test_concurrent_recomputes_of_one_system_all_complete(rated_event, existing):
    recompute(SYSTEM)
    expected = rows()
    if not existing:
        PlayerRating.objects.all().delete()
        RatingChange.objects.all().delete()
    jobs = [lambda: len(recompute(SYSTEM).ratings) for _ in range(ATTEMPTS)]
    jobs.append(lambda: len(replay(SYSTEM).ratings))
    outcomes = run_together(jobs)
    assert [kind for kind, _ in outcomes] == ["ok"] * len(jobs), outcomes
    assert rows() == expected
    assert len(expected[0]) == 16 and expected[1] == 32
