"""JSON from the outside world, refused whole when it is too deep or holds text no row can keep.

Python's parser recurses once per nesting level: 5,000 nested brackets raised ``RecursionError``
(an answer 500 on the API, a crashed socket). PostgreSQL cannot store a NUL character or half of
a UTF-16 surrogate pair (``"\\ud800"``) in text or jsonb, so such a string failed only when it
was written (``DataError``, another 500). Every JSON body of the API and every websocket message
is read through ``loads`` (or checked with ``json_problem`` after DRF parsed it), which refuses
both with a message that says what is wrong.
"""

import json
import re

#: deeper than any body the API takes (a result report is 5 levels deep)
MAX_JSON_DEPTH = 20
UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


class JsonRefused(ValueError):
    """The JSON is valid but not accepted; the message says why, for the sender."""


def loads(text: str | bytes):
    """Parse ``text``; raise ``ValueError`` (``JsonRefused`` for depth or unstorable text)."""
    try:
        data = json.loads(text)
    except RecursionError:
        raise JsonRefused(too_deep()) from None
    problem = json_problem(data)
    if problem:
        raise JsonRefused(problem)
    return data


def too_deep() -> str:
    return f"the JSON is nested more than {MAX_JSON_DEPTH} levels deep"


def json_problem(data) -> str | None:
    """Why parsed JSON ``data`` is refused (too deep, NUL or lone surrogate), or None."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            if UNSTORABLE.search(value):
                return unstorable(value)
        elif isinstance(value, dict | list):
            if depth > MAX_JSON_DEPTH:
                return too_deep()
            if isinstance(value, dict):
                for key in value:
                    if UNSTORABLE.search(key):
                        return unstorable(key)
                items = value.values()
            else:
                items = value
            stack.extend((item, depth + 1) for item in items)
    return None


def unstorable(text: str) -> str:
    what = "a NUL character" if "\x00" in text else "half of a surrogate pair (not Unicode text)"
    shown = UNSTORABLE.sub("\N{REPLACEMENT CHARACTER}", text[:40])
    return f"the text {shown!r} contains {what}, which cannot be stored"
