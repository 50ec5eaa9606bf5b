"""Is this the same person? Name matching for registration, so nobody is entered twice.

Pure code. Names are compared after folding case, accents and spacing ("Zoë  O'Brien" and
"zoe o'brien" are the same), and by their words in any order ("Lovelace Ada"). Close spellings
("Ada Lovelase") score a little lower; a candidate from the same club gets a small bonus. The
registration desk shows the best few above ``SHOW_FROM``; a match at ``STRONG`` or above is
asked about before a new record is made.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from difflib import SequenceMatcher

#: candidates scoring below this are not shown
SHOW_FROM = 0.8
#: a score from which the desk asks "is this the same person?" before making a new record
STRONG = 0.95
CLUB_BONUS = 0.05
#: names are compared on at most this many characters
MAX_COMPARED = 100

_NOT_A_LETTER = re.compile(r"[^\w' -]+")


def normalise_name(text: str) -> str:
    """``text`` folded for comparing: no accents, one case, single spaces, no stray marks."""
    decomposed = unicodedata.normalize("NFKD", str(text)[:MAX_COMPARED])
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    plain = _NOT_A_LETTER.sub(" ", plain.casefold()).replace("-", " ")
    return " ".join(plain.split())


def name_words(text: str) -> list[str]:
    """The words of a name as compared (for searching the database by their starts)."""
    return normalise_name(text).split()


def name_similarity(first: str, second: str) -> float:
    """How alike two names are, 0 to 1 (1: the same name, or the same words in another
    order)."""
    a, b = normalise_name(first), normalise_name(second)
    if not a or not b:
        return 0.0
    if a == b or sorted(a.split()) == sorted(b.split()):
        return 1.0
    in_order = SequenceMatcher(None, a, b).ratio()
    by_words = SequenceMatcher(None, " ".join(sorted(a.split())), " ".join(sorted(b.split())))
    return max(in_order, by_words.ratio())


@dataclass(frozen=True)
class Candidate:
    """A known player the person at the desk may be."""

    key: int
    name: str
    club: str = ""


@dataclass(frozen=True)
class Match:
    """A candidate and how well it matches (``strong``: ask before making a new record)."""

    candidate: Candidate
    score: float

    @property
    def strong(self) -> bool:
        return self.score >= STRONG


def rank_candidates(
    name: str, club: str, candidates: Iterable[Candidate], limit: int = 8
) -> list[Match]:
    """The candidates that may be the person called ``name`` (of ``club``), best first."""
    club_key = normalise_name(club)
    matches = []
    for candidate in candidates:
        score = name_similarity(name, candidate.name)
        if score < SHOW_FROM:
            continue
        if club_key and normalise_name(candidate.club) == club_key:
            score += CLUB_BONUS
        matches.append(Match(candidate, round(min(score, 1.0 + CLUB_BONUS), 4)))
    matches.sort(key=lambda m: (-m.score, m.candidate.name, m.candidate.key))
    return matches[:limit]
