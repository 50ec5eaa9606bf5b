"""Issue 39.2: the pure layer's sentences (``Worded``) read as English where used as text, and a
door says them in the reader's language, nested parts and plurals included."""

import pickle

import pytest
from django.utils import translation

from common.logic.words import Worded, ordinal
from common.wording import say
from tournament.logic.brackets import BracketError, final_order
from tournament.logic.brackets.formats import cut_size


def test_a_final_order_is_english_text_and_said_in_german_and_french():
    order = final_order(["a", "b", "c"], [], [("a", 9.0), ("b", 1.0)], "a")
    assert [f.detail for f in order] == [
        "winner in the final (9 points)",
        "runner-up in the final (1 point)",
        "3rd after the Swiss rounds",
    ]
    with translation.override("de"):
        assert [say(f.detail) for f in order] == [
            "Sieg im Finale (9 Punkte)",
            "Zweiter im Finale (1 Punkt)",
            "3. nach den Schweizer Runden",
        ]
    with translation.override("fr"):
        assert say(order[2].detail) == "3e à l’issue des rondes suisses"


def test_a_worded_sentence_survives_the_cache():
    detail = final_order(["a"], [], [], "a")[0].detail
    copy = pickle.loads(pickle.dumps(detail))
    assert isinstance(copy, Worded) and copy == detail and copy.params == detail.params


@pytest.mark.parametrize(
    ("language", "words"),
    [("de", "3 Seiten qualifizieren sich"), ("fr", "3 camps qualifiés\u00a0:")],
)
def test_a_bracket_refusal_is_said_at_the_door(language, words):
    with pytest.raises(BracketError) as refused:
        cut_size(3, "players")
    assert str(refused.value).startswith("3 sides qualify")
    with translation.override(language):
        assert words in say(refused.value)


def test_ordinals_live_in_the_words_module():
    assert ordinal(22) == "22nd"
    with translation.override("de"):
        assert ordinal(22, translation.gettext) == "22."
