"""The suite's run order (tests/conftest.py): the browser folder first, the slow files first."""

from types import SimpleNamespace

from tests.conftest import SLOW_FILES, TESTS, run_order


def test_every_slow_file_named_exists():
    """A file moved or renamed would silently lose its place at the front of the run."""
    assert [name for name in SLOW_FILES if not (TESTS / name).is_file()] == []


def test_the_browser_folder_runs_first_as_one_block_and_slow_files_lead_each_part():
    def at(name):
        return run_order(SimpleNamespace(path=TESTS / name))

    order = sorted(
        [
            "services/test_seasons.py",
            "browser/test_pages.py",
            "fuzz/test_form_fuzz.py",
            "browser/test_whole_event.py",
            "algorithms/test_brackets.py",
        ],
        key=at,
    )
    assert order == [
        "browser/test_whole_event.py",
        "browser/test_pages.py",
        "fuzz/test_form_fuzz.py",
        "services/test_seasons.py",
        "algorithms/test_brackets.py",
    ]
