"""The pure rules of the organiser's questions and the players' answers (no database)."""

import pytest

from registrations.logic.questions import (
    MAX_ANSWER,
    MAX_CHOICES,
    YES,
    AnswerRefused,
    Question,
    QuestionKind,
    answer_value,
    change_problems,
    choices_from_lines,
    moved,
    question_problems,
)

CHIEF = Question("Your chief", QuestionKind.CHOICE, ("Yarra", "Bunji"), required=True)


def texts(problems):
    return [str(p) for p in problems]


def test_a_written_question_is_kept():
    assert question_problems(CHIEF) == []
    assert question_problems(Question("Your club", QuestionKind.TEXT)) == []


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        (Question("  ", QuestionKind.TEXT), "Write the question."),
        (Question("x" * 201, QuestionKind.TEXT), "A question is at most 200 characters."),
        (Question("Chief", QuestionKind.CHOICE, ("Yarra",)), "at least two choices"),
        (
            Question("Chief", QuestionKind.CHOICE, tuple(f"c{i}" for i in range(MAX_CHOICES + 1))),
            "at most 20 choices",
        ),
        (Question("Chief", QuestionKind.CHOICE, ("a" * 101, "b")), "at most 100 characters"),
        (Question("Chief", QuestionKind.CHOICE, ("a", "a")), "only once"),
        (Question("Club", QuestionKind.TEXT, ("a", "b")), "Only a choice question"),
    ],
)
def test_a_wrong_question_is_named(question, expected):
    assert any(expected in text for text in texts(question_problems(question)))


def test_choices_are_read_one_a_line():
    assert choices_from_lines(" Yarra \n\nBunji\r\n") == ("Yarra", "Bunji")


def test_answers_are_kept_trimmed_and_checked():
    club = Question("Club", QuestionKind.TEXT)
    assert answer_value(club, "  Eye   Club ") == "Eye Club"
    assert answer_value(club, "") == ""
    assert answer_value(CHIEF, "Bunji") == "Bunji"
    box = Question("Code of conduct", QuestionKind.CHECKBOX, required=True)
    assert answer_value(box, True) == YES
    assert answer_value(box, "on") == YES


@pytest.mark.parametrize(
    ("question", "raw", "expected"),
    [
        (Question("Club", QuestionKind.TEXT, required=True), " ", "needs an answer"),
        (Question("Club", QuestionKind.TEXT), "x" * (MAX_ANSWER + 1), "at most 500 characters"),
        (CHIEF, "Zorro", "one of the answers offered"),
        (CHIEF, "", "needs an answer"),
        (Question("Rules", QuestionKind.CHECKBOX, required=True), False, "Tick this box"),
    ],
)
def test_a_wrong_answer_is_refused_with_a_reason(question, raw, expected):
    with pytest.raises(AnswerRefused) as refused:
        answer_value(question, raw)
    assert expected in str(refused.value)


def test_an_answered_question_keeps_its_kind_and_the_choices_picked():
    text_now = Question("Your chief", QuestionKind.TEXT)
    assert "its kind stays" in texts(change_problems(CHIEF, text_now, {"Yarra"}, 1))[0]
    fewer = Question("Your chief", QuestionKind.CHOICE, ("Bunji", "Other"), required=True)
    assert texts(change_problems(CHIEF, fewer, {"Yarra"}, 1)) == [
        "Players chose “Yarra”: keep that choice."
    ]
    assert change_problems(CHIEF, fewer, {"Bunji"}, 1) == []
    assert change_problems(CHIEF, text_now, set(), 0) == []


def test_a_question_moves_to_its_new_place():
    assert moved([1, 2, 3, 4], 4, 1) == [4, 1, 2, 3]
    assert moved([1, 2, 3, 4], 1, 3) == [2, 3, 1, 4]
    assert moved([1, 2, 3], 2, 99) == [1, 3, 2]
    assert moved([1, 2, 3], 3, 0) == [3, 1, 2]
