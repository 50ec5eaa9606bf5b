"""The console's "E-mail everyone registered": a subject and a message; each registered player
gets it with their own private link."""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from registrations import tasks
from registrations.services.mail import MAX_BODY, MAX_SUBJECT, MailRefused, email_registered
from registrations.services.mail import recipients as mail_recipients
from tournament.views.organiser.common import organiser_tournament, page_actor


class MailForm(forms.Form):
    subject = forms.CharField(label=gettext_lazy("Subject"), max_length=MAX_SUBJECT)
    body = forms.CharField(
        label=gettext_lazy("Message"),
        max_length=MAX_BODY,
        widget=forms.Textarea(attrs={"rows": 8}),
        help_text=gettext_lazy("Each player's private link is added below it."),
    )


@login_required
def mail(request, slug):
    """The message form (GET) and the sending (POST); a refusal sends nothing."""
    tournament = organiser_tournament(request, slug)
    form = MailForm(request.POST or None)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            try:
                sent = email_registered(
                    tournament,
                    form.cleaned_data["subject"],
                    form.cleaned_data["body"],
                    site=request.build_absolute_uri("/").rstrip("/"),
                    actor=page_actor(request),
                    deliver=tasks.deliver,
                )
            except MailRefused as refused:
                form.add_error(None, str(refused))
            else:
                messages.success(
                    request,
                    ngettext(
                        "The message goes to %(count)d player.",
                        "The message goes to %(count)d players.",
                        sent,
                    )
                    % {"count": sent},
                )
                return redirect("registrations:manage-table", slug=slug)
    context = {
        "tournament": tournament,
        "form": form,
        "recipients": mail_recipients(tournament.pk).count(),
        "title": _("E-mail everyone registered"),
    }
    return render(request, "registrations/mail.html", context, status=status)
