"""The console's registration questions: the list with the add form and the answers'
deadline, one question's edit page (with "remove"), and moving a question up or down."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from registrations.forms.questions import DeadlineForm, QuestionForm
from registrations.services import questions as service
from registrations.services.question_rules import QuestionError, answers_deadline, answers_locked
from tournament.views.organiser.common import organiser_tournament, page_actor


def _page(request, tournament, *, form=None, deadline_form=None, status=200):
    questions = tournament.registration_questions.annotate(answered=Count("answers")).order_by(
        "position", "id"
    )
    return render(
        request,
        "registrations/questions.html",
        {
            "tournament": tournament,
            "questions": questions,
            "locked": answers_locked(tournament),
            "paired": tournament.rounds.exists(),
            "form": form or QuestionForm(),
            "deadline_form": deadline_form
            or DeadlineForm(initial={"answers_close_at": answers_deadline(tournament)}),
        },
        status=status,
    )


@login_required
def questions(request, slug):
    """The questions in order (GET) and a new one (POST); a refusal changes nothing."""
    tournament = organiser_tournament(request, slug)
    if request.method != "POST":
        return _page(request, tournament)
    form = QuestionForm(request.POST)
    actor = page_actor(request)
    if _saved(
        request,
        form,
        lambda: service.add_question(tournament, **form.values(), actor=actor),
        _("The question is added at the end of the form."),
    ):
        return redirect("registrations:manage-questions", slug=slug)
    return _page(request, tournament, form=form, status=400)


def _saved(request, form, save, done: str) -> bool:
    """Whether the form was valid and ``save()`` kept it (its refusal goes on the form)."""
    if not form.is_valid():
        return False
    try:
        save()
    except QuestionError as refused:
        form.add_error(None, str(refused))
        return False
    messages.success(request, done)
    return True


def _question(tournament, question_id):
    return get_object_or_404(tournament.registration_questions, pk=question_id)


@login_required
def edit_question(request, slug, question_id):
    """One question's form (GET) and its change (POST)."""
    tournament = organiser_tournament(request, slug)
    question = _question(tournament, question_id)
    form = QuestionForm(request.POST or None, initial=QuestionForm.initial_of(question))
    status = 200
    if request.method == "POST":
        status = 400
        actor = page_actor(request)
        if _saved(
            request,
            form,
            lambda: service.change_question(question, **form.values(), actor=actor),
            _("The question is changed."),
        ):
            return redirect("registrations:manage-questions", slug=slug)
    context = {"tournament": tournament, "question": question, "form": form}
    context["answered"] = question.answers.count()
    return render(request, "registrations/question_edit.html", context, status=status)


@login_required
@require_POST
def move_question(request, slug, question_id):
    """Move a question to the position posted (1 = first)."""
    tournament = organiser_tournament(request, slug)
    question = _question(tournament, question_id)
    try:
        position = int(request.POST.get("position", ""))
    except ValueError:
        messages.error(request, _("Say where the question goes: a number from 1."))
    else:
        try:
            service.move_question(question, position, page_actor(request))
        except QuestionError as refused:
            messages.error(request, str(refused))
    return redirect("registrations:manage-questions", slug=slug)


@login_required
@require_POST
def remove_question(request, slug, question_id):
    """Remove a question and its answers (before the answers lock)."""
    tournament = organiser_tournament(request, slug)
    question = _question(tournament, question_id)
    try:
        gone = service.remove_question(question, page_actor(request))
    except QuestionError as refused:
        messages.error(request, str(refused))
        return redirect("registrations:manage-question", slug=slug, question_id=question.pk)
    messages.success(
        request,
        ngettext(
            "The question is removed, with its %(count)d answer.",
            "The question is removed, with its %(count)d answers.",
            gone,
        )
        % {"count": gone},
    )
    return redirect("registrations:manage-questions", slug=slug)


@login_required
@require_POST
def answers_deadline_view(request, slug):
    """Set or clear the answers' deadline."""
    tournament = organiser_tournament(request, slug)
    form = DeadlineForm(request.POST)
    actor = page_actor(request)
    if _saved(
        request,
        form,
        lambda: service.set_answers_deadline(
            tournament, form.cleaned_data["answers_close_at"], actor
        ),
        _("The answers' deadline is saved."),
    ):
        return redirect("registrations:manage-questions", slug=slug)
    return _page(request, tournament, deadline_form=form, status=400)
