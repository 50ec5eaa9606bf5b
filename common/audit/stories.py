"""The audit trail's stories in the reader's language: the door to the pure
``common.audit.logic.story``, worded with Django's ``gettext`` and ``ngettext`` (the active
language of the request: the organiser's page)."""

from __future__ import annotations

from django.utils.translation import gettext, ngettext

from common.audit.logic.story import AuditNames, AuditRecord, AuditStory, Words
from common.audit.logic.story import tell as tell_in

#: the active language's words
ACTIVE_LANGUAGE = Words(gettext=gettext, ngettext=ngettext)


def tell(entry: AuditRecord, names: AuditNames) -> AuditStory:
    """One audit entry in words, in the active language."""
    return tell_in(entry, names, ACTIVE_LANGUAGE)
