"""The console's webhook pages: an event's (``/events/<slug>/manage/webhooks/``) and an
organisation's (``/orgs/<slug>/webhooks/``).

Each lists the endpoints with their latest deliveries, and takes one POST per action: add one
(its secret is shown once, in the answer), switch it off or on, rotate its secret (shown once),
send a test event, remove it. Only the event's organisers, or the organisation's staff, see
the page; an endpoint of another owner is a 404.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from common.errors import ServiceError
from leagues.models import Organisation
from leagues.views.console import staff_organisation
from notifications.models import MAX_ENDPOINTS_PER_OWNER, WebhookEndpoint
from notifications.services import webhooks as service
from notifications.webhook_forms import WebhookForm
from tournament.views.organiser.common import organiser_tournament, page_actor

#: deliveries shown per endpoint
SHOWN_DELIVERIES = 10


@login_required
def event_webhooks(request, slug: str):
    tournament = organiser_tournament(request, slug)
    return _page(request, tournament, "notifications:webhooks", {"tournament": tournament})


@login_required
def organisation_webhooks(request, slug: str):
    organisation = staff_organisation(request, slug)
    return _page(
        request, organisation, "notifications:org-webhooks", {"organisation": organisation}
    )


def _owned(owner) -> dict:
    return {"organisation": owner} if isinstance(owner, Organisation) else {"tournament": owner}


def _page(request, owner, url_name: str, context: dict):
    form = WebhookForm()
    shown_secret = None
    status = 200
    if request.method == "POST":
        action = request.POST.get("action", "")
        if action == "create":
            form, shown_secret, status = _create(request, owner)
        else:
            endpoint = get_object_or_404(
                WebhookEndpoint, pk=request.POST.get("endpoint") or 0, **_owned(owner)
            )
            try:
                shown_secret = _act(request, endpoint, action)
            except ServiceError as error:
                messages.error(request, str(error))
            if shown_secret is None:
                return redirect(url_name, slug=owner.slug)
    endpoints = list(WebhookEndpoint.objects.filter(**_owned(owner)))
    for endpoint in endpoints:
        endpoint.recent = list(endpoint.deliveries.all()[:SHOWN_DELIVERIES])
    context.update(
        {
            "owner": owner,
            "endpoints": endpoints,
            "form": form,
            "shown_secret": shown_secret,
            "limit": MAX_ENDPOINTS_PER_OWNER,
            "section": "webhooks",
        }
    )
    return render(request, "notifications/webhooks.html", context, status=status)


def _create(request, owner) -> tuple[WebhookForm, str | None, int]:
    """(the form to show, the new secret, the status) after an "Add"."""
    form = WebhookForm(request.POST)
    if not form.is_valid():
        return form, None, 400
    try:
        secret = service.create_endpoint(owner, actor=page_actor(request), **form.cleaned_data)[1]
    except ServiceError as error:
        form.add_error(None, str(error))
        return form, None, 400
    messages.success(request, _("The webhook is added."))
    return WebhookForm(), secret, 200


def _act(request, endpoint: WebhookEndpoint, action: str) -> str | None:
    """Do ``action`` on ``endpoint``; the new secret when it was rotated."""
    actor = page_actor(request)
    if action == "rotate":
        return service.rotate_secret(endpoint, actor)
    if action == "switch":
        service.update_endpoint(
            endpoint,
            url=endpoint.url,
            events=endpoint.events,
            active=not endpoint.active,
            actor=actor,
        )
        messages.success(
            request, _("The webhook is on.") if not endpoint.active else _("The webhook is off.")
        )
    elif action == "test":
        message_id = service.send_test_event(endpoint, actor)
        messages.success(request, _("A test event is on its way (%(id)s).") % {"id": message_id})
    elif action == "delete":
        service.delete_endpoint(endpoint, actor)
        messages.success(request, _("The webhook is removed."))
    else:
        messages.error(request, _("Unknown action."))
    return None
