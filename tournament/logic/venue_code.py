"""The check-in code shown at the venue: made, read from what a player typed, and compared.

A short code the organiser's console shows (the desk, the projector); a player types it on
their private page, or signed in, to check in. It proves presence, not identity: the private
link or the account says who. Six characters of the short codes' alphabet (30 bits); guesses
are rate-limited by the doors and compared in constant time here.
"""

import hmac
import secrets

#: letters and digits that cannot be mistaken for each other (no I, L, O, U)
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
LENGTH = 6
#: the most characters read from what a player typed (spaces and dashes included)
MAX_TYPED = 20
_LOOK_ALIKES = str.maketrans({"O": "0", "I": "1", "L": "1"})


def new_venue_code() -> str:
    """A fresh random code."""
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def normalise_venue_code(typed: str) -> str | None:
    """The code as stored, from what a player typed (any case, spaces, dashes, O for 0, I or L
    for 1); None when it cannot be a code at all."""
    if len(typed) > MAX_TYPED:
        return None
    code = typed.upper().replace("-", "").replace(" ", "").translate(_LOOK_ALIKES)
    if len(code) != LENGTH or any(c not in ALPHABET for c in code):
        return None
    return code


def venue_code_matches(stored: str, typed: str) -> bool:
    """Whether what was typed is the stored code, compared in constant time."""
    code = normalise_venue_code(typed) or ""
    return bool(stored) and hmac.compare_digest(code.encode(), stored.encode())


def code_display(code: str) -> str:
    """The code as a screen shows it: two groups of three (``7KQ 2XM``); typed either way."""
    return f"{code[:3]} {code[3:]}"
