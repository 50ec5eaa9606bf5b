"""How the pure layer words a sentence without Django: it marks English sentences with
``gettext_noop`` (so ``makemessages`` finds them) and takes the door's ``gettext`` /
``ngettext`` as arguments, English (``as_is`` / ``english_plural``) by default
(docs/translating.md, "Marking strings")."""

from __future__ import annotations

from collections.abc import Callable, Mapping

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


def ngettext_noop(singular: str, plural: str) -> tuple[str, str]:
    """Marks a counted sentence (its singular and plural) for ``makemessages``."""
    return singular, plural


def plural_count(value: object) -> int:
    """The count a plural is chosen by: a whole number as it is, any other number as many
    ("2.5 points")."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    text = str(value)
    return int(text) if text.lstrip("-").isdigit() else 2


class Worded(str):
    """An English sentence that keeps its code, its marked English template and its parameters,
    so a door can say it in the reader's language (``say``); it compares, prints and joins as
    the English sentence, so code that only reads the text needs no change.

    A parameter that is itself ``Worded`` (a reason inside a refusal, an ordinal) is said in
    the same language. A counted sentence gives its ``plural`` and the parameter ``count``ed.
    """

    code: str
    template: str
    params: dict[str, object]
    plural: str
    counted: str

    def __new__(
        cls,
        code: str,
        template: str,
        params: Mapping[str, object] | None = None,
        *,
        plural: str = "",
        count: str = "",
    ) -> Worded:
        params = dict(params or {})
        worded = super().__new__(cls, _fill(template, plural, count, params, as_is, english_plural))
        worded.code, worded.template, worded.params = code, template, params
        worded.plural, worded.counted = plural, count
        return worded

    def __reduce__(self) -> tuple[object, ...]:  # kept in a cache: pickled with its parts
        return (_rebuild, (self.code, self.template, self.params, self.plural, self.counted))

    def say(self, gettext: Translate = as_is, ngettext: TranslatePlural = english_plural) -> str:
        """The sentence in the language of ``gettext`` / ``ngettext`` (a door's)."""
        return _fill(self.template, self.plural, self.counted, self.params, gettext, ngettext)


def _rebuild(
    code: str, template: str, params: dict[str, object], plural: str, count: str
) -> Worded:
    return Worded(code, template, params, plural=plural, count=count)


def _fill(
    template: str,
    plural: str,
    count: str,
    params: dict[str, object],
    gettext: Translate,
    ngettext: TranslatePlural,
) -> str:
    said = {
        key: value.say(gettext, ngettext) if isinstance(value, Worded) else value
        for key, value in params.items()
    }
    if plural:
        return ngettext(template, plural, plural_count(params[count])) % said
    return gettext(template) % said


ORDINALS = {
    1: gettext_noop("%(n)sst"),
    2: gettext_noop("%(n)snd"),
    3: gettext_noop("%(n)srd"),
}
ORDINAL_TH = gettext_noop("%(n)sth")
FIRST = gettext_noop("1st")


def ordinal_worded(n: int) -> Worded:
    """1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st (1er, 2e in French; 1., 2. in German)."""
    if n == 1:
        return Worded("ordinal", FIRST)
    suffix = ORDINAL_TH if 10 <= n % 100 <= 20 else ORDINALS.get(n % 10, ORDINAL_TH)
    return Worded("ordinal", suffix, {"n": n})


def ordinal(n: int, gettext: Translate = as_is) -> str:
    """``n`` as an ordinal in the language of ``gettext`` (English by default)."""
    return ordinal_worded(n).say(gettext)
