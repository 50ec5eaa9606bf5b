"""Seeded draws in bulk, exactly as ``random.Random`` makes them one at a time.

``Random.shuffle`` and ``Random.randrange`` spend most of their time in one Python-level call
per draw (``_randbelow``): on a field of 10,000 sides that was a third of the pairing's time.
The functions here ask ``getrandbits`` for the same numbers in the same order (the fewest bits
that hold the range, redrawn while the number is out of range), so they give the same result
and leave the generator in the same state: a stored seed reproduces its round as before. The
tests compare them with the library's own methods. A generator of another class (one that
draws differently) is left to its own methods.
"""

from __future__ import annotations

import random
from typing import Any


def shuffle(items: list[Any], rng: random.Random) -> None:
    """Shuffle ``items`` in place: the same order as ``rng.shuffle(items)``."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    bits = rng.getrandbits
    # Position i swaps with a draw below m = i + 1, from the last position down; the draws
    # below m take m.bit_length() bits, which stays the same for a run of m (one run per bit).
    top = len(items)
    while top > 1:
        width = top.bit_length()
        floor = max(1 << (width - 1), 2)
        for m in range(top, floor - 1, -1):
            j = bits(width)
            while j >= m:
                j = bits(width)
            i = m - 1
            items[i], items[j] = items[j], items[i]
        top = floor - 1


def draws_below(n: int, count: int, rng: random.Random) -> list[int]:
    """``count`` draws of ``rng.randrange(n)``, in order (``n`` at least 1)."""
    if n < 1:
        raise ValueError(f"cannot draw below {n}")
    if type(rng) is not random.Random:
        return [rng.randrange(n) for _ in range(count)]
    bits = rng.getrandbits
    width = n.bit_length()
    out = []
    for _ in range(count):
        j = bits(width)
        while j >= n:
            j = bits(width)
        out.append(j)
    return out
