"""Issue 13.5 through the live-game service: a King of the Hill table scores by calls, the
engine computes the VP, a turn-based game ends at its third call, and a free VP award is a
referee's override with a reason."""

import pytest

from common.audit.actor import Actor
from common.audit.channels import Channel
from engine.errors import EventRejected
from matches.models import VersionState
from matches.services import live_games
from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tournament.models import StaffRole, StaffRoleKind
from tournament.services.rounds import generate_swiss_round, publish_round
from tournament.services.standings import compute_standings

pytestmark = pytest.mark.django_db


@pytest.fixture
def hill():
    """A turn-based King of the Hill table of three, characters on the seats, and a referee."""
    tournament = TournamentFactory(mode="king_of_the_hill", timing="turn_based")
    EntrantFactory.create_batch(3, tournament=tournament)
    match = publish_round(generate_swiss_round(tournament, seed=1)).matches.get()
    seats = list(match.seats.order_by("position"))
    for seat, name in zip(seats, ["Grublic", "Echo", "Pluma"], strict=True):
        seat.character = name
        seat.save(update_fields=["character"])
    referee = UserFactory()
    StaffRole.objects.create(tournament=tournament, user=referee, role=StaffRoleKind.REFEREE)
    return tournament, match, [s.entrant for s in seats], referee


def test_calls_score_vp_and_the_third_ends_the_turn_based_game(hill):
    tournament, match, (a, b, c), referee = hill
    staff = Actor(user=referee, channel=Channel.LIVE)
    live_games.create_live_game(match, staff)
    live_games.apply_live_event(match, {"type": "start"}, staff)
    for on in (["Grublic"], ["Grublic", "Echo"]):
        live_games.apply_live_event(match, {"type": "scoring", "on": on}, staff)
    outcome = live_games.apply_live_event(match, {"type": "scoring", "on": ["Pluma"]}, staff)
    # Grublic 3 + 2 = 5, Echo 2, Pluma 3: the third call ended the game; the referee's
    # hosted game enters the result at once, and the event sums VP (the rulebook's series)
    assert outcome.result["recorded"] and outcome.result["state"] == VersionState.ACCEPTED
    assert outcome.game.state["scorings"] == 3 and outcome.game.state["status"] == "ended"
    standings = {row.name: row.points for row in compute_standings(tournament)}
    assert standings == {a.display_name: 5, b.display_name: 2, c.display_name: 3}


def test_a_free_vp_award_is_for_referees_and_needs_a_reason(hill):
    _tournament, match, (a, *_others), referee = hill
    live_games.create_live_game(match, Actor(entrant=a, channel=Channel.LIVE))
    live_games.apply_live_event(match, {"type": "start"}, Actor(entrant=a, channel=Channel.LIVE))
    award = {"type": "vp", "character": "Grublic", "points": 2, "reason": "missed call"}
    with pytest.raises(EventRejected) as refused:
        live_games.apply_live_event(match, award, Actor(entrant=a, channel=Channel.LIVE))
    assert refused.value.code == "referee_only"
    staff = Actor(user=referee, channel=Channel.LIVE)
    with pytest.raises(EventRejected) as refused:
        live_games.apply_live_event(match, {**award, "reason": ""}, staff)
    assert refused.value.code == "reason_needed"
    outcome = live_games.apply_live_event(match, award, staff)
    assert outcome.game.state["characters"]["Grublic"]["vp"] == 2
