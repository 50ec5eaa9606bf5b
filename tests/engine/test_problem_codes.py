"""The engine's problems carry a code and parameters beside their English sentence; a door words
them in the active language (``common.engine_messages``), and every caller reading the English
text sees it unchanged."""

from django.utils import translation

from common.engine_messages import problem_text
from engine.errors import MAX_PROBLEMS, Problem, ResultInvalid
from engine.fields import Field, check_fields, check_value
from engine.messages import PLURALS, SENTENCES, Sentence


def problems_of(data, fields, prefix=""):
    found: list[Problem] = []
    check_fields(fields, data, "7", ["7"], found, prefix=prefix)
    return found


SURVIVORS = (Field("survivors", "Survivors", "int", min=0, max=3),)


def test_a_coded_problem_keeps_the_english_message_and_adds_code_and_parameters():
    (missing,) = problems_of({}, SURVIVORS)
    assert (missing.side, missing.field, missing.message) == (
        "7",
        "survivors",
        "survivors is required",
    )
    assert (missing.code, missing.params) == ("required", {"field": "survivors"})
    assert missing.to_dict() == {
        "side": "7",
        "field": "survivors",
        "message": "survivors is required",
    }
    assert hash(missing) == hash(Problem("7", "survivors", "survivors is required", "required"))


def test_a_sentence_is_its_english_text_for_every_caller():
    _value, message = check_value(SURVIVORS[0], 9, ["7"])
    assert message == "survivors is 9 but must be at most 3"
    assert isinstance(message, Sentence) and message.code == "too_large"
    assert message.params == {"field": "survivors", "value": "9", "limit": 3}


def test_a_prefixed_field_keeps_its_prefix_in_every_language():
    (problem,) = problems_of({"survivors": -2}, SURVIVORS, prefix="options.")
    assert problem.message == "options.survivors is -2 but must be at least 0"
    with translation.override("de"):
        assert problem_text(problem) == "options.survivors ist -2, muss aber mindestens 0 sein"


def test_the_door_words_a_coded_problem_in_german_and_french():
    (missing,) = problems_of({}, SURVIVORS)
    with translation.override("de"):
        assert problem_text(missing) == "survivors ist erforderlich"
    with translation.override("fr"):
        assert problem_text(missing) == "survivors est obligatoire"
    with translation.override("en-gb"):
        assert problem_text(missing) == "survivors is required"


def test_a_problem_without_a_code_or_with_an_unknown_one_stays_english():
    with translation.override("de"):
        assert problem_text(Problem(None, "sides", "too many players")) == "too many players"
        unknown = Problem(None, "sides", "too many players", "no_such_code", {"n": 1})
        assert problem_text(unknown) == "too many players"
        (wrong,) = problems_of({"survivors": "x"}, SURVIVORS)
        assert problem_text(wrong) == "survivors muss eine ganze Zahl sein, nicht 'x'"


def test_a_counted_problem_takes_each_languages_plural():
    def survivors_over(size):
        return Problem("7", "survivors", "", "survivors_over_size", {"survivors": 3, "count": size})

    with translation.override("fr"):  # French: 0 and 1 take the singular
        assert problem_text(survivors_over(1)).endswith("n’a que 1 personnage")
        assert problem_text(survivors_over(2)).endswith("n’a que 2 personnages")
    with translation.override("de"):
        assert problem_text(survivors_over(1)).endswith("hat nur 1 Charakter")
        assert problem_text(survivors_over(2)).endswith("hat nur 2 Charaktere")
    assert str(Sentence("survivors_over_size", survivors=3, count=1)) == (
        "survivors is 3 but this side only has 1 character"
    )
    assert str(Sentence("survivors_over_size", survivors=3, count=2)) == (
        "survivors is 3 but this side only has 2 characters"
    )


def test_every_counted_sentence_fills_in_from_its_own_parameters():
    for code, (singular, plural, count) in PLURALS.items():
        names = {part.split(")")[0] for part in (singular + plural).split("%(")[1:]}
        assert count in names
        for n in (1, 2):
            assert str(Sentence(code, **{**dict.fromkeys(names, "x"), count: n}))


def test_the_count_of_problems_not_listed_is_coded_too():
    many = [Problem(None, f"f{i}", "bad") for i in range(MAX_PROBLEMS + 3)]
    last = ResultInvalid(many).problems[-1]
    assert (last.code, last.params, last.message) == (
        "more_problems",
        {"count": 3},
        "... and 3 more problems, not listed",
    )


def test_every_sentence_fills_in_from_its_own_parameters():
    for code, sentence in SENTENCES.items():
        names = {part.split(")")[0] for part in sentence.split("%(")[1:]}
        assert str(Sentence(code, **dict.fromkeys(names, "x")))  # no missing parameter
