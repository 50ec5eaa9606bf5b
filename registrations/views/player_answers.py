"""The player's own answers to the organiser's questions: changed until they lock (the
organiser's deadline, at the latest round 1), then shown as given."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from registrations.forms.answers import AnswersForm
from registrations.services.answers import save_answers
from registrations.services.player_reads import registration_of
from registrations.services.question_rules import QuestionError, answers_locked
from registrations.views.common import page_actor
from tournament.models import Tournament


@login_required
def answers_page(request, slug):
    """The signed-in player's answers for the event: a form while they may change, else read."""
    tournament = get_object_or_404(Tournament, slug=slug)
    registration = registration_of(tournament, request.user)
    questions = list(tournament.registration_questions.order_by("position", "id"))
    if registration is None or not questions:
        raise Http404(_("You have no answers to give for this event."))
    given = dict(registration.answers.values_list("question_id", "value"))
    locked = answers_locked(tournament)
    form = AnswersForm(questions, request.POST or None, answers=given)
    status = 200
    if request.method == "POST" and not locked:
        status = 400
        if form.is_valid():
            try:
                save_answers(registration, form.answers(), page_actor(request))
            except QuestionError as refused:
                form.add_error(None, str(refused))
            else:
                messages.success(request, _("Your answers are saved."))
                return redirect("registrations:answer", slug=tournament.slug)
    context = {
        "tournament": tournament,
        "form": form,
        "locked": locked,
        "given": [(q.label, given.get(q.pk, "")) for q in questions],
    }
    return render(request, "registrations/player_answers.html", context, status=status)
