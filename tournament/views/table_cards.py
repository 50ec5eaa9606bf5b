"""A round page's table cards, each drawn once for what it shows.

A page of a round shows up to 100 tables; drawing their cards was nearly all of the page's CPU
(half a second for 100 tables), yet between two requests only the tables whose result moved
have changed. Each card's HTML is kept in the cache under a key made of everything the card
shows: the table and its status, its seats' names, flowers, places, points and win chances,
whether it has a live game, the event's address and the language, with the release's card
templates, flower filter and translation catalogues. What goes into the key is read from the
database on every request, as before, so a card can never be shown stale: a change of what it
shows is a change of its key. The private link's token (``?token=...`` on the card's links)
is put in at serving, so every reader shares one drawing. Only the drawing is saved; a card
nobody asks for again leaves the cache by itself.
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

from django.conf import settings
from django.template.loader import get_template
from django.utils import translation
from django.utils.html import escape
from django.utils.safestring import mark_safe

from tournament.services.soft_cache import soft_get_many, soft_set_many
from tournament.templatetags import flowers

CARD_TEMPLATE = "tournament/_table_card.html"
#: the templates a card is drawn with: a change of any of them is a change of every key
CARD_TEMPLATES = (
    CARD_TEMPLATE,
    "tournament/_status.html",
    "tournament/_flower.html",
    "tournament/_flower_name.html",
)
CACHE_SECONDS = 3600
#: drawn where the private link's token goes, replaced by the reader's at serving
TOKEN_MARK = "@@card-token@@"


@cache
def release_stamp() -> str:
    """What else decides a card's HTML, hashed once per process: the card templates' text, the
    flower filter's code and the compiled translation catalogues. Cards drawn by another
    release are never reused."""
    digest = hashlib.sha256()
    for name in CARD_TEMPLATES:
        digest.update(get_template(name).template.source.encode())
    digest.update(Path(flowers.__file__).read_bytes())
    for folder in settings.LOCALE_PATHS:
        for catalogue in sorted(Path(folder).glob("*/LC_MESSAGES/django.mo")):
            digest.update(str(catalogue).encode() + catalogue.read_bytes())
    return digest.hexdigest()[:16]


def has_live_game(match) -> bool:
    """Whether the match has a hosted live game (read with ``select_related``)."""
    return hasattr(match, "live_game")  # a missing one raises an AttributeError subclass


def card_material(match, slug: str) -> tuple:
    """Everything ``_table_card.html`` shows of ``match`` (seats loaded, win chances given)
    but the reader's token."""
    seats = tuple(
        (
            seat.entrant_id,
            seat.entrant.display_name,
            seat.flower_colour,
            seat.win_chance,
            seat.place,
            str(seat.points),
        )
        for seat in match.seats.all()
    )
    return (
        match.pk,
        match.table_number,
        match.group_label,
        match.is_bye,
        match.status,
        match.win_chances,
        has_live_game(match),
        seats,
        slug,
    )


def card_key(material: tuple) -> str:
    """The cache key of a card showing ``material`` in the active language."""
    text = repr((release_stamp(), translation.get_language(), material))
    return "card:v1:" + hashlib.sha256(text.encode()).hexdigest()[:40]


def draw_card(match, tournament) -> str:
    """One card's HTML, drawn now, with ``TOKEN_MARK`` where the reader's token goes."""
    context = {"match": match, "tournament": tournament, "token": TOKEN_MARK}
    return get_template(CARD_TEMPLATE).render(context)


def table_cards(tournament, matches: list, token: str) -> list[str]:
    """The HTML of each of ``matches``' cards (in order) for a reader with ``token`` (the
    private link's query, or ""): from the cache where a card with the same content was drawn
    already, drawn now (and kept) where not."""
    keys = [card_key(card_material(match, tournament.slug)) for match in matches]
    kept = soft_get_many(keys)
    drawn = {}
    for key, match in zip(keys, matches, strict=True):
        if key not in kept and key not in drawn:
            drawn[key] = draw_card(match, tournament)
    if drawn:
        soft_set_many(drawn, CACHE_SECONDS)
    shown = escape(token)  # as the template would have written it
    return [
        mark_safe((kept.get(key) or drawn[key]).replace(TOKEN_MARK, shown))  # noqa: S308
        for key in keys
    ]
