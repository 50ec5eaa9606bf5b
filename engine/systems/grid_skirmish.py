"""Grid skirmish: the untitled square-grid miniatures draft (seed 002).

Armies are bought for at most 10 points; a player wins by being the only one with figures
left. A result: the winner, and each side's surviving figures and their remaining health.

Project decisions: 2-4 players (the draft is written for two but speaks of opponents in the
plural); a game stopped by the clock has no winner and ranks by figures left, then remaining
health. When only one side has figures left it is the winner even if the report leaves
``winner`` empty. Army lists are checked against the cap only when the organiser gives card
costs (``options.card_costs``); the draft has no card list.
"""

from __future__ import annotations

from engine.base import GameContext, GameSystem, SideResult
from engine.errors import Problem
from engine.fields import Field
from engine.json_data import JsonObject
from engine.live.counters import CountersLive
from engine.messages import Sentence, gettext_noop
from engine.modes import ModeSpec

ARMY_CAP = 10
# Project bounds (the draft rules count none): an organiser may raise the army cap to 100
# points, a card costs at most 100, and an army has at most 100 figures with 1,000 health in all.
MAX_ARMY_CAP = 100
MAX_CARD_COST = 100
MAX_FIGURES = 100
MAX_HEALTH_LEFT = 1000


class GridSkirmish(GameSystem):
    """The grid skirmish game."""

    key = "grid_skirmish"
    name = "Grid skirmish"
    modes = {
        "standard": ModeSpec(
            "standard",
            gettext_noop("Standard game"),
            side_kind="player",
            side_counts=(2, 3, 4),
            tiebreakers=("figures_left", "health_left", "strength_of_schedule", "first_places"),
            stats=("figures_left", "health_left"),
        )
    }
    option_fields = (
        Field(
            "card_costs",
            gettext_noop("Card costs"),
            "int_map",
            required=False,
            min=0,
            max=MAX_CARD_COST,
            help_text=gettext_noop("Card name -> cost; lets the engine check army lists."),
        ),
        Field(
            "army_cap",
            gettext_noop("Army cap"),
            "int",
            required=False,
            default=ARMY_CAP,
            min=1,
            max=MAX_ARMY_CAP,
        ),
    )

    def game_fields(self, mode: ModeSpec) -> tuple[Field, ...]:
        return (
            Field(
                "winner",
                gettext_noop("Winner"),
                "side",
                required=False,
                help_text=gettext_noop(
                    "The only side with figures left; empty if the game was stopped."
                ),
            ),
        )

    def side_fields(self, mode: ModeSpec) -> tuple[Field, ...]:
        return (
            Field("figures_left", gettext_noop("Figures left"), "int", min=0, max=MAX_FIGURES),
            Field(
                "health_left",
                gettext_noop("Health left"),
                "int",
                min=0,
                max=MAX_HEALTH_LEFT,
                help_text=gettext_noop(
                    "Remaining health of this side's surviving figures, added up."
                ),
            ),
            Field(
                "army",
                gettext_noop("Army list"),
                "text_list",
                required=False,
                help_text=gettext_noop("Card names bought for this army (optional)."),
            ),
        )

    def check_options(self, options: JsonObject, problems: list[Problem]) -> None:
        costs = options.get("card_costs") or {}
        if any(cost > options["army_cap"] for cost in costs.values()):
            problems.append(Problem.coded(None, "options.card_costs", Sentence("card_over_cap")))

    def cross_check(self, ctx: GameContext) -> None:
        costs, cap = ctx.options.get("card_costs"), ctx.options["army_cap"]
        alive, usable = [], True
        for side in ctx.order:
            v = ctx.sides[side]
            figures, health, army = v["figures_left"], v["health_left"], v["army"]
            if figures is None or health is None:
                usable = False
            elif health < figures or (figures == 0 and health):
                ctx.add(
                    side,
                    "health_left",
                    Sentence("figures_health", health=health, figures=figures),
                )
            if figures and army is not None and figures > len(army):
                ctx.add(
                    side,
                    "figures_left",
                    Sentence("figures_over_army", figures=figures, cards=len(army)),
                )
            if figures:
                alive.append(side)
            if army is not None and costs is not None:
                unknown = [card for card in army if card not in costs]
                if unknown:
                    ctx.add(side, "army", Sentence("unknown_cards", cards=", ".join(unknown)))
                else:
                    total = sum(costs[card] for card in army)
                    if total > cap:
                        ctx.add(side, "army", Sentence("army_over_cap", total=total, cap=cap))
        if not usable:
            return
        winner = ctx.game.get("winner")
        if not alive:
            ctx.add(None, "figures_left", Sentence("no_figures_left"))
        elif winner is not None and alive != [winner]:
            ctx.add(
                None,
                "winner",
                Sentence("winner_not_last", sides=", ".join(alive)),
            )
        elif winner is None and len(alive) == 1:
            ctx.game["winner"] = alive[0]

    def rank_sides(self, ctx: GameContext) -> list[SideResult]:
        winner = ctx.game.get("winner")
        out = []
        for side in ctx.order:
            figures, health = ctx.sides[side]["figures_left"], ctx.sides[side]["health_left"]
            stats = {"figures_left": figures, "health_left": health}
            out.append(SideResult(side, figures, (side == winner, figures, health), stats))
        return out

    def live_model(self, mode: ModeSpec) -> CountersLive:
        return CountersLive(self, mode, ("figures_left", "health_left"))


SYSTEM = GridSkirmish()
