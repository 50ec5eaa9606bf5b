"""The engine's public interface: thin functions over the registry. Plain data in and out.

Results
    ``list_systems() -> list[dict]``
        Every game system: key, name, modes (key, label, side_kind "player"|"team",
        side_counts, team_sizes, max_players, live_model, default_tiebreakers, stats), the system's
        default tiebreakers and its option fields.
    ``describe(system_key, mode) -> dict``
        The result form: ``game_fields`` and ``side_fields`` (name, label, type, min, max,
        choices, required, default, help_text), plus ``options`` and tiebreakers.
    ``validate(system_key, mode, report, options=None) -> dict``
        The normalised report; raises ``ResultInvalid`` listing every problem.
    ``score(system_key, mode, report, options=None) -> list[dict]``
        Validates, then ranks; one dict per side, best first:
        ``{"side", "place", "points", "score", "stats": {name: int}, "tie_break_needed"}``.
    ``points_table(side_count, options=None) -> list``
        The points for 1st, 2nd, ... (default 4/2, 4/2/1, 4/3/2/1, or the organiser's).
    ``points_for_places(places, options=None) -> list``
        Points for each place of one game (e.g. ``[1, 1, 3]``) under the tie policy.
    ``default_tiebreakers(system_key, mode) -> list[str]``
        Standings tiebreakers after points; stats keys are summed, "strength_of_schedule"
        and "first_places" are computed by the standings.
    ``tiebreaker_choices(system_key, mode) -> list[str]``
        Every tiebreaker an event may choose: the mode's per-game ``stats`` and the
        field-wide "strength_of_schedule" and "first_places", defaults first.
    ``scoring_call(system_key, mode) -> dict | None``
        The mode's scoring call, for a clock that makes it: ``{"call", "colours",
        "clock_default"}`` (colours: the flowers a call may name; empty when it names none).

Live games (event-sourced; a state is the fold of its log)
    ``new_game(system_key, mode, setup) -> dict``
    ``apply_event(system_key, mode, state_or_log, event) -> dict`` (raises ``EventRejected``)
    ``replay(system_key, mode, setup, events) -> dict``
    ``proposed_report(system_key, mode, state) -> dict`` (the same format ``score`` takes)
    ``snapshot(state) -> dict`` (the state without its log) and
    ``advance(system_key, mode, snapshot, event) -> (snapshot, stored event)`` (one event on a
    snapshot, at a cost that does not grow with the log)

Report: ``{"sides": [{"side": "<id>", ...per-side fields}], ...game-level fields}``.
Options: ``expected_sides``, ``side_sizes``, ``points_table``, ``tie_policy`` plus system
options. Errors: ``engine.errors`` (``EngineUserError`` subclasses are user-facing,
``EngineFault`` is internal). See docs/engine.md for the formats of every system.
"""

from __future__ import annotations

from typing import Any

from engine import registry
from engine.errors import Problem, ResultInvalid
from engine.json_data import JsonObject
from engine.live import log as live_log
from engine.live.log import LiveModel
from engine.modes import ModeSpec
from engine.options import parse_options
from engine.ranking import Number, award_points, places_from_keys
from engine.ranking import points_table as _points_table
from engine.systems._eye_characters import FLOWER_COLOURS

__all__ = [
    "FLOWER_COLOURS",
    "advance",
    "apply_event",
    "default_tiebreakers",
    "describe",
    "list_systems",
    "max_game_seconds",
    "mode_spec",
    "new_game",
    "points_for_places",
    "points_table",
    "proposed_report",
    "replay",
    "score",
    "scoring_call",
    "snapshot",
    "system_name",
    "tiebreaker_choices",
    "validate",
]


def list_systems() -> list[JsonObject]:
    """Every registered game system with its modes."""
    return [system.summary() for system in registry.all_systems()]


def describe(system_key: str, mode: str) -> JsonObject:
    """The result form of one mode of one system."""
    return registry.get_system(system_key).describe(mode)


def validate(
    system_key: str, mode: str, report: Any, options: JsonObject | None = None
) -> JsonObject:
    """Check and normalise a whole game's report; raises ``ResultInvalid``."""
    return registry.get_system(system_key).validate(mode, report, options)


def score(
    system_key: str, mode: str, report: Any, options: JsonObject | None = None
) -> list[JsonObject]:
    """Validate, then rank the sides of one game, best first."""
    return registry.get_system(system_key).score(mode, report, options)


def check_options(
    system_key: str, options: JsonObject | None, mode: str | None = None
) -> JsonObject:
    """An event's scoring options (points table, tie policy and the system's own), checked and
    normalised, against ``mode`` too when given (an option the mode does not play is refused);
    raises ``ResultInvalid`` naming each bad option (``options.<key>``)."""
    return registry.get_system(system_key).parse_options(options, mode)


def points_table(side_count: int, options: JsonObject | None = None) -> list[Number]:
    """Points for 1st, 2nd, ... in a ``side_count``-side game; ``ResultInvalid`` if none."""
    opts = parse_options(options)
    return list(_points_table(side_count, opts["points_table"]))


def points_for_places(places: list[int], options: JsonObject | None = None) -> list[Number]:
    """Points for each entry of ``places`` (all places of one game), under the tie policy.

    ``places`` must be consistent (tied sides share the better place: ``[1, 1, 3]``).
    """
    opts = parse_options(options)
    if (
        not isinstance(places, list)
        or not places
        or not all(isinstance(p, int) and not isinstance(p, bool) for p in places)
        or places_from_keys([(-p,) for p in places]) != places
    ):
        raise ResultInvalid(
            [Problem(None, "places", f"{places!r} is not a consistent list of places")]
        )
    table = _points_table(len(places), opts["points_table"])
    return [points for points, _ in award_points(places, table, opts["tie_policy"])]


def mode_spec(system_key: str, mode: str) -> ModeSpec:
    """The mode's declaration: its sides, team sizes and player limit (``ModeSpec``)."""
    return registry.get_system(system_key).mode(mode)


def system_name(system_key: str) -> str:
    """The game system's name ("Tsukuyumi - Full Moon Down")."""
    return registry.get_system(system_key).name


def max_game_seconds(system_key: str, mode: str) -> int:
    """The longest a round's clock may run for one game of this system and mode."""
    return registry.get_system(system_key).mode(mode).max_game_seconds


def scoring_call(system_key: str, mode: str) -> JsonObject | None:
    """The mode's scoring call (the words, the colours it may name, whether a clock makes it
    by default), or None for a mode that scores no calls."""
    spec = registry.get_system(system_key).mode(mode)
    if not spec.scoring_call:
        return None
    return {
        "call": spec.scoring_call,
        "colours": list(FLOWER_COLOURS) if spec.scoring_call_colours else [],
        "clock_default": spec.clock_calls_by_default,
    }


def default_tiebreakers(system_key: str, mode: str) -> list[str]:
    """The standings tiebreakers after points for this system and mode."""
    return list(registry.get_system(system_key).mode(mode).tiebreakers)


# Tiebreakers every mode offers: they read who met whom and who won, not a game statistic.
FIELD_TIEBREAKERS = ("strength_of_schedule", "first_places")


def tiebreaker_choices(system_key: str, mode: str) -> list[str]:
    """Every tiebreaker an event of this system and mode may use: its per-game statistics
    (summed over the event) and the field-wide ones, the mode's defaults first."""
    spec = registry.get_system(system_key).mode(mode)
    choices = list(spec.tiebreakers)
    for key in (*spec.stats, *FIELD_TIEBREAKERS):
        if key not in choices:
            choices.append(key)
    return choices


def _model(system_key: str, mode: str) -> LiveModel:
    system = registry.get_system(system_key)
    return system.live_model(system.mode(mode))


def new_game(system_key: str, mode: str, setup: JsonObject) -> JsonObject:
    """A fresh live-game state from the setup (sides and, for Eye for an Eye, characters)."""
    return live_log.new_game(_model(system_key, mode), setup)


def apply_event(
    system_key: str, mode: str, state_or_log: JsonObject, event: JsonObject
) -> JsonObject:
    """The state after ``event``; the input is not modified. Raises ``EventRejected``."""
    return live_log.apply_event(_model(system_key, mode), state_or_log, event)


def snapshot(state: JsonObject) -> JsonObject:
    """A live state without its event log (what a server that stores the log keeps and sends)."""
    return live_log.snapshot(state)


def advance(
    system_key: str, mode: str, snapshot_state: JsonObject, event: JsonObject
) -> tuple[JsonObject, JsonObject]:
    """Apply one event to a snapshot: (new snapshot, stored event); raises ``EventRejected``.

    For a server that keeps the log itself: the cost does not grow with the game's length.
    """
    return live_log.advance(_model(system_key, mode), snapshot_state, event)


def replay(system_key: str, mode: str, setup: JsonObject, events: list[JsonObject]) -> JsonObject:
    """The state obtained by applying ``events`` in order to a new game."""
    return live_log.replay(_model(system_key, mode), setup, events)


def proposed_report(system_key: str, mode: str, state: JsonObject) -> JsonObject:
    """The report the live state implies, in the format ``score`` accepts."""
    model = _model(system_key, mode)
    return model.proposed_report(live_log.as_readable_state(model, state))
