"""Every route is reachable: no earlier route answers its URLs instead.

``config.urls`` puts the API's prefix and the public event pages first, and the API its match
results first (they are the most asked for, and Django tries routes in order), so a route placed
before another must never swallow the other's URLs.
"""

import re

from django.urls import URLPattern, URLResolver, get_resolver, resolve
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


def routes_tried(url: str, monkeypatch) -> int:
    """How many endpoint patterns Django tries (and fails) before ``url`` resolves."""
    tried = []
    original = URLPattern.resolve

    def counting(self, path):
        tried.append(self)
        return original(self, path)

    monkeypatch.setattr(URLPattern, "resolve", counting)
    resolve(url)
    return len(tried)


def test_the_standings_page_is_among_the_first_routes_tried(monkeypatch):
    assert routes_tried("/events/sample-slug/standings/", monkeypatch) < 20


def test_a_result_is_among_the_first_api_routes_tried(monkeypatch):
    """The busiest writes of an event: a result's post or correction (it tried 123 routes)."""
    assert routes_tried("/api/v1/matches/7/results/", monkeypatch) < 40
    assert routes_tried("/api/v1/matches/7/results/correct/", monkeypatch) < 40
