"""Eye for an Eye: consistency checks that catch impossible results.

Only bounds that no legal game can break are enforced; the reasoning for each is given next to
it and in docs/engine.md. Every check skips values that already failed their field check
(``None``), so one bad entry does not cause a cascade of confusing messages.

Notably there is *no* upper bound on Victory Cup tokens: healing takes tokens from the common
supply, so a character can lose far more than its starting health over a game and a cup can
hold more tokens than the opponents started with.
"""

from __future__ import annotations

from engine.base import GameContext
from engine.messages import Sentence
from engine.systems._eye_characters import (
    CHARACTERS,
    ECHO,
    GUARD_HEALTH_TOKENS,
    MAX_HEALTH,
    MIN_HEALTH,
    nymphlets_per_player,
)

ECHO_DISCOUNT = MAX_HEALTH - MIN_HEALTH


def named(ctx: GameContext) -> dict[str, list[str] | None]:
    """Characters named per side (None when not named or unusable)."""
    return {s: ctx.sides[s].get("characters") for s in ctx.order}


def echo_possible(ctx: GameContext) -> bool:
    """True when some unnamed character could be Echo (Echo not named by anyone)."""
    names = named(ctx)
    return not any(ECHO in (n or []) for n in names.values()) and any(
        n is None for n in names.values()
    )


def starts(ctx: GameContext, side: str, echo: bool) -> list[int] | None:
    """Smallest possible starting healths of the side's characters, sorted ascending."""
    size = ctx.sizes.get(side)
    chars = ctx.sides[side].get("characters")
    if chars is not None:
        return sorted(CHARACTERS[c].health for c in chars)
    if size is None:
        return None
    out = [MAX_HEALTH] * size
    if echo and size:
        out[0] = MIN_HEALTH
    return out


def check_common(ctx: GameContext) -> None:
    """Checks shared by every Eye for an Eye mode: characters, survivors, health, endings."""
    seen: dict[str, str] = {}
    for side in ctx.order:
        for name in ctx.sides[side].get("characters") or []:
            if name in seen:
                if seen[name] == side:
                    twice = Sentence("chief_twice", name=name)
                else:
                    twice = Sentence("chief_elsewhere", name=name, other=repr(seen[name]))
                ctx.add(side, "characters", twice)
            else:
                seen[name] = side
    alive_sides, usable = [], True
    for side in ctx.order:
        values, size = ctx.sides[side], ctx.sizes.get(side)
        survivors = values.get("survivors")
        if survivors is None or size is None:
            usable = False
            continue
        if survivors > size:
            usable = False
            ctx.add(
                side,
                "survivors",
                Sentence("survivors_over_size", survivors=survivors, count=size),
            )
            continue
        if survivors:
            alive_sides.append(side)
        _check_health_left(ctx, side, survivors)
    if not usable:
        return
    ended_by = ctx.game.get("ended_by")
    if not alive_sides:
        ctx.add(
            None,
            "survivors",
            Sentence("no_survivors"),
        )
    elif ended_by == "last_side_standing" and len(alive_sides) > 1:
        ctx.add(
            None,
            "ended_by",
            Sentence(
                "survivors_on_many_sides", count=len(alive_sides), sides=", ".join(alive_sides)
            ),
        )


def _check_health_left(ctx: GameContext, side: str, survivors: int) -> None:
    health = ctx.sides[side].get("health_left")
    if health is None:
        return
    chars = ctx.sides[side].get("characters")
    if chars is not None:
        most = sum(sorted((CHARACTERS[c].health for c in chars), reverse=True)[:survivors])
    else:
        most = MAX_HEALTH * survivors
    if health < survivors or health > most:
        ctx.sides[side]["health_left"] = None  # unusable for the cup bounds below
    if health < survivors:
        ctx.add(
            side,
            "health_left",
            Sentence("health_too_low", health=health, count=survivors),
        )
    elif health > most:
        ctx.add(
            side,
            "health_left",
            Sentence("health_too_high", health=health, count=survivors, most=most),
        )


def min_lost(ctx: GameContext, side: str, echo: bool) -> int | None:
    """Fewest Health Tokens the side's characters can have lost (tokens now in cups)."""
    values, size = ctx.sides[side], ctx.sizes.get(side)
    survivors: int | None = values.get("survivors")
    health: int | None = values.get("health_left")
    base = starts(ctx, side, echo)
    if base is None or survivors is None or size is None or survivors > size:
        return None
    if health is not None:
        return max(0, sum(base) - health)
    return sum(base[: size - survivors])


def check_cups(ctx: GameContext) -> None:
    """Victory Cup checks for Every Eye for Themselves and Alliances."""
    cups, guards = {}, {}
    for side in ctx.order:
        cup, guard = ctx.sides[side].get("victory_cup_tokens"), ctx.sides[side].get("guard_tokens")
        if guard is not None and cup is not None and guard > cup:
            ctx.add(
                side,
                "guard_tokens",
                Sentence("cup_below_guard", guard=guard, cup=cup),
            )
            continue
        if (ECHO in (ctx.sides[side].get("characters") or [])) and guard:
            ctx.add(
                side,
                "guard_tokens",
                Sentence("echo_own_guard"),
            )
        if cup is not None and guard is not None:
            cups[side], guards[side] = cup, guard
    total_guard = sum(guards.values())
    if total_guard > GUARD_HEALTH_TOKENS:
        ctx.add(
            None,
            "guard_tokens",
            Sentence("too_many_guard_tokens", total=total_guard, most=GUARD_HEALTH_TOKENS),
        )
    names = [n for n in named(ctx).values() if n is not None]
    if total_guard and len(names) == len(ctx.order) and not any(ECHO in n for n in names):
        ctx.add(None, "guard_tokens", Sentence("guard_without_echo"))
    if len(cups) != len(ctx.order):
        return
    regular = {s: cups[s] - guards[s] for s in ctx.order}
    echo = echo_possible(ctx)
    if ctx.mode.side_kind == "player":
        # a character never hits itself, so what a side lost sits in the *other* sides' cups
        for side in ctx.order:
            lost = min_lost(ctx, side, echo)
            others = sum(regular.values()) - regular[side]
            if lost is not None and lost > others:
                ctx.add(
                    side,
                    "victory_cup_tokens",
                    Sentence("side_lost_more", lost=lost, others=others),
                )
    # every mode: each token a character lost went into some cup, so all the cups together
    # hold at least everything lost (team modes make no assumption about hits between mates)
    _check_total_lost(ctx, regular, echo)


def _check_total_lost(ctx: GameContext, regular: dict[str, int], echo: bool) -> None:
    """All the cups together hold at least the Health Tokens every side lost."""
    plain = [lost for s in ctx.order if (lost := min_lost(ctx, s, False)) is not None]
    with_echo = [lost for s in ctx.order if (lost := min_lost(ctx, s, echo)) is not None]
    if not ctx.order or len(plain) < len(ctx.order) or len(with_echo) < len(ctx.order):
        return
    # Echo starts with less health: count one side as Echo's, the one that lowers the total most
    total_lost = sum(plain) - max(a - b for a, b in zip(plain, with_echo, strict=True))
    held = sum(regular.values())
    if total_lost > held:
        losers = [side for side, lost in zip(ctx.order, plain, strict=True) if lost]
        ctx.add(
            None,
            "victory_cup_tokens",
            Sentence("sides_lost_more", sides=", ".join(losers), lost=total_lost, held=held),
        )


def nymphlet_supply(ctx: GameContext) -> int | None:
    """Nymphlets in the whole game (None if a side's size is unknown)."""
    total = ctx.total_players()
    return None if total is None else total * nymphlets_per_player(total)


def check_nymphlets(ctx: GameContext) -> None:
    """Nymphlet Ceremony: who could catch what, and the supply."""
    total = ctx.total_players()
    supply = nymphlet_supply(ctx)
    caught_all: int | None = 0
    for side in ctx.order:
        values, size = ctx.sides[side], ctx.sizes.get(side)
        standing, fallen = values.get("nymphlets_caught"), values.get("nymphlets_caught_by_fallen")
        survivors = values.get("survivors")
        if standing is None or fallen is None:
            caught_all = None
            continue
        if caught_all is not None:
            caught_all += standing + fallen
        if survivors is not None and size is not None and survivors <= size:
            if standing and survivors == 0:
                ctx.add(
                    side,
                    "nymphlets_caught",
                    Sentence("caught_without_survivors"),
                )
            if fallen and survivors == size:
                ctx.add(
                    side,
                    "nymphlets_caught_by_fallen",
                    Sentence("caught_by_fallen_all_survived"),
                )
        if supply is not None and size is not None and total is not None:
            others = supply - size * nymphlets_per_player(total)
            if standing + fallen > others:
                ctx.add(
                    side,
                    "nymphlets_caught",
                    Sentence("caught_more_than_brought", caught=standing + fallen, others=others),
                )
    if supply is None or caught_all is None:
        return
    if caught_all > supply:
        ctx.add(
            None,
            "nymphlets_caught",
            Sentence("caught_more_than_supply", caught=caught_all, supply=supply),
        )
    if ctx.game.get("ended_by") == "no_nymphlets" and caught_all != supply:
        ctx.add(
            None,
            "ended_by",
            Sentence("nymphlets_left", caught=caught_all, supply=supply),
        )
