"""Suggesting known players at registration, so the same person is not entered twice.

The desk (and the API) asks with the typed name and club; the candidates are players who played
in a public event or in an event the asking user runs, who are not in this event yet. The pure
``tournament.name_matching`` ranks them. A suggestion shows the player's name, club, how many
events they played and the last one - never an e-mail address.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, F, Q

from tournament.models import Entrant, Player, Tournament
from tournament.name_matching import Candidate, Match, name_words, rank_candidates
from tournament.permissions import staff_tournaments

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


def _seen_by(user) -> Q:
    """Players who played (alone or in a team) in a public event or one ``user`` runs."""
    events = Tournament.objects.filter(Q(is_public=True) | staff_tournaments(user)).values("pk")
    return Q(entries__tournament__in=events) | Q(memberships__team__entries__tournament__in=events)


def registrable(tournament: Tournament, user):
    """The known players the desk may offer and register in ``tournament``: seen in a public
    event or one ``user`` runs, and not in ``tournament`` yet."""
    return (
        Player.objects.filter(pk__in=Player.objects.filter(_seen_by(user)).values("pk"))
        .exclude(entries__tournament=tournament)
        .exclude(memberships__team__entries__tournament=tournament)
    )


def _name_filter(name: str) -> Q | None:
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
    query = _name_filter(name)
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
