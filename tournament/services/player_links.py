"""Getting players their private links: the URLs, and sending them by e-mail (audited)."""

from __future__ import annotations

from django.conf import settings
from django.core.mail import send_mass_mail
from django.db import transaction
from django.urls import reverse

from common.audit.actor import Actor
from common.audit.services import record_change
from tournament.models import Entrant, EntrantStatus, Tournament
from tournament.models.people import normalise_short_code

#: the most characters of a typed code read (the whole short link pasted fits)
MAX_TYPED = 200


def link_path(entrant: Entrant) -> str:
    """The private page's path (the QR code opens it)."""
    return reverse("matches:my-table", args=[entrant.access_token])


def short_path(entrant: Entrant) -> str:
    """The short link's path with the code as printed (``/p/K7QM-2XPD/``), for typing by hand."""
    return reverse("tournament:short-link", args=[entrant.short_code_display])


def code_from_typed(text) -> str | None:
    """The stored short code from what a person typed: the code in any case, with spaces or
    dashes, O for 0 and I/L for 1, or the whole short link pasted (its last piece is read);
    None when it cannot be a code."""
    if not isinstance(text, str) or len(text) > MAX_TYPED:
        return None
    last_piece = text.strip().rstrip("/").rsplit("/", 1)[-1]
    return normalise_short_code("".join(last_piece.split()))


def entrant_of_code(code: str) -> Entrant | None:
    """The entrant whose short code is ``code`` (as stored), or None."""
    return Entrant.objects.filter(short_code=code).first()


def email_of(entrant: Entrant) -> str:
    return entrant.player.email if entrant.player_id else ""


def _message(entrant: Entrant, site: str) -> tuple:
    event = entrant.tournament
    body = (
        f"Hello {entrant.display_name},\n\n"
        f"This is your private link for {event.name}: it shows your table, your starting flower "
        f"and the clock, and lets you report and confirm your games' results.\n\n"
        f"{site}{link_path(entrant)}\n\n"
        f"Or type {site}/p/ and the code {entrant.short_code_display}.\n"
        "Keep it to yourself: whoever has it can report results for you."
    )
    subject = f"{settings.ACCOUNT_EMAIL_SUBJECT_PREFIX}Your link for {event.name}"
    return (subject, body, None, [email_of(entrant)])


def send_links(tournament: Tournament, actor: Actor, site: str, entrants=None) -> int:
    """E-mail each active entrant that has an address its link, after the commit; how many."""
    query = (entrants if entrants is not None else tournament.entrants.all()).exclude(
        status=EntrantStatus.DROPPED
    )
    chosen = [e for e in query.select_related("player", "tournament") if email_of(e)]
    with transaction.atomic():
        record_change(
            tournament,
            "entrant.links_sent",
            tournament,
            after={"sent": len(chosen), "entrants": [e.pk for e in chosen][:500]},
            actor=actor,
        )
        messages = [_message(e, site) for e in chosen]
        if messages:
            transaction.on_commit(lambda: send_mass_mail(messages, fail_silently=False))
    return len(chosen)
