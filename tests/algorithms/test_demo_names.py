"""Made-up names never run out (issue 43): unique at any count, the same for the same seed."""

import random

import pytest

from tournament.logic.demo_names import (
    FIRST_NAMES,
    PEOPLE,
    PEOPLE_DOUBLE_BARRELLED,
    SURNAMES,
    TEAMS,
    Combinations,
    draw_names,
    person_names,
    team_names,
    tiers,
)


@pytest.mark.parametrize("count", [1, 1_920, 1_921, 10_000])
def test_person_names_are_unique_and_the_same_for_the_same_seed(count):
    names = person_names(count, random.Random(7))
    assert len(names) == count == len(set(names))
    assert names == person_names(count, random.Random(7))
    assert names != person_names(count, random.Random(8)) or count == 1_920


def test_team_names_go_on_past_every_word_pool_with_numbers():
    names = team_names(10_000, random.Random(3))
    assert len(set(names)) == 10_000
    assert any(name.endswith(" 2") for name in names)  # past the 4,096 worded names
    assert names == team_names(10_000, random.Random(3))


def test_up_to_the_first_pool_the_names_are_the_plain_draw_of_before():
    """The same seed still gives the same demo and the same small simulations."""
    pairs = [(f, s) for f in FIRST_NAMES for s in SURNAMES]
    before = [f"{f} {s}" for f, s in random.Random(5).sample(pairs, 64)]
    assert person_names(64, random.Random(5)) == before


def test_a_combination_never_repeats_a_word_and_indexes_every_name_once():
    pool = Combinations("{}-{}", ["a", "b", "c"], ["a", "b", "c"])
    assert list(pool) == ["a-b", "a-c", "b-a", "b-c", "c-a", "c-b"]
    assert len(PEOPLE) == 48 * 40 and len(PEOPLE_DOUBLE_BARRELLED) == 48 * 40 * 39
    assert PEOPLE[0] == "Ada Abbott" and PEOPLE_DOUBLE_BARRELLED[0] == "Ada Abbott-Banks"
    assert TEAMS[-1] == "The Howling Nymphlets"


def test_numbered_tiers_follow_the_worded_ones_without_end():
    names = draw_names(tiers(["x", "y"], ["z"]), 9, random.Random(1))
    assert sorted(names) == ["x", "x 2", "x 3", "x 4", "y", "y 2", "y 3", "y 4", "z"]
