"""The registration rush's event (``bench/registration_rush.py``): built in its own PostgreSQL
database, made afresh on every run.

A public Every Eye event open to self-registration with ``places`` places and a waitlist, and
``people`` accounts, each with a confirmed e-mail address and an API token (a phone's app, or
the page's session: the same service answers both).
"""

from __future__ import annotations

import time

SLUG = "registration-rush"
ORGANISER = "rush-organiser"


def build(people: int, places: int) -> dict:
    """The event and the accounts, rebuilt from nothing; the tokens in arrival order."""
    from allauth.account.models import EmailAddress
    from django.contrib.auth import get_user_model

    from accounts import tokens
    from registrations.models import RegistrationPolicy
    from tournament.models import Tournament

    started = time.monotonic()
    users = get_user_model()
    organiser = users.objects.create(username=ORGANISER)
    tournament = Tournament.objects.create(
        name="Registration rush", slug=SLUG, organiser=organiser, mode="every_eye"
    )
    RegistrationPolicy.objects.create(
        tournament=tournament, self_service=True, capacity=places, waitlist=True
    )
    accounts = users.objects.bulk_create(
        [
            users(username=f"rusher{i:05d}", email=f"rusher{i:05d}@example.com")
            for i in range(people)
        ]
    )
    EmailAddress.objects.bulk_create(
        [EmailAddress(user=u, email=u.email, verified=True, primary=True) for u in accounts]
    )
    keys = [tokens.issue(user, "rush").key for user in accounts]
    print(
        f"built event {SLUG}: {places} places, {people} accounts with tokens "
        f"({time.monotonic() - started:.0f} s)",
        flush=True,
    )
    return {"slug": SLUG, "tournament": tournament.pk, "tokens": keys}


def outcome(tournament_id: int) -> dict:
    """What the database holds after the rush: registrations by status, entrants in the
    field, and whether the places went to the first in the queue (arrival order)."""
    from django.db.models import Count

    from registrations.models import Registration
    from tournament.models import Entrant

    rows = Registration.objects.filter(tournament_id=tournament_id)
    by_status = dict(rows.values_list("status").annotate(n=Count("pk")))
    queue = list(rows.order_by("queue_number").values_list("status", flat=True))
    registered = [i for i, status in enumerate(queue) if status == "registered"]
    waitlisted = [i for i, status in enumerate(queue) if status == "waitlisted"]
    return {
        "by_status": by_status,
        "entrants": Entrant.objects.filter(tournament_id=tournament_id).count(),
        # the places went to the first arrivals: no waitlisted one came before a registered one
        "in_arrival_order": not (registered and waitlisted) or max(registered) < min(waitlisted),
    }
