"""The answers published to the field: once round 1 is paired, the public questions' answers
of the players who agreed to be listed (404 before, like a page that does not exist)."""

from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext as _

from registrations.services.answers import public_answers
from tournament.views.visibility import token_query, visible_tournament


def answers(request, slug):
    """The public answers of an event its visitor may see."""
    tournament = visible_tournament(request, slug)
    published = public_answers(tournament)
    if published is None:
        raise Http404(_("No answers are published for this event."))
    context = {
        "tournament": tournament,
        "questions": published.questions,
        "rows": published.rows,
        "token": token_query(request),
    }
    return render(request, "registrations/public_answers.html", context)
