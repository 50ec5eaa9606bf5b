"""One record per person across team events (issue 35): the members named when a team
registers are matched to the people the organiser already knows.

Before, every member got a new ``Player`` record at every event, so a person's Alliances games
split over as many records - and ratings - as events. A member's name is now matched as the
desk matches a single player (``tournament.logic.name_matching``: a strong match, case, accents
and word order aside) among the records the acting organiser may attach
(``player_suggestions.registrable``: records of their own events, or never entered anywhere;
issue 33). The platform itself (a command, the simulation) acts for the event's organiser.
The desk asks before it links a single player; a team form has no such question, so only a
clear match links: one record scoring best (or, among several, the one with an account). Any
doubt makes a new record, which an organiser can merge later. ``split_groups`` finds the
records split before this change, for ``manage.py merge_split_players``.
"""

from __future__ import annotations

from collections import defaultdict

from common.audit.actor import Actor
from tournament.logic.name_matching import Candidate, normalise_name, rank_candidates
from tournament.models import Entrant, Player, TeamMember, Tournament
from tournament.services.player_suggestions import MAX_CANDIDATES, name_filter, registrable


def known_member(tournament: Tournament, name: str, user, taken: set[int]) -> Player | None:
    """The one known record ``name`` clearly is among those ``user`` may register in
    ``tournament`` (not one of ``taken``), locked; None when none or several fit."""
    query = name_filter(name)
    if query is None:
        return None
    rows = list(
        registrable(tournament, user)
        .filter(query)
        .exclude(pk__in=taken)
        .values_list("pk", "name", "club", "user_id")[:MAX_CANDIDATES]
    )
    with_account = {pk for pk, _, _, account in rows if account}
    ranked = rank_candidates(name, "", (Candidate(pk, n, c) for pk, n, c, _ in rows), len(rows))
    strong = [m for m in ranked if m.strong and m.score == ranked[0].score]
    if len(strong) > 1:
        strong = [m for m in strong if m.candidate.key in with_account]
    if len(strong) != 1:
        return None
    return Player.objects.select_for_update().filter(pk=strong[0].candidate.key).first()


def member_records(
    tournament: Tournament, names: list[str], actor: Actor
) -> list[tuple[Player, bool]]:
    """A record for each member named, in order, and whether it was a known one: the record
    the name clearly matches, or a new record."""
    user = actor.user if actor.user is not None else tournament.organiser
    taken: set[int] = set()
    records = []
    for name in names:
        known = known_member(tournament, name, user, taken)
        record = known or Player.objects.create(name=name)
        taken.add(record.pk)
        records.append((record, known is not None))
    return records


def name_key(name: str) -> str:
    """A name as the same-person rule compares it: case, accents, spacing and word order
    aside (two names with the same key score 1 in ``name_matching``)."""
    return " ".join(sorted(normalise_name(name).split()))


def split_groups() -> list[list[Player]]:
    """Records that are one person split by team registration before issue 35: the same name
    (``name_key``), at least one of them a team member, and every event of every one of them
    run by one organiser (who could have merged them at the desk). Each group lists the record
    to keep first: the one with an account, else the oldest. Groups holding two accounts are
    left out (two accounts are two people)."""
    organisers: dict[int, set[int]] = defaultdict(set)
    for player, organiser in Entrant.objects.filter(player__isnull=False).values_list(
        "player_id", "tournament__organiser_id"
    ):
        organisers[player].add(organiser)
    members = set()
    for player, organiser in TeamMember.objects.values_list(
        "player_id", "team__entries__tournament__organiser_id"
    ):
        members.add(player)
        if organiser is not None:
            organisers[player].add(organiser)
    groups: dict[tuple[str, int], list[Player]] = defaultdict(list)
    for record in Player.objects.filter(pk__in=organisers).order_by("pk"):
        if len(organisers[record.pk]) == 1:
            groups[(name_key(record.name), *organisers[record.pk])].append(record)
    found = []
    for records in groups.values():
        accounts = [r for r in records if r.user_id]
        if len(records) > 1 and len(accounts) <= 1 and any(r.pk in members for r in records):
            found.append(accounts + [r for r in records if not r.user_id])
    return found
