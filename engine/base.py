"""Shared base types: what a game system is, and the generic validate/score pipeline.

A game system subclasses ``GameSystem`` and declares its modes (``ModeSpec``), its result-form
fields (``game_fields`` / ``side_fields``), its cross-checks (``cross_check``) and how it ranks
sides (``rank_sides``). Everything common - side-set checks, field type checks, side sizes,
points tables, tie policies, the output format of ``score`` - lives here, so each system module
holds only its own rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.errors import EngineFault, OptionsInvalid, Problem, ResultInvalid, UnknownMode
from engine.fields import Field, check_fields
from engine.json_data import JsonObject
from engine.live.log import LiveModel
from engine.messages import Sentence
from engine.modes import ModeSpec
from engine.options import parse_options
from engine.ranking import (
    DEFAULT_POINTS_TABLES,
    RankKey,
    award_points,
    no_table_problem,
    places_from_keys,
    points_table,
)


@dataclass
class GameContext:
    """A report after the generic checks: what the system-specific checks and ranking see.

    ``sides`` maps side id -> normalised per-side values (``None`` where a value was unusable),
    ``order`` keeps the report's side order, ``sizes`` the players per side (None if unknown).
    """

    mode: ModeSpec
    game: dict[str, Any]
    sides: dict[str, dict[str, Any]]
    order: list[str]
    sizes: dict[str, int | None]
    options: dict[str, Any]
    problems: list[Problem] = field(default_factory=list)

    def add(self, side: str | None, field_name: str, message: str) -> None:
        """Record one problem."""
        self.problems.append(Problem.coded(side, field_name, message))

    def total_players(self) -> int | None:
        """Players (characters) in the whole game, or None if some side's size is unknown."""
        if any(size is None for size in self.sizes.values()):
            return None
        return sum(self.sizes.values())  # type: ignore[arg-type]


@dataclass
class SideResult:
    """How one side ranks: ``key`` is compared (bigger is better), ``score`` is shown."""

    side: str
    score: int | float
    key: RankKey
    stats: dict[str, int]


class GameSystem:
    """Base class of every game system; subclasses fill in the rules."""

    key: str = ""
    name: str = ""
    modes: dict[str, ModeSpec] = {}
    option_fields: tuple[Field, ...] = ()

    # --- hooks for subclasses -------------------------------------------------------------
    def game_fields(self, mode: ModeSpec) -> tuple[Field, ...]:
        """Game-level fields of the result form."""
        return ()

    def side_fields(self, mode: ModeSpec) -> tuple[Field, ...]:
        """Per-side fields of the result form."""
        raise EngineFault(f"{type(self).__name__} does not define side_fields")

    def size_from_side(self, mode: ModeSpec, values: JsonObject) -> int | None:
        """A side's player count when the report itself tells (e.g. characters named)."""
        return None

    def check_options(self, options: JsonObject, problems: list[Problem]) -> None:
        """System-specific checks of the parsed options (append problems)."""

    def check_mode_options(
        self, mode: ModeSpec, options: JsonObject, problems: list[Problem]
    ) -> None:
        """Checks of the parsed options against one mode (append problems)."""

    def cross_check(self, ctx: GameContext) -> None:
        """System-specific consistency checks; call ``ctx.add`` for each problem."""

    def rank_sides(self, ctx: GameContext) -> list[SideResult]:
        """One ``SideResult`` per side (ctx is valid: no ``None`` values left)."""
        raise EngineFault(f"{type(self).__name__} does not define rank_sides")

    def live_model(self, mode: ModeSpec) -> LiveModel:
        """The live-game model for this mode (see ``engine.live``)."""
        raise EngineFault(f"{type(self).__name__} has no live model")

    # --- generic pipeline -----------------------------------------------------------------
    def mode(self, mode_key: object) -> ModeSpec:
        """The ``ModeSpec`` for ``mode_key``; raises ``UnknownMode``."""
        if not isinstance(mode_key, str) or mode_key not in self.modes:
            raise UnknownMode(self.key, mode_key, list(self.modes))
        return self.modes[mode_key]

    def summary(self) -> JsonObject:
        """Entry for ``list_systems``."""
        modes = [m.to_dict() for m in self.modes.values()]
        return {
            "key": self.key,
            "name": self.name,
            "modes": modes,
            "default_tiebreakers": modes[0]["default_tiebreakers"] if modes else [],
            "options": [f.to_dict() for f in self.option_fields],
        }

    def describe(self, mode_key: str) -> JsonObject:
        """The result form of one mode, for form generators."""
        mode = self.mode(mode_key)
        return {
            "system": self.key,
            "mode": mode.key,
            "label": mode.label,
            "side_kind": mode.side_kind,
            "side_counts": list(mode.side_counts),
            "team_sizes": list(mode.team_sizes),
            "game_fields": [f.to_dict() for f in self.game_fields(mode)],
            "side_fields": [
                Field(
                    "side", "Side", "text", help_text="The side id given by the tournament."
                ).to_dict()
            ]
            + [f.to_dict() for f in self.side_fields(mode)],
            "options": [f.to_dict() for f in self.option_fields],
            "default_tiebreakers": list(mode.tiebreakers),
            "stats": list(mode.stats),
            "max_game_seconds": mode.max_game_seconds,
            "starting_flowers": mode.starting_flowers,
            "starts_by_centre": mode.starts_by_centre,
            "vp_series": mode.vp_series,
        }

    def parse_options(self, options: JsonObject | None, mode_key: str | None = None) -> JsonObject:
        """Common plus system options, checked, against the mode too when one is named (raises
        ``OptionsInvalid``)."""
        parsed = parse_options(options, self.option_fields, self.check_options)
        if mode_key is not None:
            problems: list[Problem] = []
            self.check_mode_options(self.mode(mode_key), parsed, problems)
            if problems:
                raise OptionsInvalid(problems)
        return parsed

    def context(self, mode_key: str, report: Any, options: JsonObject | None) -> GameContext:
        """Run every check; return the context, or raise ``ResultInvalid`` with all problems."""
        mode = self.mode(mode_key)
        opts = self.parse_options(options, mode_key)
        if not isinstance(report, dict) or not isinstance(report.get("sides"), list):
            raise ResultInvalid([Problem.coded(None, "sides", Sentence("no_sides_list"))])
        ctx = GameContext(mode, {}, {}, [], {}, opts)
        for i, entry in enumerate(report["sides"]):
            side = entry.get("side") if isinstance(entry, dict) else None
            if not isinstance(side, str) or not side:
                ctx.add(None, "sides", Sentence("side_without_id", number=i + 1))
            elif side in ctx.sides:
                ctx.add(side, "side", Sentence("side_repeated"))
            else:
                ctx.order.append(side)
                ctx.sides[side] = entry
        expected = opts["expected_sides"]
        if expected is not None:
            for side in expected:
                if side not in ctx.sides:
                    ctx.add(side, "side", Sentence("side_missing"))
            for side in ctx.order:
                if side not in expected:
                    ctx.add(side, "side", Sentence("side_not_in_game"))
        game_raw = {k: v for k, v in report.items() if k != "sides"}
        ctx.game = check_fields(self.game_fields(mode), game_raw, None, ctx.order, ctx.problems)
        for side in ctx.order:
            ctx.sides[side] = check_fields(
                self.side_fields(mode),
                ctx.sides[side],
                side,
                ctx.order,
                ctx.problems,
                ignore=("side",),
            )
        self._check_sizes(ctx)
        self.cross_check(ctx)
        if ctx.problems:
            raise ResultInvalid(ctx.problems)
        return ctx

    def _check_sizes(self, ctx: GameContext) -> None:
        mode = ctx.mode
        count = len(ctx.order)
        if count not in mode.side_counts:
            allowed = ", ".join(map(str, mode.side_counts))
            ctx.add(
                None,
                "sides",
                Sentence("sides_not_allowed", count=count, mode=mode.label, allowed=allowed),
            )
        elif count not in DEFAULT_POINTS_TABLES and count not in ctx.options["points_table"]:
            ctx.problems.append(no_table_problem(count))
        for side in ctx.order:
            given = ctx.options["side_sizes"].get(side)
            found = self.size_from_side(mode, ctx.sides[side])
            if given is not None and found is not None and given != found:
                ctx.add(
                    side, "characters", Sentence("characters_not_size", found=found, given=given)
                )
            size = given if given is not None else found
            if size is None and mode.side_kind == "player":
                size = 1
            if size is None:
                ctx.add(side, "side_sizes", Sentence("size_unknown"))
            elif size not in mode.team_sizes:
                allowed = ", ".join(map(str, mode.team_sizes))
                ctx.add(
                    side,
                    "side_sizes",
                    Sentence("size_not_allowed", size=size, mode=mode.label, allowed=allowed),
                )
            ctx.sizes[side] = size
        total = ctx.total_players()
        for side in ctx.order:
            if ctx.sizes[side] not in mode.team_sizes:
                ctx.sizes[side] = None  # unusable for the system's own checks
        if mode.max_players is not None and total is not None and total > mode.max_players:
            ctx.add(
                None,
                "sides",
                Sentence("too_many_players", total=total, mode=mode.label, most=mode.max_players),
            )

    def validate(self, mode_key: str, report: Any, options: JsonObject | None = None) -> JsonObject:
        """Check and normalise a whole report (raises ``ResultInvalid``)."""
        ctx = self.context(mode_key, report, options)
        return normalised_report(ctx)

    def score(
        self, mode_key: str, report: Any, options: JsonObject | None = None
    ) -> list[JsonObject]:
        """Validate, then rank: one dict per side, best first."""
        ctx = self.context(mode_key, report, options)
        results = self.rank_sides(ctx)
        if sorted(r.side for r in results) != sorted(ctx.order):
            raise EngineFault(f"{self.key}.rank_sides did not rank every side exactly once")
        places = places_from_keys([r.key for r in results])
        if ctx.options.get("game_points") == "score":
            # a series that sums each game's score (VP): the score is the game's points
            awarded = [(r.score, False) for r in results]
        else:
            table = points_table(len(results), ctx.options["points_table"])
            awarded = award_points(places, table, ctx.options["tie_policy"])
        rows = [
            {
                "side": r.side,
                "place": place,
                "points": points,
                "score": r.score,
                "stats": dict(r.stats),
                "tie_break_needed": flag,
            }
            for r, place, (points, flag) in zip(results, places, awarded, strict=True)
        ]
        rows.sort(key=lambda row: (row["place"], row["side"]))
        return rows


def normalised_report(ctx: GameContext) -> JsonObject:
    """The report rebuilt from checked values: defaults filled in, names canonical."""
    out: dict[str, Any] = {"sides": [{"side": s, **ctx.sides[s]} for s in ctx.order]}
    out.update(ctx.game)
    return out
