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
from engine.systems._eye_characters import (
    CHARACTERS,
    ECHO,
    GUARD_HEALTH_TOKENS,
    MAX_HEALTH,
    MIN_HEALTH,
    nymphlets_per_player,
)

ECHO_DISCOUNT = MAX_HEALTH - MIN_HEALTH


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


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
                where = "this side" if seen[name] == side else f"side {seen[name]!r}"
                ctx.add(
                    side,
                    "characters",
                    f"{name} is also played by {where}; there is one figure of each chief",
                )
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
                f"survivors is {survivors} but this side only has {_plural(size, 'character')}",
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
            "no side has a character left; the game ends as soon as only one side remains, "
            "so at least one side must have survivors",
        )
    elif ended_by == "last_side_standing" and len(alive_sides) > 1:
        ctx.add(
            None,
            "ended_by",
            f"the game ended with only one side left, but {len(alive_sides)} sides "
            f"({', '.join(alive_sides)}) report survivors",
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
            f"health_left is {health} but {_plural(survivors, 'surviving character')} "
            f"hold at least one Health Token each",
        )
    elif health > most:
        ctx.add(
            side,
            "health_left",
            f"health_left is {health} but {_plural(survivors, 'surviving character')} "
            f"can hold at most {most} (healing never goes above starting health)",
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
                f"guard_tokens is {guard} but the Victory Cup only holds {cup} tokens",
            )
            continue
        if (ECHO in (ctx.sides[side].get("characters") or [])) and guard:
            ctx.add(
                side,
                "guard_tokens",
                "this side plays Echo, so it cannot win Echo's Guard Health Tokens",
            )
        if cup is not None and guard is not None:
            cups[side], guards[side] = cup, guard
    total_guard = sum(guards.values())
    if total_guard > GUARD_HEALTH_TOKENS:
        ctx.add(
            None,
            "guard_tokens",
            f"{total_guard} Guard Health Tokens reported; only {GUARD_HEALTH_TOKENS} exist",
        )
    names = [n for n in named(ctx).values() if n is not None]
    if total_guard and len(names) == len(ctx.order) and not any(ECHO in n for n in names):
        ctx.add(None, "guard_tokens", "Guard Health Tokens reported but nobody played Echo")
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
                    f"this side's characters lost at least {lost} Health Tokens, but the "
                    f"other sides' Victory Cups hold only {others} regular Health Tokens",
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
            f"the characters of sides {', '.join(losers)} lost at least {total_lost} Health "
            f"Tokens in all, but the Victory Cups hold only {held} regular Health Tokens",
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
                    "nymphlets_caught counts catches by characters still standing, but "
                    "this side has no survivors",
                )
            if fallen and survivors == size:
                ctx.add(
                    side,
                    "nymphlets_caught_by_fallen",
                    "nymphlets_caught_by_fallen needs a knocked-out character, but every "
                    "character of this side survived",
                )
        if supply is not None and size is not None and total is not None:
            others = supply - size * nymphlets_per_player(total)
            if standing + fallen > others:
                ctx.add(
                    side,
                    "nymphlets_caught",
                    f"this side caught {standing + fallen} Nymphlets but the other sides "
                    f"only brought {others}",
                )
    if supply is None or caught_all is None:
        return
    if caught_all > supply:
        ctx.add(
            None,
            "nymphlets_caught",
            f"{caught_all} Nymphlets caught in all, but only {supply} were in the game",
        )
    if ctx.game.get("ended_by") == "no_nymphlets" and caught_all != supply:
        ctx.add(
            None,
            "ended_by",
            f"the game ended because no Nymphlets were left, but only {caught_all} of "
            f"{supply} were caught",
        )
