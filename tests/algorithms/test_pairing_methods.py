"""Issue 34.5: the registry of pairing methods (pure): what it refuses, and each method's own
check of its options and choice of a bye."""

import random

import pytest

from tournament.logic.pairing import (
    AllianceOptions,
    PairingError,
    PairingOptions,
    Side,
    all_methods,
    get_method,
    pair_pods,
)
from tournament.logic.pairing.method import PairingMethod
from tournament.logic.pairing.registry import register, unregister


class Nameless(PairingMethod):
    key = "nameless"


class Impostor(PairingMethod):
    key = "swiss"
    label = "Not Swiss"
    help_text = "Claims the key of Swiss."


def test_the_registry_holds_random_and_swiss_in_key_order():
    assert [(m.key, m.by_points) for m in all_methods()] == [("random", False), ("swiss", True)]
    assert all(m.label and m.help_text for m in all_methods())


def test_a_malformed_or_duplicate_method_is_refused():
    with pytest.raises(ValueError, match="a key, a label and a help text"):
        register(Nameless())
    with pytest.raises(ValueError, match="two pairing methods use the key 'swiss'"):
        register(Impostor())
    with pytest.raises(TypeError):
        register("swiss")
    assert get_method("swiss").label == "Swiss"


def test_an_unknown_method_is_refused_by_name():
    with pytest.raises(PairingError, match=r"unknown pairing method 'dutch'.*'random', 'swiss'"):
        pair_pods([Side("a"), Side("b")], PairingOptions(method="dutch"))
    with pytest.raises(PairingError, match="unknown pairing method None"):
        get_method(None)


@pytest.mark.parametrize("method", ["random", "swiss"])
def test_each_method_checks_the_options_it_reads(method):
    checked = get_method(method)
    with pytest.raises(PairingError, match="preferred pod size must be 3 or 4, got 5"):
        checked.check(PairingOptions(method=method, preferred_size=5))
    with pytest.raises(PairingError, match="unknown seeding 'best'"):
        checked.check(AllianceOptions(method=method, seeding="best"))
    checked.check(AllianceOptions(method=method))  # alliance options carry no pod size
    assert checked.describe()["options"] == {
        "preferred_size": [4, 3],
        "seeding": ["off", "spread", "similar"],
    }


def test_swiss_gives_the_bye_to_the_lowest_ranked_and_random_draws_it():
    teams = [Side("a", points=6), Side("b", points=2, rank=3), Side("c", points=2, rank=4)]
    pick, reason = get_method("swiss").choose_bye(teams, random.Random(1))
    assert pick.id == "c" and "standings position 4" in reason
    picks = {get_method("random").choose_bye(teams, random.Random(s))[0].id for s in range(30)}
    assert picks == {"a", "b", "c"}


def test_a_method_registered_for_a_while_pairs_and_goes():
    class Ladder(PairingMethod):
        key, label, help_text, by_points = "ladder", "Ladder", "By points.", True

    register(Ladder())
    try:
        sides = [Side(str(i), points=i) for i in range(8)]
        pairing = pair_pods(sides, PairingOptions(method="ladder"))
        assert [set(pod.sides) for pod in pairing.pods] == [set("7654"), set("3210")]
    finally:
        unregister("ladder")
    with pytest.raises(PairingError):
        get_method("ladder")
