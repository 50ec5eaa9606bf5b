"""Duplicate player records: the same person registered afresh at another of my events.

The console lists, for this event's players, other records with the same name in events the
organiser also organises (or that belong to a club or convention they run), and merges a pair
on request (``services.players.merge``, audited in every event it touches; the ratings and
season tables follow). Records from other organisers' events are never shown, nor a record that
also played in an event this user does not run: the merge would move that event's entries, and
the service refuses it (403 here); the player joins such records by claiming them (issue 33).
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.models import Entrant, Player, Tournament
from tournament.services import players as player_service
from tournament.services.permissions import run_by
from tournament.views.organiser.common import organiser_tournament, page_actor

#: duplicates listed on one page
MAX_PAIRS = 200


def _outside(user) -> Q:
    """Records that played (alone or in a team) in an event ``user`` does not run."""
    theirs = Tournament.objects.exclude(run_by(user)).values("pk")
    return Q(entries__tournament__in=theirs) | Q(memberships__team__entries__tournament__in=theirs)


def duplicate_pairs(tournament: Tournament, user) -> list[tuple[Player, Player, list[str]]]:
    """(this event's record, another record of the same name, that record's event names):
    pairs this user may merge, both records seen only in events they run (the organiser's
    own, and every event of a club or convention they are staff of)."""
    mine = Tournament.objects.filter(run_by(user)).values("pk")
    outside = Player.objects.filter(_outside(user)).values("pk")
    here = {
        e.player.name.lower(): e.player
        for e in Entrant.objects.filter(tournament=tournament, player__isnull=False)
        .exclude(player__in=outside)
        .select_related("player")
    }
    if not here:
        return []
    query = Q()
    for name in here:
        query |= Q(name__iexact=name)
    others = (
        Player.objects.filter(query, entries__tournament__in=mine)
        .exclude(entries__tournament=tournament)
        .exclude(pk__in=outside)
        .distinct()[:MAX_PAIRS]
    )
    pairs = []
    for other in others:
        target = here[other.name.lower()]
        if other.user_id and target.user_id and other.user_id != target.user_id:
            continue
        events = list(other.entries.values_list("tournament__name", flat=True)[:5])
        pairs.append((target, other, events))
    return pairs


@login_required
def duplicates(request, slug):
    tournament = organiser_tournament(request, slug)
    return render(
        request,
        "organiser/duplicates.html",
        {"tournament": tournament, "pairs": duplicate_pairs(tournament, request.user)},
    )


@login_required
@require_POST
def merge(request, slug):
    """Merge a listed duplicate into this event's record of the same person."""
    tournament = organiser_tournament(request, slug)
    wanted = (request.POST.get("target"), request.POST.get("source"))
    pairs = duplicate_pairs(tournament, request.user)
    pair = next((p for p in pairs if (str(p[0].pk), str(p[1].pk)) == wanted), None)
    if pair is None:
        messages.error(
            request,
            _(
                "Those two records are not a duplicate you can merge here: both must have "
                "played only in events you run."
            ),
        )
        return _refused(request, tournament, pairs)
    target, source, _events = pair
    try:
        player_service.merge(source, target, page_actor(request))
    except player_service.PlayerForbidden as error:
        messages.error(request, str(error)[0].upper() + str(error)[1:] + ".")
        return _refused(request, tournament, pairs)
    except player_service.PlayerError as error:
        messages.error(request, str(error)[0].upper() + str(error)[1:] + ".")
    else:
        messages.success(
            request, _("%(name)s: the two records are one now.") % {"name": target.name}
        )
    return redirect("tournament:manage-duplicates", slug=slug)


def _refused(request, tournament, pairs):
    """The duplicates page again, answered 403: a merge this user may not make."""
    context = {"tournament": tournament, "pairs": pairs}
    return render(request, "organiser/duplicates.html", context, status=403)
