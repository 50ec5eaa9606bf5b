"""How the pure layer words a sentence without Django: it marks English sentences with
``gettext_noop`` (so ``makemessages`` finds them) and takes the door's ``gettext`` /
``ngettext`` as arguments, English (``as_is`` / ``english_plural``) by default
(docs/translating.md, "Marking strings")."""

from __future__ import annotations

from collections.abc import Callable

#: turns a marked English sentence into the reader's language (a door's ``gettext``)
Translate = Callable[[str], str]
#: chooses and translates the singular or plural of a sentence (a door's ``ngettext``)
TranslatePlural = Callable[[str, str, int], str]


def gettext_noop(message: str) -> str:
    """Marks ``message`` for ``makemessages``; a door translates it."""
    return message


def as_is(message: str) -> str:
    """No translation: the English sentence."""
    return message


def english_plural(singular: str, plural: str, count: int) -> str:
    """No translation: the English singular for 1, else the plural."""
    return singular if count == 1 else plural
