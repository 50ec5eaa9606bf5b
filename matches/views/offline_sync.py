"""The short answer a page gives to a result sent by ``static/js/offline.js``.

offline.js keeps every result form a player or referee sends in the phone's IndexedDB, with an
idempotency key, and sends it with the header ``X-Offline-Sync: 1`` (at once, or when the network
comes back). Such a request gets JSON instead of a page: ``{"outcome": "sent", "message", "next"}``
or, refused, ``{"outcome": "refused", "message", "problems"}`` with status 409 (the result
services said no) or 400 (the form is wrong), so the phone can say what became of each action.
"""

from django.core.exceptions import NON_FIELD_ERRORS
from django.http import JsonResponse

SYNC_HEADER = "HTTP_X_OFFLINE_SYNC"


def wants_sync_answer(request) -> bool:
    """Whether the request comes from offline.js and wants the JSON answer."""
    return request.method == "POST" and request.META.get(SYNC_HEADER) == "1"


def sent(message: str, next_url: str | None = None) -> JsonResponse:
    """The action was taken (now, or earlier under the same key)."""
    return JsonResponse({"outcome": "sent", "message": message, "next": next_url})


def form_problems(form) -> list[str]:
    """A form's errors as sentences, each naming its field."""
    if form is None:
        return []
    problems = []
    for name, errors in form.errors.items():
        if name == NON_FIELD_ERRORS:
            continue
        field = form.fields.get(name)
        label = f"{field.label}: " if field is not None and field.label else ""
        problems.extend(f"{label}{error}" for error in errors)
    return problems


def refused(message: str, problems: list[str] | None = None, *, status=409) -> JsonResponse:
    """The action was not taken; ``message`` says why in plain words."""
    return JsonResponse(
        {"outcome": "refused", "message": message, "problems": problems or []}, status=status
    )


def refused_form(form, fallback: str) -> JsonResponse:
    """A refused form: its first problem is the message, every one is listed."""
    problems = form_problems(form)
    non_field = list(form.non_field_errors()) if form is not None else []
    if non_field:  # the services' refusals (a conflict) are the form's non-field errors
        return refused(non_field[0], non_field[1:] + problems)
    return refused(problems[0] if problems else fallback, problems, status=400)
