"""Every route is reachable: no earlier route answers its URLs instead.

``config.urls`` puts the public event pages first (they are the most asked for, and Django tries
routes in order), so a route placed before another must never swallow the other's URLs.
"""

import re

from django.urls import URLResolver, get_resolver, resolve
from django.urls.resolvers import RoutePattern

#: a sample value for each path converter
SAMPLES = {"slug": "sample-slug", "int": "7", "str": "tok3n", "path": "a/b"}
PARAMETER = re.compile(r"<(?:(\w+):)?\w+>")


def routes(patterns, prefix=""):
    """(route text, pattern) for every endpoint, with its includes' prefixes."""
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from routes(pattern.url_patterns, prefix + str(pattern.pattern))
        else:
            yield prefix + str(pattern.pattern), pattern


def sample_url(route: str) -> str:
    return "/" + PARAMETER.sub(lambda m: SAMPLES.get(m.group(1) or "str", ".json"), route)


def test_every_route_answers_its_own_urls():
    checked, shadowed = 0, []
    for route, pattern in routes(get_resolver().url_patterns):
        if not isinstance(pattern.pattern, RoutePattern):
            continue  # regular expressions (the admin's, the API's format suffixes)
        match = resolve(sample_url(route))
        checked += 1
        if match.route != route:
            shadowed.append(f"{sample_url(route)} goes to {match.route!r}, not {route!r}")
    assert checked > 200
    assert shadowed == []


def test_the_standings_page_is_among_the_first_routes_tried():
    position = next(
        i
        for i, (route, _) in enumerate(routes(get_resolver().url_patterns))
        if route == "events/<slug:slug>/standings/"
    )
    assert position < 20
