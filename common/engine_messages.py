"""The engine's problems in the reader's language: the doors' one way to word them.

The engine gives each coded problem an English sentence (``engine.messages.SENTENCES``) and its
parameters; here the sentence goes through the active language's catalogue and is filled in.
A counted sentence (``engine.messages.PLURALS``) takes the language's plural for its count.
A problem without a code keeps the engine's English message.
"""

from django.utils.translation import gettext, ngettext

from engine.errors import Problem
from engine.messages import CHOICE_WORDS, PLURALS, SENTENCES


def problem_text(problem: Problem) -> str:
    """The problem's sentence in the active language (field names and values as given)."""
    try:
        if problem.code in PLURALS:
            singular, plural, count = PLURALS[problem.code]
            return ngettext(singular, plural, problem.params[count]) % problem.params
        sentence = SENTENCES.get(problem.code) if problem.code else None
        if sentence is None:
            return problem.message
        return gettext(sentence) % problem.params
    except (KeyError, TypeError, ValueError):
        return problem.message  # a translation with a broken placeholder: the English one


def choice_words(value: str) -> str:
    """A choice field's value in the active language ("Last side standing" for
    ``last_side_standing``); a value the engine gives no words for, as written."""
    words = CHOICE_WORDS.get(value)
    return gettext(words) if words else value.replace("_", " ").capitalize()
