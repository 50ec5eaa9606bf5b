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
    return gettext("round %(n)s is already %(status)s") % {"n": number, "status": status}


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
