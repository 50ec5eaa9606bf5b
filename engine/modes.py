"""A game system's modes: who the sides are, how many may take part, and what the mode implies
(its live model, default tiebreakers, statistics, clock and scoring calls)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.json_data import JsonObject

SIDE_KINDS = ("player", "team")


@dataclass(frozen=True)
class ModeSpec:
    """One way to play a system: who the sides are and how many may take part."""

    key: str
    label: str
    side_kind: str
    side_counts: tuple[int, ...]
    team_sizes: tuple[int, ...] = (1,)
    live_model: str = "counters"
    tiebreakers: tuple[str, ...] = ("strength_of_schedule", "first_places")
    max_players: int | None = None
    help_text: str = ""
    # The per-game statistics a scored side carries (``score()[i]["stats"]``): what a
    # tournament may sum and break standings ties on.
    stats: tuple[str, ...] = ()
    #: the longest a round's clock may run for one game of this mode
    max_game_seconds: int = 2 * 3600
    #: whether each player starts on a dealt Ceremonial Flower (Eye for an Eye's battle, Nymphlet
    #: and King of the Hill modes; Domination starts by the centre; other games have none)
    starting_flowers: bool = False
    #: whether each player starts next to the arena's centre (Domination)
    starts_by_centre: bool = False
    #: a VP mode whose series the rulebook totals in VP (an event may sum VP, not places)
    vp_series: bool = False
    #: the words of the mode's scoring call ("Burraparay!"), empty when the mode has none
    scoring_call: str = ""
    #: whether each scoring call names a Ceremonial Flower colour (Domination's focus)
    scoring_call_colours: bool = False
    #: whether a round clock makes the scoring calls unless the organiser says otherwise
    #: (Domination's calls come from a soundtrack; King of the Hill's from its scoring card)
    clock_calls_by_default: bool = False

    def to_dict(self) -> JsonObject:
        """Summary used by ``list_systems``."""
        return {
            "key": self.key,
            "label": self.label,
            "side_kind": self.side_kind,
            "side_counts": list(self.side_counts),
            "team_sizes": list(self.team_sizes),
            "max_players": self.max_players,
            "live_model": self.live_model,
            "default_tiebreakers": list(self.tiebreakers),
            "stats": list(self.stats),
            "max_game_seconds": self.max_game_seconds,
            "starting_flowers": self.starting_flowers,
            "starts_by_centre": self.starts_by_centre,
            "vp_series": self.vp_series,
            "scoring_call": self.scoring_call,
            "scoring_call_colours": self.scoring_call_colours,
            "clock_calls_by_default": self.clock_calls_by_default,
            "help_text": self.help_text,
        }
