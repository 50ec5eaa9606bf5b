"""The desk's attendance tools of issue 36: the check-in code shown at the venue (on the players
list and full screen for a projector; replaced on demand), and "drop everyone not checked in"
before round 1 is paired (a confirmation naming how many, then one action)."""

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from common.db.query_numbers import whole_number
from tournament.logic.venue_code import code_display
from tournament.services import no_shows, registration
from tournament.services.venue_check_in import replace_check_in_code
from tournament.views.organiser.common import organiser_tournament, page_actor

#: the most players one confirmation could name (a number above it names nobody)
MAX_EXPECTED = 100_000


@login_required
def check_in_code_screen(request, slug):
    """Full screen for a projector or a tablet at the door: the code, and where to type it."""
    tournament = organiser_tournament(request, slug)
    address = request.build_absolute_uri(reverse("tournament:event-check-in", args=[slug]))
    return render(
        request,
        "organiser/check_in_code.html",
        {
            "tournament": tournament,
            "code": code_display(tournament.check_in_code),
            "address": address,
            "qr_svg": segno.make(address, error="m").svg_inline(scale=6, title=address),
            "open": registration.registration_open(tournament),
        },
    )


@login_required
@require_POST
def replace_code(request, slug):
    """A new check-in code (the old one stops working at once)."""
    tournament = organiser_tournament(request, slug)
    tournament = replace_check_in_code(tournament, page_actor(request))
    messages.success(
        request,
        _("The check-in code is now %(code)s; the old one no longer works.")
        % {"code": code_display(tournament.check_in_code)},
    )
    return redirect("tournament:manage-entrants", slug=slug)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def drop_no_shows(request, slug):
    """GET: who would be dropped, and how many; POST (with that number): drop them all."""
    tournament = organiser_tournament(request, slug)
    if request.method == "POST":
        expected = whole_number(request.POST.get("expected"), low=0, high=MAX_EXPECTED)
        try:
            if expected is None:
                raise registration.RegistrationError(
                    _("the confirmation lost its number of players: open this page again")
                )
            dropped = no_shows.drop_not_checked_in(
                tournament, page_actor(request), expected=expected
            )
        except registration.RegistrationError as error:
            messages.error(request, str(error)[:1].upper() + str(error)[1:] + ".")
        else:
            messages.success(
                request,
                ngettext(
                    "%(count)d player not checked in has been dropped.",
                    "%(count)d players not checked in have been dropped.",
                    len(dropped),
                )
                % {"count": len(dropped)},
            )
            return redirect("tournament:manage-entrants", slug=slug)
    absent = no_shows.not_checked_in(tournament)
    return render(
        request,
        "organiser/drop_no_shows.html",
        {
            "tournament": tournament,
            "absent": absent,
            "problem": no_shows.no_show_problem(tournament, len(absent)),
        },
        status=409 if request.method == "POST" else 200,
    )
