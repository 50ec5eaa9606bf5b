"""Players' private links for the staff: one player's link and QR (shown again, replaced, sent),
the printable player cards, and "send every link"."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.cache import add_never_cache_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from common.locale import use_event_locale
from tournament.models import EntrantStatus
from tournament.services import player_links, registration
from tournament.views.organiser.common import organiser_tournament, page_actor, staff_tournament
from tournament.views.pages import qr_svg


def _site(request) -> str:
    return request.build_absolute_uri("/").rstrip("/")


def _card(request, entrant) -> dict:
    url = _site(request) + player_links.link_path(entrant)
    short_url = _site(request) + player_links.short_path(entrant)
    # the short link in three pieces, so that the card can print the code in bold inside it
    before, code, after = short_url.partition(entrant.short_code_display)
    return {
        "entrant": entrant,
        "url": url,
        "short_url": short_url,
        "short_parts": {"before": before, "code": code, "after": after},
        "qr": qr_svg(url),
        "email": player_links.email_of(entrant),
    }


def _private(response):
    add_never_cache_headers(response)  # the pages show private links
    return response


@login_required
def player_link(request, slug, entrant_id):
    """One player's link, QR and short code, for a player who lost theirs (staff)."""
    tournament = staff_tournament(request, slug)
    entrant = get_object_or_404(tournament.entrants.select_related("player"), pk=entrant_id)
    return _private(
        render(
            request,
            "organiser/player_link.html",
            {"tournament": tournament, "card": _card(request, entrant)},
        )
    )


@login_required
@require_POST
def replace_link(request, slug, entrant_id):
    """Issue a new link; the old one (lost, or seen by someone else) stops working."""
    tournament = staff_tournament(request, slug)
    entrant = get_object_or_404(tournament.entrants, pk=entrant_id)
    registration.replace_private_link(entrant, page_actor(request))
    messages.success(
        request, f"{entrant.display_name} has a new link; the old one no longer works."
    )
    return redirect("tournament:manage-player-link", slug=slug, entrant_id=entrant.pk)


@login_required
@require_POST
def email_link(request, slug, entrant_id):
    tournament = staff_tournament(request, slug)
    entrant = get_object_or_404(tournament.entrants.select_related("player"), pk=entrant_id)
    if not player_links.email_of(entrant):
        messages.error(
            request,
            _("%(name)s has no e-mail address registered.") % {"name": entrant.display_name},
        )
    else:
        player_links.send_links(
            tournament,
            page_actor(request),
            _site(request),
            tournament.entrants.filter(pk=entrant.pk),
        )
        messages.success(
            request, _("Link sent to %(email)s.") % {"email": player_links.email_of(entrant)}
        )
    return redirect("tournament:manage-player-link", slug=slug, entrant_id=entrant.pk)


@login_required
def player_cards(request, slug):
    """A printable sheet: one cut-out card per player with their name, QR and short code."""
    tournament = organiser_tournament(request, slug)
    use_event_locale(request, tournament, room=True)
    entrants = tournament.entrants.exclude(status=EntrantStatus.DROPPED).select_related("player")
    cards = [_card(request, e) for e in entrants.order_by("display_name", "id")]
    return _private(
        render(request, "organiser/player_cards.html", {"tournament": tournament, "cards": cards})
    )


@login_required
@require_POST
def send_all_links(request, slug):
    """E-mail every player who has an address their link (audited)."""
    tournament = organiser_tournament(request, slug)
    sent = player_links.send_links(tournament, page_actor(request), _site(request))
    without = tournament.entrants.exclude(status=EntrantStatus.DROPPED).count() - sent
    messages.success(
        request,
        f"Links sent to {sent} player{'s' if sent != 1 else ''}"
        + (f"; {without} without an e-mail address get theirs from a card." if without else "."),
    )
    return redirect("tournament:manage-entrants", slug=slug)
