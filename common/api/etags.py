"""Conditional GET for the API: every successful read carries an ``ETag``; a client that sends
it back in ``If-None-Match`` gets ``304 Not Modified`` with no body while the answer is the same.

The tag is a digest of the answer's bytes, so it changes whenever the answer does (any field,
any row, any page), and costs a hash of what is sent anyway. A view that can tell its version
before doing the work (the standings: their cache key) sets the tag itself and answers 304
without computing (``not_modified``). ``Vary`` names every header that says who asks
(``Authorization``, ``Cookie``, ``X-Entrant-Token``): a shared cache never hands one reader's
answer, or its tag, to another.
"""

import hashlib

from django.utils.cache import get_conditional_response, patch_vary_headers

#: the request headers an API answer may depend on, besides ``Accept``
CREDENTIAL_HEADERS = ("Authorization", "Cookie", "X-Entrant-Token")
SAFE_METHODS = ("GET", "HEAD")


def etag_of(*parts: bytes | str) -> str:
    """A strong entity tag from the answer's bytes (or a version marker and the media type)."""
    digest = hashlib.blake2b(digest_size=16)
    for part in parts:
        digest.update(part.encode() if isinstance(part, str) else part)
        digest.update(b"\0")
    return f'"{digest.hexdigest()}"'


def not_modified(request, etag: str):
    """The 304 answer when ``request`` already holds ``etag``, else None."""
    if request.method not in SAFE_METHODS:
        return None
    return get_conditional_response(request, etag=etag)


def conditional(request, response):
    """``response`` with its ``ETag`` and ``Vary``, or the 304 that replaces it."""
    if request.method not in SAFE_METHODS:
        return response
    patch_vary_headers(response, CREDENTIAL_HEADERS)
    if response.status_code != 200 or response.streaming:
        return response
    if not response.has_header("ETag"):
        if hasattr(response, "render"):
            response.render()
        response["ETag"] = etag_of(response.content)
    return get_conditional_response(request, etag=response["ETag"], response=response)
