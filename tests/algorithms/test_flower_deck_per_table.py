"""Issue 35.8: each Domination table turns its own flower deck. The clock calls at the same
moments for the whole hall; the colours come from a seeded shuffle per table, the same on every
server and in every replay, and a table's face-up card follows its own deck."""

from itertools import islice

import pytest

from engine.api import FLOWER_COLOURS
from tournament.logic.scoring_calls import CallPlan

TABLES = (1, 2, 3, 4, 5)


def per_table(seed=11, low=10, high=10, tables=TABLES):
    return CallPlan("Burraparay!", seed, low, high, FLOWER_COLOURS, tables)


def turned(plan, table, count=30):
    """The cards a table turns: the opening one, then one at each of ``count`` calls."""
    calls = islice(plan.calls(table), count)
    return [plan.opening_colour(table)] + [call.next_colour for call in calls]


@pytest.mark.parametrize("seed", range(10))
def test_each_table_has_its_own_shuffle_of_the_deck(seed):
    plan = per_table(seed)
    orders = {table: tuple(turned(plan, table)) for table in TABLES}
    assert len(set(orders.values())) > 1  # five tables never all hear one order
    for order in orders.values():
        for start in range(0, 30, 6):  # every six cards turned are the whole deck
            assert sorted(order[start : start + 6]) == sorted(FLOWER_COLOURS)


def test_a_tables_order_is_reproducible_and_the_same_for_every_round_copy():
    plan = per_table()
    again = CallPlan.from_dict(plan.as_dict())
    assert again == plan
    assert turned(again, 3) == turned(plan, 3)
    assert turned(per_table(seed=12), 3) != turned(plan, 3)


def test_the_calls_fall_at_the_same_moments_at_every_table():
    plan = per_table(low=45, high=90)
    moments = [[c.at_ms for c in plan.calls_before(600_000, table=t)] for t in TABLES]
    assert all(m == moments[0] for m in moments)
    # the hall hears the call but no colour: each table scores its own card
    hall = plan.calls_before(600_000)
    assert [c.at_ms for c in hall] == moments[0]
    assert all(c.colour is None and c.next_colour is None for c in hall)
    assert plan.opening_colour() is None


@pytest.mark.parametrize("table", TABLES)
def test_each_call_scores_the_tables_face_up_card_and_turns_its_next(table):
    plan = per_table()
    calls = plan.calls_before(10_000 * 13, table=table)
    assert calls[0].colour == plan.opening_colour(table)
    for before, after in zip(calls, calls[1:], strict=False):
        assert after.colour == before.next_colour


def test_the_colour_a_table_scores_at_a_moment_is_its_last_calls():
    plan = per_table(low=60, high=60)
    calls = plan.calls_before(300_000, table=2)
    assert plan.scored_colour(2, 59_999) is None  # no call yet
    assert plan.scored_colour(2, 60_000) == calls[0].colour
    assert plan.scored_colour(2, 179_000) == calls[1].colour
    assert plan.scored_colour(2, 180_000) == calls[2].colour


def test_the_window_carries_each_tables_cards_for_the_calls_it_lists():
    plan = per_table(low=60, high=60, tables=(1, 2))
    window = plan.window(elapsed_ms=130_000, total_ms=300_000)
    assert window["made"] == 2 and window["current_colour"] is None
    for table in (1, 2):
        deck = window["tables"][str(table)]
        cards = turned(plan, table, 6)
        start = deck["from"]
        assert deck["flips"] == cards[start : start + len(deck["flips"])]
        # the last call's card, the face-up card now, and one for each call to come
        assert start == 1 and len(deck["flips"]) == 1 + 1 + len(window["upcoming"])


def test_a_plan_stored_before_per_table_decks_keeps_its_one_deck():
    stored = {"call": "Burraparay!", "seed": 4, "gap_seconds": [45, 90], "colours": ["red"] * 6}
    plan = CallPlan.from_dict(stored)
    assert plan.tables == () and plan.opening_colour() == "red"
    assert "tables" not in plan.window(0, 300_000)
