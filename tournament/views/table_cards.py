"""A round page's table cards, each drawn once for what it shows (``fragment_cache``).

A page of a round shows up to 100 tables; drawing their cards was nearly all of the page's CPU
(half a second for 100 tables), yet between two requests only the tables whose report, result
or seats moved have changed: in the rush a report redraws one card, not the page.
"""

from __future__ import annotations

from django.template.loader import get_template

from tournament.views import fragment_cache

CARD_TEMPLATE = "tournament/_table_card.html"
#: the templates a card is drawn with: a change of any of them is a change of every key
CARD_TEMPLATES = (
    CARD_TEMPLATE,
    "tournament/_status.html",
    "tournament/_flower.html",
    "tournament/_flower_name.html",
)


def has_live_game(match) -> bool:
    """Whether the match has a hosted live game (a model read with ``select_related``, whose
    missing one raises an AttributeError subclass, or a ``round_cards.CardMatch``)."""
    return getattr(match, "live_game", None) is not None


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


def draw_card(match, tournament) -> str:
    """One card's HTML, drawn now, with the token's mark where the reader's token goes."""
    context = {"match": match, "tournament": tournament, "token": fragment_cache.TOKEN_MARK}
    return get_template(CARD_TEMPLATE).render(context)


def table_cards(tournament, matches: list, token: str) -> list[str]:
    """The HTML of each of ``matches``' cards (in order) for a reader with ``token``."""
    return fragment_cache.drawn_parts(
        "card",
        CARD_TEMPLATES,
        [card_material(match, tournament.slug) for match in matches],
        lambda index: draw_card(matches[index], tournament),
        token,
    )
