"""Issue 35.10: keep clubmates apart (round 1 always where the field allows; later, where free)."""

from __future__ import annotations

import random

import pytest

from tests.algorithms.helpers import count_repeats, play
from tournament.logic.pairing import (
    AllianceOptions,
    PairingOptions,
    Side,
    pair_alliances,
    pair_pods,
)
from tournament.logic.pairing.clubs import club_key, club_members, clubmate_tables


def field(n: int, clubs: dict[int, str]) -> list[Side]:
    return [Side(f"p{i:02d}", clubs=frozenset({clubs[i]}) if i in clubs else frozenset())
            for i in range(n)]  # fmt: skip


def clubmates_at(pairing, sides):
    return clubmate_tables(pairing.pods, club_members(sides))


@pytest.mark.parametrize("method", ["random", "swiss"])
@pytest.mark.parametrize("seed", range(6))
def test_round_one_keeps_every_club_apart(method, seed):
    # 16 players, 4 tables: two clubs of four, one of three
    clubs = dict.fromkeys(range(4), "Riverside") | dict.fromkeys(range(4, 8), "Eye Con")
    clubs |= dict.fromkeys((8, 9, 10), "club x")
    sides = field(16, clubs)
    options = PairingOptions(method, 4, seed, 1, clubs_apart=True)
    pairing = pair_pods(sides, options)
    assert clubmates_at(pairing, sides) == []
    assert pairing.explanation["clubs"] == {"clubs": 3, "tables_with_clubmates": []}


def test_today_the_same_field_seats_clubmates_together():
    clubs = dict.fromkeys(range(8), "Riverside")
    sides = field(16, clubs)
    together = [pair_pods(sides, PairingOptions("random", 4, seed, 1)) for seed in range(6)]
    assert any(clubmates_at(p, sides) for p in together)
    apart = pair_pods(sides, PairingOptions("random", 4, 0, 1, clubs_apart=True))
    assert len({t["table"] for t in clubmates_at(apart, sides)}) == 4  # 8 in 4 tables: 2 each


def test_club_names_match_whatever_their_case_and_spacing():
    assert club_key("  Club  X ") == club_key("club x")
    sides = [Side("a", clubs=frozenset({"Club X"})), Side("b", clubs=frozenset({"club  x"}))]
    assert club_members(sides) == {"Club X": ["a", "b"]}


def test_the_explanation_says_when_a_club_is_too_big():
    # nine from Club X at 4 tables of 4 (plus 3 more): at least one table seats two of them
    sides = field(16, dict.fromkeys(range(9), "Club X"))
    record = pair_pods(sides, PairingOptions("random", 4, 1, 1, clubs_apart=True)).explanation[
        "clubs"
    ]
    assert record["reason"] == "crowded" and record["crowded_clubs"] == {"Club X": 9}
    assert record["text"] == (
        f"{len(record['tables_with_clubmates'])} table(s) seat clubmates: too many players "
        "from Club X (9) for 4 table(s)"
    )
    assert len(record["tables_with_clubmates"]) == 4


def test_later_rounds_move_clubmates_only_at_no_cost():
    rng = random.Random(8)
    clubs = {i: ("A" if i % 3 == 0 else "B") for i in range(0, 24, 2)}
    sides = field(24, clubs)
    for number in range(1, 5):
        plain = pair_pods(sides, PairingOptions("swiss", 4, number, number))
        apart = pair_pods(sides, PairingOptions("swiss", 4, number, number, clubs_apart=True))
        assert apart.repeats == plain.repeats == count_repeats(apart, sides)
        assert apart.spread <= plain.spread
        assert len(clubmates_at(apart, sides)) <= len(clubmates_at(plain, sides))
        assert apart.explanation["repeats"] == apart.repeats
        sides = play(apart, sides, rng)


def test_a_costly_move_is_refused_and_said():
    # two clubmates who are the only two sides on 8 points, 6 sides on 0: keeping them apart
    # would widen the points spread, so they meet, and the record says why
    sides = [Side("a", 8, clubs=frozenset({"K"})), Side("b", 8, clubs=frozenset({"K"}))]
    sides += [Side(f"z{i}", 0) for i in range(6)]
    pairing = pair_pods(sides, PairingOptions("swiss", 4, 2, 2, clubs_apart=True))
    record = pairing.explanation["clubs"]
    assert record["tables_with_clubmates"] == [1] and record["reason"] == "cost"
    assert "would have cost repeat opponents or the points grouping" in record["text"]


def test_teams_of_one_organisation_are_kept_apart():
    teams = [
        Side(f"t{i}", size=2, clubs=frozenset({"Riverside" if i < 2 else f"club {i}"}))
        for i in range(4)
    ]
    for seed in range(8):
        pairing = pair_alliances(teams, AllianceOptions(seed=seed, clubs_apart=True))
        assert clubmates_at(pairing, teams) == []


def test_a_random_round_has_no_points_grouping_to_keep():
    # the same field paired at random: the points spread is no cost, the clubmates part
    sides = [Side("a", 8, clubs=frozenset({"K"})), Side("b", 8, clubs=frozenset({"K"}))]
    sides += [Side(f"z{i}", 0) for i in range(6)]
    for seed in range(6):
        pairing = pair_pods(sides, PairingOptions("random", 4, seed, 2, clubs_apart=True))
        assert pairing.explanation["clubs"]["tables_with_clubmates"] == []
