"""What the committed catalogues say, for tests that check a page in another language: the
expected words come from the catalogues (never typed into a test)."""

from pathlib import Path

import polib
from django.conf import settings
from django.utils import translation

LOCALE = Path(settings.BASE_DIR) / "locale"


def script_text(language: str, msgid: str, context: str | None = None) -> str:
    """The scripts' catalogue's (``djangojs``) translation of ``msgid``; fails if it has none."""
    po = polib.pofile(str(LOCALE / language / "LC_MESSAGES" / "djangojs.po"))
    entry = po.find(msgid, msgctxt=context) if context else po.find(msgid)
    assert entry is not None and entry.msgstr, f"{language}: {msgid!r} is not translated"
    return entry.msgstr


def page_text(language: str, msgid: str, context: str | None = None) -> str:
    """The pages' catalogue's translation of ``msgid`` through Django's gettext; fails while
    it is the English text still (not marked, or not translated yet)."""
    with translation.override(language):
        text = translation.pgettext(context, msgid) if context else translation.gettext(msgid)
    assert text != msgid, f"{language}: {msgid!r} is not translated yet"
    return text
