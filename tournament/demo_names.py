"""Readable made-up names for demo players and teams."""

import random

FIRST_NAMES = (
    "Ada Ben Cleo Dara Eli Fern Gus Hana Ivo Jade Kai Lena Milo Nina Otto Pia Quin Rosa Saul "
    "Tess Umar Vera Wes Xena Yuri Zoe Alba Bram Cora Dion Esme Finn Gwen Hugo Iris Joel Kira "
    "Luca Maia Noor Oren Pearl Rafi Sage Theo Una Vik Wren"
).split()
SURNAMES = (
    "Abbott Banks Carter Dunn Ellis Frost Grant Hale Irwin Joyce Kemp Lowe Marsh Nash Oakes "
    "Price Quill Reid Shaw Tate Underwood Vance Webb Young Zeller Ashby Brook Cole Drake Finch "
    "Greer Holt Ingram Jarvis Knox Lyle Moss Noble Orr Pike"
).split()
TEAM_WORDS_A = (
    "Wattle Thunder Riverbank Ember Feather Swamp Canopy Stone Moonlit Rapid Hollow Golden "
    "Silent Crimson Salt Howling"
).split()
TEAM_WORDS_B = (
    "Wardens Stompers Lungers Chargers Talons Guards Netcasters Dancers Divers Ambushers "
    "Shieldbearers Swarm Heat Leapers Hunters Nymphlets"
).split()


def person_names(count: int, rng: random.Random) -> list[str]:
    """``count`` different "First Last" names."""
    pairs = [(f, s) for f in FIRST_NAMES for s in SURNAMES]
    return [f"{f} {s}" for f, s in rng.sample(pairs, count)]


def team_names(count: int, rng: random.Random) -> list[str]:
    """``count`` different "The Adjective Nouns" team names."""
    pairs = [(a, b) for a in TEAM_WORDS_A for b in TEAM_WORDS_B]
    return [f"The {a} {b}" for a, b in rng.sample(pairs, count)]
