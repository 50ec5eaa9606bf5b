"""Every entry of the German and French catalogues is translated (issue 39, point 7): no empty
``msgstr``, nothing ``#, fuzzy``, and every placeholder of the English text (``%(name)s``,
``%s``, ``{name}``) kept in the translation, in ``django.po`` and ``djangojs.po``.

Marked ``catalogues_complete``: it fails while a translator is still at work, so a run can take
it last (``-m catalogues_complete``) or leave it out (``-m "not catalogues_complete"``). It prints
what is missing per file.
"""

import re
from collections import Counter
from pathlib import Path

import polib
import pytest
from django.conf import settings

LOCALE = Path(settings.BASE_DIR) / "locale"
CATALOGUES = [
    f"{language}/LC_MESSAGES/{domain}.po"
    for language in ("de", "fr")
    for domain in ("django", "djangojs")
]
#: printf-style (``%(name)s``, ``%s``, ``%d``) and format-style (``{name}``) placeholders
PLACEHOLDER = re.compile(r"%\([A-Za-z_][A-Za-z0-9_]*\)[sdif]|%[sdif]|\{[A-Za-z_][A-Za-z0-9_]*\}")
MAX_LISTED = 15

pytestmark = pytest.mark.catalogues_complete


def placeholders(text: str) -> Counter[str]:
    return Counter(PLACEHOLDER.findall(text))


def problems(entry: polib.POEntry) -> list[str]:
    """What is wrong with one entry: untranslated, fuzzy, or a placeholder lost or added."""
    if entry.obsolete:
        return []
    found = []
    if entry.fuzzy:
        found.append("fuzzy")
    if entry.msgid_plural:
        forms = [entry.msgstr_plural[k] for k in sorted(entry.msgstr_plural)]
        if not forms or any(not form for form in forms):
            return [*found, "untranslated"]
        english = placeholders(entry.msgid_plural) | placeholders(entry.msgid)
        # a plural form may leave out the count ("eine Runde" for 1)
        for form in forms:
            if set(placeholders(form)) - set(english):
                found.append("placeholders differ")
                break
        if set(english) - set().union(*(set(placeholders(form)) for form in forms)):
            found.append("placeholders differ")
        return found
    if not entry.msgstr:
        return [*found, "untranslated"]
    if placeholders(entry.msgstr) != placeholders(entry.msgid):
        found.append("placeholders differ")
    return found


def check(po: polib.POFile) -> dict[str, list[str]]:
    """The entries with problems, by problem."""
    by_problem: dict[str, list[str]] = {}
    for entry in po:
        for problem in problems(entry):
            by_problem.setdefault(problem, []).append(entry.msgid)
    return by_problem


# --- the checker itself ---------------------------------------------------------------------


def catalogue(text: str) -> polib.POFile:
    header = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
    return polib.pofile(header + text)


def test_the_checker_finds_each_problem():
    po = catalogue(
        'msgid "Round"\nmsgstr "Runde"\n\n'
        'msgid "Table"\nmsgstr ""\n\n'
        '#, fuzzy\nmsgid "Standings"\nmsgstr "Stand"\n\n'
        'msgid "Round %(number)s"\nmsgstr "Runde %(nummer)s"\n\n'
        'msgid "{name} scores"\nmsgstr "{name} punktet"\n\n'
        'msgid "%(count)s point"\nmsgid_plural "%(count)s points"\n'
        'msgstr[0] "ein Punkt"\nmsgstr[1] "%(count)s Punkte"\n\n'
        'msgid "%(count)s game"\nmsgid_plural "%(count)s games"\n'
        'msgstr[0] "%(count)s Spiel"\nmsgstr[1] ""\n'
    )
    assert check(po) == {
        "untranslated": ["Table", "%(count)s game"],
        "fuzzy": ["Standings"],
        "placeholders differ": ["Round %(number)s"],
    }


# --- the project's catalogues ---------------------------------------------------------------


def test_every_catalogue_exists():
    missing = [name for name in CATALOGUES if not (LOCALE / name).exists()]
    assert missing == [], f"no catalogue yet: {missing} (makemessages, docs/translating.md)"


@pytest.mark.parametrize("name", CATALOGUES)
def test_every_entry_is_translated(name):
    path = LOCALE / name
    if not path.exists():
        pytest.fail(f"{name} is missing (makemessages, docs/translating.md)")
    po = polib.pofile(str(path))
    found = check(po)
    counts = ", ".join(f"{problem}: {len(ids)}" for problem, ids in found.items())
    print(f"{name}: {len(po)} entries; {counts or 'complete'}")
    listed = [f"  {problem}: {msgid!r}" for problem, ids in found.items() for msgid in ids]
    more = f"\n  … and {len(listed) - MAX_LISTED} more" if len(listed) > MAX_LISTED else ""
    assert found == {}, (
        f"{name} ({len(po)} entries) is not complete: {counts}\n"
        + "\n".join(listed[:MAX_LISTED])
        + more
    )
