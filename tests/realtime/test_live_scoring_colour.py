"""Issue 35.8 through the clock and the live game: a Domination round's clock deals each table
its own flower deck, and a live scoring must name the colour the table's card showed at the
clock's last call."""

from datetime import timedelta
from itertools import islice

import pytest

from common.audit.actor import Actor
from common.audit.channels import Channel
from engine.api import FLOWER_COLOURS
from engine.errors import EventRejected
from matches.services import live_games
from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tournament.logic.scoring_calls import CallPlan
from tournament.models import Round, StaffRole, StaffRoleKind
from tournament.services import clock
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = pytest.mark.django_db


def started_round(players=8):
    tournament = TournamentFactory(
        mode="domination", scoring_call_gap_min_seconds=60, scoring_call_gap_max_seconds=60
    )
    EntrantFactory.create_batch(players, tournament=tournament)
    return clock.start(publish_round(generate_swiss_round(tournament, seed=7)))


def run_for(round_, ms):
    """As if the round's clock had run ``ms`` of game time already."""
    Round.objects.filter(pk=round_.pk).update(
        clock_started_at=round_.clock_started_at - timedelta(milliseconds=ms),
        clock_ends_at=round_.clock_ends_at - timedelta(milliseconds=ms),
    )
    return Round.objects.get(pk=round_.pk)


def test_each_table_gets_its_own_deck_in_the_plan_and_the_clock_message():
    round_ = started_round()
    plan = CallPlan.from_dict(round_.clock_calls)
    numbers = sorted(round_.matches.values_list("table_number", flat=True))
    assert plan.tables == tuple(numbers) == (1, 2)
    calls = clock.clock_payload(round_)["calls"]
    assert calls["current_colour"] is None  # the hall hears the call, each table its colour
    for table in numbers:
        deck = calls["tables"][str(table)]
        assert deck["from"] == 0 and deck["flips"][0] == plan.opening_colour(table)
        assert set(deck["flips"]) <= set(FLOWER_COLOURS)


@pytest.fixture
def live_table():
    round_ = started_round(players=4)
    match = round_.matches.get()
    chiefs = ["Grublic", "Echo", "Pluma", "Banksia"]
    for seat, name in zip(match.seats.order_by("position"), chiefs, strict=True):
        seat.character = name
        seat.save(update_fields=["character"])
    referee = UserFactory()
    StaffRole.objects.create(tournament=round_.tournament, user=referee, role=StaffRoleKind.REFEREE)
    staff = Actor(user=referee, channel=Channel.LIVE)
    live_games.create_live_game(match, staff)
    live_games.apply_live_event(match, {"type": "start"}, staff)
    return round_, match, staff


def test_a_scoring_before_the_first_call_is_refused(live_table):
    _round, match, staff = live_table
    with pytest.raises(EventRejected) as refused:
        live_games.apply_live_event(match, {"type": "scoring", "on": [], "colour": "red"}, staff)
    assert refused.value.code == "wrong_colour"
    assert "no scoring call" in str(refused.value)


def test_a_scoring_must_name_the_colour_of_the_tables_card(live_table):
    round_, match, staff = live_table
    round_ = run_for(round_, 61_000)  # the first call was made at 60 s
    scored = CallPlan.from_dict(round_.clock_calls).scored_colour(match.table_number, 61_000)
    other = next(c for c in FLOWER_COLOURS if c != scored)
    for wrong in (other, None):
        event = {"type": "scoring", "on": ["Grublic"], "colour": wrong}
        with pytest.raises(EventRejected) as refused:
            live_games.apply_live_event(match, event, staff)
        assert refused.value.code == "wrong_colour"
        assert scored in str(refused.value) and f"table {match.table_number}" in str(refused.value)
    right = {"type": "scoring", "on": ["Grublic"], "colour": scored}
    outcome = live_games.apply_live_event(match, right, staff)
    assert outcome.game.state["characters"]["Grublic"]["vp"] == 4


def test_each_tables_slip_prints_its_own_deck(client):
    tournament = TournamentFactory(mode="domination", slug="deck-cup")
    EntrantFactory.create_batch(8, tournament=tournament)
    round_ = generate_swiss_round(tournament, seed=5)
    client.force_login(tournament.organiser)
    page = client.get("/events/deck-cup/manage/rounds/1/print/").content.decode()
    plan = clock.planned_calls(round_)
    for table in (1, 2):
        calls = islice(plan.calls(table), 11)
        cards = [plan.opening_colour(table)] + [call.next_colour for call in calls]
        assert ", ".join(cards).upper() in page
    # the clock started later turns the same cards
    started = clock.start(publish_round(round_))
    assert CallPlan.from_dict(started.clock_calls) == plan
