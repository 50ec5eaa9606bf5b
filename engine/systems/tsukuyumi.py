"""Tsukuyumi - Full Moon Down (seed 004).

2-4 players (5-6 with an expansion); 4 rounds, or 3 (fast) / 5 (epic) - ``options.rounds``.
Most VP wins; a tie goes to the player higher in the final initiative order, so the initiative
order (every player once) is part of the result and no two players ever share a place.
Supremacy variant (``options.supremacy_target``, e.g. 15/20/25): the first player to reach the
target wins at once.

A player's VP may be broken down; the parts must add up to the total, and some parts are
checked against the rules (moon centre at most 1 per round, the faction goal is worth 0 or 2,
fertile ground comes in 2s, the initiative bonus is +2 for 1st and +1 for 2nd).

Two-player game (seed 004, p.24): three rounds, and VP come only from each faction's two victory
cards - goals, missions, the moon centre, areas, initiative and the rest give nothing unless a
victory card says so. The book has no other game for two, so every table of two plays it: the
``two_player`` mode's tables, and a table of two in a ``standard`` event. A breakdown may name
the other sources, at 0. ``rounds`` is for tables of three or more; the ``two_player`` mode
refuses any but 3.

Missions: each faction brings one public mission, which every player may complete once for
1 VP; the Oni missions module (``options.oni_missions``) adds three more.
"""

from __future__ import annotations

from engine.base import GameContext, GameSystem, SideResult
from engine.errors import Problem
from engine.fields import Field
from engine.json_data import JsonObject
from engine.live.counters import CountersLive
from engine.messages import Sentence, gettext_noop
from engine.modes import ModeSpec

BREAKDOWN = (
    ("vp_moon", gettext_noop("Moon centre at round end (permanent)")),
    ("vp_missions", gettext_noop("Missions (permanent)")),
    ("vp_faction_goal", gettext_noop("Faction goal (permanent, 2)")),
    ("vp_fireborn", gettext_noop("Fireborn destroyed (permanent, expansion)")),
    ("vp_areas", gettext_noop("Controlled areas")),
    ("vp_fertile_ground", gettext_noop("Controlled fertile ground (2 each)")),
    ("vp_initiative", gettext_noop("Initiative placement (+2 first, +1 second)")),
    ("vp_other", gettext_noop("Faction-specific sources")),
)
INITIATIVE_BONUS = (2, 1)
MAX_ROUNDS = 5  # the epic game
STANDARD_ROUNDS = 4
TWO_PLAYER_ROUNDS = 3
MAX_FACTIONS = 6
ONI_MISSIONS = 3
# Upper bounds of each VP source in one game. From the rules: one moon VP per round, one VP per
# mission in play (one per faction, three more with the Oni missions; checked per table), the
# faction goal is worth 2 once, initiative gives at most 2. Project bounds (the rulebook counts
# no maximum, these are far above a real game): Fireborn, areas, fertile ground and
# faction-specific VP at most 30 each; a whole game at most 200 VP.
BREAKDOWN_MAX = {
    "vp_moon": MAX_ROUNDS,
    "vp_missions": MAX_FACTIONS + ONI_MISSIONS,
    "vp_faction_goal": 2,
    "vp_fireborn": 30,
    "vp_areas": 30,
    "vp_fertile_ground": 30,
    "vp_initiative": INITIATIVE_BONUS[0],
    "vp_other": 30,
}
MAX_VP = 200
#: project bound on what two victory cards can give in a three-round two-player game
MAX_VICTORY_CARD_VP = 60
TWO_PLAYER = "two_player"


class Tsukuyumi(GameSystem):
    """Tsukuyumi - Full Moon Down."""

    key = "tsukuyumi"
    name = "Tsukuyumi - Full Moon Down"
    modes = {
        "standard": ModeSpec(
            "standard",
            gettext_noop("Standard game"),
            side_kind="player",
            side_counts=(2, 3, 4, 5, 6),
            max_players=6,
            tiebreakers=("vp", "strength_of_schedule", "first_places"),
            stats=("vp",),
            # a game runs four hours and more (seed 004): a round's clock may run eight
            max_game_seconds=8 * 3600,
        ),
        TWO_PLAYER: ModeSpec(
            TWO_PLAYER,
            gettext_noop("Two-player game"),
            side_kind="player",
            side_counts=(2,),
            max_players=2,
            tiebreakers=("vp", "strength_of_schedule", "first_places"),
            stats=("vp",),
            max_game_seconds=8 * 3600,
            help_text=gettext_noop("Three rounds; VP only from each faction's two victory cards."),
        ),
    }
    option_fields = (
        Field(
            "rounds",
            gettext_noop("Rounds"),
            "int",
            required=False,
            min=3,
            max=MAX_ROUNDS,
            help_text=gettext_noop(
                "4 standard (when not given), 3 fast game, 5 epic game; a table of two "
                "plays the two-player game's 3."
            ),
        ),
        Field(
            "oni_missions",
            gettext_noop("Oni missions"),
            "bool",
            required=False,
            default=False,
            help_text=gettext_noop("The Oni missions module is in play: three more missions."),
        ),
        Field(
            "supremacy_target",
            gettext_noop("Supremacy target"),
            "int",
            required=False,
            min=1,
            max=MAX_VP,
            help_text=gettext_noop("Supremacy variant: the first to this many VP wins at once."),
        ),
    )

    def game_fields(self, mode: ModeSpec) -> tuple[Field, ...]:
        return (
            Field(
                "initiative_order",
                gettext_noop("Final initiative order"),
                "side_list",
                help_text=gettext_noop("Every player, first place first; breaks VP ties."),
            ),
            Field(
                "supremacy_winner",
                gettext_noop("Supremacy winner"),
                "side",
                required=False,
                help_text=gettext_noop("Supremacy variant only: who reached the target first."),
            ),
        )

    def side_fields(self, mode: ModeSpec) -> tuple[Field, ...]:
        parts = tuple(
            Field(
                name,
                label,
                "int",
                required=False,
                min=0,
                max=BREAKDOWN_MAX[name],
                help_text=gettext_noop("Optional breakdown."),
            )
            for name, label in BREAKDOWN
        )
        cards = Field(
            "vp_victory_cards",
            gettext_noop("From the victory cards"),
            "int",
            required=False,
            min=0,
            max=MAX_VICTORY_CARD_VP,
            help_text=gettext_noop(
                "Optional breakdown: the only source of VP in a two-player game."
            ),
        )
        most = MAX_VICTORY_CARD_VP if mode.key == TWO_PLAYER else MAX_VP
        return (Field("vp", gettext_noop("Victory points"), "int", min=0, max=most), cards) + parts

    def check_mode_options(
        self, mode: ModeSpec, options: JsonObject, problems: list[Problem]
    ) -> None:
        rounds = options.get("rounds")
        if mode.key == TWO_PLAYER and rounds not in (None, TWO_PLAYER_ROUNDS):
            problems.append(
                Problem.coded(
                    None,
                    "options.rounds",
                    Sentence("two_player_rounds", rounds=TWO_PLAYER_ROUNDS, given=rounds),
                )
            )

    def cross_check(self, ctx: GameContext) -> None:
        order = ctx.game.get("initiative_order")
        for side in ctx.order:
            if len(ctx.order) == 2:
                self._check_two_player_breakdown(ctx, side)
            else:
                self._check_breakdown(ctx, side, order)
        target = ctx.options.get("supremacy_target")
        winner = ctx.game.get("supremacy_winner")
        if winner is not None and target is None:
            ctx.add(None, "supremacy_winner", Sentence("supremacy_needs_target"))
            return
        if target is None:
            return
        vp = {s: ctx.sides[s]["vp"] for s in ctx.order if ctx.sides[s]["vp"] is not None}
        if winner is not None and winner in vp and vp[winner] < target:
            ctx.add(
                winner,
                "vp",
                Sentence("supremacy_below_target", vp=vp[winner], target=target),
            )
        reached = [s for s in ctx.order if vp.get(s, 0) >= target]
        if winner is None and reached:
            ctx.add(
                None,
                "supremacy_winner",
                Sentence("supremacy_unnamed", sides=", ".join(reached), target=target),
            )

    def _check_two_player_breakdown(self, ctx: GameContext, side: str) -> None:
        """Only the victory cards give VP; any other source named must be 0."""
        v = ctx.sides[side]
        for name, label in BREAKDOWN:
            if v.get(name):
                ctx.add(
                    side,
                    name,
                    Sentence("two_player_no_vp", source=label.split(" (")[0].lower()),
                )
        cards = v.get("vp_victory_cards")
        if cards is not None and v["vp"] is not None and cards != v["vp"]:
            ctx.add(side, "vp", Sentence("victory_cards_differ", cards=cards, vp=v["vp"]))
        elif v["vp"] is not None and v["vp"] > MAX_VICTORY_CARD_VP:
            ctx.add(
                side,
                "vp",
                Sentence("two_player_vp_cap", vp=v["vp"], most=MAX_VICTORY_CARD_VP),
            )

    def _check_breakdown(self, ctx: GameContext, side: str, order: list[str] | None) -> None:
        v = ctx.sides[side]
        if v.get("vp_victory_cards"):
            ctx.add(side, "vp_victory_cards", Sentence("victory_cards_two_player_only"))
        given = {name: v[name] for name, _ in BREAKDOWN if v.get(name) is not None}
        if not given:
            return
        if v["vp"] is not None and sum(given.values()) != v["vp"]:
            ctx.add(side, "vp", Sentence("vp_parts_differ", parts=sum(given.values()), vp=v["vp"]))
        in_play = len(ctx.order) + (ONI_MISSIONS if ctx.options["oni_missions"] else 0)
        if given.get("vp_missions", 0) > in_play:
            ctx.add(
                side,
                "vp_missions",
                Sentence(
                    "missions_in_play_oni" if ctx.options["oni_missions"] else "missions_in_play",
                    count=in_play,
                ),
            )
        rounds = ctx.options["rounds"] or STANDARD_ROUNDS
        if given.get("vp_moon", 0) > rounds:
            ctx.add(side, "vp_moon", Sentence("moon_vp", rounds=rounds))
        if given.get("vp_faction_goal", 0) not in (0, 2):
            ctx.add(side, "vp_faction_goal", Sentence("faction_goal_vp"))
        if given.get("vp_fertile_ground", 0) % 2:
            ctx.add(side, "vp_fertile_ground", Sentence("fertile_ground_vp"))
        if order is not None and "vp_initiative" in given:
            place = order.index(side)
            bonus = INITIATIVE_BONUS[place] if place < len(INITIATIVE_BONUS) else 0
            if given["vp_initiative"] != bonus:
                ctx.add(
                    side, "vp_initiative", Sentence("initiative_vp", place=place + 1, bonus=bonus)
                )

    def rank_sides(self, ctx: GameContext) -> list[SideResult]:
        order = ctx.game["initiative_order"]
        winner = ctx.game.get("supremacy_winner")
        out = []
        for side in ctx.order:
            vp = ctx.sides[side]["vp"]
            key = (side == winner, vp, -order.index(side))
            out.append(SideResult(side, vp, key, {"vp": vp}))
        return out

    def live_model(self, mode: ModeSpec) -> CountersLive:
        return CountersLive(self, mode, ("vp",))


SYSTEM = Tsukuyumi()
