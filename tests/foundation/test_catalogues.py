"""The committed catalogues are what ``makemessages`` makes, and their ``.mo`` files are compiled
from them (docs/translating.md). Needs GNU gettext: CI installs it (``.ci/run``), where a missing
gettext fails instead of skipping."""

import gettext
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import override_settings

ROOT = Path(settings.BASE_DIR)
LOCALE = ROOT / "locale"
LANGUAGES = ("de", "fr")
#: the header line every run rewrites
CREATION_DATE = re.compile(r'^"POT-Creation-Date: .*\\n"$', re.MULTILINE)


def need_gettext():
    if shutil.which("xgettext") and shutil.which("msgmerge") and shutil.which("msgfmt"):
        return
    if os.environ.get("CI"):
        pytest.fail("CI must install GNU gettext (.ci/run) for the catalogue check")
    pytest.skip("needs GNU gettext (apt-get install gettext)")


def catalogue_text(path: Path) -> str:
    return CREATION_DATE.sub("", path.read_text(encoding="utf-8"))


def committed(domain: str) -> list[Path]:
    return [
        LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"
        for lang in LANGUAGES
        if (LOCALE / lang / "LC_MESSAGES" / f"{domain}.po").exists()
    ]


#: what the copy of the project leaves out (makemessages skips them anyway)
NOT_COPIED = shutil.ignore_patterns(
    ".venv", ".git", "var", "tests", "bench", "staticfiles", "__pycache__", "*.sqlite3*", "*_cache"
)


@pytest.fixture
def fresh_locale(tmp_path, monkeypatch):
    """A copy of the project whose locale/ makemessages rewrites: makemessages writes to the
    ``locale`` folder beside the files it reads, so it runs in the copy, never in the tree."""
    copy = tmp_path / "project"
    shutil.copytree(ROOT, copy, ignore=NOT_COPIED)
    monkeypatch.chdir(copy)
    with override_settings(LOCALE_PATHS=[copy / "locale"]):
        yield copy / "locale"


def test_german_and_french_catalogues_are_committed():
    assert [p.relative_to(ROOT).as_posix() for p in committed("django")] == [
        "locale/de/LC_MESSAGES/django.po",
        "locale/fr/LC_MESSAGES/django.po",
    ]


def test_makemessages_leaves_the_catalogues_unchanged(fresh_locale):
    """A string marked (or changed) without updating the catalogues fails here: run
    ``manage.py makemessages -l de -l fr`` (and ``-d djangojs``) and commit locale/."""
    need_gettext()
    call_command("makemessages", locale=list(LANGUAGES), verbosity=0)
    call_command("makemessages", domain="djangojs", locale=list(LANGUAGES), verbosity=0)
    stale = []
    for lang in LANGUAGES:
        for domain in ("django", "djangojs"):
            made = fresh_locale / lang / "LC_MESSAGES" / f"{domain}.po"
            kept = LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"
            if made.exists() != kept.exists() or (
                made.exists() and catalogue_text(made) != catalogue_text(kept)
            ):
                stale.append(kept.relative_to(ROOT).as_posix())
    assert stale == [], (
        "these catalogues differ from what makemessages makes: run "
        "`manage.py makemessages -l de -l fr` and `-d djangojs`, then compilemessages, and "
        "commit locale/ (docs/translating.md)"
    )


def test_every_mo_file_holds_its_po_file(tmp_path):
    """The committed .mo is compiled from the committed .po (the site reads the .mo)."""
    need_gettext()
    for po in committed("django") + committed("djangojs"):
        compiled = tmp_path / f"{po.parent.parent.name}-{po.stem}.mo"
        subprocess.run(["msgfmt", "--check-format", "-o", str(compiled), str(po)], check=True)
        with compiled.open("rb") as fresh, po.with_suffix(".mo").open("rb") as kept:
            fresh_entries = gettext.GNUTranslations(fresh)._catalog  # type: ignore[attr-defined]
            kept_entries = gettext.GNUTranslations(kept)._catalog  # type: ignore[attr-defined]
        assert kept_entries == fresh_entries, f"{po}: run manage.py compilemessages"
