"""Alliance rounds: two teams a game, one 2v2v2 game or one bye for an odd count.

``pair_alliances`` seats teams (``Side`` objects whose id is the team entrant) into games
of two. With an odd number of teams either one game has three teams (when the organiser
allows a 2v2v2 game) or one team gets a bye:

* no team gets a second bye while another team still has none (``Side.byes``);
* the method chooses among the eligible teams (``PairingMethod.choose_bye``): Swiss gives the
  bye to the lowest-ranked one (fewest points, then the worst standings position
  ``Side.rank``, then a seeded draw); random draws it.

The bye is returned in ``Pairing.byes`` with ``Pairing.bye_points`` (the options'
``bye_points``, or 4 = a win in a two-side game, when not configured); awarding the
points is the caller's job. Repeat opponents are avoided exactly as for pods.

Teams of equal size only (``AllianceOptions.equal_sizes``): teams of two meet teams of two and
teams of three meet teams of three (``Side.size``); each size is paired on its own by the rules
above, so a size with an odd count gives its own bye (or 2v2v2 game), and a size with a single
team gives that team the bye. Tables are numbered on across the sizes, smaller teams first.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from common.logic.words import Worded, ngettext_noop
from tournament.logic.pairing.clubs import seat_field
from tournament.logic.pairing.core import check_sides
from tournament.logic.pairing.registry import get_method
from tournament.logic.pairing.seat_order import balance_seats
from tournament.logic.pairing.types import AllianceOptions, Pairing, PairingError, Side

TOO_FEW_TEAMS = ngettext_noop(
    "cannot pair %(count)s team: a game needs at least two teams",
    "cannot pair %(count)s teams: a game needs at least two teams",
)

#: Points for a bye when the organiser has not configured them: a win (1st of 2 sides).
DEFAULT_BYE_POINTS = 4
#: six chiefs, one figure each
MAX_PLAYERS_AT_A_TABLE = 6


def pair_alliances(teams: Sequence[Side], options: AllianceOptions | None = None) -> Pairing:
    """Pair one alliance round (see the module docstring for the odd-count rules)."""
    options = options or AllianceOptions()
    get_method(options.method).check(options)
    ordered = check_sides(teams)
    if options.equal_sizes and len({t.size for t in ordered}) > 1:
        pairing = _pair_by_size(ordered, options)
    else:
        pairing = _pair_one_group(ordered, options)
    return balance_seats(pairing, ordered) if options.balance_seats else pairing


def _pair_by_size(ordered: list[Side], options: AllianceOptions) -> Pairing:
    """Pair each team size on its own and put the rounds together."""
    parts = []
    for size in sorted({t.size for t in ordered}):
        group = [t for t in ordered if t.size == size]
        group_options = replace(options, equal_sizes=False, seed=options.seed * 7 + size)
        if len(group) == 1:
            parts.append((size, _lone_team_bye(group[0], group_options)))
        else:
            parts.append((size, _pair_one_group(group, group_options)))
    pods, offset = [], 0
    for _size, part in parts:
        pods += [replace(pod, table=pod.table + offset) for pod in part.pods]
        offset += len(part.pods)
    byes = tuple(b for _size, part in parts for b in part.byes)
    return Pairing(
        pods=tuple(pods),
        repeats=sum(part.repeats for _size, part in parts),
        spread=sum(part.spread for _size, part in parts),
        spread_bound=sum(part.spread_bound for _size, part in parts),
        explanation={
            "seed": options.seed,
            "equal_sizes": True,
            "by_size": {str(size): part.explanation for size, part in parts},
        },
        byes=byes,
        bye_points=_bye_points(options) if byes else None,
    )


def _bye_points(options: AllianceOptions) -> float:
    return options.bye_points if options.bye_points is not None else DEFAULT_BYE_POINTS


def _lone_team_bye(team: Side, options: AllianceOptions) -> Pairing:
    """The only team of its size: nobody of its size to meet, so it has the bye."""
    reason = f"the only team of {team.size}: teams meet only teams of their own size"
    explanation = {"bye": {"team": team.id, "points": _bye_points(options), "reason": reason}}
    return Pairing((), 0, 0.0, 0.0, explanation, byes=(team.id,), bye_points=_bye_points(options))


def _pair_one_group(ordered: list[Side], options: AllianceOptions) -> Pairing:
    """Pair teams that may all meet each other (the odd-count rules of the module docstring)."""
    n = len(ordered)
    if n < 2:
        singular, plural = TOO_FEW_TEAMS
        raise PairingError(
            Worded("too_few_teams", singular, {"count": n}, plural=plural, count="count")
        )
    method = get_method(options.method)
    rng = random.Random(options.seed)
    explanation: dict[str, object] = {
        "seed": options.seed,
        "three_team_game_allowed": options.three_team_game,
    }
    bye = None
    bye_points = None
    if n % 2 == 0:
        sizes = [2] * (n // 2)
    elif options.three_team_game and all(
        3 * t.size <= MAX_PLAYERS_AT_A_TABLE for t in ordered
    ):  # three teams share a game only when their players fit the six chiefs
        sizes = [2] * ((n - 3) // 2) + [3]
    else:
        pick, reason = method.choose_bye(ordered, rng)
        bye = pick.id
        bye_points = _bye_points(options)
        explanation["bye"] = {"team": bye, "points": bye_points, "reason": reason}
        ordered = [t for t in ordered if t.id != bye]
        sizes = [2] * (len(ordered) // 2)

    pairing = seat_field(method, ordered, sizes, rng, explanation, options)
    return replace(pairing, byes=(bye,) if bye else (), bye_points=bye_points)
