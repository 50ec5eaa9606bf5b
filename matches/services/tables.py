"""A match's table as the result flow sees it: the locked match, its seats and live versions,
and the engine's view of it (side ids, scoring options, the scored report).

``LockedTable.lock`` is the one way into a match's result: it locks the match row for the
transaction (queueing concurrent submissions on one match) and reads what the flow needs once.
"""

import json
from dataclasses import dataclass

from django.utils.translation import gettext as _

from common.audit.actor import Actor
from common.db import sql
from common.errors import ServiceError
from engine import api as engine_api
from engine.errors import Problem, ResultInvalid
from engine.messages import Sentence
from matches.models import Match, ResultVersion, Seat, VersionState
from matches.services.table_queries import read_live_versions, read_match, read_seats


class ResultFlowError(ServiceError):
    """A result action that is not allowed now; the message tells the person why."""


#: Round states in which the players themselves may report (the values of ``RoundStatus``).
PLAYABLE_ROUND_STATES = ("published", "running")


def require_playable_round(match: Match) -> None:
    """Refuse a new result, report or answer unless the match's round is published or running.

    Call it on the locked match (``LockedTable.lock`` re-reads the round under the lock), so a
    round closed or re-drafted meanwhile is seen. A draft round's tables are not final (seats
    may still be swapped); a complete round takes only a staff correction with a reason.
    """
    round_ = match.round
    if round_.status in PLAYABLE_ROUND_STATES:
        return
    if round_.status == "draft":
        raise ResultFlowError(
            _(
                "round %(number)s is not published yet: its tables may still change, so it "
                "takes no results"
            )
            % {"number": round_.number}
        )
    raise ResultFlowError(
        _(
            "round %(number)s is complete: a result can only be changed now by a referee's "
            "correction with a reason"
        )
        % {"number": round_.number}
    )


def side_id(entrant_id: int) -> str:
    """The side id the engine sees for an entrant: its primary key as text."""
    return str(entrant_id)


def engine_options(match: Match, seats: list[Seat]) -> dict:
    """The scoring options of the match's tournament, with the sides expected at this table."""
    tournament = match.round.tournament
    options = {
        "expected_sides": [side_id(seat.entrant_id) for seat in seats],
        "tie_policy": tournament.tie_policy,
        "game_points": "score" if tournament.sums_vp else "places",
    }
    if tournament.points_table:
        options["points_table"] = {int(k): v for k, v in tournament.points_table.items()}
    if tournament.team_play:
        options["side_sizes"] = {
            side_id(seat.entrant_id): seat.entrant.team.memberships.count() for seat in seats
        }
    options.update(tournament.system_options or {})
    return options


def score_report(match: Match, report: dict, seats: list[Seat] | None = None) -> list[dict]:
    """Validate and rank a report for this match; raises the engine's ``ResultInvalid``.

    ``seats`` may be given already loaded (in seat order, with entrants and their teams).
    """
    if "\\u0000" in json.dumps(report):
        # PostgreSQL cannot store a NUL character in JSON; no result needs one.
        raise ResultInvalid([Problem.coded(None, "report", Sentence("nul_character"))])
    if seats is None:
        seats = read_seats(match)
    tournament = match.round.tournament
    return engine_api.score(
        tournament.game_system, tournament.mode, report, engine_options(match, seats)
    )


def lock_match(match: Match) -> Match:
    """The match re-read with its row locked for this transaction, its round and tournament
    loaded and held steady.

    Only the match row is locked for update: a lock on the joined tournament row would queue
    every result of the event behind one another. The round and tournament rows get a key-share
    lock instead (PostgreSQL), which many results hold at once but which still makes them wait
    for, and be waited for by, a service that locks the round or the tournament for update
    (completing a round, generating the next one). The three locks are taken by the statement
    that reads the rows, so the round and tournament it returns are the versions it holds (a
    row changed meanwhile is read again once its lock is free). SQLite takes the whole database
    for a writing transaction anyway.
    """
    locked = read_match(match.pk, lock=True)
    if locked is None:
        raise Match.DoesNotExist(f"match {match.pk} is gone")
    return locked


@dataclass
class LockedTable:
    """A match locked for the current transaction, with what the result flow reads of it, read
    once: its seats (in seat order, with entrants and teams) and its accepted and pending
    versions (oldest first, without their reports). Every change of a match's result goes
    through one of these."""

    match: Match
    seats: list[Seat]
    versions: list[ResultVersion]  # the accepted and pending ones (superseded ones never change)

    @classmethod
    def lock(cls, match: Match) -> "LockedTable":
        match = lock_match(match)
        return cls(match, read_seats(match), read_live_versions(match))

    def next_number(self) -> int:
        """The number the match's next version takes.

        A version is born pending or accepted and is superseded only when a later one is
        accepted, so the latest version is always a live one: when there are live versions the
        next number follows theirs without another read. (Were that ever not so, the unique
        index on (match, number) would refuse the version rather than reuse a number.)
        """
        if self.versions:
            return self.versions[-1].number + 1
        latest = self.match.result_versions.order_by("-number").values_list("number", flat=True)
        return (latest.first() or 0) + 1

    @property
    def accepted(self) -> ResultVersion | None:
        return next((v for v in self.versions if v.state == VersionState.ACCEPTED), None)

    @property
    def pending(self) -> ResultVersion | None:
        """The latest version waiting for confirmation, if any."""
        return next((v for v in reversed(self.versions) if v.state == VersionState.PENDING), None)

    def seat_of(self, entrant) -> Seat:
        if entrant is None:
            raise ResultFlowError(_("only a side of this match can do this"))
        seat = next((s for s in self.seats if s.entrant_id == entrant.pk), None)
        if seat is None:
            raise ResultFlowError(f"{entrant} does not play at table {self.match.table_number}")
        return seat

    def new_version(
        self, report, kind, actor: Actor, *, reason="", supersedes=None, to_accept=False
    ) -> ResultVersion:
        """Score ``report`` with the engine and make it the match's next version: stored now as
        pending, or, ``to_accept``, left for ``accept`` to store already accepted (one write)."""
        placings = score_report(self.match, report, self.seats)
        version = ResultVersion(
            match=self.match,
            number=self.next_number(),
            kind=kind,
            report=report,
            placings=placings,
            reason=reason,
            supersedes=supersedes,
            **actor.provenance(),
        )
        if not to_accept:
            sql.insert(version)
        self.versions.append(version)
        return version

    def set_status(self, status: str) -> None:
        if self.match.status == status:
            return
        self.match.status = status
        sql.update(Match, [self.match.pk], status=status)
