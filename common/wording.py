"""The pure layer's sentences in the reader's language: the doors' one way to say a ``Worded``
sentence (``common.logic.words``) or a pure error that carries one, with Django's ``gettext``
and ``ngettext`` (the active language)."""

from __future__ import annotations

from django.utils.translation import gettext, ngettext

from common.logic.words import Worded


def say(value: object) -> str:
    """``value`` in the active language: a ``Worded`` sentence translated and filled in, an
    exception whose message is one likewise, anything else as its text."""
    if isinstance(value, BaseException):
        value = value.args[0] if len(value.args) == 1 else str(value)
    if isinstance(value, Worded):
        try:
            return value.say(gettext, ngettext)
        except (KeyError, TypeError, ValueError):
            return str(value)  # a translation with a broken placeholder: the English one
    return "" if value is None else str(value)
