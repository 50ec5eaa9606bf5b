"""The engine's problems in words: a code, its English sentence and the sentence's parameters.

The engine stays free of any framework, so it speaks English only. A problem that has a code
(``Problem.code``) keeps its parameters (``Problem.params``); a door (a form, the API) looks the
code up here, translates the sentence with its own ``gettext`` and fills in the parameters, so a
refused report reads in the player's language and still names the fields and players as the
English one does. A problem without a code is shown in English as it is.

``gettext_noop`` only marks the sentences for ``makemessages``; the doors translate them
(``common.engine_messages``).
"""

from __future__ import annotations

from typing import Any


def gettext_noop(message: str) -> str:
    """Mark ``message`` for the catalogues without translating it here."""
    return message


#: every problem code and its English sentence (``%(name)s`` parameters)
SENTENCES: dict[str, str] = {
    "required": gettext_noop("%(field)s is required"),
    "unknown_field": gettext_noop("unknown field %(name)s"),
    "not_whole_number": gettext_noop("%(field)s must be a whole number, not %(value)s"),
    "too_small": gettext_noop("%(field)s is %(value)s but must be at least %(limit)s"),
    "too_large": gettext_noop("%(field)s is %(value)s but must be at most %(limit)s"),
    "not_true_or_false": gettext_noop("%(field)s must be true or false, not %(value)s"),
    "not_a_choice": gettext_noop("%(field)s is %(value)s; expected one of %(choices)s"),
    "not_text": gettext_noop("%(field)s must be text"),
    "not_a_side": gettext_noop("%(field)s is %(value)s, which is not a side of this game"),
    "not_a_list": gettext_noop("%(field)s must be a list"),
    "more_problems": gettext_noop("... and %(count)s more problems, not listed"),
}


class Sentence(str):
    """An English sentence that also carries its ``code`` and ``params``: it compares, prints and
    concatenates as the plain sentence, so callers that read the text need not change."""

    code: str
    params: dict[str, Any]

    def __new__(cls, code: str, **params: Any) -> Sentence:
        sentence = super().__new__(cls, SENTENCES[code] % params)
        sentence.code = code
        sentence.params = params
        return sentence
