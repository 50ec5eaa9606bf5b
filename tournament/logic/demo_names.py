"""Readable made-up names for demo players and teams, as many as asked, never repeated.

Names come in tiers, each drawn at random before the next is touched: "Ada Abbott" (1,920),
then double-barrelled "Ada Abbott-Banks" (74,880), then "Ada Abbott 2", "Ada Abbott 3" and on
without end; teams: "The Wattle Wardens" (256), "The Golden Wattle Wardens" (3,840), then
numbered. A tier is a sequence computed from its index, so drawing from 74,880 names builds no
list of them. The same ``rng`` state gives the same names; up to the first tier's size the names
are exactly those of the plain draw of earlier versions (same seed, same demo).
"""

import itertools
import math
import random
from collections.abc import Iterator, Sequence
from typing import overload

FIRST_NAMES = [
    "Ada",
    "Ben",
    "Cleo",
    "Dara",
    "Eli",
    "Fern",
    "Gus",
    "Hana",
    "Ivo",
    "Jade",
    "Kai",
    "Lena",
    "Milo",
    "Nina",
    "Otto",
    "Pia",
    "Quin",
    "Rosa",
    "Saul",
    "Tess",
    "Umar",
    "Vera",
    "Wes",
    "Xena",
    "Yuri",
    "Zoe",
    "Alba",
    "Bram",
    "Cora",
    "Dion",
    "Esme",
    "Finn",
    "Gwen",
    "Hugo",
    "Iris",
    "Joel",
    "Kira",
    "Luca",
    "Maia",
    "Noor",
    "Oren",
    "Pearl",
    "Rafi",
    "Sage",
    "Theo",
    "Una",
    "Vik",
    "Wren",
]
SURNAMES = [
    "Abbott",
    "Banks",
    "Carter",
    "Dunn",
    "Ellis",
    "Frost",
    "Grant",
    "Hale",
    "Irwin",
    "Joyce",
    "Kemp",
    "Lowe",
    "Marsh",
    "Nash",
    "Oakes",
    "Price",
    "Quill",
    "Reid",
    "Shaw",
    "Tate",
    "Underwood",
    "Vance",
    "Webb",
    "Young",
    "Zeller",
    "Ashby",
    "Brook",
    "Cole",
    "Drake",
    "Finch",
    "Greer",
    "Holt",
    "Ingram",
    "Jarvis",
    "Knox",
    "Lyle",
    "Moss",
    "Noble",
    "Orr",
    "Pike",
]
TEAM_WORDS_A = [
    "Wattle",
    "Thunder",
    "Riverbank",
    "Ember",
    "Feather",
    "Swamp",
    "Canopy",
    "Stone",
    "Moonlit",
    "Rapid",
    "Hollow",
    "Golden",
    "Silent",
    "Crimson",
    "Salt",
    "Howling",
]
TEAM_WORDS_B = [
    "Wardens",
    "Stompers",
    "Lungers",
    "Chargers",
    "Talons",
    "Guards",
    "Netcasters",
    "Dancers",
    "Divers",
    "Ambushers",
    "Shieldbearers",
    "Swarm",
    "Heat",
    "Leapers",
    "Hunters",
    "Nymphlets",
]


class Combinations(Sequence[str]):
    """Every name made of one word from each list in turn, formatted by ``pattern``, in a fixed
    order (the first list varies slowest). A word is never used twice in one name, so a list may
    appear twice ("Abbott-Banks", never "Abbott-Abbott")."""

    def __init__(self, pattern: str, *lists: Sequence[str]):
        self.pattern, self.lists = pattern, lists
        self.choices = [len(words) - lists[:k].count(words) for k, words in enumerate(lists)]
        self.size = math.prod(self.choices)
        #: how many names each choice at position k stands for (mixed radix, last varies fastest)
        self.weights = [math.prod(self.choices[k + 1 :]) for k in range(len(lists))]

    def __len__(self) -> int:
        return self.size

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> list[str]: ...

    def __getitem__(self, index: int | slice) -> str | list[str]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self.size))]
        if index < 0:
            index += self.size
        if not 0 <= index < self.size:
            raise IndexError(index)
        picked: list[str] = []
        for words, choices, weight in zip(self.lists, self.choices, self.weights, strict=True):
            free = [w for w in words if w not in picked] if picked else words
            picked.append(free[(index // weight) % choices])
        return self.pattern.format(*picked)


class Numbered(Sequence[str]):
    """The names of ``base`` with a number after each: "Ada Abbott 2"."""

    def __init__(self, base: Sequence[str], number: int) -> None:
        self.base, self.number = base, number

    def __len__(self) -> int:
        return len(self.base)

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> list[str]: ...

    def __getitem__(self, index: int | slice) -> str | list[str]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        return f"{self.base[index]} {self.number}"


def tiers(*pools: Sequence[str]) -> Iterator[Sequence[str]]:
    """The pools in turn, then the first pool numbered 2, 3, ... without end."""
    yield from pools
    for number in itertools.count(2):
        yield Numbered(pools[0], number)


def draw_names(pools: Iterator[Sequence[str]], count: int, rng: random.Random) -> list[str]:
    """``count`` different names: drawn at random from each pool in turn until there are enough
    (shuffled together when more than the first pool was needed)."""
    names: list[str] = []
    for used, pool in enumerate(pools):
        if len(names) >= count:
            if used > 1:
                rng.shuffle(names)
            return names
        names.extend(rng.sample(pool, min(count - len(names), len(pool))))
    return names


PEOPLE = Combinations("{} {}", FIRST_NAMES, SURNAMES)
PEOPLE_DOUBLE_BARRELLED = Combinations("{} {}-{}", FIRST_NAMES, SURNAMES, SURNAMES)
TEAMS = Combinations("The {} {}", TEAM_WORDS_A, TEAM_WORDS_B)
TEAMS_TWO_WORDS = Combinations("The {} {} {}", TEAM_WORDS_A, TEAM_WORDS_A, TEAM_WORDS_B)


def person_names(count: int, rng: random.Random) -> list[str]:
    """``count`` different "First Last" names (any count: see the module docstring)."""
    return draw_names(tiers(PEOPLE, PEOPLE_DOUBLE_BARRELLED), count, rng)


def team_names(count: int, rng: random.Random) -> list[str]:
    """``count`` different "The Adjective Nouns" team names (any count)."""
    return draw_names(tiers(TEAMS, TEAMS_TWO_WORDS), count, rng)
