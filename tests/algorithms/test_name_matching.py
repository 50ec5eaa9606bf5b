"""Issue 17: the same person typed twice - names folded for case, accents and order, close
spellings ranked below exact ones, the same club first."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament.logic.name_matching import (
    STRONG,
    Candidate,
    name_similarity,
    normalise_name,
    rank_candidates,
)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Zoë  O'Brien", "zoe o'brien"),
        ("Ada Lovelace", "Lovelace Ada"),
        ("ANNE-MARIE KEY", "anne marie key"),
        ("  Bram\tOduya ", "Bram Oduya"),
    ],
)
def test_the_same_name_written_otherwise_is_the_same(first, second):
    assert name_similarity(first, second) == 1.0


def test_close_spellings_are_close_and_others_are_not():
    assert STRONG > name_similarity("Ada Lovelace", "Ada Lovelase") > 0.85
    assert name_similarity("Ada Lovelace", "Bram Oduya") < 0.5
    assert name_similarity("", "Ada") == 0.0
    assert name_similarity("!!!", "???") == 0.0


def test_ranking_puts_the_exact_name_and_the_same_club_first():
    candidates = [
        Candidate(1, "Ada Lovelase", "North"),
        Candidate(2, "Ada Lovelace", "South"),
        Candidate(3, "Ada Lovelace", "North"),
        Candidate(4, "Bram Oduya", "North"),
    ]
    ranked = rank_candidates("ada lovelace", "north", candidates)
    assert [m.candidate.key for m in ranked] == [3, 2, 1]
    assert [m.strong for m in ranked] == [True, True, True]  # a typo from the same club: ask
    assert [m.strong for m in rank_candidates("ada lovelace", "east", candidates)] == [
        True,
        True,
        False,
    ]
    assert rank_candidates("ada lovelace", "", candidates, limit=1)[0].candidate.key in (2, 3)


@given(st.text(max_size=300), st.text(max_size=300))
def test_any_two_texts_compare_between_0_and_1_both_ways(first, second):
    score = name_similarity(first, second)
    assert 0.0 <= score <= 1.0
    assert len(normalise_name(first)) <= 100
