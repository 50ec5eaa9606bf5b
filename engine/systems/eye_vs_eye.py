"""Eye vs Eye: the Viewpoint card game.

A result is each player's Viewpoints and who, if anyone, reached 100 first (at the end of their
own turn, which wins at once). If nobody did, the game ran out of cards and most Viewpoints
wins. Ranking: the player who reached 100 first, then everyone by Viewpoints.

Project decision: the rules give no player count; the platform allows 2-6 players (5-6 need an
organiser points table, like every other system).
"""

from __future__ import annotations

from engine.base import GameContext, GameSystem, SideResult
from engine.fields import Field
from engine.live.counters import CountersLive
from engine.messages import Sentence, gettext_noop
from engine.modes import ModeSpec

TARGET = 100
# A player reaching 100 at the end of their own turn wins at once, so a final total is below
# 100 plus one turn's cards; 300 is a project bound safely above it.
MAX_VIEWPOINTS = 300


class EyeVsEye(GameSystem):
    """The Eye vs Eye card game."""

    key = "eye_vs_eye"
    name = "Eye vs Eye"
    modes = {
        "standard": ModeSpec(
            "standard",
            gettext_noop("Standard game"),
            side_kind="player",
            side_counts=(2, 3, 4, 5, 6),
            tiebreakers=("viewpoints", "strength_of_schedule", "first_places"),
            stats=("viewpoints",),
        )
    }

    def game_fields(self, mode: ModeSpec) -> tuple[Field, ...]:
        return (
            Field(
                "first_to_100",
                gettext_noop("Reached 100 first"),
                "side",
                required=False,
                help_text=gettext_noop(
                    "The player who ended their turn with 100+ Viewpoints and won at "
                    "once; leave empty if the cards ran out first."
                ),
            ),
        )

    def side_fields(self, mode: ModeSpec) -> tuple[Field, ...]:
        return (
            Field(
                "viewpoints",
                gettext_noop("Viewpoints"),
                "int",
                min=0,
                max=MAX_VIEWPOINTS,
                help_text=gettext_noop("Viewpoints in this player's Field of View at the end."),
            ),
        )

    def cross_check(self, ctx: GameContext) -> None:
        winner = ctx.game.get("first_to_100")
        points = ctx.sides.get(winner, {}).get("viewpoints") if winner else None
        if points is not None and points < TARGET:
            ctx.add(
                winner,
                "viewpoints",
                Sentence("first_to_target_short", target=TARGET, points=points),
            )

    def rank_sides(self, ctx: GameContext) -> list[SideResult]:
        winner = ctx.game.get("first_to_100")
        out = []
        for side in ctx.order:
            points = ctx.sides[side]["viewpoints"]
            out.append(SideResult(side, points, (side == winner, points), {"viewpoints": points}))
        return out

    def live_model(self, mode: ModeSpec) -> CountersLive:
        return CountersLive(self, mode, ("viewpoints",))


SYSTEM = EyeVsEye()
