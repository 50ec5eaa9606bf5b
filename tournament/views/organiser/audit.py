"""The audit trail page: every change to the event in words, filtered by round, table or person.

The stories come from :mod:`common.audit.logic.story`; each entry keeps its raw action code and
before/after JSON one click away (a ``<details>``) for whoever needs the exact record.
"""

import json
from urllib.parse import urlencode

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Q
from django.shortcuts import render

from common.audit.logic.story import AuditNames
from common.audit.models import AuditEntry
from common.audit.stories import tell
from matches.models import Match
from tournament.models import StaffRoleKind
from tournament.services.permissions import is_organiser
from tournament.views.organiser.common import staff_tournament

PER_PAGE = 25
MAX_FILTER_LENGTH = 40


def _positive(value) -> int | None:
    try:
        number = int(str(value)[:9])
    except (TypeError, ValueError):
        return None
    return number if number > 0 else None


def ids_of(entries, target_type: str) -> set[int]:
    """The numeric target ids of ``entries`` whose target is of ``target_type``."""
    return {
        int(e.target_id) for e in entries if e.target_type == target_type and e.target_id.isdigit()
    }


def sides_in(value) -> set[int]:
    """The side (entrant) ids a before/after value's placings name."""
    if not isinstance(value, dict) or not isinstance(value.get("placings"), list):
        return set()
    sides = (row.get("side") for row in value["placings"] if isinstance(row, dict))
    return {int(side) for side in sides if str(side).isdigit()}


def audit_names(tournament, entries) -> AuditNames:
    """Names for the ids one page of entries holds: sides, tables, rounds, staff roles (only
    those, so a page of a 2,000-player event reads 25 entries' worth of names)."""
    roles = {tournament.organiser_id: StaffRoleKind.ORGANISER.label.lower()}
    for user_id, role in tournament.staff.values_list("user_id", "role"):
        roles.setdefault(user_id, StaffRoleKind(role).label.lower())
    entrant_ids = ids_of(entries, "tournament.entrant")
    for entry in entries:
        entrant_ids |= sides_in(entry.before) | sides_in(entry.after)
        if entry.entrant_id:
            entrant_ids.add(entry.entrant_id)
    entrants = tournament.entrants.filter(pk__in=entrant_ids)
    matches = Match.objects.filter(
        round__tournament=tournament, pk__in=ids_of(entries, "matches.match")
    )
    rounds = tournament.rounds.filter(pk__in=ids_of(entries, "tournament.round"))
    return AuditNames(
        entrants={str(pk): name for pk, name in entrants.values_list("pk", "display_name")},
        matches={
            str(pk): (number, table)
            for pk, number, table in matches.values_list("pk", "round__number", "table_number")
        },
        rounds={str(pk): number for pk, number in rounds.values_list("pk", "number")},
        roles=roles,
    )


def people_choices(tournament) -> list[tuple[str, str]]:
    """The person filter's choices: the staff ("u<id>"), then the sides ("e<id>")."""
    staff = [(tournament.organiser_id, tournament.organiser)]
    staff += [(role.user_id, role.user) for role in tournament.staff.select_related("user")]
    seen, choices = set(), []
    for user_id, user in staff:
        if user_id not in seen:
            seen.add(user_id)
            choices.append((f"u{user_id}", user.get_full_name() or user.get_username()))
    choices += [
        (f"e{pk}", name)
        for pk, name in tournament.entrants.order_by("display_name").values_list(
            "pk", "display_name"
        )
    ]
    return choices


def filtered(entries, tournament, *, round_number, table, person, action):
    """The entries about one round and/or table, by or about one person, or of one action."""
    if round_number or table:
        matches = Match.objects.filter(round__tournament=tournament)
        if round_number:
            matches = matches.filter(round__number=round_number)
        if table:
            matches = matches.filter(table_number=table)
        about = Q(
            target_type="matches.match",
            target_id__in=[str(pk) for pk in matches.values_list("pk", flat=True)],
        )
        if round_number and not table:
            round_ids = tournament.rounds.filter(number=round_number).values_list("pk", flat=True)
            about |= Q(target_type="tournament.round", target_id__in=[str(pk) for pk in round_ids])
        entries = entries.filter(about)
    if person and person[0] in "ue" and _positive(person[1:]):
        pk = _positive(person[1:])
        if person[0] == "u":
            entries = entries.filter(user_id=pk)
        else:
            entries = entries.filter(
                Q(entrant_id=pk) | Q(target_type="tournament.entrant", target_id=str(pk))
            )
    if action:
        entries = entries.filter(action__startswith=action)
    return entries


def raw_json(value) -> str:
    return json.dumps(value, ensure_ascii=False, indent=1, sort_keys=True)


@login_required
def audit(request, slug):
    """The audit trail, newest first, for the event's organisers and referees."""
    tournament = staff_tournament(request, slug)
    round_number = _positive(request.GET.get("round"))
    table = _positive(request.GET.get("table"))
    person = request.GET.get("person", "").strip()[:MAX_FILTER_LENGTH]
    action = request.GET.get("action", "").strip()[:MAX_FILTER_LENGTH]
    entries = filtered(
        AuditEntry.objects.filter(tournament=tournament)
        .select_related("user", "entrant")
        .order_by("-created_at", "-id"),
        tournament,
        round_number=round_number,
        table=table,
        person=person,
        action=action,
    )
    page = Paginator(entries, PER_PAGE).get_page(request.GET.get("page"))
    names = audit_names(tournament, list(page))
    rows = [
        {
            "entry": entry,
            "story": tell(entry, names),
            "before": raw_json(entry.before),
            "after": raw_json(entry.after),
        }
        for entry in page
    ]
    filters = {
        key: value
        for key, value in (
            ("round", round_number),
            ("table", table),
            ("person", person),
            ("action", action),
        )
        if value
    }
    return render(
        request,
        "organiser/audit.html",
        {
            "tournament": tournament,
            "page": page,
            "rows": rows,
            "action": action,
            "round_number": round_number,
            "table": table,
            "person": person,
            "people": people_choices(tournament),
            "rounds": list(tournament.rounds.order_by("number").values_list("number", flat=True)),
            "filters_query": urlencode(filters),
            "filtered": bool(filters),
            "referee_only": not is_organiser(request.user, tournament),
        },
    )
