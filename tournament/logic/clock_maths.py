"""The round clock's maths, with no database and no clock of its own (``now`` is passed in).

A clock is three columns of ``Round`` (``clock_started_at``, ``clock_ends_at``,
``clock_paused_remaining_ms``) with its game length and ``clock_added_ms``; ``ClockState`` is
what they mean at one instant, and the ``*_fields`` functions are the new column values each
command writes. ``tournament.services.clock`` runs the commands (the lock, the audit entry,
the push) on top of these.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Protocol, TypeAlias, overload

DEFAULT_LENGTH_SECONDS = 300

#: a round's clock columns by name, with the values a command writes into them
ClockFields: TypeAlias = dict[str, datetime | int | None]


class ClockColumns(Protocol):
    """What the maths reads of a round: its clock columns and its own game length (a stored
    ``Round``, or any object with these attributes; its ``tournament``, if it has one, gives
    the event's game length)."""

    clock_started_at: datetime | None
    clock_ends_at: datetime | None
    clock_paused_remaining_ms: int | None
    clock_added_ms: int
    game_length_seconds: int | None


@overload
def ms_of(moment: datetime) -> int: ...


@overload
def ms_of(moment: None) -> None: ...


def ms_of(moment: datetime | None) -> int | None:
    """A moment in milliseconds since the epoch, as the clock messages carry it."""
    return None if moment is None else int(moment.timestamp() * 1000)


@dataclass(frozen=True)
class ClockState:
    """A round clock at one instant: its state, the milliseconds left, and the game time.

    ``total_ms`` is the game's whole time (its length, plus extensions, less any time cut by
    ending early) and ``elapsed_ms`` the game time run so far: ``total_ms - remaining_ms``.
    """

    state: str
    remaining_ms: int
    length_ms: int
    started_at_ms: int | None
    ends_at_ms: int | None
    total_ms: int = 0

    @classmethod
    def at(
        cls,
        now: datetime,
        *,
        started_at: datetime | None,
        ends_at: datetime | None,
        paused_remaining_ms: int | None,
        length_seconds: int,
        added_ms: int = 0,
    ) -> ClockState:
        """The clock at ``now`` from the stored columns."""
        length_ms = int(length_seconds) * 1000
        if started_at is None:
            return cls("idle", length_ms, length_ms, None, None, length_ms)
        total_ms = length_ms + int(added_ms)
        if paused_remaining_ms is not None:
            paused = int(paused_remaining_ms)
            return cls("paused", paused, length_ms, ms_of(started_at), None, total_ms)
        remaining = 0 if ends_at is None else max(0, ms_of(ends_at) - ms_of(now))
        state = "running" if remaining > 0 else "ended"
        return cls(state, remaining, length_ms, ms_of(started_at), ms_of(ends_at), total_ms)

    @property
    def elapsed_ms(self) -> int:
        """The game time run so far (clock time, pauses left out)."""
        return max(0, self.total_ms - self.remaining_ms)

    @property
    def setting(self) -> str:
        """What the clock was last set to, the same at every instant until the next command: a
        page drawn after a command and the command's own push, arriving late, give the same
        setting (a clock running out is not a new setting)."""
        if self.state == "idle":
            return f"idle:{self.total_ms}"
        if self.state == "paused":
            return f"paused:{self.started_at_ms}:{self.remaining_ms}:{self.total_ms}"
        return f"on:{self.started_at_ms}:{self.ends_at_ms}:{self.total_ms}"

    def with_extra(self, extra_ms: int, now_ms: int) -> ClockState:
        """This clock as one table sees it when a referee gave it ``extra_ms`` more: its end
        that much later (so it may still run after the round's clock ended)."""
        if extra_ms <= 0:
            return self
        if self.state in ("idle", "paused"):
            return replace(
                self, remaining_ms=self.remaining_ms + extra_ms, total_ms=self.total_ms + extra_ms
            )
        if self.ends_at_ms is None:
            return self
        ends_at_ms = self.ends_at_ms + extra_ms
        remaining = max(0, ends_at_ms - now_ms)
        return replace(
            self,
            state="running" if remaining > 0 else "ended",
            remaining_ms=remaining,
            ends_at_ms=ends_at_ms,
            total_ms=self.total_ms + extra_ms,
        )

    @classmethod
    def of(cls, round_: ClockColumns, now: datetime | None = None) -> ClockState:
        """The clock of ``round_`` at ``now`` (default: the server's now)."""
        return cls.at(
            now or datetime.now(UTC),
            started_at=round_.clock_started_at,
            ends_at=round_.clock_ends_at,
            paused_remaining_ms=round_.clock_paused_remaining_ms,
            length_seconds=length_of(round_),
            added_ms=round_.clock_added_ms,
        )

    def as_dict(self) -> dict[str, object]:
        return {
            "state": self.state,
            "remaining_ms": self.remaining_ms,
            "length_ms": self.length_ms,
            "started_at_ms": self.started_at_ms,
            "ends_at_ms": self.ends_at_ms,
            "total_ms": self.total_ms,
            "elapsed_ms": self.elapsed_ms,
            "setting": self.setting,
        }


def length_of(round_: ClockColumns) -> int:
    """The round's game length in seconds: its own, else the event's, else five minutes."""
    if round_.game_length_seconds:
        return round_.game_length_seconds
    tournament = getattr(round_, "tournament", None)
    return getattr(tournament, "game_length_seconds", None) or DEFAULT_LENGTH_SECONDS


# --- pure transitions: the new column values ---------------------------------------------------


def start_fields(now: datetime, length_seconds: int) -> ClockFields:
    return {
        "clock_started_at": now,
        "clock_ends_at": now + timedelta(seconds=length_seconds),
        "clock_paused_remaining_ms": None,
        "clock_added_ms": 0,
    }


def pause_fields(now: datetime, clock: ClockState) -> ClockFields:
    return {"clock_ends_at": None, "clock_paused_remaining_ms": clock.remaining_ms}


def resume_fields(now: datetime, clock: ClockState) -> ClockFields:
    return {
        "clock_ends_at": now + timedelta(milliseconds=clock.remaining_ms),
        "clock_paused_remaining_ms": None,
    }


def extend_fields(
    now: datetime, clock: ClockState, seconds: int, ends_at: datetime | None
) -> ClockFields:
    added = {"clock_added_ms": clock.total_ms - clock.length_ms + seconds * 1000}
    if clock.state == "paused":
        return {"clock_paused_remaining_ms": clock.remaining_ms + seconds * 1000, **added}
    if clock.state == "ended":
        # time ran out (or Bung was called): the extra time runs from now
        return {"clock_ends_at": now + timedelta(seconds=seconds), **added}
    assert ends_at is not None, "a running clock has an end"
    return {"clock_ends_at": ends_at + timedelta(seconds=seconds), **added}


def end_fields(now: datetime, clock: ClockState) -> ClockFields:
    """Bung now: the time not run is cut from the game (so the game time stops here)."""
    return {
        "clock_ends_at": now,
        "clock_paused_remaining_ms": None,
        "clock_added_ms": clock.total_ms - clock.length_ms - clock.remaining_ms,
    }
