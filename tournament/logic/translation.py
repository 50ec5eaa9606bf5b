"""The translation marker of the pure layer, which may not import Django.

``gettext_noop("Swiss")`` returns its text unchanged; its name is one ``makemessages`` looks
for, so the text goes into the catalogue. The doors (forms, admin, API, pages) translate such a
text with Django's ``gettext`` when they show it.
"""


def gettext_noop(message: str) -> str:
    """Mark ``message`` for translation without translating it here."""
    return message
