"""The words of the round service's refusals, in the reader's language (the console shows them
as they are). English is what the service always said."""

from django.utils.translation import gettext, ngettext


def not_complete(number: int) -> str:
    return gettext("round %(n)s is not complete yet") % {"n": number}


def all_paired(rounds: int) -> str:
    return ngettext(
        "the %(n)s Swiss round has been paired",
        "all %(n)s Swiss rounds have been paired",
        rounds,
    ) % {"n": rounds}


def too_few_sides() -> str:
    return gettext("a round needs at least two sides still in the event (checked in)")


def already(number: int, status: str) -> str:
    """Why a round of this status (a ``RoundStatus`` value) cannot be published again: one
    whole sentence per status (the status word's gender and case differ by language)."""
    sentences = {
        "published": gettext("round %(n)s is already published"),
        "running": gettext("round %(n)s is already running"),
    }
    sentence = sentences.get(status)
    return already_complete(number) if sentence is None else sentence % {"n": number}


def already_complete(number: int) -> str:
    return gettext("round %(n)s is already complete") % {"n": number}


def tables_without_result(tables: list[int]) -> str:
    return ngettext(
        "table %(tables)s has no accepted result; give a reason to close anyway",
        "tables %(tables)s have no accepted result; give a reason to close anyway",
        len(tables),
    ) % {"tables": ", ".join(str(t) for t in tables)}


def published_cannot_repair(number: int) -> str:
    return gettext("round %(n)s is published: it cannot be re-paired") % {"n": number}


def only_swiss_repaired() -> str:
    return gettext("only Swiss rounds can be re-paired")
