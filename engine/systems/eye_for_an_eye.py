"""Eye for an Eye: every mode of the arena game, its result form, checks and ranking.

Modes (the VP modes' alliance variants are separate mode keys, so each mode has one side kind):

* ``every_eye`` - Every Eye for Themselves: one player per side, 2-4 (5-6 need an organiser
  points table).
* ``alliances`` - teams of 2-3 (2v2, 3v3, 2v3, 2v2v2), one Victory Cup per team.
* ``nymphlet_ceremony`` / ``nymphlet_ceremony_alliance``
* ``king_of_the_hill`` / ``king_of_the_hill_alliance`` (2-4 players only)
* ``domination`` / ``domination_alliance``

Battle modes rank by Victory Cup tokens plus 5 per surviving character. VP modes rank by VP,
then Health Tokens left (project decision). Places turn into points with the shared tables.
"""

from __future__ import annotations

from typing import TypedDict

from engine.base import GameContext, GameSystem, SideResult
from engine.fields import Field
from engine.json_data import JsonObject
from engine.live.eye_for_an_eye import EyeForAnEyeLive
from engine.messages import gettext_noop
from engine.modes import ModeSpec
from engine.systems import _eye_checks as checks
from engine.systems._eye_characters import (
    ALIASES,
    BOX_HEALTH_TOKENS,
    CHARACTER_NAMES,
    GUARD_HEALTH_TOKENS,
    MAX_NYMPHLETS,
    MAX_PLAYERS,
    MAX_VP_SCORED,
)
from engine.systems._eye_families import BATTLE, NYMPHLET, VP, family

SURVIVOR_BONUS = 5
KILLED_PENALTY = 5

BATTLE_TIEBREAKERS = ("victory_cup_tokens", "strength_of_schedule", "first_places")
VP_TIEBREAKERS = ("vp", "health_left", "strength_of_schedule", "first_places")
BATTLE_STATS = ("victory_cup_tokens", "guard_tokens", "survivors", "health_left")
VP_STATS = ("vp", "survivors", "health_left")
NYMPHLET_STATS = ("vp", "nymphlets_caught", "survivors", "health_left")


class _Sides(TypedDict):
    """The ``ModeSpec`` arguments every players' mode, or every teams' mode, shares."""

    side_kind: str
    live_model: str


class _Calls(TypedDict):
    """The ``ModeSpec`` arguments of a VP mode's scoring call."""

    scoring_call: str
    scoring_call_colours: bool
    clock_calls_by_default: bool


def _modes() -> dict[str, ModeSpec]:
    players: _Sides = {"side_kind": "player", "live_model": "eye_for_an_eye"}  # one a side
    teams: _Sides = {"side_kind": "team", "live_model": "eye_for_an_eye"}
    specs = [
        ModeSpec(
            "every_eye",
            "Every Eye for Themselves",
            side_counts=(2, 3, 4, 5, 6),
            max_players=MAX_PLAYERS,
            tiebreakers=BATTLE_TIEBREAKERS,
            stats=BATTLE_STATS,
            starting_flowers=True,
            **players,
        ),
        ModeSpec(
            "alliances",
            "Alliances",
            side_counts=(2, 3),
            team_sizes=(2, 3),
            max_players=MAX_PLAYERS,
            tiebreakers=BATTLE_TIEBREAKERS,
            stats=BATTLE_STATS,
            starting_flowers=True,
            **teams,
        ),
    ]
    two_to_six = (2, 3, 4, 5, 6)
    for key, label, counts, limit, stats, call in (
        ("nymphlet_ceremony", "Nymphlet Ceremony", two_to_six, MAX_PLAYERS, NYMPHLET_STATS, ""),
        ("king_of_the_hill", "King of the Hill", (2, 3, 4), 4, VP_STATS, "King of the Hill!"),
        ("domination", "Domination", two_to_six, MAX_PLAYERS, VP_STATS, "Burraparay!"),
    ):
        calls: _Calls = {
            "scoring_call": call,
            "scoring_call_colours": key == "domination",
            "clock_calls_by_default": key == "domination",
        }
        specs.append(
            ModeSpec(
                key,
                label,
                side_counts=counts,
                max_players=limit,
                tiebreakers=VP_TIEBREAKERS,
                stats=stats,
                starting_flowers=key != "domination",
                starts_by_centre=key == "domination",
                vp_series=True,
                **calls,
                **players,
            )
        )
        sizes = (2,) if limit == 4 else (2, 3)
        team_counts = (2,) if limit == 4 else (2, 3)
        specs.append(
            ModeSpec(
                f"{key}_alliance",
                f"{label} (Alliance)",
                side_counts=team_counts,
                team_sizes=sizes,
                max_players=limit,
                tiebreakers=VP_TIEBREAKERS,
                stats=stats,
                starting_flowers=key != "domination",
                starts_by_centre=key == "domination",
                vp_series=True,
                **calls,
                **teams,
            )
        )
    return {s.key: s for s in specs}


def _count(
    name: str,
    label: str,
    help_text: str,
    most: int,
    required: bool = True,
    default: int | None = None,
) -> Field:
    """A whole-number field from 0 to ``most`` (a bound the box or the rules give)."""
    return Field(name, label, "int", required, default, min=0, max=most, help_text=help_text)


CHARACTERS_FIELD = Field(
    "characters",
    gettext_noop("Characters"),
    "choice_list",
    required=False,
    choices=CHARACTER_NAMES,
    aliases=ALIASES,
    help_text=gettext_noop("The chief each player of this side used (one per player); optional."),
)
SURVIVORS = _count(
    "survivors",
    gettext_noop("Survivors"),
    gettext_noop("Characters of this side that still have Health Tokens on their board."),
    MAX_PLAYERS,
)
HEALTH_LEFT = _count(
    "health_left",
    gettext_noop("Health Tokens left"),
    gettext_noop("Health Tokens still on this side's player boards at the end."),
    BOX_HEALTH_TOKENS,
)
HEALTH_LEFT_OPTIONAL = _count(
    "health_left",
    gettext_noop("Health Tokens left"),
    gettext_noop("Optional: Health Tokens still on this side's player boards."),
    BOX_HEALTH_TOKENS,
    required=False,
)


class EyeForAnEye(GameSystem):
    """The Eye for an Eye arena game."""

    key = "eye_for_an_eye"
    name = "Eye for an Eye"
    modes = _modes()

    def game_fields(self, mode: ModeSpec) -> tuple[Field, ...]:
        endings = {
            BATTLE: ("last_side_standing", "time"),
            NYMPHLET: ("no_nymphlets", "last_side_standing", "time"),
            VP: ("last_side_standing", "time", "scoring_complete"),
        }[family(mode)]
        return (
            Field(
                "ended_by",
                gettext_noop("Game ended by"),
                "choice",
                required=False,
                default="time",
                choices=endings,
                help_text=gettext_noop(
                    "Why the game ended: only one side left, the soundtrack or timer "
                    "ran out, or the mode's own end (no Nymphlets left / last "
                    "scoring done in turn-based play)."
                ),
            ),
        )

    def side_fields(self, mode: ModeSpec) -> tuple[Field, ...]:
        kind = family(mode)
        if kind == BATTLE:
            return (
                _count(
                    "victory_cup_tokens",
                    gettext_noop("Victory Cup tokens"),
                    gettext_noop(
                        "All Health Tokens in this side's Victory Cup, Guard Health Tokens "
                        "included."
                    ),
                    BOX_HEALTH_TOKENS,
                ),
                _count(
                    "guard_tokens",
                    gettext_noop("of which Guard Health Tokens"),
                    gettext_noop("How many of the cup's tokens are Echo's Guard Health Tokens."),
                    GUARD_HEALTH_TOKENS,
                    required=False,
                    default=0,
                ),
                SURVIVORS,
                HEALTH_LEFT_OPTIONAL,
                CHARACTERS_FIELD,
            )
        if kind == NYMPHLET:
            return (
                _count(
                    "nymphlets_caught",
                    gettext_noop("Nymphlets caught (standing)"),
                    gettext_noop(
                        "Nymphlets caught by this side's characters that are still standing "
                        "(2 VP each)."
                    ),
                    MAX_NYMPHLETS,
                ),
                _count(
                    "nymphlets_caught_by_fallen",
                    gettext_noop("Nymphlets caught (knocked out)"),
                    gettext_noop(
                        "Nymphlets caught by this side's characters that were knocked out "
                        "(1 VP each)."
                    ),
                    MAX_NYMPHLETS,
                    required=False,
                    default=0,
                ),
                SURVIVORS,
                HEALTH_LEFT,
                CHARACTERS_FIELD,
            )
        return (
            _count(
                "vp_scored",
                gettext_noop("VP scored"),
                gettext_noop(
                    "Victory Points scored at the scoring calls, before the penalty for "
                    "knocked-out characters (the engine subtracts 5 per character lost)."
                ),
                MAX_VP_SCORED,
            ),
            SURVIVORS,
            HEALTH_LEFT,
            CHARACTERS_FIELD,
        )

    def size_from_side(self, mode: ModeSpec, values: JsonObject) -> int | None:
        chars = values.get("characters")
        return len(chars) if chars is not None else None

    def cross_check(self, ctx: GameContext) -> None:
        checks.check_common(ctx)
        kind = family(ctx.mode)
        if kind == BATTLE:
            checks.check_cups(ctx)
        elif kind == NYMPHLET:
            checks.check_nymphlets(ctx)

    def rank_sides(self, ctx: GameContext) -> list[SideResult]:
        kind = family(ctx.mode)
        out = []
        for side in ctx.order:
            v, size = ctx.sides[side], ctx.sizes[side]
            stats = {"survivors": v["survivors"]}
            if v.get("health_left") is not None:
                stats["health_left"] = v["health_left"]
            if kind == BATTLE:
                score = v["victory_cup_tokens"] + SURVIVOR_BONUS * v["survivors"]
                stats.update(
                    victory_cup_tokens=v["victory_cup_tokens"], guard_tokens=v["guard_tokens"]
                )
                out.append(SideResult(side, score, (score,), stats))
                continue
            if kind == NYMPHLET:
                vp = 2 * v["nymphlets_caught"] + v["nymphlets_caught_by_fallen"]
                stats["nymphlets_caught"] = v["nymphlets_caught"] + v["nymphlets_caught_by_fallen"]
            else:
                vp = v["vp_scored"] - KILLED_PENALTY * (size - v["survivors"])
            stats["vp"] = vp
            out.append(SideResult(side, vp, (vp, v["health_left"]), stats))
        return out

    def live_model(self, mode: ModeSpec) -> EyeForAnEyeLive:
        return EyeForAnEyeLive(self, mode)


SYSTEM = EyeForAnEye()
