"""Errors raised by the rules engine.

Two families, kept apart on purpose:

* ``EngineUserError`` and its subclasses are *user-facing*: a referee, player or organiser gave
  something the rules do not allow (an impossible result, an unknown game, a refused live event).
  Their messages are written for people and can be shown in the web interface as they are.
* ``EngineFault`` is an *internal* fault: a programming error in the engine or in a caller (a game
  system registered wrongly, a broken ranking function). It should be logged, not shown to users.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as dataclass_field
from typing import Any

from engine.messages import Sentence


class EngineError(Exception):
    """Common root of every exception the engine raises on purpose."""


class EngineFault(EngineError):
    """An internal fault: the engine or its caller is wrong, not the user's input."""


class EngineUserError(EngineError):
    """A user-facing error; ``str(error)`` is a message a referee understands."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def to_dict(self) -> dict[str, object]:
        """JSON-serialisable form, for API responses."""
        return {"error": type(self).__name__, "message": self.message}


class UnknownSystem(EngineUserError):
    """The requested game system is not registered."""

    def __init__(self, system_key: object) -> None:
        super().__init__(f"Unknown game system {system_key!r}.")
        self.system_key = system_key


class UnknownMode(EngineUserError):
    """The game system exists but has no such mode."""

    def __init__(self, system_key: str, mode: object, known: list[str]) -> None:
        super().__init__(
            f"Game system {system_key!r} has no mode {mode!r}; known modes: {', '.join(known)}."
        )
        self.system_key = system_key
        self.mode = mode


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a report: which side (None = the whole game), which field, and why.

    ``message`` is English; ``code`` (a key of ``engine.messages.SENTENCES``, or "" for none)
    and ``params`` let a door say it in the reader's language (``coded`` builds such a problem).
    """

    side: str | None
    field: str
    message: str
    code: str = ""
    params: dict[str, Any] = dataclass_field(default_factory=dict, hash=False)

    @classmethod
    def coded(cls, side: str | None, field_name: str, sentence: str) -> Problem:
        """A problem whose message is a ``Sentence`` keeps its code and parameters."""
        if isinstance(sentence, Sentence):
            return cls(side, field_name, str(sentence), sentence.code, dict(sentence.params))
        return cls(side, field_name, sentence)

    def to_dict(self) -> dict[str, str | None]:
        """JSON-serialisable form."""
        return {"side": self.side, "field": self.field, "message": self.message}

    def __str__(self) -> str:
        where = f"Side {self.side!r}: " if self.side is not None else ""
        return f"{where}{self.message}"


#: the most problems one refusal lists (then one line counting the rest): a report with
#: 140,000 unknown keys was answered with a 9 MB list of errors
MAX_PROBLEMS = 50


class ResultInvalid(EngineUserError):
    """A game report cannot be accepted; ``problems`` lists every problem found, not just one."""

    def __init__(self, problems: list[Problem]) -> None:
        if not problems:
            raise EngineFault("ResultInvalid raised without any problem")
        self.problems = list(problems[:MAX_PROBLEMS])
        if len(problems) > MAX_PROBLEMS:
            more = len(problems) - MAX_PROBLEMS
            self.problems.append(
                Problem.coded(None, "report", Sentence("more_problems", count=more))
            )
        super().__init__("; ".join(str(p) for p in self.problems))

    def to_dict(self) -> dict[str, object]:
        data = super().to_dict()
        data["problems"] = [p.to_dict() for p in self.problems]
        return data


class OptionsInvalid(ResultInvalid):
    """The organiser's options for a game are wrong (unknown key, bad points table, ...).

    A subclass of ``ResultInvalid`` so that callers catching ``ResultInvalid`` still catch it;
    each problem's field is ``options.<key>``.
    """


class EventRejected(EngineUserError):
    """A live-game event is refused; ``reason`` says why in plain words.

    ``index`` is the position of the event in the log (0-based) when known, ``code`` a short
    machine-readable tag (e.g. ``"not_started"``, ``"knocked_out"``).
    """

    def __init__(self, reason: str, code: str = "rejected", index: int | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.code = code
        self.index = index

    def to_dict(self) -> dict[str, object]:
        data = super().to_dict()
        data.update({"reason": self.reason, "code": self.code, "index": self.index})
        return data
