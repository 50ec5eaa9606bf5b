"""Parts of a page drawn once for what they show: a round page's table cards, the standings'
rows.

A busy page repeats parts that change one at a time (a table's card when its result moves, a
standings row when its side's points do). Each part's HTML is kept in the cache under a key
made of everything it shows (its *material*, read from the database on every request as
before), the language, and the release's templates, filters and translation catalogues. So a
part is never shown stale: a change of what it shows is a change of its key. The reader's
private-link token (``?token=...`` on the part's links) is put in at serving, so every reader
shares one drawing. Only the drawing is saved; a part nobody asks for again leaves the cache by
itself.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path

from django.conf import settings
from django.template.loader import get_template
from django.utils import translation
from django.utils.html import escape
from django.utils.safestring import mark_safe

from tournament.services.soft_cache import soft_get_many, soft_set_many
from tournament.templatetags import flowers, numbers

CACHE_SECONDS = 3600
#: drawn where the reader's token goes, replaced by theirs at serving
TOKEN_MARK = "@@part-token@@"
#: the template filters parts are drawn with, besides Django's own
FILTER_MODULES = (flowers, numbers)


@cache
def release_stamp(templates: tuple[str, ...]) -> str:
    """What else decides a part's HTML, hashed once per process: its templates' text, the
    filters' code and the compiled translation catalogues. Parts drawn by another release are
    never reused."""
    digest = hashlib.sha256()
    for name in templates:
        digest.update(get_template(name).template.source.encode())
    for module in FILTER_MODULES:
        digest.update(Path(module.__file__).read_bytes())
    for folder in settings.LOCALE_PATHS:
        for catalogue in sorted(Path(folder).glob("*/LC_MESSAGES/django.mo")):
            digest.update(str(catalogue).encode() + catalogue.read_bytes())
    return digest.hexdigest()[:16]


def part_key(kind: str, templates: tuple[str, ...], material: tuple) -> str:
    """The cache key of a part of ``kind`` showing ``material`` in the active language."""
    text = repr((release_stamp(templates), translation.get_language(), material))
    return f"part:{kind}:v1:" + hashlib.sha256(text.encode()).hexdigest()[:40]


def drawn_parts(
    kind: str,
    templates: tuple[str, ...],
    materials: Sequence[tuple],
    draw: Callable[[int], str],
    token: str,
) -> list[str]:
    """Each part's HTML (in the order of ``materials``) for a reader with ``token`` (the
    private link's query, or ""): from the cache where a part with the same material was
    drawn already, else ``draw(index)`` (with ``TOKEN_MARK`` for the token), kept."""
    keys = [part_key(kind, templates, material) for material in materials]
    kept = soft_get_many(keys)
    drawn: dict[str, str] = {}
    for index, key in enumerate(keys):
        if key not in kept and key not in drawn:
            drawn[key] = draw(index)
    if drawn:
        soft_set_many(drawn, CACHE_SECONDS)
    shown = escape(token)  # as the template would have written it
    return [
        mark_safe((kept.get(key) or drawn[key]).replace(TOKEN_MARK, shown))  # noqa: S308
        for key in keys
    ]
