"""Hypothesis's profiles: CI keeps every property test's full count, the quick loop a quarter."""

import re
from pathlib import Path

import pytest
from hypothesis import settings

from tests import hypothesis_profiles
from tests.hypothesis_profiles import DEFAULT_EXAMPLES, examples_of


@pytest.mark.parametrize(
    ("count", "ci", "dev"),
    [(300, 300, 75), (100, 100, 25), (60, 60, 20), (40, 40, 20), (15, 15, 15)],
)
def test_ci_runs_the_full_count_and_dev_a_quarter_of_it_at_least_20(count, ci, dev):
    assert examples_of("ci", count) == ci
    assert examples_of("dev", count) == dev


def test_the_chosen_profile_is_loaded_without_wall_clock_checks():
    loaded = settings.default
    assert loaded.max_examples == examples_of(hypothesis_profiles.PROFILE, DEFAULT_EXAMPLES)
    assert loaded.deadline is None


TESTS = Path(__file__).resolve().parents[1]
BARE_COUNT = re.compile(r"max_examples\s*=\s*(?!examples\()")


def test_every_property_test_names_its_count_through_examples():
    """A bare ``max_examples=300`` would make the quick loop pay CI's count."""
    bare = [
        f"{path.relative_to(TESTS)}:{number}"
        for path in TESTS.rglob("*.py")
        if path.name != "hypothesis_profiles.py" and path != Path(__file__).resolve()
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if BARE_COUNT.search(line)
    ]
    assert not bare, f"write max_examples=examples(n) (tests/hypothesis_profiles.py): {bare}"
