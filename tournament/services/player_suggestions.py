"""Suggesting known players at registration, so the same person is not entered twice.

The desk (and the API) asks with the typed name and club; the candidates are the records the
asking user may attach to the event (``registrable``), who are not in it yet. The pure
``tournament.logic.name_matching`` ranks them.

Who may attach a known record (issue 33): an organiser whose own events - those they organise,
or those of a club or convention they are staff of (``permissions.run_by``) - the record played
in, and anyone for a record with no account and no entries. A record seen only in other
people's events is neither offered nor attachable: the desk registers a new entry by name and
e-mail, and the player joins it to their record themselves (private link or verified e-mail).
``registration.register_player`` checks the same rule under its lock.

A suggestion shows the player's name, club, how many events they played and the last one -
never an e-mail address.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, F, Q

from tournament.logic.name_matching import Candidate, Match, name_words, rank_candidates
from tournament.models import Entrant, Player, Tournament
from tournament.services.permissions import run_by

#: how many records the database hands to the ranking at most
MAX_CANDIDATES = 400
#: the shortest word start searched for
MIN_WORD = 2


@dataclass(frozen=True)
class Suggestion:
    """A known player who may be the one being registered."""

    player: int
    name: str
    club: str
    events: int
    last_event: str
    score: float
    strong: bool


def _attachable_by(user, tournament: Tournament) -> Q:
    """Records ``user`` may attach: played (alone or in a team) in another event ``user`` runs,
    or unclaimed and never entered anywhere."""
    events = Tournament.objects.filter(run_by(user)).exclude(pk=tournament.pk).values("pk")
    seen = Player.objects.filter(
        Q(entries__tournament__in=events) | Q(memberships__team__entries__tournament__in=events)
    )
    loose = Player.objects.filter(user__isnull=True, entries__isnull=True, memberships__isnull=True)
    return Q(pk__in=seen.values("pk")) | Q(pk__in=loose.values("pk"))


def registrable(tournament: Tournament, user):
    """The known players the desk may offer and register in ``tournament``: records ``user``
    may attach (``_attachable_by``) that are not in ``tournament`` yet."""
    return (
        Player.objects.filter(_attachable_by(user, tournament))
        .exclude(entries__tournament=tournament)
        .exclude(memberships__team__entries__tournament=tournament)
    )


def may_attach(tournament: Tournament, user, player: Player) -> bool:
    """Whether ``user`` may attach the known record ``player`` to ``tournament``."""
    return Player.objects.filter(_attachable_by(user, tournament), pk=player.pk).exists()


def name_filter(name: str) -> Q | None:
    """A database filter for records whose name shares a word start with ``name``."""
    words = [w for w in name_words(name) if len(w) >= MIN_WORD][:4]
    if not words:
        return None
    query = Q()
    for word in words:
        query |= Q(name__icontains=word[:4])
    return query


def suggest_players(tournament: Tournament, user, name: str, club: str = "", limit: int = 8):
    """Known players who may be ``name`` of ``club``, best first (not those already in
    ``tournament``)."""
    query = name_filter(name)
    if query is None:
        return []
    rows = list(
        registrable(tournament, user)
        .filter(query)
        .values_list("pk", "name", "club")[:MAX_CANDIDATES]
    )
    matches: list[Match] = rank_candidates(
        name, club, (Candidate(pk, n, c) for pk, n, c in rows), limit
    )
    if not matches:
        return []
    keys = [m.candidate.key for m in matches]
    counts = dict(
        Player.objects.filter(pk__in=keys)
        .annotate(events=Count("entries", distinct=True))
        .values_list("pk", "events")
    )
    latest: dict[int, str] = {}
    for player, event in (
        Entrant.objects.filter(player__in=keys)
        .order_by(F("tournament__starts_on").desc(nulls_last=True), "-tournament__created_at")
        .values_list("player_id", "tournament__name")
    ):
        latest.setdefault(player, event)
    return [
        Suggestion(
            player=m.candidate.key,
            name=m.candidate.name,
            club=m.candidate.club,
            events=counts.get(m.candidate.key, 0),
            last_event=latest.get(m.candidate.key, ""),
            score=m.score,
            strong=m.strong,
        )
        for m in matches
    ]


def suggestable(tournament: Tournament, user, player_id) -> Player | None:
    """The player ``player_id`` if the user may register them here (a known player the desk
    could have suggested, not in this event yet), else None."""
    if not isinstance(player_id, int) or not 0 < player_id < 2**63:
        return None
    return registrable(tournament, user).filter(pk=player_id).first()
